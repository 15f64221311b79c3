import Flipbook
import Foundation

/// Several variants of an animation on one clock (`flipbook compare`): a grid GIF (or an onion
/// skin), a filmstrip of the same instants, and numbers per variant.
public struct VariantComparison {
    /// One input: a scenario file and a variant of it (`default`: no overrides).
    public struct Input: Sendable {
        public var file: String
        public var variant: String
        public var label: String
        public init(file: String, variant: String, label: String) { self.file = file; self.variant = variant; self.label = label }
    }

    /// Per variant: how long it runs, when its last event happens, and how far its frames are
    /// from the first variant's.
    public struct Summary: Codable, Sendable, Equatable {
        public var label: String
        public var duration: Double
        public var lastEvent: Double?
        /// Mean and largest share of pixels that differ from the first variant, per frame.
        public var meanDifference: Double
        public var largestDifference: Double
    }

    public var inputs: [Input]
    public var layout: VariantGrid.Layout
    public var fps: Double?

    public init(inputs: [Input], layout: VariantGrid.Layout = .row, fps: Double? = nil) {
        self.inputs = inputs; self.layout = layout; self.fps = fps
    }

    /// Loads every input (errors name the file and line), runs them in lockstep for the longest
    /// duration (shorter ones hold their last frame), and feeds the composed frames to `sinks`.
    public func run(sinks: [any RenderSink], threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [Summary] {
        let scenarios = try inputs.map { input in
            try ScenarioLoader.load(file: input.file, variant: input.variant == "default" ? nil : input.variant,
                                    imageLoader: { try PNGCodec.readImage($0) })
        }
        let runtimes = scenarios.map { ScenarioRuntime(scenario: $0) }
        let rate = fps ?? scenarios[0].fps
        let duration = scenarios.map(\.duration).max() ?? 0
        // A host stage the size of the composition: its render loop drives the clock, and each
        // variant's own stage is advanced to the same time (clamped to its duration).
        let first = scenarios[0].canvas
        let frameSize = (Int((first.width * first.scale).rounded()), Int((first.height * first.scale).rounded()))
        for s in scenarios.dropFirst() where Int((s.canvas.width * s.canvas.scale).rounded()) != frameSize.0
            || Int((s.canvas.height * s.canvas.scale).rounded()) != frameSize.1 {
            throw GoldenError.usage("\(s.file): its canvas (\(s.canvas.width)×\(s.canvas.height) at \(s.canvas.scale)x) differs from the first input's; variants compare on one canvas size")
        }
        let composite = VariantGrid.size(of: frameSize, count: runtimes.count, layout: layout)
        let host = Stage(size: CGSize(width: composite.width, height: composite.height), scale: 1)
        let sink = CompositionSink(runtimes: runtimes, labels: inputs.map(\.label), layout: layout, downstream: sinks)
        _ = try host.render(duration: duration, fps: rate, sinks: [sink], threads: threads)
        return zip(inputs, runtimes).enumerated().map { i, pair in
            let (input, runtime) = pair
            let diffs = sink.differences.map { $0[i] }
            return Summary(label: input.label, duration: runtime.scenario.duration,
                           lastEvent: runtime.stage.trace.filter { if case .animationDidStop = $0.kind { return true }; return false }.last?.time,
                           meanDifference: diffs.isEmpty ? 0 : diffs.reduce(0, +) / Double(diffs.count), largestDifference: diffs.max() ?? 0)
        }
    }
}

/// Replaces each frame of the (blank) host stage with the variants' frames at that instant,
/// composed, and hands that to the real sinks.
final class CompositionSink: RenderSink, @unchecked Sendable {
    // Used on the calling thread only (begin/consume/finish/cancel).
    let runtimes: [ScenarioRuntime]
    let labels: [String]
    let layout: VariantGrid.Layout
    let downstream: [any RenderSink]
    var differences: [[Double]] = []
    private var plan: RenderPlan?

    init(runtimes: [ScenarioRuntime], labels: [String], layout: VariantGrid.Layout, downstream: [any RenderSink]) {
        self.runtimes = runtimes; self.labels = labels; self.layout = layout; self.downstream = downstream
    }

    func begin(_ plan: RenderPlan) throws {
        self.plan = plan
        for s in downstream { try s.begin(plan) }
    }

    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard let plan else { return }
        let t = plan.time(ofFrame: index)
        let frames = try runtimes.map { runtime -> PixelBuffer in
            runtime.stage.advance(to: min(t, runtime.scenario.duration))
            return try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: runtime.scenario.canvas.background)
        }
        differences.append(frames.map { ImageComparison.compare(frames[0], $0).share })
        let composed = try VariantGrid.compose(frames, labels: labels, layout: layout)
        let previous = lastComposed
        lastComposed = composed
        for s in downstream {
            let p = try s.prepare(composed, index: index, previous: previous)
            try s.consume(composed, index: index, prepared: p)
        }
    }
    private var lastComposed: PixelBuffer?

    func finish() throws { for s in downstream { try s.finish() } }
    func cancel() { for s in downstream { s.cancel() } }
    var instants: [Double] { [] }
}
