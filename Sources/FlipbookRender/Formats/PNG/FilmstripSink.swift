import FlipbookCore
import Foundation

/// A grid of sampled frames (or exact instants), each labelled with its time, as one picture: a
/// PNG, or a JPEG when the file's name says `.jpg`/`.jpeg` (`OutputFormat.forPicture`).
public final class FilmstripSink: RenderSink, @unchecked Sendable {
    // Touched only by begin/consume/finish/cancel, on the calling thread.
    private let file: OutputFile
    private let samples: Int
    private let times: [Double]?
    private let columns: Int
    private let format: OutputFormat
    private let quality: Double?
    private var sampled: Set<Int> = []
    private var fps = 1.0
    private var collected: [(time: Double, pixels: PixelBuffer)] = []

    /// `samples` evenly spaced frames (first and last included), or the exact `times` (seconds
    /// from the start; they need not fall on a frame). Opens (and so checks) the target now.
    /// `quality` is the picture format's (a JPEG's; nil: its default).
    public convenience init(
        url: URL, samples: Int = 12, times: [Double]? = nil, columns: Int = 4, quality: Double? = nil, inputs: [URL] = []
    ) throws {
        try self.init(
            url: url, format: OutputFormat.forPicture(url.pathExtension) ?? .png, samples: samples, times: times, columns: columns,
            quality: quality, inputs: inputs)
    }

    /// The same in `format` whatever the file's name says (a format's own sink: `Stage.render(to:
    /// format: .jpg)` writes a JPEG to any name).
    init(
        url: URL, format: OutputFormat, samples: Int = 12, times: [Double]? = nil, columns: Int = 4, quality: Double? = nil,
        inputs: [URL] = []
    ) throws {
        precondition(format.writesPictures, "a filmstrip is one picture")
        self.format = format
        self.quality = quality
        file = try OutputFile(url, inputs: inputs)
        self.samples = samples
        self.times = times?.sorted()
        self.columns = columns
    }

    /// The same with the picture format's default quality.
    public convenience init(url: URL, samples: Int = 12, times: [Double]? = nil, columns: Int = 4, inputs: [URL] = []) throws {
        try self.init(url: url, samples: samples, times: times, columns: columns, quality: nil, inputs: inputs)
    }

    public var instants: [Double] { times ?? [] }

    public func begin(_ plan: RenderPlan) throws {
        fps = plan.fps
        if let times {
            guard !times.isEmpty, times.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= plan.duration }) else {
                throw RenderError.invalidArgument("filmstrip times must be within 0…\(plan.duration) s, got \(times)")
            }
        } else {
            sampled = Set(Filmstrip.sampleIndices(frameCount: plan.frameCount, samples: samples))
        }
    }

    public func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        if sampled.contains(index) { collected.append((Double(index) / fps, frame)) }
    }

    public func consume(instant time: Double, frame: PixelBuffer) throws {
        collected.append((time, frame))
    }

    public func finish() throws {
        collected.sort { $0.time < $1.time }
        try file.write(try format.picture(try Filmstrip.compose(collected, columns: columns), quality: quality))
        try file.commit()
        collected = []
    }

    public func cancel() {
        file.cancel()
        collected = []
    }
}
