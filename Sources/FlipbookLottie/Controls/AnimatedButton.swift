import FlipbookCore
import FlipbookUIKit
import Foundation

/// A button that plays parts of its animation on touch events (lottie-ios's `AnimatedButton`):
/// by default the whole animation on `.touchUpInside`; `setPlayRange(…event:)` sets a range
/// for `.touchDown`, `.touchUpInside` or `.touchUpOutside`. A lift inside also runs
/// `performAction`.
open class AnimatedButton: AnimatedControl {
    /// Run when a touch lifts inside the button.
    public var performAction: (() -> Void)?
    private var ranges: [UInt: (from: CGFloat, to: CGFloat)] = [UIControl.Event.touchUpInside.rawValue: (0, 1)]

    public override init(animation: LottieAnimation?, configuration: LottieConfiguration = LottieConfiguration()) {
        super.init(animation: animation, configuration: configuration)
    }

    public required init?(coder: NSCoder) { nil }

    /// Plays from `fromProgress` to `toProgress` when `event` happens.
    public func setPlayRange(fromProgress: AnimationProgressTime, toProgress: AnimationProgressTime, event: UIControl.Event) {
        ranges[event.rawValue] = (fromProgress, toProgress)
    }

    /// Plays from one marker to another when `event` happens (nothing when either is missing).
    public func setPlayRange(fromMarker: String, toMarker: String, event: UIControl.Event) {
        guard let from = animation?.progressTime(forMarker: fromMarker), let to = animation?.progressTime(forMarker: toMarker) else {
            return
        }
        ranges[event.rawValue] = (from, to)
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        _ = super.beginTracking(touch, with: event)
        play(for: .touchDown)
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch, bounds.contains(touch.location(in: self)) {
            performAction?()
            play(for: .touchUpInside)
        } else {
            play(for: .touchUpOutside)
        }
    }

    private func play(for event: UIControl.Event) {
        guard let range = ranges[event.rawValue] else { return }
        animationView.play(fromProgress: range.from, toProgress: range.to, loopMode: .playOnce)
    }
}
