import FlipbookCore
import Foundation

/// One format a render can be written in, and everything the rest of the program asks of it:
/// the names it answers to, its media type, whether it animates and how its sink is made.
/// `OutputFormat.all` is the one list: `RenderOutputs`, `Stage.render(to:)`, the command line
/// (`--format`, its help and errors), golden artifacts and `test merge` all read it, so a new
/// format is a new encoder folder and one entry here.
public struct OutputFormat: Sendable, Hashable, CustomStringConvertible {
    /// How a sink is asked for: the target and the settings that some formats read.
    public struct SinkRequest: Sendable {
        public var url: URL
        /// Loop count for looping formats; 0 loops forever.
        public var loopCount = 0
        /// Lossy quality 0…100 for formats that have one (`acceptsQuality`); nil: their default.
        public var quality: Double?
        /// GIF: ordered dithering for frames with more than 255 colours.
        public var dithering = false
        /// GIF: how close approximate colour tables keep each frame (PSNR, dB).
        public var minimumPSNR = 64.0
        /// Files the output may not replace (`OutputFile`).
        public var inputs: [URL] = []
        /// For a scratch output looked at once (a failing test's animation): speed over size
        /// where a format trades them without losing a pixel (APNG: zlib's fast level).
        public var favoursSpeed = false

        public init(url: URL, inputs: [URL] = []) {
            self.url = url
            self.inputs = inputs
        }
    }

    /// The name `--format` takes, and the extension written by default (`gif`).
    public let name: String
    /// Extensions that choose this format, lowercased; the first is `name`'s. `png` is both a
    /// still and, asked for an animation, an animated PNG: see `forExtension(_:animated:)`.
    public let extensions: [String]
    /// The media type, for data URLs and pages.
    public let mediaType: String
    /// Whether it holds every frame (false: one picture of sampled frames).
    public let animates: Bool
    /// Whether `quality` means something to it.
    public let acceptsQuality: Bool
    /// The highest frame rate it keeps (GIF: 50 fps; nil: any).
    public let maximumFramesPerSecond: Double?
    private let makeSink: @Sendable (SinkRequest) throws -> any RenderSink

    /// The sink that writes this format; opening it checks the target (nothing is written yet).
    public func sink(_ request: SinkRequest) throws -> any RenderSink { try makeSink(request) }

    /// The sink for `url` with every other setting at its default.
    public func sink(url: URL, inputs: [URL] = []) throws -> any RenderSink {
        try makeSink(SinkRequest(url: url, inputs: inputs))
    }

    public var description: String { name }
    public static func == (a: OutputFormat, b: OutputFormat) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// A GIF (giflib): 256 colours a frame, at most 50 fps.
    public static let gif = OutputFormat(
        name: "gif", extensions: ["gif"], mediaType: "image/gif", animates: true, acceptsQuality: false,
        maximumFramesPerSecond: GIFSink.maximumFramesPerSecond
    ) { request in
        try GIFSink(
            url: request.url, loopCount: request.loopCount, dithering: request.dithering, minimumPSNR: request.minimumPSNR,
            inputs: request.inputs)
    }

    /// An animated PNG: full colour and alpha.
    public static let apng = OutputFormat(
        name: "apng", extensions: ["apng"], mediaType: "image/apng", animates: true, acceptsQuality: false,
        maximumFramesPerSecond: nil
    ) { request in
        try APNGSink(
            url: request.url, loopCount: request.loopCount, level: request.favoursSpeed ? PNGEncoder.defaultLevel : APNGSink.defaultLevel,
            inputs: request.inputs)
    }

    /// An animated WebP: lossless, or lossy at `quality`.
    public static let webp = OutputFormat(
        name: "webp", extensions: ["webp"], mediaType: "image/webp", animates: true, acceptsQuality: true,
        maximumFramesPerSecond: nil
    ) { request in
        try WebPSink(url: request.url, loopCount: request.loopCount, quality: request.quality, inputs: request.inputs)
    }

    /// H.264 in MP4, through ffmpeg.
    public static let mp4 = OutputFormat(
        name: "mp4", extensions: ["mp4"], mediaType: "video/mp4", animates: true, acceptsQuality: false,
        maximumFramesPerSecond: nil
    ) { request in
        try VideoSink(url: request.url, container: .mp4, inputs: request.inputs)
    }

    /// VP9 in WebM, through ffmpeg.
    public static let webm = OutputFormat(
        name: "webm", extensions: ["webm"], mediaType: "video/webm", animates: true, acceptsQuality: false,
        maximumFramesPerSecond: nil
    ) { request in
        try VideoSink(url: request.url, container: .webm, inputs: request.inputs)
    }

    /// One PNG: a filmstrip of twelve frames sampled evenly.
    public static let png = OutputFormat(
        name: "png", extensions: ["png"], mediaType: "image/png", animates: false, acceptsQuality: false,
        maximumFramesPerSecond: nil
    ) { request in
        try FilmstripSink(url: request.url, inputs: request.inputs)
    }

    /// Every format, animated ones first, in the order help texts list them.
    public static let all: [OutputFormat] = [.gif, .apng, .webp, .mp4, .webm, .png]

    /// The animated formats.
    public static var animated: [OutputFormat] { all.filter(\.animates) }

    /// The format `--format NAME` names (any case).
    public static func named(_ name: String) -> OutputFormat? {
        all.first { $0.name == name.lowercased() }
    }

    /// The format a file name's extension chooses; `.png` asked for an animation is an APNG.
    public static func forExtension(_ ext: String, animated: Bool = false) -> OutputFormat? {
        let ext = ext.lowercased()
        if animated && png.extensions.contains(ext) { return .apng }
        return all.first { $0.extensions.contains(ext) }
    }

    /// "gif, apng, webp, mp4, webm": the animated formats' names, for help and errors.
    public static var animatedNames: String { animated.map(\.name).joined(separator: ", ") }

    /// ".gif, .apng, .webp, .mp4, .webm": the names of files that choose an animated format.
    public static var animatedExtensions: String { animated.map { "." + $0.name }.joined(separator: ", ") }
}
