import Foundation

/// A JSON value in Swift's own types, as `JSONParser` reads it: arrays of numbers (points,
/// colours, vertices: most of a Lottie file) as one `[Double]`, objects as their members in
/// file order (a few keys each: a scan beats hashing, and takes a fraction of a dictionary's
/// memory).
enum JSONValue: Equatable, Sendable {
    case object(JSONObject)
    /// An array holding something other than numbers.
    case array([JSONValue])
    /// An array of numbers only (an empty array too).
    case numbers([Double])
    /// Numbers and booleans (JSON `true` reads as 1).
    case number(Double)
    case string(String)
    case null

    /// Hand-built values (`Foundation` objects, as value providers make them).
    init(_ any: Any) {
        // Containers before numbers: asking a Swift array whether it is an NSNumber bridges it
        // to an NSArray first.
        switch any {
        case let s as String: self = .string(s)
        case let items as [Any]:
            let values = items.map(JSONValue.init)
            var numbers: [Double] = []
            for value in values {
                guard case .number(let n) = value else {
                    self = .array(values)
                    return
                }
                numbers.append(n)
            }
            self = .numbers(numbers)
        case let object as [String: Any]:
            self = .object(JSONObject(object.sorted { $0.key < $1.key }.map { ($0.key, JSONValue($0.value)) }))
        case let n as NSNumber: self = .number(n.doubleValue)
        default: self = .null
        }
    }

    /// The items of an array, numbers or not.
    var items: [JSONValue]? {
        switch self {
        case .array(let items): return items
        case .numbers(let numbers): return numbers.map(JSONValue.number)
        default: return nil
        }
    }
}

/// An object's members in file order; a name given twice means its last value (as
/// `JSONSerialization` read it).
struct JSONObject: Equatable, Sendable {
    var members: [(key: String, value: JSONValue)]

    init(_ members: [(key: String, value: JSONValue)]) { self.members = members }

    subscript(key: String) -> JSONValue? { members.last { $0.key == key }?.value }

    static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
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
        guard let items = node.items else { return nil }
        return items.enumerated().map { LottieJSON(node: $0.element, path: "\(path)[\($0.offset)]") }
    }

    var number: Double? {
        guard case .number(let n) = node, n.isFinite else { return nil }
        return n
    }

    var numbers: [Double]? {
        if let n = number { return [n] }
        if case .numbers(let numbers) = node { return numbers.allSatisfy(\.isFinite) ? numbers : nil }
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

/// What a Lottie file cannot be read for, naming the JSON path and, where the text is known,
/// its line and column.
public struct LottieError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var path: String
    public var message: String
    /// 1-based line and column of the value `path` names, or of the fault in the text.
    public var line: Int?
    public var column: Int?

    public init(file: String, path: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN: error: PATH: message` when the place is known.
    public var description: String {
        let place = path.isEmpty ? "" : path + ": "
        if let line, let column { return "\(file):\(line):\(column): error: \(place)\(message)" }
        return "\(file): \(place)error: \(message)"
    }
}
