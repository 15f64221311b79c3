import Flipbook
import FlipbookComparison
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
    /// Per plot: per variant: per component (name, samples), at the frames (what the plots draw).
    var plotSeries: [(name: String, perVariant: [[(name: String, samples: [(time: Double, value: Double)])]])] = []
    /// The same every millisecond between the frames too (the model's values at those times):
    /// overshoot and settling read from these do not depend on the frame rate.
    var fineSeries: [(name: String, perVariant: [[(name: String, samples: [(time: Double, value: Double)])]])] = []
    private var lastSampleTime: Double?
    static let fineStep = 0.001
    /// Regions followed in cells 0 and 1 (`--track`), the scene's pixels per point, and per
    /// region each cell's background and centres (time, x, y in points).
    var tracks: [TrackedRegion] = []
    var scale = 1.0
    private var trackBackgrounds: [[[UInt8]]] = []
    var trackSeries: [[[(time: Double, x: Double, y: Double)]]] = []
    private var plan: RenderPlan?

    let recording: RecordedFrames?
    /// Per input, the recording it is when it is one (its frames shown instead of a render).
    let inputFrames: [RecordedFrames?]
    /// The comparison time of the host's time 0 (`--from`).
    let origin: Double
    /// Composed frames at the downstream sinks' extra instants, made in time order as the
    /// frames go by (the variants' clocks only move forward) and handed over at the end.
    private var instantFrames: [Double: PixelBuffer] = [:]
    private var pendingInstants: [Double]

    init(
        runtimes: [ScenarioRuntime], labels: [String], layout: VariantGrid.Layout, downstream: [any RenderSink], plots: [String],
        recording: RecordedFrames? = nil, inputFrames: [RecordedFrames?] = [], origin: Double = 0
    ) {
        self.inputFrames = inputFrames
        self.origin = origin
        self.runtimes = runtimes
        self.layout = layout
        self.downstream = downstream
        self.plots = plots
        self.recording = recording
        self.labels = (recording.map { [$0.label] } ?? []) + labels
        plotSeries = plots.map { ($0, Array(repeating: [], count: runtimes.count)) }
        fineSeries = plotSeries
        pendingInstants = Array(Set(downstream.flatMap(\.instants))).sorted()
    }

    var instants: [Double] { pendingInstants }

    /// Every cell's frame at comparison time `t`: the recording's (if any), then each variant's.
    private func frames(at t: Double) throws -> [PixelBuffer] {
        let rendered = try runtimes.enumerated().map { i, runtime -> PixelBuffer in
            runtime.stage.advance(to: min(t, runtime.scenario.duration))
            if i < inputFrames.count, let frames = inputFrames[i] { return try frames.frame(at: min(t, runtime.scenario.duration)) }
            return try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: runtime.scenario.canvas.background)
        }
        return (try recording.map { [try $0.frame(at: t)] } ?? []) + rendered
    }

    /// Composes the instants due by `t` before the clocks pass them.
    private func composeInstants(upTo t: Double) throws {
        while let next = pendingInstants.first, next <= t {
            pendingInstants.removeFirst()
            instantFrames[next] = try VariantGrid.compose(try frames(at: origin + next), labels: labels, layout: layout)
        }
    }

    func consume(instant time: Double, frame: PixelBuffer) throws {
        try composeInstants(upTo: time)
        guard let composed = instantFrames[time] else { return }
        let sinks = downstream.filter { $0.instants.contains(time) }
        try feed.send { for s in sinks { try s.consume(instant: time, frame: composed) } }
    }

    /// The plotted value of `plot` on `runtime` now, as named components.
    static func sample(_ plot: String, on runtime: ScenarioRuntime) -> [(String, Double)] {
        components(of: runtime.sampledValue(plot)?.value)
    }

    /// A plotted value as named components.
    static func components(of value: Any?) -> [(String, Double)] {
        switch value {
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
        // The recording decodes ahead on another thread: its frames at every instant and
        // frame time, in the order `consume` will ask for them.
        if let recording {
            var times: [Double] = [], instants = pendingInstants[...]
            for k in 0..<plan.frameCount {
                let host = plan.time(ofFrame: k)
                while let next = instants.first, next <= host {
                    times.append(origin + next)
                    instants.removeFirst()
                }
                times.append(origin + host)
            }
            try recording.prefetch(times: times + instants.map { origin + $0 })
        }
    }

    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard let plan else { return }
        let hostTime = plan.time(ofFrame: index)
        try composeInstants(upTo: hostTime)
        let t = origin + hostTime
        if !plotSeries.isEmpty, let last = lastSampleTime { sampleBetween(last, t) }
        let frames = try frames(at: t)
        // Renders of one engine compare exactly; a recording (another renderer, a lossy GIF)
        // compares perceptually: pixelmatch's default threshold, antialiased edges ignored.
        let recorded = recording != nil || inputFrames.contains { $0 != nil }
        let tolerance = !recorded ? nil : GoldenSpec.Tolerance(threshold: 0.1, share: 1, ignoreAntialiasing: true)
        differences.append(measure(frames, tolerance: tolerance))
        differenceTimes.append(t)
        if !tracks.isEmpty, frames.count >= 2 { follow(frames, at: t) }
        for p in plotSeries.indices {
            for (v, runtime) in runtimes.enumerated() {
                let components = Self.sample(plotSeries[p].name, on: runtime)
                if plotSeries[p].perVariant[v].isEmpty { plotSeries[p].perVariant[v] = components.map { ($0.0, []) } }
                for (c, component) in components.enumerated() where c < plotSeries[p].perVariant[v].count {
                    plotSeries[p].perVariant[v][c].samples.append((t, component.1))
                }
                if fineSeries[p].perVariant[v].isEmpty { fineSeries[p].perVariant[v] = components.map { ($0.0, []) } }
                for (c, component) in components.enumerated() where c < fineSeries[p].perVariant[v].count {
                    fineSeries[p].perVariant[v][c].samples.append((t, component.1))
                }
            }
        }
        lastSampleTime = t
        let composed = try VariantGrid.compose(frames, labels: labels, layout: layout)
        let previous = lastComposed
        lastComposed = composed
        let sinks = downstream
        try feed.send {
            for s in sinks {
                let p = try s.prepare(composed, index: index, previous: previous)
                try s.consume(composed, index: index, prepared: p)
            }
        }
    }
    private var lastComposed: PixelBuffer?
    /// The downstream sinks' frames and instants, fed in order on a thread of their own.
    private let feed = DownstreamFeed()

    /// Where each tracked region's moving pixels are in cells 0 and 1 at `t`.
    private func follow(_ frames: [PixelBuffer], at t: Double) {
        let cells = [frames[0].rgba, frames[1].rgba]
        if trackBackgrounds.isEmpty {
            trackBackgrounds = tracks.map { track in
                (0..<2).map { track.background(of: cells[$0], width: frames[$0].width, height: frames[$0].height) }
            }
            trackSeries = tracks.map { _ in [[], []] }
        }
        for (k, track) in tracks.enumerated() {
            for c in 0..<2 {
                guard
                    let centre = track.centre(
                        in: cells[c], width: frames[c].width, height: frames[c].height, background: trackBackgrounds[k][c])
                else { continue }
                trackSeries[k][c].append((t, centre.x / scale, centre.y / scale))
            }
        }
    }

    /// Samples every plot each millisecond strictly between two frame times, from the
    /// animations attached at the first (before the clocks move on to the second).
    private func sampleBetween(_ start: Double, _ end: Double) {
        let steps = Int(((end - start) / Self.fineStep).rounded(.up)) - 1
        guard steps > 0 else { return }
        for p in fineSeries.indices {
            for (v, runtime) in runtimes.enumerated() {
                guard !fineSeries[p].perVariant[v].isEmpty else { continue }
                for k in 1...steps {
                    let u = start + Double(k) * Self.fineStep
                    guard u < end - 1e-9, runtime.stage.currentTime <= u else { continue }
                    let components = Self.components(
                        of: runtime.sampledValue(fineSeries[p].name, atTime: min(u, runtime.scenario.duration)))
                    guard components.count == fineSeries[p].perVariant[v].count else { continue }
                    for (c, component) in components.enumerated() { fineSeries[p].perVariant[v][c].samples.append((u, component.1)) }
                }
            }
        }
    }

    /// Each cell's share of pixels differing from the first cell's, ignored regions left out of
    /// both the count and the total.
    private func measure(_ frames: [PixelBuffer], tolerance: GoldenSpec.Tolerance?) -> [Double] {
        guard !ignored.rectangles.isEmpty, let first = frames.first else {
            return frames.map { ImageComparison.differingShare(frames[0], $0, tolerance: tolerance) }
        }
        if ignoredMask == nil {
            let mask = ignored.mask(width: first.width, height: first.height)
            ignoredMask = (mask, mask.reduce(0) { $0 + ($1 ? 1 : 0) })
        }
        let (mask, count) = ignoredMask!
        let blanked = frames.map { $0.width == first.width && $0.height == first.height ? $0.blanking(mask) : $0 }
        let counted = max(1, first.width * first.height - count)
        return blanked.map { Double(ImageComparison.differingPixels(blanked[0], $0, tolerance: tolerance)) / Double(counted) }
    }

    func finish() throws {
        try feed.drain()
        for s in downstream { try s.finish() }
    }

    func cancel() {
        try? feed.drain()
        for s in downstream { s.cancel() }
    }
}
