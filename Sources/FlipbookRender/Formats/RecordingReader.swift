import FlipbookCore
import Foundation

/// A recording decoded whole: frames as a viewer sees them and when each starts (for short
/// clips and tests; `RecordingReader.open` streams).
public struct DecodedRecording: Sendable {
    public var width: Int
    public var height: Int
    public var frames: [PixelBuffer]
    /// When each frame starts, seconds from the recording's start (variable rates kept).
    public var starts: [Double]
    /// When the last frame ends.
    public var duration: Double
}

/// Opens the recordings people have, through the reader of the format each extension names in
/// `OutputFormat.all`: GIF (giflib, every disposal method), APNG (and still PNG), animated WebP
/// (libwebp), and MP4/MOV/M4V/WebM/MKV through ffmpeg with the recording's own frame times.
/// Sizes are checked before any frame is decoded.
public enum RecordingReader {
    /// Every extension read, for messages.
    public static var extensions: [String] { OutputFormat.recordingExtensions }
    /// The extensions read through ffmpeg.
    @available(*, deprecated, message: "ask OutputFormat.reading(_:) which format reads an extension")
    public static var videoExtensions: Set<String> { Set(OutputFormat.mp4.recordingExtensions + OutputFormat.webm.recordingExtensions) }

    /// The recording's frames, decoded one at a time.
    public static func open(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> any RecordingStream {
        let ext = url.pathExtension.lowercased()
        guard let stream = try OutputFormat.reading(ext)?.openRecording(url, environment: environment) else {
            throw RenderError.invalidArgument(
                "\(url.path): .\(ext) recordings are not read; give one of " + extensions.map { "." + $0 }.joined(separator: ", "))
        }
        return stream
    }

    /// Every frame at once, bounded by `Limits.maximumDecodedPixels`.
    public static func read(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> DecodedRecording {
        let stream = try open(url, environment: environment)
        let frames = try stream.allFrames(name: url.path)
        guard !frames.isEmpty else { throw RenderError.invalidArgument("\(url.path): no frames could be decoded") }
        return DecodedRecording(
            width: stream.width, height: stream.height, frames: frames,
            starts: Array(stream.starts.prefix(frames.count)), duration: stream.duration)
    }
}
