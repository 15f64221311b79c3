import FlipbookCore
import Foundation

/// How the render loop spreads its work over threads. The bytes written never depend on it.
enum LoopThreading: Sendable {
    /// Serial at first; parallel once the first frames show it saves wall time worth its cost.
    case automatic
    case serial
    case parallel
    /// Serial for the first frames, then parallel: what `automatic` does when going parallel
    /// pays (tests use it to hold that switch to the same bytes and buffers).
    case switching
}

/// How frames are redrawn. The pixels never depend on it (tests hold both to the same bytes).
enum LoopRedraw: Sendable {
    /// Only the rows that changed, where the snapshot allows (`BandSafety`, `DamageRows`).
    case damaged
    /// Every row of every frame.
    case whole
}

/// One frame for the loop: its snapshot, where it is drawn and what changed.
struct FrameJob: @unchecked Sendable {
    let index: Int
    let snapshot: FrameSnapshot
    let slot: FrameSlots.Slot
    /// Rows to redraw in the slot.
    let redraw: Range<Int>
    /// Rows that may differ from the previous frame.
    let damage: Range<Int>
}

/// The loop's state between frames: snapshots are taken, and slots assigned, on the calling thread.
///
///     calling thread:  advance, snapshot, damage ─┬─ draw rows, sinks' prepare ─ consume   (serial)
///                                                 └─ jobs → worker(s) ─────────▶ consume  (parallel)
///
/// Serial is the default: a small frame costs less than handing it to another thread. After
/// `probeFrames` frames the loop compares what drawing (with `prepare`) and consuming cost, and
/// goes parallel only when overlapping them (and drawing on several threads) would save at least
/// a quarter of the wall time and `minimumSaving` a frame.
final class FrameLoop {
    static let probeFrames = 4
    /// Below this saving a frame (seconds), a second thread costs more CPU than it gives back.
    static let minimumSaving = 0.0003
    /// What handing a frame to another thread and back costs (seconds, measured on 2 cores).
    static let handOffCost = 0.0001

    let stage: Stage
    let plan: RenderPlan
    let sinks: [any RenderSink]
    let background: RGBA?
    /// The per-frame bounds (`FrameWork`) frames ran into, for the render's warnings.
    let drawLimits = DrawLimitLog()
    let threads: Int
    let redraw: LoopRedraw
    private var previousSnapshot: FrameSnapshot?
    private var previousBandSafe = false
    /// Frame k's damage against frame k − 1 (nil: every row).
    private var damages: [Range<Int>?] = []
    private var checkedFonts = Set<String>()
    private var instants: [(time: Double, sink: Int)]
    private var instantSnapshots: [(time: Double, sink: Int, snapshot: FrameSnapshot)] = []

    init(stage: Stage, plan: RenderPlan, sinks: [any RenderSink], background: RGBA?, threads: Int, redraw: LoopRedraw) {
        self.stage = stage
        self.plan = plan
        self.sinks = sinks
        self.background = background
        self.threads = max(1, threads)
        self.redraw = redraw
        // Instants that are not frames are snapshotted on the way (the clock only moves on).
        instants = sinks.enumerated().flatMap { i, s in s.instants.map { (time: $0, sink: i) } }.sorted { $0.time < $1.time }
    }

    func run(threading: LoopThreading, progress: ((Int, Int) -> Void)?) throws {
        var previous: PixelBuffer? = nil
        var k = 0
        var slots = FrameSlots(count: 2)
        var drawTime = 0.0, consumeTime = 0.0
        let serialOnly = threading == .serial || threads == 1
        while k < plan.frameCount {
            if threading == .parallel && !serialOnly { break }
            if (threading == .automatic || threading == .switching) && !serialOnly && k == Self.probeFrames + 1 {
                // Frame 0 (drawn whole, and paying first-use costs) is left out of the estimate.
                if threading == .switching
                    || worthGoingParallel(draw: drawTime / Double(Self.probeFrames), consume: consumeTime / Double(Self.probeFrames))
                {
                    break
                }
            }
            let started = DispatchTime.now().uptimeNanoseconds
            let job = makeJob(k, slots: slots)
            let frame = try FrameSlots.draw(
                job.snapshot, rows: job.redraw, into: job.slot, width: plan.width, height: plan.height,
                background: background, limits: drawLimits)
            let prepared = try sinks.map { try $0.prepare(frame, index: k, damage: FrameDamage(rows: job.damage, previous: previous)) }
            let drawn = DispatchTime.now().uptimeNanoseconds
            for (i, sink) in sinks.enumerated() { try sink.consume(frame, index: k, prepared: prepared[i]) }
            if k > 0 {
                drawTime += Double(drawn - started) / 1e9
                consumeTime += Double(DispatchTime.now().uptimeNanoseconds - drawn) / 1e9
            }
            progress?(k + 1, plan.frameCount)
            previous = frame
            k += 1
        }
        if k < plan.frameCount {
            // Batches need two slots per drawing thread; new ones are drawn whole once, then in
            // bands again.
            if slots.count != 2 * drawThreads { slots = FrameSlots(count: 2 * drawThreads) }
            // Handed over, not kept: a frame still referenced here when its slot is drawn again
            // would be copied whole (and kept) for the rest of the render.
            var last = previous
            previous = nil
            try runParallel(from: k, after: &last, slots: slots, progress: progress)
        }
        try finishInstants()
    }

    /// Threads that draw: one fewer while a sink consumes heavily on this thread (a GIF).
    private var drawThreads: Int { max(1, sinks.contains { $0.consumesHeavily } ? threads - 1 : threads) }

    /// Whether drawing `drawThreads` frames at a time beside consuming saves enough wall time,
    /// given the serial seconds a frame spends drawing (and preparing) and consuming.
    func worthGoingParallel(draw: Double, consume: Double) -> Bool {
        let serial = draw + consume
        let parallel = max(draw / Double(drawThreads), consume) + Self.handOffCost
        return serial - parallel >= max(Self.minimumSaving, serial / 4)
    }

    /// Frame `k`'s snapshot, damage and slot (on the calling thread: the Stage is not thread-safe).
    private func makeJob(_ k: Int, slots: FrameSlots) -> FrameJob {
        let time = plan.time(ofFrame: k)
        takeInstants(upTo: time)
        stage.advance(to: plan.start + time)
        let snapshot = stage.snapshot()
        // These walk the snapshots level by level: on a stack that holds them.
        let levels = max(snapshot.root.nestingDepth, previousSnapshot?.root.nestingDepth ?? 0)
        let (bandSafe, damage) = NestedWalk.run(levels: levels) { () -> (Bool, Range<Int>?) in
            stage.reportWhatIsNotDrawnAsAsked(in: snapshot.root, checked: &checkedFonts)
            let bandSafe = redraw == .damaged && BandSafety.allows(snapshot)
            guard let before = previousSnapshot, bandSafe, previousBandSafe else { return (bandSafe, nil) }
            return (bandSafe, DamageRows.between(before, snapshot, height: plan.height))
        }
        damages.append(damage)
        previousSnapshot = snapshot
        previousBandSafe = bandSafe
        let (slot, rows) = slots.assign(k, height: plan.height, bandSafe: bandSafe) { damages[$0] }
        return FrameJob(index: k, snapshot: snapshot, slot: slot, redraw: rows, damage: damage ?? 0..<plan.height)
    }

    /// Batches of `drawThreads` frames drawn (and prepared) on worker threads while this thread
    /// hands the batch before to the sinks in frame order; two batches are alive at once, in
    /// disjoint halves of `slots`.
    private func runParallel(
        from first: Int, after previous: inout PixelBuffer?, slots: FrameSlots,
        progress: ((Int, Int) -> Void)?
    ) throws {
        let batchSize = drawThreads
        func batch(from start: Int, after previous: PixelBuffer?) -> FrameBatch {
            let jobs = (start..<min(plan.frameCount, start + batchSize)).map { makeJob($0, slots: slots) }
            return FrameBatch(
                jobs, after: previous, sinks: sinks, width: plan.width, height: plan.height, background: background,
                limits: drawLimits)
        }
        var inFlight: FrameBatch? = batch(from: first, after: previous)
        previous = nil
        while let current = inFlight {
            let rendered = try current.wait()
            let next = current.first + rendered.count
            inFlight = next < plan.frameCount ? batch(from: next, after: rendered.last?.pixels) : nil
            for (offset, frame) in rendered.enumerated() {
                let index = current.first + offset
                for (i, sink) in sinks.enumerated() { try sink.consume(frame.pixels, index: index, prepared: frame.prepared[i]) }
                progress?(index + 1, plan.frameCount)
            }
        }
    }

    private func takeInstants(upTo time: Double) {
        while let next = instants.first, next.time <= time {
            instants.removeFirst()
            stage.advance(to: plan.start + next.time)
            instantSnapshots.append((next.time, next.sink, stage.snapshot()))
        }
    }

    private func finishInstants() throws {
        takeInstants(upTo: plan.duration)
        for shot in instantSnapshots {
            try sinks[shot.sink].consume(
                instant: shot.time,
                frame: try FrameRasterizer.rasterize(shot.snapshot, background: background, limits: drawLimits))
        }
    }
}

/// Frames drawn, each in its own slot, and prepared on other threads while the caller hands
/// earlier frames to the sinks.
private final class FrameBatch: @unchecked Sendable {
    typealias Frame = (pixels: PixelBuffer, prepared: [(any Sendable)?])
    let first: Int
    // Written by the worker before `done` is signalled, taken by `wait()` after it. Frames are
    // only referenced where they are used: a frame still referenced when its slot is drawn again
    // would be copied whole (arrays copy on write), and the worker's closure may outlive `signal`.
    private var result: Result<[Frame], any Error> = .success([])
    private var previous: PixelBuffer?
    private let done = DispatchSemaphore(value: 0)

    /// `previous` is the frame before the first job (nil when that is frame 0).
    init(
        _ jobs: [FrameJob], after previous: PixelBuffer?, sinks: [any RenderSink], width: Int, height: Int, background: RGBA?,
        limits: DrawLimitLog
    ) {
        first = jobs.first?.index ?? 0
        self.previous = previous
        // Dispatch's own `async`, not the Stage-aware one ported code gets (DispatchQueue+Stage).
        DispatchQueue.global().async(group: nil, qos: .unspecified, flags: []) { [self] in
            result = Self.drawAndPrepare(
                jobs, after: takePrevious(), sinks: sinks, width: width, height: height, limits: limits,
                background: background)
            done.signal()
        }
    }

    private func takePrevious() -> PixelBuffer? {
        defer { previous = nil }
        return previous
    }

    /// Draws every job in its slot (in parallel: no two share a slot), then runs the sinks'
    /// `prepare` on each frame (in parallel too).
    private static func drawAndPrepare(
        _ jobs: [FrameJob], after previous: PixelBuffer?, sinks: [any RenderSink], width: Int,
        height: Int, limits: DrawLimitLog, background: RGBA?
    ) -> Result<[Frame], any Error> {
        Result {
            let drawn = ParallelResults<PixelBuffer>(count: jobs.count)
            DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
                let job = jobs[i]
                drawn.set(
                    i,
                    Result {
                        try FrameSlots.draw(
                            job.snapshot, rows: job.redraw, into: job.slot, width: width, height: height,
                            background: background, limits: limits)
                    })
            }
            let pixels = try drawn.values()
            let prepared = ParallelResults<[(any Sendable)?]>(count: jobs.count)
            DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
                let damage = FrameDamage(rows: jobs[i].damage, previous: i == 0 ? previous : pixels[i - 1])
                prepared.set(i, Result { try sinks.map { try $0.prepare(pixels[i], index: jobs[i].index, damage: damage) } })
            }
            return zip(pixels, try prepared.values()).map { ($0, $1) }
        }
    }

    func wait() throws -> [Frame] {
        done.wait()
        let taken = result
        result = .success([])
        return try taken.get()
    }
}
