import FlipbookCore
import Foundation

/// Writes every frame as `frame-0000.png` (or `.jpg`, …: a picture format's), … into a directory,
/// in `prepare` (where frames are drawn).
public final class FrameFilesSink: RenderSink, Sendable {
    public let directory: URL
    /// The pictures' format (`OutputFormat.writesPictures`).
    public let format: OutputFormat
    /// The format's quality, where it has one (nil: its default).
    public let quality: Double?

    /// Creates the directory (its parent must exist) or checks that it is one.
    public init(directory: URL, format: OutputFormat = .png, quality: Double? = nil) throws {
        guard format.writesPictures else {
            throw RenderError.invalidArgument("--frames writes pictures (\(OutputFormat.pictureNames)); \(format.name) holds animations")
        }
        self.directory = directory
        self.format = format
        self.quality = quality
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw OutputError(path: directory.path, reason: "is not a directory; --frames names a directory")
            }
            return
        }
        let parent = directory.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputError(path: directory.path, reason: "the directory \(parent) does not exist")
        }
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false) } catch {
            throw OutputError(path: directory.path, reason: "cannot create the directory (\(error.localizedDescription))")
        }
    }

    /// The file frame `index` is written to.
    public func url(ofFrame index: Int) -> URL {
        directory.appendingPathComponent(String(format: "frame-%04d.", index) + format.name)
    }

    /// Frames are regular files: a link, FIFO or device planted under a frame's name is refused,
    /// not written through (a FIFO with no reader would block the render for ever).
    public func prepare(_ frame: PixelBuffer, index: Int, previous: PixelBuffer?) throws -> (any Sendable)? {
        try OutputFile.write(try format.picture(frame, quality: quality), to: url(ofFrame: index), followingLinks: false)
        return nil
    }

    public func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {}
    public func finish() throws {}
    public func cancel() {}
}

/// The frames sink before it wrote other formats than PNG.
@available(*, deprecated, renamed: "FrameFilesSink")
public typealias PNGFramesSink = FrameFilesSink
