import FlipbookCore
import FlipbookUIKit
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
    /// Scripted taps (`{ tap: ID }` or `{ tap: [x, y] }` in `touches`).
    public var taps: [TapSpec] = []
    /// What a tap on a layer does (its `onTap`), by layer id.
    public var tapActions: [String: [ScenarioAction]] = [:]
    /// Property animators by name.
    public var animators: [String: AnimatorSpec] = [:]

    public init(
        file: String, title: String?, canvas: Canvas, fps: Double, duration: Double, layers: [LayerSpec],
        animations: [String: AnimationSpec], script: [EventSpec], chains: [ChainSpec], variantNames: [String],
        golden: GoldenSpec = GoldenSpec()
    ) {
        self.file = file
        self.title = title
        self.canvas = canvas
        self.fps = fps
        self.duration = duration
        self.layers = layers
        self.animations = animations
        self.script = script
        self.chains = chains
        self.variantNames = variantNames
        self.golden = golden
    }

    public struct Canvas: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var scale: Double
        public var background: RGBA?

        public init(width: Double, height: Double, scale: Double, background: RGBA?) {
            self.width = width
            self.height = height
            self.scale = scale
            self.background = background
        }
    }

    /// Frames the render will have: `round(duration × fps)`.
    public var frameCount: Int { Stage.frameCount(duration: duration, fps: fps) }
}

/// Kinds of layer a scenario can declare.
public enum LayerType: String, Sendable, CaseIterable {
    case layer, shape, text, gradient
    /// A `CAReplicatorLayer`: its sublayers are drawn `instanceCount` times.
    case replicator
    /// A `CATransformLayer`: its sublayers keep their depth (a cube of faces).
    case transform
    /// A `CAEmitterLayer` with its cells.
    case emitter
    /// A `UIScrollView` (top level only); its sublayers are content, in content coordinates.
    case scroll
    /// A plain `UITableView` with `rows` (top level only).
    case table
    /// A `StatusBarLayer`: a device's status bar, to line a scene up with a recording.
    case statusBar
    /// A `LottieAnimationLayer` showing a Lottie file, paused or playing.
    case lottie

    /// Whether the layer is a scroll view's (scroll or table).
    var isScrollView: Bool { self == .scroll || self == .table }

    /// The layer classes whose properties a layer of this type has.
    var layerClasses: Set<LayerPropertyDescriptor.LayerClass> {
        switch self {
        case .layer, .transform, .scroll, .table: return [.base]
        case .shape: return [.base, .shape]
        case .text: return [.base, .text]
        case .gradient: return [.base, .gradient]
        case .replicator: return [.base, .replicator]
        case .emitter, .statusBar, .lottie: return [.base]
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
    /// The animation and playback of a `lottie` layer.
    public var lottie: LottieLayerSpec?

    /// Levels of layers in `layers`, sublayers and masks included (1: none has any), counted
    /// without recursion.
    static func nestingDepth(of layers: [LayerSpec]) -> Int {
        var deepest = 0
        var pending: [(layers: [LayerSpec], level: Int)] = [(layers, 1)]
        while let (specs, level) = pending.popLast() {
            for spec in specs {
                deepest = max(deepest, level)
                if !spec.sublayers.isEmpty { pending.append((spec.sublayers, level + 1)) }
                if !spec.mask.isEmpty { pending.append((spec.mask, level + 1)) }
            }
        }
        return deepest
    }
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
    public var magnificationFilter: CALayerContentsFilter?
    public var minificationFilter: CALayerContentsFilter?
    public var compositingFilter: String?
    public var speed: Double?
    public var timeOffset: Double?
    public var beginTime: Double?
    public var maskedCorners: CACornerMask?
    public var cornerCurve: CALayerCornerCurve?
    public var preservesDepth: Bool?
    /// An emitter's birth-rate multiplier (settable by `set`, for bursts).
    public var birthRate: Double?
    /// Scroll view values a `set` changes on a scroll or table layer (`contentInset.top`,
    /// `contentOffset.y`, …), animated inside an `animate` block as UIKit animates them.
    public var scrollValues: [(key: String, value: Double)] = []
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
        if let v = other.magnificationFilter { magnificationFilter = v }
        if let v = other.minificationFilter { minificationFilter = v }
        if let v = other.compositingFilter { compositingFilter = v }
        if let v = other.speed { speed = v }
        if let v = other.timeOffset { timeOffset = v }
        if let v = other.beginTime { beginTime = v }
        if let v = other.maskedCorners { maskedCorners = v }
        if let v = other.cornerCurve { cornerCurve = v }
        scrollValues += other.scrollValues
    }
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
