import FlipbookCore
import FlipbookUIKit
import Foundation

/// What a Lottie file asks of the engine, counted in its JSON before anything is built, so a
/// file under the size limit cannot ask for gigabytes or minutes (docs/limits.md, "Lottie"):
/// keyframes (each becomes values, key times and a timing function of a Core Animation
/// animation: about 0.9 KB together), path vertices (the scene's path bounds), gradient colour
/// stops. A file past a bound is refused at the JSON path where it passes it.
struct LottieWorkCheck {
    /// Keyframes of every animated property together (about 450 MB of animations).
    static let maximumKeyframes = 500_000
    /// Colour stops of one gradient (`g.p`, and the stops its values hold).
    static let maximumGradientStops = 1000

    private(set) var keyframes = 0
    private(set) var vertices = 0
    private var path: [JSONParser.PathStep] = []
    let file: String

    init(file: String) { self.file = file }

    /// Counts `value` (the whole file) and throws at the first bound it passes.
    mutating func check(_ value: JSONValue) throws {
        try visit(value)
    }

    /// Recursive: the JSON nests at most `JSONParser.maximumNesting` levels.
    private mutating func visit(_ value: JSONValue) throws {
        switch value {
        case .object(let object):
            try count(object)
            for (key, member) in object.members where member.isContainer {
                path.append(.key(key))
                try visit(member)
                path.removeLast()
            }
        case .array(let items):
            for (index, item) in items.enumerated() where item.isContainer {
                path.append(.index(index))
                try visit(item)
                path.removeLast()
            }
        default: break
        }
    }

    private mutating func count(_ object: JSONObject) throws {
        // An animated property: `k` a list of keyframes (objects with a time `t`).
        if case .array(let items)? = object["k"], case .object(let first)? = items.first, first["t"] != nil {
            keyframes += items.count
            guard keyframes <= Self.maximumKeyframes else {
                throw failure(
                    at: [.key("k")],
                    "the file has more than \(Self.maximumKeyframes) keyframes; each is a value of a Core Animation animation")
            }
        }
        // A bezier path: vertices `v` with tangents `i` and `o`.
        if case .array(let points)? = object["v"], object["i"] != nil, object["o"] != nil {
            guard points.count <= Limits.maximumPathElements else {
                throw failure(at: [.key("v")], "a path of \(points.count) vertices; at most \(Limits.maximumPathElements) are allowed")
            }
            vertices += points.count
            guard vertices <= Limits.maximumScenePathElements else {
                throw failure(
                    at: [.key("v")],
                    "the paths of the file have more than \(Limits.maximumScenePathElements) vertices together, keyframes included")
            }
        }
        // A gradient's colours (`g`): `p` colour stops of four numbers each, then alpha stops of
        // two, in `k` (a property: numbers, or keyframes of them).
        if case .number(let stops)? = object["p"], case .object(let colours)? = object["k"] {
            guard stops <= Double(Self.maximumGradientStops) else {
                throw failure(at: [.key("p")], "a gradient of \(stops) colour stops; at most \(Self.maximumGradientStops) are allowed")
            }
            var lists: [[Double]] = []
            if case .numbers(let values)? = colours["k"] { lists.append(values) }
            if case .array(let keyframes)? = colours["k"] {
                for case .object(let keyframe) in keyframes {
                    if case .numbers(let values)? = keyframe["s"] { lists.append(values) }
                }
            }
            if let longest = lists.map(\.count).max(), (longest - Int(max(0, stops)) * 4) / 2 > Self.maximumGradientStops {
                throw failure(
                    at: [.key("k"), .key("k")], "a gradient of \(longest) numbers: more than \(Self.maximumGradientStops) alpha stops")
            }
        }
    }

    private func failure(at tail: [JSONParser.PathStep], _ message: String) -> LottieError {
        LottieError(file: file, path: JSONParser.PathStep.render(path + tail), message: message)
    }
}

extension JSONValue {
    /// An array or object (what may hold more to count).
    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }
}

extension JSONParser.PathStep {
    /// Steps as `LottieJSON` writes a path: `layers[3].ks.p`.
    static func render(_ steps: [JSONParser.PathStep]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
