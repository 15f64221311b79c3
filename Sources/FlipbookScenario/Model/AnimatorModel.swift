import FlipbookCore
import FlipbookUIKit
import Foundation

/// A `UIViewPropertyAnimator` a scenario declares under `animators` (timing-model.md 11.4).
public struct AnimatorSpec: Sendable {
    public var name: String
    public var duration: Double
    /// `easeInOut`, `easeIn`, `easeOut`, `linear`; ignored when `damping` is set.
    public var curve = "easeInOut"
    /// Control points instead of a named curve.
    public var controlPoints: [Double]?
    /// A spring by damping ratio (`UISpringTimingParameters(dampingRatio:)`).
    public var damping: Double?
    public var scrubsLinearly = true
    public var pausesOnCompletion = false
    /// The changes the animator's block makes.
    public var sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)] = []
    public var settings: [LayerSetting] = []
    /// Actions run when it finishes (any position).
    public var completion: [ScenarioAction] = []
}

/// What a script step does to a named animator.
public enum AnimatorCall: Sendable, Equatable {
    case start(delay: Double)
    case pause
    /// `continueAnimation(withTimingParameters:durationFactor:)`; nil curve keeps the animator's.
    case `continue`(curve: String?, durationFactor: Double)
    /// Sets `isReversed`.
    case reverse(Bool)
    /// `stopAnimation(true)`: stay where it is, no completion.
    case stop
    /// `stopAnimation(false)` then `finishAnimation(at:)`.
    case finish(UIViewAnimatingPosition)
    /// Sets `fractionComplete`.
    case fraction(Double)
}

/// The settings of a `keyframes` step (`UIView.animateKeyframes`, timing-model.md 11.5).
public struct KeyframeBlock: Sendable {
    public var duration: Double
    public var delay: Double = 0
    /// Paces the whole animation; `easeInOut` as UIKit's default.
    public var curve = "easeInOut"
    /// `linear`, `discrete`, `paced`, `cubic`, `cubicPaced`.
    public var mode = "linear"
    public var repeats = false
    public var autoreverses = false
    public var beginFromCurrentState = false
}

/// One `addKeyframe`: its window (fractions of the whole) and its changes.
public struct KeyframeSpec: Sendable {
    public var start: Double
    public var duration: Double
    public var sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)]
    public var settings: [LayerSetting]
}

/// A `transition` step: a CATransition added to a layer before the step's changes.
public struct TransitionSpec: Sendable {
    public var layer: String
    /// `fade`, `push`, `moveIn`, `reveal`, or `flip` (UIKit's flip).
    public var type = "fade"
    public var subtype: String?
    public var duration: Double = 0.25
    public var curve = "easeInOut"
    public var startProgress: Double = 0
    public var endProgress: Double = 1
}
