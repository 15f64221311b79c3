import FlipbookCore
import FlipbookUIKit
import Foundation

/// An on/off control that plays its animation between states (lottie-ios's `AnimatedSwitch`):
/// a tap toggles `isOn`, plays from the new state's start progress to its end (by default 0 → 1
/// turning on, 1 → 0 turning off), taps a light haptic and sends `.valueChanged`. A tap while
/// the previous change still plays reverses it from where it is (`cancelBehavior` `.reverse`).
open class AnimatedSwitch: AnimatedControl {
    /// What a tap does to a change still playing.
    public enum CancelBehavior: Sendable {
        /// Plays the change in progress back.
        case reverse
        /// Plays the new state's range from its start.
        case none
    }

    public var cancelBehavior = CancelBehavior.reverse
    /// Whether a new animation shows the state by playing to it.
    public var animateUpdateWhenChangingAnimation = true
    /// Called whenever `isOn` changes.
    public var stateUpdated: ((_ isOn: Bool) -> Void)?

    private(set) var onStartProgress: CGFloat = 0
    private(set) var onEndProgress: CGFloat = 1
    private(set) var offStartProgress: CGFloat = 1
    private(set) var offEndProgress: CGFloat = 0
    private var on = false {
        didSet { stateUpdated?(on) }
    }
    private let haptics = UIImpactFeedbackGenerator(style: .light)

    public override init(animation: LottieAnimation?, configuration: LottieConfiguration = LottieConfiguration()) {
        super.init(animation: animation, configuration: configuration)
        updateOnState(isOn: on, animated: false, shouldFireHaptics: false)
    }

    public required init?(coder: NSCoder) { nil }

    /// Whether it is on; setting it shows the state without playing.
    public var isOn: Bool {
        get { on }
        set {
            guard newValue != on else { return }
            updateOnState(isOn: newValue, animated: false, shouldFireHaptics: false)
        }
    }

    /// Turns it on or off, playing to the state when `animated`.
    public func setIsOn(_ isOn: Bool, animated: Bool, shouldFireHaptics: Bool = true) {
        guard isOn != on else { return }
        updateOnState(isOn: isOn, animated: animated, shouldFireHaptics: shouldFireHaptics)
    }

    /// The progress range played when turning on (`forOnState`) or off.
    public func setProgressForState(fromProgress: AnimationProgressTime, toProgress: AnimationProgressTime, forOnState: Bool) {
        if forOnState {
            (onStartProgress, onEndProgress) = (fromProgress, toProgress)
        } else {
            (offStartProgress, offEndProgress) = (fromProgress, toProgress)
        }
        updateOnState(isOn: on, animated: false, shouldFireHaptics: false)
    }

    open override func animationDidSet() {
        updateOnState(isOn: on, animated: animateUpdateWhenChangingAnimation, shouldFireHaptics: false)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        updateOnState(isOn: !on, animated: true, shouldFireHaptics: true)
        sendActions(for: .valueChanged)
    }

    func updateOnState(isOn: Bool, animated: Bool, shouldFireHaptics: Bool) {
        on = isOn
        var start = isOn ? onStartProgress : offStartProgress
        var end = isOn ? onEndProgress : offEndProgress
        let final = end
        if cancelBehavior == .reverse {
            // Still inside the previous change's range: play it back from where it is.
            let shown = animationView.realtimeAnimationProgress
            let previousStart = isOn ? offStartProgress : onStartProgress, previousEnd = isOn ? offEndProgress : onEndProgress
            if shown >= min(previousStart, previousEnd), shown <= max(previousStart, previousEnd) {
                (start, end) = (previousEnd, previousStart)
            }
        }
        guard animated else {
            animationView.currentProgress = final
            return
        }
        if shouldFireHaptics { haptics.impactOccurred() }
        animationView.play(fromProgress: start, toProgress: end, loopMode: .playOnce)
    }
}
