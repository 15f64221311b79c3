import FlipbookCore
import Foundation

/// A loaded, validated scenario: everything needed to build a Stage and render it.
public struct Scenario: Sendable {
    public var file: String
    public var title: String?
    public var canvas: Canvas
    public var fps: Double
    public var duration: Double
    public var layers: [LayerSpec]
    public var animations: [String: AnimationSpec]
    public var script: [EventSpec]
    public var chains: [ChainSpec]
    /// Variant names the file defines.
    public var variantNames: [String]
    /// What the file asks for that will not look as asked (a font that is not installed, …).
    public var warnings: [Diagnostic] = []
    /// How `flipbook test` samples and compares this scenario (defaults when the file is silent).
    public var golden = GoldenSpec()
    /// Pull-to-refresh behaviour of a scroll scene (bindings, thresholds, the refreshing state).
    public var refresh: RefreshSpec?
    /// Scripted fingers on scroll views.
    public var touches: [TouchSpec] = []
    /// Property animators by name.
    public var animators: [String: AnimatorSpec] = [:]

    public init(file: String, title: String?, canvas: Canvas, fps: Double, duration: Double, layers: [LayerSpec],
                animations: [String: AnimationSpec], script: [EventSpec], chains: [ChainSpec], variantNames: [String],
                golden: GoldenSpec = GoldenSpec()) {
        self.file = file; self.title = title; self.canvas = canvas; self.fps = fps; self.duration = duration
        self.layers = layers; self.animations = animations; self.script = script; self.chains = chains
        self.variantNames = variantNames; self.golden = golden
    }

    public struct Canvas: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var scale: Double
        public var background: RGBA?
    }

    /// Frames the render will have: `round(duration × fps)`.
    public var frameCount: Int { Stage.frameCount(duration: duration, fps: fps) }
}

/// Kinds of layer a scenario can declare.
public enum LayerType: String, Sendable, CaseIterable {
    case layer, shape, text, gradient
    /// A `CAReplicatorLayer`: its sublayers are drawn `instanceCount` times.
    case replicator
    /// A `CAEmitterLayer` with its cells.
    case emitter
    /// A `UIScrollView` (top level only); its sublayers are content, in content coordinates.
    case scroll
    /// A plain `UITableView` with `rows` (top level only).
    case table
    /// A `StatusBarLayer`: a device's status bar, to line a scene up with a recording.
    case statusBar

    /// Whether the layer is a scroll view's (scroll or table).
    var isScrollView: Bool { self == .scroll || self == .table }

    var classKind: Set<String> {
        switch self {
        case .layer, .scroll, .table: return ["base"]
        case .shape: return ["base", "shape"]
        case .text: return ["base", "text"]
        case .gradient: return ["base", "gradient"]
        case .replicator: return ["base", "replicator"]
        case .emitter, .statusBar: return ["base"]
        }
    }
}

/// One layer of the tree.
public struct LayerSpec: Sendable {
    public var id: String
    public var type: LayerType
    /// `frame` first (it sets position and bounds size), then the rest in file order.
    public var frame: CGRect?
    public var properties: [(LayerKeyPath, AnimatableValue)]
    public var options: LayerOptions
    public var sublayers: [LayerSpec]
    public var mask: [LayerSpec]
    /// The scroll view settings of a `scroll` or `table` layer.
    public var scroll: ScrollSpec?
    /// The settings of an `emitter` layer.
    public var emitter: EmitterSpec?
    /// The settings of a `statusBar` layer.
    public var statusBar: StatusBarSpec?
}

/// A scroll view's settings (timing-model.md 13.1).
public struct ScrollSpec: Sendable {
    public var contentSize: CGSize?
    public var contentInset = UIEdgeInsets.zero
    public var bounces = true
    public var alwaysBounceVertical = true
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
public struct TouchSpec: Sendable {
    public var scrollView: String
    public var start: Double
    public var script: TouchScript
}

/// Non-animatable layer settings (a `set` changes them at once, as on iOS).
public struct LayerOptions: Sendable {
    /// Sets `position` and `bounds.size` (which do animate implicitly).
    public var frame: CGRect?
    public var lineCap: CAShapeLayerLineCap?
    public var lineJoin: CAShapeLayerLineJoin?
    public var fillRule: CAShapeLayerFillRule?
    public var lineDashPattern: [Double]?
    public var text: String?
    public var font: String?
    public var alignment: CATextLayerAlignmentMode?
    public var wrapped: Bool?
    public var gradientType: CAGradientLayerType?
    public var contentsGravity: CALayerContentsGravity?
    public var speed: Double?
    public var timeOffset: Double?
    public var beginTime: Double?
    public var maskedCorners: CACornerMask?
    public var preservesDepth: Bool?
    /// An emitter's birth-rate multiplier (settable by `set`, for bursts).
    public var birthRate: Double?
    /// Scroll view values a `set` changes on a scroll or table layer (`contentInset.top`,
    /// `contentOffset.y`, …), animated inside an `animate` block as UIKit animates them.
    public var scrollValues: [(key: String, value: Double)] = []
}

/// A timing curve: a name or four control points.
public enum TimingSpec: Sendable, Equatable {
    case named(CAMediaTimingFunctionName)
    case points(Float, Float, Float, Float)

    var function: CAMediaTimingFunction {
        switch self {
        case .named(let n): return CAMediaTimingFunction(name: n)
        case .points(let a, let b, let c, let d): return CAMediaTimingFunction(controlPoints: a, b, c, d)
        }
    }
}

/// An animation template.
public struct AnimationSpec: Sendable {
    public enum Kind: String, Sendable { case basic, keyframe, group, spring }
    public var name: String
    public var kind: Kind
    public var keyPath: String?
    public var duration: Double?
    public var beginTime: Double?
    public var timeOffset: Double?
    public var speed: Double?
    public var repeatCount: Double?
    public var repeatDuration: Double?
    public var autoreverses: Bool?
    public var fillMode: CAMediaTimingFillMode?
    public var removedOnCompletion: Bool?
    public var timingFunction: TimingSpec?
    public var additive: Bool?
    public var cumulative: Bool?
    public var valueFunction: CAValueFunctionName?
    // basic / spring
    public var from: AnimatableValue?
    public var to: AnimatableValue?
    public var by: AnimatableValue?
    // keyframe
    public var values: [AnimatableValue]?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingSpec]?
    public var calculationMode: CAAnimationCalculationMode?
    public var path: [PathElement]?
    public var rotationMode: CAAnimationRotationMode?
    public var tension: [Double]?
    public var continuity: [Double]?
    public var bias: [Double]?
    // group
    public var children: [AnimationSpec] = []
    // spring
    public var mass: Double?
    public var stiffness: Double?
    public var damping: Double?
    public var initialVelocity: Double?
    public var allowsOverdamping: Bool?
    public var perceptualDuration: Double?
    public var bounce: Double?
    /// `duration: settling` on a spring.
    public var durationIsSettling = false

    /// Layer class kinds the animated key paths need (e.g. "shape" for strokeEnd).
    var requiredLayerKinds: [(keyPath: String, kind: String)] {
        var out: [(String, String)] = []
        if let kp = keyPath, let parsed = LayerKeyPath(kp) {
            switch parsed.property.layerClassName {
            case "base": break
            case let k: out.append((kp, k))
            }
        }
        for c in children { out += c.requiredLayerKinds }
        return out
    }

    /// Active duration in seconds (AD / |speed|) with Core Animation's defaults, for loop checks.
    var activeSeconds: Double {
        let d = (duration ?? 0) > 0 ? duration! : 0.25
        let cycle = d * ((autoreverses ?? false) ? 2 : 1)
        let rc = repeatCount ?? 0, rd = repeatDuration ?? 0
        let ad: Double = rd > 0 && rc > 0 ? min(rc * cycle, rd) : rd > 0 ? rd : rc > 0 ? rc * cycle : cycle
        let s = abs(speed ?? 1)
        return s == 0 ? .infinity : ad / s
    }
}

/// Something a scripted event or a chain does.
public enum ScenarioAction: Sendable {
    case add(template: String, layers: [String], key: String?, tag: String?)
    case remove(key: String, layers: [String])
    case removeAll(layers: [String])
    /// A transaction: animatable `sets`, and `settings` of other properties, which change at once.
    case set([(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)], settings: [LayerSetting], disableActions: Bool,
             duration: Double?, timing: TimingSpec?, completion: [ScenarioAction])
    /// A `UIView.animate` block over the changes in `sets` (and `settings`), with completion actions.
    case animate(ViewBlock, sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)], settings: [LayerSetting],
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

extension LayerOptions {
    /// Takes every setting `other` has.
    mutating func merge(_ other: LayerOptions) {
        if let v = other.frame { frame = v }
        if let v = other.lineCap { lineCap = v }
        if let v = other.lineJoin { lineJoin = v }
        if let v = other.fillRule { fillRule = v }
        if let v = other.lineDashPattern { lineDashPattern = v }
        if let v = other.text { text = v }
        if let v = other.font { font = v }
        if let v = other.alignment { alignment = v }
        if let v = other.wrapped { wrapped = v }
        if let v = other.gradientType { gradientType = v }
        if let v = other.contentsGravity { contentsGravity = v }
        if let v = other.speed { speed = v }
        if let v = other.timeOffset { timeOffset = v }
        if let v = other.beginTime { beginTime = v }
        if let v = other.maskedCorners { maskedCorners = v }
        scrollValues += other.scrollValues
    }
}

/// The `golden:` settings of a scenario: when frames are sampled and how closely they must match.
public struct GoldenSpec: Sendable, Equatable {
    /// Samples per second (a frame at every 1/fps, the last instant of the scenario included).
    public var fps = 10.0
    /// Further instants to sample (seconds), such as the peak of a bounce.
    public var instants: [Double] = []
    /// nil: pixels must be identical.
    public var tolerance: Tolerance?

    /// A perceptual tolerance for other machines (pixelmatch's model): a pixel differs when its
    /// YIQ colour distance exceeds `threshold` (0…1 of the largest possible distance); at most
    /// `share` of the pixels may differ; `ignoreAntialiasing` skips pixels that look like
    /// anti-aliased edges in either image.
    public struct Tolerance: Sendable, Equatable {
        public var threshold: Double
        public var share: Double
        public var ignoreAntialiasing: Bool
        public init(threshold: Double = 0.1, share: Double = 0, ignoreAntialiasing: Bool = false) {
            self.threshold = threshold; self.share = share; self.ignoreAntialiasing = ignoreAntialiasing
        }
    }

    public init(fps: Double = 10, instants: [Double] = [], tolerance: Tolerance? = nil) {
        self.fps = fps; self.instants = instants; self.tolerance = tolerance
    }

    /// The instants sampled for a scenario of `duration`: every 1/fps from 0, the end, and the
    /// named instants, sorted, each once.
    public func times(duration: Double) -> [Double] {
        let n = Int((duration * fps).rounded(.down))
        var all = (0...max(0, n)).map { Double($0) / fps }.filter { $0 <= duration + 1e-9 }
        all.append(duration)
        all += instants.filter { $0 >= 0 && $0 <= duration }
        var out: [Double] = []
        for t in all.sorted() where out.last.map({ abs($0 - t) > 1e-9 }) ?? true { out.append(t) }
        return out
    }
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

/// A `statusBar` layer's settings (`StatusBarLayer`'s, under YAML names).
public struct StatusBarSpec: Sendable {
    public var style: StatusBarLayer.Style = .notch
    public var time = "9:41"
    public var carrier = "Carrier"
    public var signal: Int?
    public var wifi = 3
    public var battery: Double = 1
    public var batteryPercentage = false
    public var contentColor: RGBA = .black
    public init() {}
}
