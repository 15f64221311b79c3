import FlipbookCore
import Foundation

/// Streams the frames into an animated GIF (see `GIFWriter`). Each frame's change from the
/// one before is found in `prepare`, where the frame is drawn (only in the rows the loop says
/// changed); coding happens in frame order.
///
/// GIF delays are whole centiseconds, and browsers slow a frame of 10 ms or less to about
/// 100 ms: a render above `maximumFramesPerSecond` is composed for the GIF at that rate (its
/// frames drawn at exactly k/50 s as instants; every delay 20 ms), while other sinks of the same
/// render keep the asked rate.
public final class GIFSink: RenderSink, @unchecked Sendable {
    /// The fastest frame rate a GIF is written at (20 ms delays).
    public static let maximumFramesPerSecond = 50.0
    // `file` and `writer` are only touched by begin/consume/finish/cancel, on the calling thread.
    private var file: OutputFile?
    private var writer: GIFWriter?
    private var delays: [Int] = []
    /// Above 50 fps: the GIF's own frame times (seconds from the start), drawn as instants.
    private var composedTimes: [Double] = []
    private var composedCount = 0
    let loopCount: Int
    let dithering: Bool
    let minimumPSNR: Double
    /// One LZW trial a colour table (`GIFWriter.favoursSpeed`): set before the render begins.
    public var favoursSpeed = false

    /// Opens (and so checks) the target now; nothing is written before `finish()`.
    public init(url: URL, loopCount: Int = 0, dithering: Bool = false, minimumPSNR: Double = 64, inputs: [URL] = []) throws {
        file = try OutputFile(url, inputs: inputs)
        self.loopCount = loopCount
        self.dithering = dithering
        self.minimumPSNR = minimumPSNR
    }

    public var consumesHeavily: Bool { true }

    public var instants: [Double] { composedTimes }

    /// The frame rate a GIF of a render at `fps` is written at.
    public static func framesPerSecond(forRenderAt fps: Double) -> Double { min(fps, maximumFramesPerSecond) }

    public func begin(_ plan: RenderPlan) throws {
        guard let file else { throw RenderError.gif("the GIF sink was already used") }
        self.file = nil
        delays = plan.delays
        if plan.fps > Self.maximumFramesPerSecond {
            let rate = Self.maximumFramesPerSecond
            let count = max(1, Stage.frameCount(duration: plan.duration, fps: rate))
            composedTimes = (0..<count).map { Double($0) / rate }
            delays = GIFWriter.delays(count: count, fps: rate)
        }
        writer = try GIFWriter(
            output: file, width: plan.width, height: plan.height, loopCount: loopCount,
            dithering: dithering, minimumPSNR: minimumPSNR)
        writer?.threads = plan.threads
        writer?.favoursSpeed = favoursSpeed
    }

    public func prepare(_ frame: PixelBuffer, index: Int, previous: PixelBuffer?) throws -> (any Sendable)? {
        composedTimes.isEmpty ? FrameChange(from: previous?.premultipliedARGB, to: frame) : nil
    }

    public func prepare(_ frame: PixelBuffer, index: Int, damage: FrameDamage) throws -> (any Sendable)? {
        composedTimes.isEmpty ? FrameChange(from: damage.previous?.premultipliedARGB, to: frame, rows: damage.rows) : nil
    }

    public func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard composedTimes.isEmpty else { return }  // composed from the instants instead
        guard let writer else { throw RenderError.gif("the GIF sink has not begun") }
        try writer.add(frame, delay: delays[index], change: prepared as? FrameChange)
    }

    public func consume(instant time: Double, frame: PixelBuffer) throws {
        guard let writer, composedCount < delays.count else { throw RenderError.gif("the GIF sink has not begun") }
        try writer.add(frame, delay: delays[composedCount], change: nil)
        composedCount += 1
    }

    public func finish() throws {
        try writer?.finish()
        writer = nil
    }

    public func cancel() {
        writer?.cancel()
        writer = nil
        file?.cancel()
        file = nil
    }
}
