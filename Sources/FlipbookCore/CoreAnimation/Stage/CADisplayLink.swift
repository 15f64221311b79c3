import Foundation

/// `CADisplayLink` on the Stage clock: it calls back at every display refresh (60 Hz of Stage
/// time, or `preferredFramesPerSecond`), on the global grid k/60 s as a device's vsync, so its
/// ticks do not depend on the render's frame rate.
///
/// Porting: iOS code creates it with `CADisplayLink(target: self, selector: #selector(tick))`,
/// which cannot compile on Linux (no `#selector`); the one edit is the closure form,
/// `CADisplayLink { [weak self] link in self?.tick(link) }`. Everything else —
/// `add(to: .main, forMode: .common)`, `isPaused`, `invalidate()`, `timestamp`,
/// `targetTimestamp`, `duration`, `preferredFramesPerSecond` — is spelled as on iOS.
open class CADisplayLink {
    /// The Stage time of the tick being handled.
    open private(set) var timestamp: CFTimeInterval = 0
    /// The Stage time of the next tick.
    open private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between display refreshes (1/60).
    open var duration: CFTimeInterval { 1.0 / CADisplayLink.refreshRate }
    /// A paused link is not called until resumed (ticks go on underneath).
    open var isPaused = false
    /// Ticks per second wanted; 0 (the default) is the display's rate. Rounded to a whole
    /// divisor of 60, as the display can only skip refreshes.
    open var preferredFramesPerSecond = 0
    /// Whether the link is still able to tick (not invalidated).
    public private(set) var isValid = true

    /// The display's refresh rate on the Stage clock.
    public static let refreshRate = 60.0

    private let callback: (CADisplayLink) -> Void
    private weak var stage: Stage?
    private var running = false

    /// A link that calls `callback` at each tick once added to a run loop (the Linux form of
    /// `init(target:selector:)`).
    public init(_ callback: @escaping (CADisplayLink) -> Void) {
        self.callback = callback
    }

    /// Starts the link on the Stage whose code is running (the run loop and mode are accepted as
    /// on iOS; the Stage clock is the only one).
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard isValid, !running, let stage = Stage.current else { return }
        self.stage = stage
        running = true
        scheduleTick(after: stage.now, on: stage)
    }

    /// Stops the link; add it again to restart.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { running = false }

    /// Stops the link for good; the Stage lets go of it (as a run loop does on iOS).
    open func invalidate() {
        isValid = false
        running = false
    }

    /// Refreshes between ticks: 60 / preferredFramesPerSecond, at least one.
    private var refreshesPerTick: Int {
        guard preferredFramesPerSecond > 0 else { return 1 }
        return max(1, Int((CADisplayLink.refreshRate / Double(preferredFramesPerSecond)).rounded()))
    }

    private func scheduleTick(after time: Double, on stage: Stage) {
        let step = refreshesPerTick
        // The next refresh k/60 after `time` whose k is a multiple of the step.
        var k = Int((time * CADisplayLink.refreshRate + 1e-9).rounded(.down)) + 1
        k = ((k + step - 1) / step) * step
        let tickTime = Double(k) / CADisplayLink.refreshRate
        // The Stage holds the link while it runs, as a run loop holds an added link on iOS
        // (code often keeps no reference of its own); it lets go once removed or invalidated.
        stage.schedule(at: tickTime) { [self, weak stage] in
            guard let stage, self.running, self.isValid else { return }
            self.timestamp = tickTime
            self.targetTimestamp = Double(k + self.refreshesPerTick) / CADisplayLink.refreshRate
            self.scheduleTick(after: tickTime, on: stage)
            if !self.isPaused { self.callback(self) }
        }
    }
}

/// Swift 3 spellings a 2016 library uses.
public typealias RunLoopMode = RunLoop.Mode

extension RunLoop.Mode {
    /// `RunLoopMode.commonModes` (Swift 3) is `.common`.
    public static let commonModes = RunLoop.Mode.common
}
