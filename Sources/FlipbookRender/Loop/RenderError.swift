import Foundation

/// Errors raised while rendering or writing outputs.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case io(String)
    case cairo(String)
    case gif(String)
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .io(let s): return "I/O error: \(s)"
        case .cairo(let s): return "Cairo error: \(s)"
        case .gif(let s): return "GIF error: \(s)"
        case .invalidArgument(let s): return s
        }
    }
}
