import Flipbook
import FlipbookComparison
import Foundation

/// Where `compare --html PAGE.html` puts its frames when inline they would make the page large
/// (a long recording's dithered frames come to many megabytes, which a browser parses before it
/// shows anything): `PAGE-frames/0000.png`… beside the page, which names them relative to
/// itself. Under `inlineLimit` the page keeps them inline and stays one file.
public struct PageFrameFolder: Sendable {
    /// The most bytes of inline frames (as data URLs) a page holds.
    public static let inlineLimit = 1_500_000

    /// The folder: the page's name without its extension, then `-frames`.
    public let url: URL

    public init(page: URL) {
        url = page.deletingPathExtension().deletingLastPathComponent()
            .appendingPathComponent(page.deletingPathExtension().lastPathComponent + "-frames", isDirectory: true)
    }

    /// Frame `index`'s file name.
    public static func fileName(_ index: Int) -> String { String(format: "%04d.png", index) }

    /// Frame `index`'s address as the page names it: relative, the folder's name percent-encoded
    /// (a `#` or `?` in a file name would otherwise end the path).
    public func relativeURL(_ index: Int) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        let folder = url.lastPathComponent.addingPercentEncoding(withAllowedCharacters: allowed) ?? url.lastPathComponent
        return folder + "/" + Self.fileName(index)
    }

    /// Writes `frames` (each file written whole, then renamed into place) and removes frames
    /// an earlier, longer comparison left. The folder must be a folder (a link or a file there
    /// is refused, not followed).
    public func write(_ frames: [[UInt8]], inputs: [URL]) throws {
        var st = stat()
        if lstat(url.path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(path: url.path, reason: "is not a folder; the page's frames go into a folder of that name")
            }
        } else {
            do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) } catch {
                throw OutputError(path: url.path, reason: "cannot be made (\((error as NSError).localizedFailureReason ?? "permission?"))")
            }
        }
        for (k, png) in frames.enumerated() {
            try OutputFile.write(png, to: url.appendingPathComponent(Self.fileName(k)), inputs: inputs, followingLinks: false)
        }
        removeStale(keeping: frames.count)
    }

    /// Removes the folder's frame files from `count` on (only names this writes: four or more
    /// digits and `.png`), and the folder itself when that leaves it empty.
    public func removeStale(keeping count: Int) {
        var st = stat()
        guard lstat(url.path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR,
            let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
        else { return }
        var left = names.count
        for name in names where name.hasSuffix(".png") {
            let stem = name.dropLast(4)
            guard stem.count >= 4, stem.allSatisfy(\.isASCII), stem.allSatisfy(\.isNumber), let k = Int(stem), k >= count else { continue }
            if unlink(url.appendingPathComponent(name).path) == 0 { left -= 1 }
        }
        if left == 0 { rmdir(url.path) }
    }
}
