import Foundation

#if os(Linux)
    // Core Foundation's run-loop timers, which Linux's Foundation does not export: on iOS a
    // `CFRunLoopTimer` is toll-free bridged to `Timer`, so here it is one. Added to a run loop
    // while a Stage's code runs, it fires on the Stage clock (`CFAbsoluteTimeGetCurrent()` reads
    // it), at its fire date and then every interval, as `Timer` does on a Stage.

    /// Seconds on Core Foundation's clock (the Stage's while a Stage's code runs).
    public typealias CFAbsoluteTime = Double
    public typealias CFOptionFlags = UInt
    /// Core Foundation's run-loop timer: a Foundation `Timer`.
    public typealias CFRunLoopTimer = Timer
    /// Core Foundation's run loop: Foundation's.
    public typealias CFRunLoop = RunLoop
    /// Core Foundation's run-loop mode: Foundation's (`.commonModes`, `.defaultMode`).
    public typealias CFRunLoopMode = RunLoop.Mode

    /// An allocator argument (Flipbook allocates as Swift does: any value is accepted).
    public final class CFAllocator: Sendable {}
    public var kCFAllocatorDefault: CFAllocator? { nil }
    public var kCFRunLoopCommonModes: CFRunLoopMode { .common }
    public var kCFRunLoopDefaultMode: CFRunLoopMode { .default }

    extension RunLoop.Mode {
        /// Core Foundation's name for `.default`.
        public static let defaultMode = RunLoop.Mode.default
    }

    /// The time now: the Stage's clock while its code runs (exact at a callback's instant), else
    /// seconds since 2001 as on iOS.
    public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
        Stage.current == nil ? Date().timeIntervalSinceReferenceDate : TransactionContext.current.now
    }

    public func CFRunLoopGetMain() -> CFRunLoop { RunLoop.main }
    public func CFRunLoopGetCurrent() -> CFRunLoop { RunLoop.current }

    /// A timer to add with `CFRunLoopAddTimer`: it fires at `fireDate` (on `CFAbsoluteTimeGetCurrent()`'s
    /// clock), then every `interval` seconds when `interval` > 0. Flags and order are ignored, as
    /// Core Foundation ignores them.
    public func CFRunLoopTimerCreateWithHandler(
        _ allocator: CFAllocator?, _ fireDate: CFAbsoluteTime, _ interval: CFTimeInterval, _ flags: CFOptionFlags, _ order: CFIndex,
        _ block: ((CFRunLoopTimer?) -> Void)!
    ) -> CFRunLoopTimer! {
        RunLoopTimerPlan(fireDate: fireDate, interval: interval, handler: block)
    }

    /// Starts `timer`: on the Stage whose code runs, at its fire date on the Stage clock; with no
    /// Stage, on Foundation's run loop.
    public func CFRunLoopAddTimer(_ rl: CFRunLoop!, _ timer: CFRunLoopTimer!, _ mode: CFRunLoopMode!) {
        guard let plan = timer as? RunLoopTimerPlan, !plan.isAdded else { return }
        plan.isAdded = true
        let handler = plan.handler
        guard let stage = Stage.current else {
            let box = UncheckedTimerAction { running in
                guard plan.isValid else { return running.invalidate() }
                handler?(plan)
            }
            let foundationTimer = Timer(
                fire: Date(timeIntervalSinceReferenceDate: plan.plannedFireDate), interval: max(0, plan.plannedInterval),
                repeats: plan.plannedInterval > 0
            ) { box.run($0) }
            RunLoop.current.add(foundationTimer, forMode: mode ?? .default)
            return
        }
        let first = max(plan.plannedFireDate, stage.currentTime)
        stage.schedule(at: first) { [weak stage] in
            guard plan.isValid else { return }
            handler?(plan)
            guard plan.plannedInterval > 0, plan.isValid, let stage else { return plan.invalidate() }
            stage.scheduledTimer(withTimeInterval: plan.plannedInterval, repeats: true) { stageTimer in
                guard plan.isValid else { return stageTimer.invalidate() }
                handler?(plan)
            }
        }
    }

    /// Stops `timer` (its firings already due at this instant do not run).
    public func CFRunLoopTimerInvalidate(_ timer: CFRunLoopTimer!) { timer?.invalidate() }
    public func CFRunLoopRemoveTimer(_ rl: CFRunLoop!, _ timer: CFRunLoopTimer!, _ mode: CFRunLoopMode!) { timer?.invalidate() }
    public func CFRunLoopTimerIsValid(_ timer: CFRunLoopTimer!) -> Bool { timer?.isValid ?? false }

    /// A run-loop timer as created, waiting for `CFRunLoopAddTimer`.
    final class RunLoopTimerPlan: Timer {
        let plannedFireDate: CFAbsoluteTime
        let plannedInterval: CFTimeInterval
        let handler: ((CFRunLoopTimer?) -> Void)?
        var isAdded = false

        init(fireDate: CFAbsoluteTime, interval: CFTimeInterval, handler: ((CFRunLoopTimer?) -> Void)?) {
            plannedFireDate = fireDate
            plannedInterval = interval.isFinite ? interval : 0
            self.handler = handler
            super.init(fire: Date(timeIntervalSinceReferenceDate: fireDate), interval: 0, repeats: false) { _ in }
        }
    }
#endif
