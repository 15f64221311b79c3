import Foundation

/// A timer on the Stage clock: `Timer.scheduledTimer(withTimeInterval:repeats:block:)` ported
/// by one mechanical edit, `Timer.` → `stage.` (Foundation's timers need a run loop the Stage
/// never spins). Firings are exact multiples of the interval from the scheduling instant, so
/// they do not drift and do not depend on the render's frame rate.
public final class StageTimer {
    public let timeInterval: TimeInterval
    public private(set) var isValid = true
    /// The Stage time of the next firing.
    public internal(set) var fireDate: Double
    let start: Double
    let repeats: Bool
    var firings = 0

    init(interval: TimeInterval, start: Double, repeats: Bool) {
        timeInterval = interval
        self.start = start
        self.repeats = repeats
        fireDate = start + interval
    }

    /// Stops the timer; a firing already due at this instant does not run.
    public func invalidate() { isValid = false }
}

/// A display link on the Stage clock (`CADisplayLink` ported): ticks at 60 Hz, each tick with
/// the time of this frame and the next.
public final class StageDisplayLink {
    /// The Stage time of the tick being handled.
    public private(set) var timestamp: Double = 0
    /// The time of the next tick.
    public private(set) var targetTimestamp: Double = 0
    /// Seconds between ticks (1/60).
    public let duration: Double = 1.0 / 60
    /// A paused link skips ticks until resumed.
    public var isPaused = false
    public private(set) var isValid = true
    public func invalidate() { isValid = false }
    func tick(at t: Double) {
        timestamp = t
        targetTimestamp = t + duration
    }
}

extension Stage {
    /// Runs `block` after `interval` seconds of Stage time, and every `interval` after when
    /// `repeats`; the block receives the timer (to invalidate it). Changes it makes commit
    /// afterwards, so they animate implicitly from that instant.
    @discardableResult
    public func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool,
        block: @escaping (StageTimer) -> Void
    ) -> StageTimer {
        let step = interval.isFinite ? max(interval, 0.0001) : 0.0001  // as Foundation, a tiny floor
        let timer = StageTimer(interval: step, start: currentTime, repeats: repeats)
        scheduleTimerFiring(timer, block: block)
        return timer
    }

    private func scheduleTimerFiring(_ timer: StageTimer, block: @escaping (StageTimer) -> Void) {
        schedule(at: timer.fireDate, label: nil) { [weak self] in
            guard timer.isValid else { return }
            timer.firings += 1
            block(timer)
            guard timer.repeats, timer.isValid, let self else {
                timer.invalidate()
                return
            }
            timer.fireDate = timer.start + Double(timer.firings + 1) * timer.timeInterval
            self.scheduleTimerFiring(timer, block: block)
        }
    }

    /// Calls `block` at every 1/60 s of Stage time from now (the first tick at the next one),
    /// until invalidated.
    @discardableResult
    public func displayLink(_ block: @escaping (StageDisplayLink) -> Void) -> StageDisplayLink {
        let link = StageDisplayLink()
        let start = currentTime
        scheduledTimer(withTimeInterval: link.duration, repeats: true) { timer in
            guard link.isValid else {
                timer.invalidate()
                return
            }
            guard !link.isPaused else { return }
            link.tick(at: start + Double(timer.firings) * link.duration)
            block(link)
        }
        return link
    }
}
