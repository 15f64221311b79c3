/// What a comparison was asked that it cannot do: options its inputs cannot meet (a canvas of
/// another size, a region outside the frame, a plot no input has), a recording it cannot read.
public enum CompareError: Error, CustomStringConvertible, Equatable {
    case usage(String)

    public var description: String {
        switch self {
        case .usage(let message): message
        }
    }
}
