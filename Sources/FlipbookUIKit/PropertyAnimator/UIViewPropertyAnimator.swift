import FlipbookCore
import Foundation

/// Where an animator is in its life.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive, active, stopped
}

/// Where a finished animation left its views.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}

/// The controls an interruptible animation offers.
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// Animates view changes that can be paused, scrubbed, reversed and continued
/// (timing-model.md 11.4). It runs on the Stage clock.
open class UIViewPropertyAnimator: NSObject, UIViewAnimating {
    /// The duration given at creation (a mass/stiffness spring replaces it with its settling time).
    public let duration: TimeInterval
    public private(set) var delay: TimeInterval = 0
    public let timingParameters: (any UITimingCurveProvider)?
    public private(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animation is moving (not paused, stopped or finished).
    public private(set) var isRunning = false
    /// While paused, scrub linearly (true) or along the timing curve.
    open var scrubsLinearly = true
    /// Reaching the end pauses there instead of finishing (no completion runs).
    open var pausesOnCompletion = false
    open var isInterruptible = true
    open var isUserInteractionEnabled = true
    open var isManualHitTestingEnabled = false

    private var curve: AnimatorCurve
    private var pendingBlocks: [(block: () -> Void, delayFactor: Double)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var tracks: [AnimatorTrack] = []
    /// τ at `anchorTime`; τ moves at `rate` per second after `anchorTime` while running.
    private var anchorFraction = 0.0
    private var anchorTime = 0.0
    private var rate = 0.0
    /// Shown progress is τ itself (paused after a linear scrub).
    private var showsLinear = false
    /// After a scrub or new timing, motion resumes from the shown progress along this curve.
    private var segment: (startFraction: Double, curve: AnimatorCurve, toEnd: Bool)?
    private var reversedFlag = false
    /// Invalidates scheduled ends when the motion changes.
    private var generation = 0

    // MARK: - Creation

    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        curve = AnimatorCurve(parameters, duration: duration)
        self.duration = curve.duration
        timingParameters = parameters
        super.init()
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator that starts at once (after `delay`), with the curve in `options`.
    @discardableResult
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval,
        options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let curve: UIView.AnimationCurve
        switch (options.rawValue >> 16) & 0xF {
        case 1: curve = .easeIn
        case 2: curve = .easeOut
        case 3: curve = .linear
        default: curve = .easeInOut
        }
        let animator = UIViewPropertyAnimator(duration: duration, curve: curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: - Blocks

    /// Adds changes to animate; on an active animator they move over the time that is left.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds changes that start `delayFactor` of the way through the (remaining) time.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let d = delayFactor.isFinite ? min(1, max(0, Double(delayFactor))) : 0
        guard state == .active else {
            pendingBlocks.append((animation, d))
            return
        }
        let now = Self.now
        let tau = fraction(at: now)
        record(animation, startFraction: reversedFlag ? tau : tau + d * (1 - tau), at: now)
    }

    /// Runs when the animation finishes, with where it finished.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    // MARK: - Control

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        switch state {
        case .stopped: return
        case .inactive: activate()
        case .active: guard !isRunning else { return }
        }
        self.delay = delay.isFinite ? max(0, delay) : 0
        resume(curve: nil, durationFactor: 1, after: self.delay)
    }

    open func pauseAnimation() {
        switch state {
        case .stopped: return
        case .inactive: activate()
        case .active: freeze(at: Self.now)
        }
    }

    /// Resumes a paused animator with new timing (nil: its own) over `durationFactor` × the time left.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        guard state == .active, !isRunning else { return }
        let factor = durationFactor.isFinite && durationFactor > 0 ? Double(durationFactor) : 1
        resume(curve: parameters.map { AnimatorCurve($0, duration: duration) }, durationFactor: factor, after: 0)
    }

    /// Stops where it is: `true` leaves the views there and ends (no completion); `false` waits
    /// for `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        freeze(at: Self.now)
        if withoutFinishing {
            settle(at: .current)
            state = .inactive
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator with its views at `finalPosition`, then runs the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        end(at: finalPosition)
    }

    /// The time fraction (0 at the start, 1 at the end); settable while paused.
    open var fractionComplete: CGFloat {
        get { CGFloat(fraction(at: Self.now)) }
        set {
            switch state {
            case .stopped: return
            case .inactive: activate()
            case .active: guard !isRunning else { return }
            }
            let v = Double(newValue)
            guard v.isFinite else { return }
            anchorFraction = min(1, max(0, v))
            segment = nil
            showsLinear = scrubsLinearly
        }
    }

    /// Runs toward the start instead of the end; flipping it while running turns back at once.
    open var isReversed: Bool {
        get { reversedFlag }
        set {
            guard newValue != reversedFlag else { return }
            guard isRunning else {
                reversedFlag = newValue
                return
            }
            let now = Self.now
            freeze(at: now)
            reversedFlag = newValue
            resume(
                curve: segment?.curve, durationFactor: 1 / (abs(rate) * max(curve.duration, 1e-9)), after: 0,
                forceSegment: segment != nil)
        }
    }

    // MARK: - Progress (timing-model.md 11.4)

    static var now: Double { TransactionContext.current.now }

    /// τ at global time `t`.
    private func fraction(at t: Double) -> Double {
        guard isRunning else { return anchorFraction }
        return min(1, max(0, anchorFraction + rate * max(0, t - anchorTime)))
    }

    /// The progress a track shows at global time `t`.
    func progress(of track: AnimatorTrack, at t: Double) -> Double {
        let tau = fraction(at: t)
        if let segment {
            let target = segment.toEnd ? 1.0 : 0.0
            let span = target - segment.startFraction
            let w = span == 0 ? 1 : min(1, max(0, (tau - segment.startFraction) / span))
            let p0 = track.segmentStartProgress
            return p0 + (target - p0) * segment.curve.progress(w)
        }
        let s = track.startFraction
        let u = s <= 0 ? tau : s >= 1 ? (tau >= 1 ? 1 : 0) : min(1, max(0, (tau - s) / (1 - s)))
        return showsLinear ? u : curve.progress(u)
    }

    // MARK: - Internals

    /// Inactive → active (paused at the start): runs the blocks, which set the final values.
    private func activate() {
        state = .active
        isRunning = false
        anchorFraction = 0
        showsLinear = false
        segment = nil
        let now = Self.now
        let blocks = pendingBlocks
        pendingBlocks = []
        for (block, d) in blocks { record(block, startFraction: d, at: now) }
    }

    /// Runs `block` with the animator recording every animatable change as a track.
    private func record(_ block: () -> Void, startFraction: Double, at now: Double) {
        let ctx = TransactionContext.current
        var blockState = UIViewAnimationState(duration: max(duration, 1e-6), delay: 0, options: [], spring: nil)
        blockState.recorder = AnimatorRecorder(animator: self, startFraction: startFraction)
        ctx.viewAnimationStack.append(blockState)
        block()
        ctx.viewAnimationStack.removeLast()
    }

    /// Called by the view action for each change made inside a recorded block.
    func addTrack(
        layer: CALayer, property: LayerProperty, oldModel: AnimatableValue,
        animations: [(key: String, animation: AnimatorDrivenAnimation)], startFraction: Double
    ) {
        let track: AnimatorTrack
        if let existing = tracks.first(where: { $0.layer === layer && $0.property == property }) {
            existing.endModel = layer.modelState[property]
            track = existing
        } else {
            track = AnimatorTrack(
                layer: layer, property: property, startModel: oldModel,
                endModel: layer.modelState[property], startFraction: startFraction)
            tracks.append(track)
        }
        let shift = layer.convertTime(Self.now, from: nil) - Self.now
        for (key, anim) in animations {
            anim.driver = self
            anim.track = track
            anim.layerTimeShift = shift
            // The layer keeps a copy; the copy carries the same driver and track.
            layer.attach(anim, forKey: key, extraGroups: [])
            track.keys.append(key)
        }
    }

    private func freeze(at t: Double) {
        anchorFraction = fraction(at: t)
        anchorTime = t
        isRunning = false
        generation += 1
    }

    /// Starts moving from the current picture; with a scrubbed picture or new timing the rest
    /// of the way is a fresh segment from what is shown (11.4).
    private func resume(curve newCurve: AnimatorCurve?, durationFactor: Double, after wait: Double, forceSegment: Bool = false) {
        let now = Self.now
        // A segment already in place is re-based at what is shown, so a reversal or a second
        // resume never jumps (11.4 rule 5).
        if showsLinear || newCurve != nil || forceSegment || segment != nil {
            for t in tracks { t.segmentStartProgress = progress(of: t, at: now) }
            segment = (anchorFraction, newCurve ?? segment?.curve ?? curve, !reversedFlag)
            showsLinear = false
        }
        let seconds = max(curve.duration, 1e-9) * durationFactor
        rate = (reversedFlag ? -1 : 1) / seconds
        anchorTime = now + wait
        isRunning = true
        generation += 1
        let target = reversedFlag ? 0.0 : 1.0
        let endTime = anchorTime + (target - anchorFraction) / rate
        let token = generation
        let reachedEnd: () -> Void = { [self] in
            guard token == generation, isRunning else { return }
            freeze(at: endTime)
            anchorFraction = target
            if pausesOnCompletion { return }
            end(at: reversedFlag ? .start : .end, ranToEnd: true)
        }
        if let stage = TransactionContext.current.activeStage {
            stage.schedule(at: max(now, endTime), label: "property animator end", reachedEnd)
        }
    }

    /// Leaves the views at `position`, removes the animations, becomes inactive and runs the
    /// completions (on the Stage, at this instant).
    /// `ranToEnd`: the animations reached their end by themselves, so they stop as finished
    /// (`animationDidStop(finished: true)`, as on iOS); a stop asked for reports `false`.
    private func end(at position: UIViewAnimatingPosition, ranToEnd: Bool = false) {
        settle(at: position, ranToEnd: ranToEnd)
        state = .inactive
        let blocks = completions
        completions = []
        guard !blocks.isEmpty else { return }
        if let stage = TransactionContext.current.activeStage {
            stage.enqueue(at: Self.now) { for b in blocks { b(position) } }
        } else {
            for b in blocks { b(position) }
        }
    }

    /// Writes the model values for `position` without animating and removes the tracks.
    private func settle(at position: UIViewAnimatingPosition, ranToEnd: Bool = false) {
        let now = Self.now
        var finals: [(AnimatorTrack, AnimatableValue)] = []
        for t in tracks {
            guard let layer = t.layer else { continue }
            switch position {
            case .end: finals.append((t, t.endModel))
            case .start: finals.append((t, t.startModel))
            case .current: finals.append((t, layer.presentationState(at: now)[t.property]))
            }
        }
        isRunning = false
        generation += 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (t, value) in finals {
            guard let layer = t.layer else { continue }
            for key in t.keys {
                if ranToEnd { layer.removeAnimationAsFinished(forKey: key) } else { layer.removeAnimation(forKey: key) }
            }
            layer.setModel(t.property, value)
        }
        CATransaction.commit()
        tracks = []
        segment = nil
        showsLinear = false
        anchorFraction = position == .start ? 0 : position == .end ? 1 : anchorFraction
    }
}

/// Set on a block's animation state while an animator records it.
struct AnimatorRecorder {
    unowned let animator: UIViewPropertyAnimator
    let startFraction: Double
}
