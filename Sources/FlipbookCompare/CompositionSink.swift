import Flipbook
import FlipbookGolden
import Foundation

/// Replaces each frame of the (blank) host stage with the variants' frames at that instant,
/// composed, and hands that to the real sinks.
final class CompositionSink: RenderSink, @unchecked Sendable {
    // Used on the calling thread only (begin/consume/finish/cancel).
    let runtimes: [ScenarioRuntime]
    let labels: [String]
    let layout: VariantGrid.Layout
    let downstream: [any RenderSink]
    let plots: [String]
    var differences: [[Double]] = []
    /// When each row of `differences` was measured.
    var differenceTimes: [Double] = []
    /// Pixels left out of the figures (`--ignore`), and how many they are.
    var ignored = IgnoredRegions()
    private var ignoredMask: (mask: [Bool], count: Int)?
    /// Per plot: per variant: per component (name, samples).
    var plotSeries: [(name: String, perVariant: [[(name: String, samples: [(time: Double, value: Double)])]])] = []
    private var plan: RenderPlan?

    let recording: RecordedFrames?
    /// Composed frames at the downstream sinks' extra instants, made in time order as the
    /// frames go by (the variants' clocks only move forward) and handed over at the end.
    private var instantFrames: [Double: PixelBuffer] = [:]
    private var pendingInstants: [Double]

    init(
        runtimes: [ScenarioRuntime], labels: [String], layout: VariantGrid.Layout, downstream: [any RenderSink], plots: [String],
        recording: RecordedFrames? = nil
    ) {
        self.runtimes = runtimes
        self.layout = layout
        self.downstream = downstream
        self.plots = plots
        self.recording = recording
        self.labels = (recording.map { [$0.label] } ?? []) + labels
        plotSeries = plots.map { ($0, Array(repeating: [], count: runtimes.count)) }
        pendingInstants = Array(Set(downstream.flatMap(\.instants))).sorted()
    }

    var instants: [Double] { pendingInstants }

    /// Every cell's frame at `t`: the recording's (if any), then each variant's.
    private func frames(at t: Double) throws -> [PixelBuffer] {
        let rendered = try runtimes.map { runtime -> PixelBuffer in
            runtime.stage.advance(to: min(t, runtime.scenario.duration))
            return try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: runtime.scenario.canvas.background)
        }
        return (try recording.map { [try $0.frame(at: t)] } ?? []) + rendered
    }

    /// Composes the instants due by `t` before the clocks pass them.
    private func composeInstants(upTo t: Double) throws {
        while let next = pendingInstants.first, next <= t {
            pendingInstants.removeFirst()
            instantFrames[next] = try VariantGrid.compose(try frames(at: next), labels: labels, layout: layout)
        }
    }

    func consume(instant time: Double, frame: PixelBuffer) throws {
        try composeInstants(upTo: time)
        guard let composed = instantFrames[time] else { return }
        for s in downstream where s.instants.contains(time) { try s.consume(instant: time, frame: composed) }
    }

    /// The plotted value of `plot` on `runtime` now, as named components.
    static func sample(_ plot: String, on runtime: ScenarioRuntime) -> [(String, Double)] {
        switch runtime.sampledValue(plot)?.value {
        case let v as CGFloat: return [("", Double(v))]
        case let v as Double: return [("", v)]
        case let v as Float: return [("", Double(v))]
        case let v as Bool: return [("", v ? 1 : 0)]
        case let p as CGPoint: return [("x", Double(p.x)), ("y", Double(p.y))]
        case let s as CGSize: return [("width", Double(s.width)), ("height", Double(s.height))]
        case let c as CGColor: return [("red", c.rgba.red), ("green", c.rgba.green), ("blue", c.rgba.blue), ("alpha", c.rgba.alpha)]
        default: return []
        }
    }

    func begin(_ plan: RenderPlan) throws {
        self.plan = plan
        for s in downstream { try s.begin(plan) }
        // A sink may ask for its instants once it knows the plan (a GIF above 50 fps).
        pendingInstants = Array(Set(downstream.flatMap(\.instants))).sorted()
    }

    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard let plan else { return }
        let t = plan.time(ofFrame: index)
        try composeInstants(upTo: t)
        let frames = try frames(at: t)
        // Renders of one engine compare exactly; a recording (another renderer, a lossy GIF)
        // compares perceptually: pixelmatch's default threshold, antialiased edges ignored.
        let tolerance = recording == nil ? nil : GoldenSpec.Tolerance(threshold: 0.1, share: 1, ignoreAntialiasing: true)
        differences.append(measure(frames, tolerance: tolerance))
        differenceTimes.append(t)
        for p in plotSeries.indices {
            for (v, runtime) in runtimes.enumerated() {
                let components = Self.sample(plotSeries[p].name, on: runtime)
                if plotSeries[p].perVariant[v].isEmpty { plotSeries[p].perVariant[v] = components.map { ($0.0, []) } }
                for (c, component) in components.enumerated() where c < plotSeries[p].perVariant[v].count {
                    plotSeries[p].perVariant[v][c].samples.append((t, component.1))
                }
            }
        }
        let composed = try VariantGrid.compose(frames, labels: labels, layout: layout)
        let previous = lastComposed
        lastComposed = composed
        for s in downstream {
            let p = try s.prepare(composed, index: index, previous: previous)
            try s.consume(composed, index: index, prepared: p)
        }
    }
    private var lastComposed: PixelBuffer?

    /// Each cell's share of pixels differing from the first cell's, ignored regions left out of
    /// both the count and the total.
    private func measure(_ frames: [PixelBuffer], tolerance: GoldenSpec.Tolerance?) -> [Double] {
        guard !ignored.rectangles.isEmpty, let first = frames.first else {
            return frames.map { ImageComparison.compare(frames[0], $0, tolerance: tolerance).share }
        }
        if ignoredMask == nil {
            let mask = ignored.mask(width: first.width, height: first.height)
            ignoredMask = (mask, mask.reduce(0) { $0 + ($1 ? 1 : 0) })
        }
        let (mask, count) = ignoredMask!
        let blanked = frames.map { $0.width == first.width && $0.height == first.height ? $0.blanking(mask) : $0 }
        let counted = max(1, first.width * first.height - count)
        return blanked.map { Double(ImageComparison.compare(blanked[0], $0, tolerance: tolerance).differingPixels) / Double(counted) }
    }

    func finish() throws { for s in downstream { try s.finish() } }
    func cancel() { for s in downstream { s.cancel() } }
}
