/// A golden run asked for something it cannot do (a bad record mode, a bad shard).
public enum GoldenError: Error, CustomStringConvertible, Equatable {
    case usage(String)
    public var description: String {
        if case .usage(let s) = self { return s }
        return ""
    }
}
