import FlipbookCore
import Foundation

/// One format a render can be written in (and a recording read from), and everything the rest
/// of the program asks of it: the names it answers to, its media type, whether it animates, its
/// quality setting, how its sink is made and how a recording in it is opened. Each format's entry
/// lives in its folder (Formats/GIF/GIFFormat.swift, …) beside its writer, sink and reader;
/// `OutputFormat.all` is the one list that registers them: `RenderOutputs`, `Stage.render(to:)`,
/// `RecordingReader`, the command line (`--format`, `--quality`, their help and errors), golden
/// artifacts and `test merge` all read it, so a new format is a new folder and one entry here.
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
        /// For an output looked at, not kept (a failing test's animation, a comparison): speed
        /// over size where a format trades them without losing a pixel (APNG: zlib's fast level;
        /// GIF: one LZW trial a colour table).
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
    /// What `--quality Q` (0…100) does to it, as help text says it ("lossy at Q; without it
    /// lossless"); nil: it has no quality setting.
    public let qualityMeaning: String?
    /// Whether `quality` means something to it.
    public var acceptsQuality: Bool { qualityMeaning != nil }
    /// The highest frame rate it keeps (GIF: 50 fps; nil: any).
    public let maximumFramesPerSecond: Double?
    /// Extensions of the recordings its reader opens (empty: it reads none).
    public let recordingExtensions: [String]
    private let makeSink: @Sendable (SinkRequest) throws -> any RenderSink
    private let openRecording: (@Sendable (URL, _ environment: [String: String]) throws -> any RecordingStream)?
    private let encodePicture: (@Sendable (PixelBuffer, _ quality: Double?) throws -> [UInt8])?

    /// A format's entry; `reader` opens a recording in it (nil: none is read), `picture` writes one
    /// picture in it (nil: it writes only animations).
    init(
        name: String, extensions: [String], mediaType: String, animates: Bool, qualityMeaning: String? = nil,
        maximumFramesPerSecond: Double? = nil, recordingExtensions: [String] = [],
        reader: (@Sendable (URL, _ environment: [String: String]) throws -> any RecordingStream)? = nil,
        picture: (@Sendable (PixelBuffer, _ quality: Double?) throws -> [UInt8])? = nil,
        sink: @escaping @Sendable (SinkRequest) throws -> any RenderSink
    ) {
        self.name = name
        self.extensions = extensions
        self.mediaType = mediaType
        self.animates = animates
        self.qualityMeaning = qualityMeaning
        self.maximumFramesPerSecond = maximumFramesPerSecond
        self.recordingExtensions = reader == nil ? [] : recordingExtensions
        self.makeSink = sink
        self.openRecording = reader
        self.encodePicture = picture
    }

    /// The sink that writes this format; opening it checks the target (nothing is written yet).
    public func sink(_ request: SinkRequest) throws -> any RenderSink { try makeSink(request) }

    /// The sink for `url` with every other setting at its default.
    public func sink(url: URL, inputs: [URL] = []) throws -> any RenderSink {
        try makeSink(SinkRequest(url: url, inputs: inputs))
    }

    /// A recording in this format, its frames decoded one at a time (nil: it reads none).
    public func openRecording(_ url: URL, environment: [String: String]) throws -> (any RecordingStream)? {
        try openRecording?(url, environment)
    }

    /// Whether it writes single pictures: stills, filmstrips, the frames of `--frames`.
    public var writesPictures: Bool { encodePicture != nil }

    /// One picture's file bytes in this format, at `quality` where it has one (nil: its default).
    public func picture(_ pixels: PixelBuffer, quality: Double? = nil) throws -> [UInt8] {
        guard let encodePicture else { throw RenderError.invalidArgument("\(name) holds animations, not single pictures") }
        return try encodePicture(pixels, quality)
    }

    public var description: String { name }
    public static func == (a: OutputFormat, b: OutputFormat) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every format, animated ones first, in the order help texts list them.
    public static let all: [OutputFormat] = [.gif, .apng, .webp, .mp4, .webm, .png, .jpg]

    /// The picture format a file name's extension chooses (`png`, `jpg`, `jpeg`; any case).
    public static func forPicture(_ ext: String) -> OutputFormat? {
        let ext = ext.lowercased()
        return all.first { $0.writesPictures && $0.extensions.contains(ext) }
    }

    /// "png, jpg": the formats that write single pictures, for help and errors.
    public static var pictureNames: String { all.filter(\.writesPictures).map(\.name).joined(separator: ", ") }

    /// The format whose reader opens recordings named `.ext` (any case).
    public static func reading(_ ext: String) -> OutputFormat? {
        let ext = ext.lowercased()
        return all.first { $0.recordingExtensions.contains(ext) }
    }

    /// Every extension of a recording some format reads, in the list's order.
    public static var recordingExtensions: [String] { all.flatMap(\.recordingExtensions) }

    /// "webp: lossy at Q; without it lossless": what `--quality` does, per format that has it.
    public static var qualityMeanings: String {
        all.compactMap { f in f.qualityMeaning.map { "\(f.name): \($0)" } }.joined(separator: "; ")
    }

    /// ".webp": the names of files whose format takes `--quality`, for errors.
    public static var qualityExtensions: String {
        all.filter(\.acceptsQuality).map { "." + $0.name }.joined(separator: ", ")
    }

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
