import Foundation

/// A JSON value in Swift's own types, converted once from `JSONSerialization`'s objects: on
/// Linux every `as? [String: Any]` of those bridges the whole container again, which made
/// reading a file's keys most of the cost of building its layers.
enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    /// Numbers and booleans (JSON `true` reads as 1, as `NSNumber` gives it).
    case number(Double)
    case string(String)
    case null

    init(_ any: Any) {
        // Containers before numbers: asking a Swift array whether it is an NSNumber bridges it
        // to an NSArray first.
        switch any {
        case let s as String: self = .string(s)
        case let items as [Any]: self = .array(items.map(JSONValue.init))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init))
        case let n as NSNumber: self = .number(n.doubleValue)
        default: self = .null
        }
    }
}

/// A node of a Lottie file's JSON with the path that leads to it (`layers[3].ks.p.k[2]`), so
/// every problem names where it is.
struct LottieJSON: Sendable {
    let node: JSONValue
    let path: String

    /// Converts `JSONSerialization`'s (or hand-built) objects.
    init(_ value: Any, path: String) { self.init(node: JSONValue(value), path: path) }

    init(node: JSONValue, path: String) {
        self.node = node
        self.path = path
    }

    subscript(key: String) -> LottieJSON? {
        guard case .object(let object) = node, let child = object[key], child != .null else { return nil }
        return LottieJSON(node: child, path: path.isEmpty ? key : "\(path).\(key)")
    }

    var isObject: Bool {
        if case .object = node { return true }
        return false
    }

    var array: [LottieJSON]? {
        guard case .array(let items) = node else { return nil }
        return items.enumerated().map { LottieJSON(node: $0.element, path: "\(path)[\($0.offset)]") }
    }

    var number: Double? {
        guard case .number(let n) = node, n.isFinite else { return nil }
        return n
    }

    var numbers: [Double]? {
        if let n = number { return [n] }
        guard case .array(let items) = node else { return nil }
        var out: [Double] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case .number(let n) = item, n.isFinite else { return nil }
            out.append(n)
        }
        return out
    }

    /// The number as an Int when it is one within ±2^31 (truncated), so that a value such as
    /// 1e300 in an index or a count is refused rather than trapping in `Int(_:)`.
    var integer: Int? {
        guard let n = number, abs(n) < 2_147_483_648 else { return nil }
        return Int(n)
    }

    var string: String? {
        guard case .string(let s) = node else { return nil }
        return s
    }
    var bool: Bool { number.map { $0 != 0 } ?? false }
}

/// What a Lottie file cannot be read for, naming the JSON path.
public struct LottieError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String { "\(file): \(path.isEmpty ? "" : path + ": ")error: \(message)" }
}
