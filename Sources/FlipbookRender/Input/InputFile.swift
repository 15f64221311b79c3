import FlipbookCore
import Foundation

/// Reading a file that may come from someone else: a golden folder in a pull request, a
/// recording, an image a scenario names. Only a regular file is read (a FIFO would block, a
/// device never ends), at most `maximumBytes` of it, and with `followingLinks: false` a
/// symbolic link is refused instead of read through (golden stores).
public enum InputFile {
    /// The largest file read whole (a PNG frame, a manifest, a trace, a recording).
    public static let maximumBytes = Limits.maximumInputBytes

    public static func read(_ path: String, followingLinks: Bool = true, maximumBytes: Int = maximumBytes) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP && !followingLinks {
                throw RenderError.io("\(path) is a symbolic link; it is not followed (replace it with the file itself)")
            }
            if code == ENOENT { throw RenderError.io("no such file: \(path)") }
            throw RenderError.io("cannot read \(path): \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw RenderError.io("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw RenderError.io("\(path) is not a regular file (\(kind(of: st.st_mode))); only regular files are read")
        }
        guard Int(st.st_size) <= maximumBytes else {
            throw RenderError.io("\(path) is \(st.st_size) bytes; at most \(maximumBytes) are read")
        }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw RenderError.io("cannot read \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }  // the file shrank while being read
            offset += n
        }
        return Array(bytes[..<offset])
    }

    /// A UTF-8 text file, read as `read` does; other encodings are refused by name.
    public static func readText(_ path: String, followingLinks: Bool = true, maximumBytes: Int = maximumBytes) throws -> String {
        let bytes = try read(path, followingLinks: followingLinks, maximumBytes: maximumBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RenderError.io("\(path) is not UTF-8 text")
        }
        return text
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a file"
        }
    }
}
