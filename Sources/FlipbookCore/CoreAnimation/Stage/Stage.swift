import CMainQueue
import Foundation

/// One entry of the Stage's event trace.
public struct StageEvent: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case animationDidStart
        case animationDidStop(finished: Bool)
        case scripted(String)
        /// The engine worked around a problem at this time (also in `Stage.warnings`).
        case warning(String)
        /// A haptic feedback generator fired (`UIImpactFeedbackGenerator.impactOccurred()`, …).
        case haptic(String)
    }
    public var time: Double
    public var kind: Kind
    /// The layer's `name`, if it has one.
    public var layer: String?
    /// The animation's key on the layer.
    public var key: String?

    public var description: String {
        let t = String(format: "%.4f", time)
        switch kind {
        case .animationDidStart: return "\(t) start \(layer ?? "?") \(key ?? "-")"
        case .animationDidStop(let f): return "\(t) stop \(layer ?? "?") \(key ?? "-") finished=\(f)"
        case .scripted(let s): return "\(t) event \(s)"
        case .warning(let s): return "\(t) warning \(s)"
        case .haptic(let s): return "\(t) haptic \(s)"
        }
    }
}

/// Something the engine noticed and worked around, with what kind of thing it is.
public struct StageWarning: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A font that is not installed was replaced (also reported by the scenario loader).
        case fontSubstituted
        /// Something drawn other than asked (an unknown gradient type or contents gravity).
        case notDrawnAsAsked
        /// The events at one instant or in one advance ran past their limit.
        case eventLimit
        /// Anything else the engine worked around (a runaway chain, a row past a table's end).
        case workedAround
        /// Stage code handed work to something the Stage clock does not run (a background
        /// queue): what it changes lands at a time that depends on the machine's speed.
        case outsideStageClock
    }
    public var kind: Kind
    /// The Stage time it happened at, when it belongs to one.
    public var time: Double?
    public var message: String
    public var description: String { time.map { String(format: "t=%.4f: ", $0) + message } ?? message }
}

/// The headless driver: a layer tree, a media clock and the events due on it
/// (docs/architecture.md, docs/timing-model.md 1).
/// Nothing reads the wall clock; time moves only through `advance(to:)`.
public final class Stage {
    /// Canvas size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// The root of the layer tree; it never animates its own changes (timing-model.md 10.3).
    public let rootLayer: CALayer
    /// The global time, in seconds.
    public private(set) var currentTime: Double = 0
    /// Start, stop and scripted events in the order they fired.
    public private(set) var trace: [StageEvent] = []
    /// Problems the engine noticed and worked around (e.g. a runaway chain at one instant), as
    /// text ("t=1.2000: …").
    public var warnings: [String] { warningLog.map(\.description) }
    /// The same, each with its kind and time, for tools that tell warnings apart.
    public private(set) var warningLog: [StageWarning] = []

    private var scheduled = ScheduledEvents()
    /// Continuous motions (a scroll view decelerating or bouncing), stepped at every instant
    /// the clock stops at, in the order they started.
    private var tickers: [(owner: ObjectIdentifier, step: (Double) -> Void)] = []
    private var lastTickTime = -Double.infinity
    /// What UIKit, the module above, keeps per Stage (its window over `rootLayer`, the safe
    /// area, the last tap): Core Animation holds it without knowing its type, as a layer holds
    /// its delegate.
    package var uiKitState: AnyObject?

    /// Whether `DispatchQueue.main.async` blocks run on the Stage when it is driven from the main
    /// thread: after each event and motion step that runs user code, the main queue is drained
    /// once (a run-loop turn), so blocks queued there run at that instant, in order, as a device
    /// runs them one turn later. Off the main thread the main queue belongs to whoever drains
    /// it (under Swift Testing, another thread): use `DispatchQueue.main.stageAsync` there.
    public var runsMainQueue = true
    /// Where `UIImage(systemName:)` looks for symbols (`NAME.png`, `NAME@2x.png`, `NAME@3x.png`,
    /// exported from Apple's SF Symbols app, which Flipbook cannot ship); nil: the folder in the
    /// `FLIPBOOK_SYMBOLS` environment variable, else none (a placeholder is drawn, with a warning).
    public var symbolsFolder: URL?

    /// Limit of events at a single instant before the Stage refuses to loop further.
    public var maximumEventsPerInstant = 100_000
    /// Limit of events in one `advance(to:)`; the rest wait for the next call, so a chain of
    /// near-zero durations slows a render down instead of hanging it.
    public var maximumEventsPerAdvance = 100_000
    /// Limit of `animationDidStop(finished: false)` callbacks sent for one layer and key at one
    /// instant. A delegate (or a scenario chain) that re-adds under the key of the animation
    /// whose replacement it is hearing about replaces it again at the same instant, forever;
    /// past this bound the stops are no longer reported and one warning says so.
    public var maximumReplacementStopsPerInstant = 16
    private var replacementStops: (time: Double, counts: [ReplacementSlot: Int]) = (-.infinity, [:])
    private var warnedReplacementLoops: Set<ReplacementSlot> = []
    private var warnedSubjects: Set<String> = []
    /// Reports from other threads about work the Stage started (DispatchQueue+Stage.swift).
    let offClockReports = OffClockReports()

    private struct ReplacementSlot: Hashable {
        var layer: ObjectIdentifier
        var key: String?
    }

    public init(size: CGSize, scale: CGFloat = 2) {
        self.size = size
        self.scale = scale
        rootLayer = CALayer()
        rootLayer.owningStage = self
        rootLayer.bounds = CGRect(origin: .zero, size: size)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let ctx = TransactionContext.current
        ctx.activeStage = self
    }

    /// Schedules `action` at global `time` (events at the same time run in scheduling order).
    /// The time is rounded to its Stage instant (`StageInstant`), so events made by different
    /// sums of the same times fire at the same instant as each other and as frames.
    public func schedule(at time: Double, label: String? = nil, _ action: @escaping () -> Void) {
        scheduled.insert(.init(time: StageInstant.of(time), sequence: SequenceCounter.next(), label: label, action: action))
    }

    package func enqueue(at time: Double, _ action: @escaping () -> Void) {
        schedule(at: time, action)
    }

    /// Steps `step` with the time at every instant the clock stops at (each event's and each
    /// `advance(to:)` target) until `stopTicking(owner)`: how a model value that is a function
    /// of time (a decelerating scroll offset) holds that function's value whenever anyone looks.
    package func startTicking(_ owner: AnyObject, step: @escaping (Double) -> Void) {
        let id = ObjectIdentifier(owner)
        if let i = tickers.firstIndex(where: { $0.owner == id }) { tickers[i].step = step } else { tickers.append((id, step)) }
        lastTickTime = currentTime
    }

    package func stopTicking(_ owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        tickers.removeAll { $0.owner == id }
    }

    /// One run-loop turn on the main thread: the main queue's blocks run now, at `time`.
    private func runMainQueue(at time: Double, context ctx: TransactionContext) {
        guard runsMainQueue, Thread.isMainThread else { return }
        // Nothing queued: no turn (it costs several system calls; a render makes one an instant).
        guard flipbook_main_queue_has_work() != 0 else { return }
        let previous = ctx.callbackTime
        ctx.callbackTime = time
        _ = RunLoop.main.run(mode: .default, before: .distantPast)
        ctx.callbackTime = previous
    }

    /// Steps every motion to `time`; returns whether any ran (they may run user code).
    private func runTickers(at time: Double, context ctx: TransactionContext) -> Bool {
        guard !tickers.isEmpty, time > lastTickTime else { return false }
        lastTickTime = time
        currentTime = time
        ctx.callbackTime = time
        for ticker in tickers { ticker.step(time) }
        runMainQueue(at: time, context: ctx)
        ctx.commitImplicit(at: time, stage: self)
        ctx.callbackTime = nil
        return true
    }

    /// Moves the clock to `time` (its Stage instant), firing everything due on the way in time
    /// order; an earlier time is ignored (timing-model.md 1.1).
    public func advance(to requested: Double) {
        let time = StageInstant.of(requested)
        let ctx = TransactionContext.current
        ctx.activeStage = self
        for message in offClockReports.take() { warn(message, kind: .outsideStageClock) }
        // Changes made outside any callback commit at the current time, with what the main
        // queue was asked to do since.
        runMainQueue(at: currentTime, context: ctx)
        ctx.commitImplicit(at: currentTime, stage: self)
        guard time.isFinite, time >= currentTime else { return }
        var count = EventCount(instant: currentTime)
        // Events are found in one scan of the tree and fired in order; only an event that may
        // run user code (a delegate, a completion, a scripted closure) can change what is due,
        // so only then is the tree scanned again. Without this, n animations starting at
        // once cost n scans.
        var queue: [DueEvent] = []
        var needsScan = true
        events: while true {
            if needsScan {
                queue = dueEvents(upTo: time)
                needsScan = false
            }
            guard let (next, fromQueue) = earliestEvent(queue, dueBy: time) else {
                // Nothing left before `time`: motions catch up with it, and may have made
                // something due on the way (their own end).
                if runTickers(at: time, context: ctx) {
                    needsScan = true
                    continue
                }
                break events
            }
            if next.time > lastTickTime, runTickers(at: next.time, context: ctx) {
                needsScan = true
                continue
            }
            if fromQueue { queue.removeLast() }
            if next.mayRunUserCode { needsScan = true }
            switch count.admit(next.time, perAdvance: maximumEventsPerAdvance, perInstant: maximumEventsPerInstant) {
            case .stop:
                warningLog.append(
                    StageWarning(
                        kind: .eventLimit, time: nil,
                        message: "more than \(maximumEventsPerAdvance) events before t=\(time); the rest wait for the next advance"))
                break events
            case .dropInstant:
                warningLog.append(
                    StageWarning(
                        kind: .eventLimit, time: nil,
                        message: "more than \(maximumEventsPerInstant) events at t=\(count.instant); later ones dropped"))
                dropEvents(at: count.instant)
                needsScan = true
                continue
            case .fire:
                fire(next, context: ctx)
            }
        }
        currentTime = time
        ctx.commitImplicit(at: time, stage: self)
    }

    /// The next event due by `time`: the earlier of the animations' next (the last of `queue`)
    /// and the next scheduled one, in (time, sequence, rank) order; whether it is `queue`'s.
    /// Scheduled events are taken from their own sorted list, one at a time: a script of
    /// thousands of events at one instant is not scanned again after each (it was quadratic).
    private func earliestEvent(_ queue: [DueEvent], dueBy time: Double) -> (DueEvent, fromQueue: Bool)? {
        switch (queue.last, scheduledEvent(dueBy: time)) {
        case (nil, nil): return nil
        case (let a?, let b?):
            let first = (a.time, a.sequence, a.rank) < (b.time, b.sequence, b.rank)
            return (first ? a : b, first)
        case (let a?, nil): return (a, true)
        case (nil, let b?): return (b, false)
        }
    }

    /// Fires `event` at its time, then runs what it asked of the main queue and commits.
    private func fire(_ event: DueEvent, context ctx: TransactionContext) {
        currentTime = event.time
        ctx.callbackTime = event.time
        event.fire()
        if event.mayRunUserCode { runMainQueue(at: event.time, context: ctx) }
        ctx.commitImplicit(at: event.time, stage: self)
        ctx.callbackTime = nil
    }

    /// The events one advance has fired, in all and at its latest instant: past
    /// `maximumEventsPerAdvance` the advance stops (the rest wait for the next), past
    /// `maximumEventsPerInstant` the instant's later events are dropped.
    private struct EventCount {
        enum Verdict { case fire, stop, dropInstant }
        var fired = 0, firedAtInstant = 0
        var instant: Double

        init(instant: Double) { self.instant = instant }

        mutating func admit(_ time: Double, perAdvance: Int, perInstant: Int) -> Verdict {
            fired += 1
            if fired > perAdvance { return .stop }
            if time != instant {
                instant = time
                firedAtInstant = 0
            }
            firedAtInstant += 1
            return firedAtInstant > perInstant ? .dropInstant : .fire
        }
    }

    /// The presentation tree at the current time.
    public func snapshot() -> FrameSnapshot {
        TransactionContext.current.activeStage = self
        let depth = rootLayer.nestingDepth
        if depth > Limits.maximumDrawnLayerDepth {
            warnOnce(
                "layer depth",
                "layers are nested \(depth) levels deep; layers deeper than \(Limits.maximumDrawnLayerDepth) levels are not drawn")
        }
        return FrameSnapshot(time: currentTime, size: size, scale: Double(scale), root: rootLayer.snapshot(at: currentTime, depth: depth))
    }

    /// The layer tree as `CALayer.render(in:)` draws it on iOS: model values, every animation
    /// left out.
    package func modelSnapshot() -> FrameSnapshot {
        let ctx = TransactionContext.current
        ctx.drawsModelValues = true
        defer { ctx.drawsModelValues = false }
        return snapshot()
    }

    /// The Stage this thread's Core Animation code answers to (its clock, `UIScreen.main`);
    /// a snapshot on a Stage of its own puts the earlier one back with this.
    package static var active: Stage? {
        get { TransactionContext.current.activeStage }
        set { TransactionContext.current.activeStage = newValue }
    }

    // MARK: - Event discovery

    private struct DueEvent {
        var time: Double
        var sequence: Int
        var rank: Int
        /// Whether firing it can call user code (and so change what else is due).
        var mayRunUserCode: Bool
        var fire: () -> Void
    }

    /// Every event due by `limit`, latest last-in-order first, so `popLast()` gives the next.
    private func dueEvents(upTo limit: Double) -> [DueEvent] {
        var due: [DueEvent] = []
        // Each time is checked before its event (and the closure it carries) is made: most
        // animations have nothing due at most instants. Scheduled events come from
        // `scheduledEvent(dueBy:)`, merged in as the loop goes.
        forEachLayer(rootLayer) { layer in
            for record in layer.attachedAnimations where record.beginResolved && !record.stopped {
                let params = record.animation.timingParameters
                if !record.started {
                    let start = StageInstant.of(layer.globalTime(ofLocal: params.beginTime))
                    if start.isFinite, max(start, currentTime) <= limit {
                        due.append(
                            DueEvent(
                                time: max(start, currentTime), sequence: record.sequence, rank: 0,
                                mayRunUserCode: record.animation.delegate != nil
                            ) { [unowned self] in
                                fireStart(record, on: layer)
                            })
                    }
                }
                let end = params.endTime
                if end.isFinite {
                    let globalEnd = StageInstant.of(layer.globalTime(ofLocal: end))
                    if globalEnd.isFinite, max(globalEnd, currentTime) <= limit {
                        due.append(
                            DueEvent(
                                time: max(globalEnd, currentTime), sequence: record.sequence, rank: 1,
                                mayRunUserCode: record.animation.delegate != nil || !record.completionGroups.isEmpty
                            ) { [unowned self] in
                                fireStop(record, on: layer)
                            })
                    }
                }
            }
        }
        due.sort { ($0.time, $0.sequence, $0.rank) > ($1.time, $1.sequence, $1.rank) }
        return due
    }

    /// The first scheduled event due by `limit` (at the current time if it was due before).
    private func scheduledEvent(dueBy limit: Double) -> DueEvent? {
        guard let s = scheduled.first(dueBy: limit) else { return nil }
        let label = s.label, seq = s.sequence
        return DueEvent(time: max(s.time, currentTime), sequence: seq, rank: 0, mayRunUserCode: true) { [unowned self] in
            if let item = scheduled.remove(sequence: seq) {
                if let label { trace.append(StageEvent(time: currentTime, kind: .scripted(label))) }
                item.action()
            }
        }
    }

    private func dropEvents(at instant: Double) {
        scheduled.removeAll(upTo: instant)
        forEachLayer(rootLayer) { layer in
            for r in layer.attachedAnimations where !r.stopped {
                r.started = true
                r.stopped = true
                if r.animation.isRemovedOnCompletion { layer.detach(r) }
            }
        }
    }

    private func fireStart(_ record: AttachedAnimation, on layer: CALayer) {
        guard !record.started else { return }
        record.started = true
        trace.append(StageEvent(time: currentTime, kind: .animationDidStart, layer: layer.traceName, key: record.key))
        record.animation.delegate?.animationDidStart(record.animation)
    }

    /// Stops `record` now as finished (a property animator that ran to its end).
    func stopAsFinished(_ record: AttachedAnimation, on layer: CALayer) { fireStop(record, on: layer) }

    private func fireStop(_ record: AttachedAnimation, on layer: CALayer) {
        guard !record.stopped else { return }
        if !record.started { fireStart(record, on: layer) }
        record.stopped = true
        // Detached before the callback: inside animationDidStop the animation is gone (3.2).
        if record.animation.isRemovedOnCompletion { layer.detach(record) }
        trace.append(StageEvent(time: currentTime, kind: .animationDidStop(finished: true), layer: layer.traceName, key: record.key))
        for g in record.completionGroups { g.animationStopped(finished: true, at: currentTime, stage: self) }
        record.animation.delegate?.animationDidStop(record.animation, finished: true)
    }

    /// The Stage the calling thread last created or advanced (nil once it is gone): the one
    /// code without a reference to it (a ported `DispatchQueue.main.async`) runs on.
    public static var current: Stage? { TransactionContext.current.activeStage }

    /// The Stage's clock as callbacks see it: the due time of the event being handled, else
    /// the current time (what `CACurrentMediaTime()` answers).
    public var now: Double {
        let ctx = TransactionContext.current
        return ctx.activeStage === self ? ctx.now : currentTime
    }

    /// Records what happened at the current time in the trace (a state change of a scene).
    public func record(_ label: String) {
        trace.append(StageEvent(time: currentTime, kind: .scripted(label)))
    }

    /// Records a haptic feedback generator's call at the current time.
    package func recordHaptic(_ what: String) {
        trace.append(StageEvent(time: currentTime, kind: .haptic(what)))
    }

    /// Records a warning at the current time, in `warnings` and in the trace.
    package func warn(_ message: String, kind: StageWarning.Kind = .workedAround) {
        warningLog.append(StageWarning(kind: kind, time: currentTime, message: message))
        trace.append(StageEvent(time: currentTime, kind: .warning(message)))
    }

    /// Records a warning once per `subject` (a port's mistake repeated at every frame is one).
    package func warnOnce(_ subject: String, _ message: String) {
        guard warnedSubjects.insert(subject).inserted else { return }
        warn(message)
    }

    /// Whether an early stop of `key` on `layer` at the current instant is still reported
    /// (see `maximumReplacementStopsPerInstant`).
    func admitsEarlyStop(layer: CALayer, key: String?) -> Bool {
        if replacementStops.time != currentTime { replacementStops = (currentTime, [:]) }
        let slot = ReplacementSlot(layer: ObjectIdentifier(layer), key: key)
        let count = replacementStops.counts[slot, default: 0] + 1
        replacementStops.counts[slot] = count
        guard count > maximumReplacementStopsPerInstant else { return true }
        if warnedReplacementLoops.insert(slot).inserted {
            warn(
                "the animation under key '\(key ?? "-")' on layer '\(layer.traceName)' was replaced "
                    + "\(maximumReplacementStopsPerInstant) times at this instant, each stop adding it again "
                    + "(an animationDidStop that replaces what it stops); its further stops at one instant are not reported")
        }
        return false
    }

    func recordEarlyStop(layer: CALayer, key: String?) {
        trace.append(StageEvent(time: currentTime, kind: .animationDidStop(finished: false), layer: layer.traceName, key: key))
    }

    private func forEachLayer(_ layer: CALayer, _ body: (CALayer) -> Void) {
        layer.forEachInTree(.maskFirst, body)
    }
}

extension CALayer {
    /// Global time of a local time; +∞ while a layer on the path is paused.
    func globalTime(ofLocal t: Double) -> Double {
        // From this layer up to the root, walked without building the chain (every event time
        // of every animation is worked out this way at each instant).
        var time = t
        var next: CALayer? = self
        while let layer = next {
            guard layer.speed != 0 else { return .infinity }
            time = (time - layer.timeOffset) / Double(layer.speed) + layer.beginTime
            next = layer.superlayer
        }
        return time
    }
}
