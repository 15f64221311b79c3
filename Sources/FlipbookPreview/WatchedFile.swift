import Flipbook
import Foundation

/// The file a preview watches, read only while it is what the user named: a regular file, or a
/// symbolic link to one inside the same folder. A file swapped for a link elsewhere (a password
/// file, a key) or for a FIFO or device is not read at all, so nothing of it reaches the page.
enum WatchedFile {
    /// What one poll found.
    enum Reading: Equatable, Sendable {
        /// The file's bytes: scenario text or a Lottie animation (`.json`, `.lottie`).
        case contents(Data)
        /// Why the file was not read (shown as the page's error).
        case refused(String)
    }

    /// The largest scene file the preview reads.
    static let maximumBytes = 16 << 20

    static func read(_ path: String) -> Reading {
        do {
            let resolved = try resolve(path)
            let bytes = try InputFile.read(resolved, followingLinks: false, maximumBytes: maximumBytes)
            return .contents(Data(bytes))
        } catch {
            return .refused("\(error)")
        }
    }

    /// The path to read: `path` itself, or where its link points when that is in its folder.
    static func resolve(_ path: String) throws -> String {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            throw PreviewError(
                errno == ENOENT
                    ? "\(path): no such file (was it moved or deleted?)"
                    : "\(path): cannot read it (\(String(cString: strerror(errno))))")
        }
        guard st.st_mode & S_IFMT == S_IFLNK else { return path }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let target = realPath(path), let home = realPath(folder), target.hasPrefix(home.hasSuffix("/") ? home : home + "/") else {
            throw PreviewError("\(path) is now a symbolic link to a file outside its folder; the preview reads only the scene's own file")
        }
        return target
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
