import Flipbook
import FlipbookComparison
import Foundation

/// Several variants of an animation on one clock (`flipbook compare`): a grid GIF (or an onion
/// skin), a filmstrip of the same instants, and numbers per variant.
public struct VariantComparison {
    /// One input: a scenario file and a variant of it (`default`: no overrides).
    public struct Input: Sendable {
        public var file: String
        public var variant: String
        public var label: String
        /// The file's bytes when the caller has read them already (the preview reads the file
        /// once, after checking what it is); nil: read from `file`.
        public var contents: Data?
        public init(file: String, variant: String, label: String, contents: Data? = nil) {
            self.file = file
            self.variant = variant
            self.label = label
            self.contents = contents
        }
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
        /// When the frame that differs most is shown (seconds of the comparison; nil: no frames
        /// compared). The mean hides a worst frame: a wave that snaps back a tenth of a second late
        /// differs in 0.7 % of pixels on average and 4 % there.
        public var worstAt: Double?
        /// Per plotted property component: range, overshoot and settling.
        public var properties: [PropertySummary] = []
        /// The differences per phase or per second (`periods`), when asked.
        public var periods: [DifferencePeriod] = []
        /// A recording's row: the offset used, and how it was found when it was not given.
        public var offset: Double?
        public var offsetEstimate: OffsetEstimate?
        /// The first compared scene's row: each tracked region's motion here and in the reference.
        public var tracks: [TrackSummary] = []
    }

    /// One plotted value of one variant, summed up (docs/compare.md "Overshoot and settling").
    public struct PropertySummary: Codable, Sendable, Equatable {
        public var property: String
        public var minimum: Double
        public var maximum: Double
        /// The largest move's overshoot past its target, as a share of the move (0: none).
        public var overshoot: Double
        /// When the largest move entered the 2 % band around its target for good (the first
        /// sample when the value never moved).
        public var settlingTime: Double
        /// Every move from one rest to the next, in time order.
        public var segments: [MotionSegment]

        /// Summarises samples (time, value) in time order.
        public static func of(_ property: String, _ samples: [(time: Double, value: Double)]) -> PropertySummary {
            let values = samples.map(\.value)
            let segments = MotionSegment.segments(of: samples)
            let largest = segments.max { abs($0.to - $0.from) < abs($1.to - $1.from) }
            return PropertySummary(
                property: property, minimum: values.min() ?? 0, maximum: values.max() ?? 0,
                overshoot: largest?.overshoot ?? 0, settlingTime: largest?.settledAt ?? samples.first?.time ?? 0,
                segments: segments)
        }
    }

    /// A plotted series as read: angles (`…rotation…`) unwrapped across ±π.
    static func series(_ name: String, _ samples: [(time: Double, value: Double)]) -> [(time: Double, value: Double)] {
        name.contains("rotation") ? MotionSegment.unwrappedAngles(samples) : samples
    }

    /// A recording shown on the same clock, first (`--against ORIGINAL.gif`): its frame at
    /// time t is the one the GIF shows at t − offset (its first frame before, its last after).
    public struct Recording: Sendable {
        public var url: URL
        /// Seconds into the comparison at which the recording starts; nil: found from both
        /// sides' change profiles (`OffsetEstimate`).
        public var offset: Double?
        public var label: String
        /// The part of each frame that shows the scene, in the recording's pixels (`--crop`).
        public var crop: (x: Int, y: Int, width: Int, height: Int)?
        /// Scene pixels per recording pixel (`--scale`): a 3× simulator recording of a 2× scene is 2/3.
        public var scale: Double?
        public init(url: URL, offset: Double? = nil, label: String? = nil) {
            self.url = url
            self.offset = offset
            self.label = label ?? url.lastPathComponent
        }
    }

    public var inputs: [Input]
    /// The recording the variants are compared with, if any.
    public var against: Recording?
    public var layout: VariantGrid.Layout
    public var fps: Double?
    /// `LAYER.KEYPATH`s to sample at every frame and plot.
    public var plots: [String]
    /// Periods to measure the differences in (`--phase`); nil: none, or per second with a recording.
    public var periods: [DifferencePeriod]?
    /// Rectangles of the comparison frame left out of every difference figure (`--ignore`).
    public var ignored = IgnoredRegions()
    /// The span compared, in seconds of the scene's clock (`--from`, `--until`); nil: from 0
    /// through the longest input's duration, however long the recording runs.
    public var from: Double?
    public var until: Double?
    /// Regions to follow in the reference (the recording, else the first input) and the first
    /// compared scene (`--track`).
    public var tracks: [TrackedRegion] = []
    /// What the last `run` decided for the user to know: an offset found, a recording cut to
    /// the scene's span, a padded pixel row cropped.
    public internal(set) var notes: [String] = []
    /// The offset the last `run` found (nil: given, or no recording).
    public internal(set) var offsetEstimate: OffsetEstimate?
    /// The plots of the last `run`, one per property (`render()` draws one; `point(time:value:)`
    /// says where a value lands).
    package private(set) var propertyPlots: [PropertyPlot] = []
    /// The runtimes of the last `run` (for the page's trace and finger), the first one's cell
    /// and the number of cells.
    private var lastRun: (runtimes: [(runtime: ScenarioRuntime, label: String)], cellOffset: Int, cellCount: Int) = ([], 0, 0)
    /// The plots drawn, for `PropertyPlot.stack`.
    public var plotImages: [PixelBuffer] { get throws { try propertyPlots.map { try $0.render() } } }

    /// Runs the comparison like `run(sinks:)` and also returns the `--html` page: the composed
    /// frames under a scrubber, the plots and the summary.
    /// `pageFrameLimit` caps the frames the page holds (evenly spaced beyond it). With
    /// `pictureURL`, the page asks for picture I (a key frame or a patch) at `pictureURL(I)` (a
    /// server hands out `frames`' pictures, each encoded by then or when asked for) instead of
    /// holding every picture as a data URL.
    /// With `inlineUpTo` as well, the frames are inlined after all when their data URLs come to
    /// at most that many bytes (`framesInlined` says which was done): a short comparison stays
    /// one file, a long one's page stays small.
    public mutating func runWithPage(
        sinks: [any RenderSink], title: String,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount, pageFrameLimit: Int = 240,
        pictureURL: ((Int) -> String)? = nil, inlineUpTo: Int? = nil, extras: PageExtras = PageExtras()
    ) throws -> (summaries: [Summary], html: String, frames: PageFrameStore, framesInlined: Bool) {
        let pageFrames = PageFramesSink(limit: pageFrameLimit)
        let summaries = try run(sinks: sinks + [pageFrames], threads: threads)
        let plots = try propertyPlots.map { plot -> ComparisonPage.Plot in
            let range = plot.timeRange
            let x0 = plot.point(time: range.lowerBound, value: plot.valueRange.lowerBound).x / Double(plot.width)
            let x1 = plot.point(time: range.upperBound, value: plot.valueRange.lowerBound).x / Double(plot.width)
            return ComparisonPage.Plot(png: try PNGCodec.encode(try plot.render()), axis: (x0, x1, range.lowerBound, range.upperBound))
        }
        var served = pictureURL
        if pictureURL != nil, let limit = inlineUpTo {
            let bytes = try pageFrames.store.encodedPictures().reduce(0) { $0 + ($1.count + 2) / 3 * 4 }
            if bytes <= limit { served = nil }
        }
        let html = try ComparisonPage.html(
            title: title, summaries: summaries, frames: pageFrames.store, plots: plots,
            timeline: timeline(at: pageFrames.store.times), pictureURL: served, extras: extras)
        return (summaries, html, pageFrames.store, served == nil)
    }

    /// HTML a page carries besides the player: `header` above it, `footer` (scripts, lists)
    /// after everything (the preview's status line, errors and commands).
    public struct PageExtras: Sendable {
        public var header: String
        public var footer: String
        public init(header: String = "", footer: String = "") {
            self.header = header
            self.footer = footer
        }
    }

    /// The first scenario's event trace and its finger at `times`, placed in its cell of the
    /// composed frame (as fractions of that frame's size).
    private func timeline(at times: [Double]) -> ComparisonPage.Timeline {
        guard let first = lastRun.runtimes.first else { return ComparisonPage.Timeline() }
        let canvas = first.runtime.scenario.canvas
        let frame = (Int((canvas.width * canvas.scale).rounded()), Int((canvas.height * canvas.scale).rounded()))
        let cell = VariantGrid.cell(lastRun.cellOffset, count: lastRun.cellCount, frame: frame, layout: layout)
        let size = VariantGrid.size(of: frame, count: lastRun.cellCount, layout: layout)
        let fingers = times.map { t in
            first.runtime.fingerLocation(at: t).map { p in
                (
                    (Double(cell.minX) + Double(p.x) * canvas.scale) / Double(size.width),
                    (Double(cell.minY) + Double(p.y) * canvas.scale) / Double(size.height)
                )
            }
        }
        return ComparisonPage.Timeline(trace: first.runtime.stage.trace.map { ($0.time, $0.description) }, fingers: fingers)
    }

    public init(inputs: [Input], layout: VariantGrid.Layout = .row, fps: Double? = nil, plots: [String] = []) {
        self.inputs = inputs
        self.layout = layout
        self.fps = fps
        self.plots = plots
    }

    /// Loads every input (errors name the file and line), runs them in lockstep for the longest
    /// duration (shorter ones hold their last frame), and feeds the composed frames to `sinks`.
    public mutating func run(sinks: [any RenderSink], threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [Summary] {
        notes = []
        offsetEstimate = nil
        let loaded = try inputs.map(Self.load)
        let scenarios = loaded.map(\.scenario)
        let runtimes = scenarios.map { ScenarioRuntime(scenario: $0) }
        let rate = fps ?? scenarios[0].fps
        let first = scenarios[0].canvas
        let frameSize = (Int((first.width * first.scale).rounded()), Int((first.height * first.scale).rounded()))
        try checkOptions(scenarios: scenarios, runtimes: runtimes, frameSize: frameSize)
        let fitted = try against.map { try RecordingFit.fit($0, to: frameSize, scene: scenarios[0].file) }
        notes += fitted?.notes ?? []
        let recorded = fitted?.frames
        let span = scenarios.map(\.duration).max() ?? 0
        let start = from ?? 0, end = until ?? span
        guard start >= 0, end > start else {
            throw CompareError.usage(String(format: "--from %g s must come before --until %g s", start, end))
        }
        if let recorded { try place(recorded, scene: loaded[0], fps: rate, span: span, frameSize: frameSize, window: (start, end)) }
        // A host stage the size of the composition: its render loop drives the clock, and each
        // variant's own stage is advanced to the same time (clamped to its duration).
        let cells = runtimes.count + (recorded == nil ? 0 : 1)
        let composite = VariantGrid.size(of: frameSize, count: cells, layout: layout)
        let host = Stage(size: CGSize(width: composite.width, height: composite.height), scale: 1)
        let sink = CompositionSink(
            runtimes: runtimes, labels: inputs.map(\.label), layout: layout, downstream: sinks, plots: plots,
            recording: recorded, inputFrames: loaded.map(\.frames), origin: start)
        sink.ignored = ignored
        sink.tracks = tracks
        sink.scale = first.scale
        _ = try host.render(duration: end - start, fps: rate, sinks: [sink], threads: threads)
        lastRun = (zip(runtimes, inputs).map { ($0, $1.label) }, recorded == nil ? 0 : 1, cells)
        let stops = runtimes.map { r in
            r.stage.trace.filter {
                if case .animationDidStop = $0.kind { return true }
                return false
            }.map(\.time)
        }
        propertyPlots = propertyPlots(sink.plotSeries, stops: stops)
        // With a recording, it is cell 0 and every difference is measured against it.
        let cellLabels = (recorded.map { [$0.label] } ?? []) + inputs.map(\.label)
        let trackSummaries = tracks.indices.map { k in
            TrackSummary.of(
                name: tracks[k].name, reference: sink.trackSeries[k][0], scene: sink.trackSeries[k][1], wobble: 0.2 / first.scale)
        }
        propertyPlots += trackPlots(trackSummaries, series: sink.trackSeries, labels: cellLabels, recorded: recorded != nil)
        let periods = self.periods ?? (recorded == nil ? [] : DifferencePeriod.seconds(through: end).filter { $0.end > start })
        let recordingSummary = recorded.map { r -> Summary in
            Summary(
                label: r.label, duration: r.duration, lastEvent: nil, meanDifference: 0, largestDifference: 0, offset: r.offset,
                offsetEstimate: offsetEstimate)
        }
        return (recordingSummary.map { [$0] } ?? [])
            + summaries(sink, runtimes: runtimes, stops: stops, periods: periods, tracks: trackSummaries, shift: recorded == nil ? 0 : 1)
    }

    /// Refuses options the inputs cannot meet, before anything renders: canvases of another
    /// size, `--ignore` and `--track` rectangles outside the frame, `--track` with one picture,
    /// `--plot` names some input lacks.
    private func checkOptions(scenarios: [Scenario], runtimes: [ScenarioRuntime], frameSize: (Int, Int)) throws {
        for s in scenarios.dropFirst()
        where Int((s.canvas.width * s.canvas.scale).rounded()) != frameSize.0
            || Int((s.canvas.height * s.canvas.scale).rounded()) != frameSize.1
        {
            throw CompareError.usage(
                "\(s.file): its canvas (\(s.canvas.width)×\(s.canvas.height) at \(s.canvas.scale)x) differs from the first input's; variants compare on one canvas size"
            )
        }
        for r in ignored.rectangles
        where r.width <= 0 || r.height <= 0 || r.x < 0 || r.y < 0 || r.x + r.width > frameSize.0 || r.y + r.height > frameSize.1 {
            throw CompareError.usage(
                "--ignore \(r.x),\(r.y),\(r.width),\(r.height) is not inside the \(frameSize.0)×\(frameSize.1) px frame compared")
        }
        for t in tracks {
            let r = t.rectangle
            guard r.x + r.width <= frameSize.0, r.y + r.height <= frameSize.1 else {
                throw CompareError.usage(
                    "--track \(t.name)=\(r.x),\(r.y),\(r.width),\(r.height) is not inside the \(frameSize.0)×\(frameSize.1) px frame compared"
                )
            }
        }
        if !tracks.isEmpty && against == nil && inputs.count < 2 {
            throw CompareError.usage("--track follows a region in two pictures: give --against RECORDING, or two inputs")
        }
        for plot in plots {
            guard runtimes.allSatisfy({ $0.sampledValue(plot) != nil }) else {
                throw CompareError.usage(
                    "--plot expects LAYER.KEYPATH naming a layer every input has and an animatable key path; found '\(plot)'")
            }
        }
    }

    /// Places the recording on the comparison's clock (its offset found unless given) and notes
    /// when it runs past the part compared.
    private mutating func place(
        _ recorded: RecordedFrames, scene: (scenario: Scenario, frames: RecordedFrames?), fps: Double, span: Double,
        frameSize: (Int, Int), window: (start: Double, end: Double)
    ) throws {
        if against?.offset == nil { try findOffset(of: recorded, scene: scene, fps: fps, span: span, frameSize: frameSize) }
        let recordingEnd = recorded.duration + recorded.offset
        guard recordingEnd > window.end + 1e-6 else { return }
        notes.append(
            String(
                format: "%@ runs %.2f s (through %.2f s of the comparison); compared from %.2f s through %.2f s, the %@",
                recorded.label, recorded.duration, recordingEnd, window.start, window.end,
                until == nil ? "scene's span (--until to compare more)" : "--until given"))
    }

    /// A plot per `--plot`, a curve per input and component, each input's animationDidStop
    /// instants marked on its first component.
    private func propertyPlots(
        _ series: [(name: String, perVariant: [[(name: String, samples: [(time: Double, value: Double)])]])], stops: [[Double]]
    ) -> [PropertyPlot] {
        series.map { name, perVariant in
            let curves = perVariant.enumerated().flatMap { i, components in
                components.map { component, samples in
                    PropertyPlot.Series(
                        label: inputs[i].label + (component.isEmpty ? "" : " " + component), samples: Self.series(name, samples),
                        events: component == components.first?.name ? stops[i] : [])
                }
            }
            return PropertyPlot(title: name, series: curves)
        }
    }

    /// Each input's summary: its differences from the first cell (the recording, when `shift`
    /// is 1), worst frame, periods, sampled properties and (for the first scene) the tracks.
    private func summaries(
        _ sink: CompositionSink, runtimes: [ScenarioRuntime], stops: [[Double]], periods: [DifferencePeriod], tracks: [TrackSummary],
        shift: Int
    ) -> [Summary] {
        zip(inputs, runtimes).enumerated().map { i, pair in
            let (input, runtime) = pair
            let diffs = sink.differences.map { $0[i + shift] }
            let properties = sink.fineSeries.flatMap { name, perVariant in
                perVariant[i].map { component, samples in
                    PropertySummary.of(name + (component.isEmpty ? "" : "." + component), Self.series(name, samples))
                }
            }
            let worst = diffs.indices.max { diffs[$0] < diffs[$1] || (diffs[$0] == diffs[$1] && $0 > $1) }
            return Summary(
                label: input.label, duration: runtime.scenario.duration, lastEvent: stops[i].last,
                meanDifference: diffs.isEmpty ? 0 : diffs.reduce(0, +) / Double(diffs.count), largestDifference: diffs.max() ?? 0,
                worstAt: worst.map { sink.differenceTimes[$0] }, properties: properties,
                periods: DifferencePeriod.measure(periods, samples: Array(zip(sink.differenceTimes, diffs)).map { ($0.0, $0.1) }),
                tracks: i == 1 - shift ? tracks : [])
        }
    }

    /// A plot per tracked region, both cells' centres on its axis; with a recording, its tracked
    /// curve is drawn on every `--plot` too (a scene property against the device's motion).
    private mutating func trackPlots(
        _ summaries: [TrackSummary], series: [[[(time: Double, x: Double, y: Double)]]], labels: [String], recorded: Bool
    ) -> [PropertyPlot] {
        var extra: [PropertyPlot] = []
        for (k, summary) in summaries.enumerated() where k < series.count {
            let curves = (0..<2).map { c in
                PropertyPlot.Series(
                    label: labels[c], samples: series[k][c].map { ($0.time, summary.axis == "x" ? $0.x : $0.y) })
            }
            extra.append(PropertyPlot(title: "track \(summary.name) (\(summary.axis), points)", series: curves))
            if recorded {
                for p in propertyPlots.indices {
                    propertyPlots[p].series.append(
                        PropertyPlot.Series(label: labels[0] + " track " + summary.name + " " + summary.axis, samples: curves[0].samples))
                }
            }
        }
        return extra
    }
}

extension VariantComparison {
    /// How a comparison's animation is asked of its format: looked at, not kept, so speed over
    /// size where the format trades them without losing a pixel (a GIF's one LZW trial a table:
    /// the 18 s recording's comparison 0.2 s sooner, 0.01 % larger; docs/benchmarks.md).
    public static func outputRequest(url: URL, inputs: [URL]) -> OutputFormat.SinkRequest {
        var request = OutputFormat.SinkRequest(url: url, inputs: inputs)
        request.favoursSpeed = true
        return request
    }
}
