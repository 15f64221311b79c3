import FlipbookCore
import Foundation

/// Writes an animated WebP (see `WebPAnimationWriter`), frames in order on the calling thread.
public final class WebPSink: RenderSink, @unchecked Sendable {
    // Touched only by begin/consume/finish/cancel, on the calling thread.
    private var file: OutputFile?
    private var writer: WebPAnimationWriter?
    private var plan: RenderPlan?
    let loopCount: Int
    let quality: Double?

    /// Opens (and so checks) the target now. `quality` nil: lossless.
    public init(url: URL, loopCount: Int = 0, quality: Double? = nil, inputs: [URL] = []) throws {
        file = try OutputFile(url, inputs: inputs)
        self.loopCount = loopCount
        self.quality = quality
    }

    public var consumesHeavily: Bool { true }

    public func begin(_ plan: RenderPlan) throws {
        self.plan = plan
        writer = try WebPAnimationWriter(width: plan.width, height: plan.height, loopCount: loopCount, quality: quality)
    }

    /// Frame k starts at round(1000 k / fps) ms, so the frames keep the render's timing.
    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    public func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard let writer, let plan else { throw RenderError.io("the WebP sink has not begun") }
        try writer.add(frame, at: Self.milliseconds(plan.time(ofFrame: index)))
    }

    public func finish() throws {
        guard let writer, let plan, let file else { return }
        let bytes = try writer.finish(endMilliseconds: Self.milliseconds(plan.time(ofFrame: plan.frameCount)))
        self.writer = nil
        try file.write(bytes)
        try file.commit()
        self.file = nil
    }

    public func cancel() {
        writer = nil
        file?.cancel()
        file = nil
    }
}
