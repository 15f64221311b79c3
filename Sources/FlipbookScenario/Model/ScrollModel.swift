import FlipbookCore
import FlipbookUIKit
import Foundation

/// A scroll view's settings (timing-model.md 13.1).
public struct ScrollSpec: Sendable {
    public var contentSize: CGSize?
    public var contentInset = UIEdgeInsets.zero
    public var bounces = true
    public var alwaysBounceVertical = true
    /// Whether the scroll indicators show (13.7).
    public var showsVerticalScrollIndicator = true
    public var showsHorizontalScrollIndicator = true
    /// The per-millisecond deceleration factor (13.3).
    public var decelerationRate = 0.998
    public var rows: RowsSpec?
}

/// A table's rows.
public struct RowsSpec: Sendable {
    public var texts: [String] = []
    public var height = 44.0
    public var font: String?
    public var fontSize = 17.0
    public var textColor = RGBA(red: 0, green: 0, blue: 0, alpha: 1)
    public var background: RGBA? = RGBA(red: 1, green: 1, blue: 1, alpha: 1)
    public var separators = true
    public var separatorColor: RGBA?
    public var separatorInset = 15.0
    /// Separators drawn on below the last row (a plain table without a footer view).
    public var separatorsBelowRows = true
}

/// What a pull is measured as: points past the resting edge, that over the header height, or
/// the raw content offset (timing-model.md 13.1).
public enum PullSource: String, Sendable, CaseIterable { case pull, percent, offset }

/// Pull-to-refresh on one scroll view (timing-model.md 13.5).
public struct RefreshSpec: Sendable {
    public var scrollView: String
    public var headerHeight: Double
    /// The pull at which the header is "pulling": released there, it starts refreshing.
    public var trigger: Double
    public var bindings: [BindingSpec] = []
    public var thresholds: [ThresholdSpec] = []
    public var refreshing: RefreshingSpec?
}

/// A property that follows the pull through a clamped linear map.
public struct BindingSpec: Sendable {
    public var source: PullSource
    public var input: (Double, Double)
    public var layer: String
    public var keyPath: LayerKeyPath
    public var output: (AnimatableValue, AnimatableValue)
    /// Follow the pull while refreshing and closing too (by default only while idle or pulling,
    /// as headers stop tracking the pull once they refresh).
    public var always = false
    /// The animator whose `fractionComplete` the binding drives (then `layer` and `keyPath` are unused).
    public var animator: String?
}

/// Actions run when the pull crosses a value.
public struct ThresholdSpec: Sendable {
    public enum Crossing: String, Sendable, CaseIterable {
        /// The pull rises through the value.
        case down
        /// The pull falls back through it.
        case up
        /// The finger lifts with the pull at or past it.
        case release
    }
    public var source: PullSource
    public var value: Double
    public var on: Crossing
    /// Down and up crossings count only while a finger is down, unless false.
    public var whileDragging = true
    public var actions: [ScenarioAction]
}

/// The refreshing state: opened at release past the trigger, held, then closed.
public struct RefreshingSpec: Sendable {
    /// How the inset opens: nil, the content springs to the new edge (13.4); else a
    /// `UIView.animate` block (MJRefresh's 0.25 s).
    public var open: ViewBlock?
    public var endsAt: Double?
    public var endsAfter: Double?
    /// How the inset closes (MJRefresh: 0.4 s).
    public var close = ViewBlock(duration: 0.4)
    public var onBegin: [ScenarioAction] = []
    public var onEnd: [ScenarioAction] = []
    public var onClosed: [ScenarioAction] = []
}

/// A finger on a scroll view from `start`.
/// A finger that taps: down on a layer's centre or a canvas point at `start`, up `hold` later.
public struct TapSpec: Sendable {
    public enum Target: Sendable, Equatable {
        case layer(String)
        case point(CGPoint)
    }
    public var target: Target
    public var start: Double
    public var hold: Double
}

public struct TouchSpec: Sendable {
    public var scrollView: String
    public var start: Double
    public var script: TouchScript
}
