import FlipbookCore
import Foundation

/// Streams the frames into an animated PNG (full colour and alpha; see `APNGEncoder`). Each
/// frame's changed region is found and deflated in `prepare`, where frames are drawn; chunks are written
/// in frame order to a temporary file renamed into place at the end.
public final class APNGSink: RenderSink, @unchecked Sendable {
    // Touched only by begin/consume/finish/cancel, on the calling thread.
    private var file: OutputFile?
    private var sequence: UInt32 = 0
    private var delay: (numerator: UInt16, denominator: UInt16) = (1, 30)
    let loopCount: Int
    let level: Int32

    /// zlib's level for outputs that are kept and posted (see `prepare`).
    public static let defaultLevel: Int32 = APNGEncoder.level

    /// Opens (and so checks) the target now; nothing is in place before `finish()`. `level` is
    /// zlib's, 1 (fastest) to 9 (smallest).
    public init(url: URL, loopCount: Int = 0, level: Int32 = APNGSink.defaultLevel, inputs: [URL] = []) throws {
        file = try OutputFile(url, inputs: inputs)
        self.loopCount = loopCount
        self.level = min(9, max(1, level))
    }

    public func begin(_ plan: RenderPlan) throws {
        guard let file else { throw RenderError.io("the APNG sink was already used") }
        delay = APNGEncoder.delay(fps: plan.fps)
        try file.write(APNGEncoder.header(width: plan.width, height: plan.height, frames: plan.frameCount, plays: loopCount))
    }

    public func prepare(_ frame: PixelBuffer, index: Int, previous: PixelBuffer?) throws -> (any Sendable)? {
        // zlib level 6, not the PNG frames' 2: an APNG is kept and posted, and level 6 (with blend-over
        // holes) made the gallery's 17–62 % smaller for 2–3.5× the time, still faster than ffmpeg's encoder.
        try APNGEncoder.region(frame, previous: index == 0 ? nil : previous, level: level)
    }

    public func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard let file else { throw RenderError.io("the APNG sink has not begun") }
        let region = try (prepared as? APNGEncoder.Region) ?? APNGEncoder.region(frame, previous: nil, level: level)
        try file.write(APNGEncoder.frameChunks(region, delay: delay, first: index == 0, sequence: &sequence))
    }

    public func finish() throws {
        guard let file else { return }
        try file.write(APNGEncoder.end())
        try file.commit()
        self.file = nil
    }

    public func cancel() {
        file?.cancel()
        file = nil
    }
}
