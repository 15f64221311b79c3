import Foundation

/// A node of a Lottie file's JSON with the path that leads to it (`layers[3].ks.p.k[2]`), so
/// every problem names where it is.
struct LottieJSON {
    let value: Any
    let path: String

    init(_ value: Any, path: String) {
        self.value = value
        self.path = path
    }

    subscript(key: String) -> LottieJSON? {
        guard let object = value as? [String: Any], let child = object[key], !(child is NSNull) else { return nil }
        return LottieJSON(child, path: path.isEmpty ? key : "\(path).\(key)")
    }

    var array: [LottieJSON]? {
        guard let items = value as? [Any] else { return nil }
        return items.enumerated().map { LottieJSON($0.element, path: "\(path)[\($0.offset)]") }
    }

    var number: Double? {
        guard let n = (value as? NSNumber)?.doubleValue, n.isFinite else { return nil }
        return n
    }

    var numbers: [Double]? {
        if let n = number { return [n] }
        guard let items = value as? [Any] else { return nil }
        let out = items.compactMap { ($0 as? NSNumber)?.doubleValue }
        return out.count == items.count && out.allSatisfy(\.isFinite) ? out : nil
    }

    /// The number as an Int when it is one within ±2^31 (truncated), so that a value such as
    /// 1e300 in an index or a count is refused rather than trapping in `Int(_:)`.
    var integer: Int? {
        guard let n = number, abs(n) < 2_147_483_648 else { return nil }
        return Int(n)
    }

    var string: String? { value as? String }
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
