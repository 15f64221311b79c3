import Foundation

/// Writes a file by writing a temporary sibling and renaming it over the target, so a
/// failed render never leaves a half-written output where a good one was.
public enum AtomicFile {
    /// A temporary path in the same directory as `url`.
    public static func temporaryURL(for url: URL) -> URL {
        let dir = url.deletingLastPathComponent()
        return dir.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    }

    /// Runs `write` against a temporary path, then renames it to `url`; removes the
    /// temporary file when `write` throws.
    public static func write(to url: URL, _ write: (URL) throws -> Void) throws {
        let fm = FileManager.default
        let dir = url.deletingLastPathComponent()
        if !dir.path.isEmpty, !fm.fileExists(atPath: dir.path) {
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        let tmp = temporaryURL(for: url)
        do {
            try write(tmp)
            if rename(tmp.path, url.path) != 0 {
                throw RenderError.io("cannot move \(tmp.path) to \(url.path): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? fm.removeItem(at: tmp)
            throw error
        }
    }
}

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
