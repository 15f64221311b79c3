import FlipbookCore
import Foundation

/// Streams the frames into an animated GIF (see `GIFWriter`). Each frame's change from the
/// one before is found on the rasterizing threads; coding happens in frame order.
public final class GIFSink: RenderSink, @unchecked Sendable {
    // `file` and `writer` are only touched by begin/consume/finish/cancel, on the calling thread.
    private var file: OutputFile?
    private var writer: GIFWriter?
    private var delays: [Int] = []
    let loopCount: Int
    let dithering: Bool
    let minimumPSNR: Double

    /// Opens (and so checks) the target now; nothing is written before `finish()`.
    public init(url: URL, loopCount: Int = 0, dithering: Bool = false, minimumPSNR: Double = 64, inputs: [URL] = []) throws {
        file = try OutputFile(url, inputs: inputs)
        self.loopCount = loopCount; self.dithering = dithering; self.minimumPSNR = minimumPSNR
    }

    public var consumesHeavily: Bool { true }

    public func begin(_ plan: RenderPlan) throws {
        guard let file else { throw RenderError.gif("the GIF sink was already used") }
        self.file = nil
        delays = plan.delays
        writer = try GIFWriter(output: file, width: plan.width, height: plan.height, loopCount: loopCount,
                               dithering: dithering, minimumPSNR: minimumPSNR)
    }

    public func prepare(_ frame: PixelBuffer, index: Int, previous: PixelBuffer?) throws -> (any Sendable)? {
        FrameChange(from: previous?.premultipliedARGB, to: frame)
    }

    public func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard let writer else { throw RenderError.gif("the GIF sink has not begun") }
        try writer.add(frame, delay: delays[index], change: prepared as? FrameChange)
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
