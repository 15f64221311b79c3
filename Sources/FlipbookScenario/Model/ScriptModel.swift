import FlipbookCore
import FlipbookUIKit
import Foundation

/// Something a scripted event or a chain does.
public enum ScenarioAction: Sendable {
    case add(template: String, layers: [String], key: String?, tag: String?)
    case remove(key: String, layers: [String])
    case removeAll(layers: [String])
    /// A transaction: animatable `sets`, and `settings` of other properties, which change at once.
    case set(
        [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)], settings: [LayerSetting], disableActions: Bool,
        duration: Double?, timing: TimingSpec?, completion: [ScenarioAction])
    /// A `UIView.animate` block over the changes in `sets` (and `settings`), with completion actions.
    case animate(
        ViewBlock, sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)], settings: [LayerSetting],
        completion: [ScenarioAction])
    case log(String)
    /// Rows added to a table (the data source grows), sliding the rows below down.
    case insertRows(table: String, texts: [String], at: Int, animated: Bool)
    /// The refresh header starts refreshing, as `beginRefreshing()` from code: the inset opens
    /// (when the finger lifts, if one is down) and `onBegin` runs.
    case beginRefreshing
    /// The refresh header stops refreshing and closes, as `endRefreshing()`.
    case endRefreshing
    /// `setContentOffset(_:animated:)` on a scroll view.
    case scrollTo(scrollView: String, offset: CGPoint, animated: Bool)
    /// A call on a named property animator.
    case animator(String, AnimatorCall)
    /// A transition on a layer, then changes that it animates.
    case transition(TransitionSpec, sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)], settings: [LayerSetting])
    /// A `UIView.animateKeyframes` block, with completion actions.
    case keyframes(KeyframeBlock, frames: [KeyframeSpec], completion: [ScenarioAction])
}

/// Non-animatable settings for one layer, from a `set`.
public struct LayerSetting: Sendable {
    public var layer: String
    public var options: LayerOptions
}

/// The settings of a `UIView.animate` block.
public struct ViewBlock: Sendable {
    public var duration: Double
    public var delay: Double = 0
    public var curve: String = "easeInOut"
    public var damping: Double?
    public var velocity: Double = 0
    public var repeats = false
    public var autoreverses = false
    public var beginFromCurrentState = false
}

/// Actions at a time.
public struct EventSpec: Sendable {
    public var at: Double
    public var actions: [ScenarioAction]
    public var label: String?
}

/// "When the animation tagged `whenStops` stops, do this" (an `animationDidStop` chain).
public struct ChainSpec: Sendable {
    public var whenStops: String
    /// Only when stopped with this `finished` flag; nil for either.
    public var finished: Bool?
    /// The chain no longer fires at or after this time.
    public var until: Double?
    public var actions: [ScenarioAction]
}
