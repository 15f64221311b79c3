import Foundation

/// Fill rules of a shape layer.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero"), evenOdd = Self(rawValue: "even-odd")
}

/// Line caps of a shape layer.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt"), round = Self(rawValue: "round"), square = Self(rawValue: "square")
}

/// Line joins of a shape layer.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter"), round = Self(rawValue: "round"), bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path (timing-model.md 12.4).
open class CAShapeLayer: CALayer {
    open var path: CGPath? {
        get { modelState.path.map { CGPath(elements: $0) } } set { setModel(.path, newValue.map { .path($0.elements) } ?? .none) }
    }
    /// Opaque black by default; nil for no fill.
    open var fillColor: CGColor? {
        get { modelState.fillColor.map(CGColor.init) } set { setModel(.fillColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var strokeColor: CGColor? {
        get { modelState.strokeColor.map(CGColor.init) } set { setModel(.strokeColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var lineWidth: CGFloat { get { modelState.lineWidth } set { setModel(.lineWidth, .number(newValue)) } }
    open var strokeStart: CGFloat { get { modelState.strokeStart } set { setModel(.strokeStart, .number(newValue)) } }
    open var strokeEnd: CGFloat { get { modelState.strokeEnd } set { setModel(.strokeEnd, .number(newValue)) } }
    open var miterLimit: CGFloat { get { modelState.miterLimit } set { setModel(.miterLimit, .number(newValue)) } }
    open var lineDashPhase: CGFloat { get { modelState.lineDashPhase } set { setModel(.lineDashPhase, .number(newValue)) } }
    open var lineDashPattern: [NSNumber]?
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func makePresentationInstance() -> CALayer { CAShapeLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? CAShapeLayer else { return }
        lineDashPattern = o.lineDashPattern; fillRule = o.fillRule; lineCap = o.lineCap; lineJoin = o.lineJoin
    }
    override func snapshotContent() -> LayerSnapshot.Content {
        .shape(ShapeStyle(fillRule: fillRule, lineCap: lineCap, lineJoin: lineJoin,
                          lineDashPattern: lineDashPattern?.map(\.doubleValue)))
    }
}

/// Text alignment of a text layer.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self(rawValue: "natural"), left = Self(rawValue: "left"), right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center"), justified = Self(rawValue: "justified")
}

/// Truncation of a text layer.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none"), start = Self(rawValue: "start")
    public static let end = Self(rawValue: "end"), middle = Self(rawValue: "middle")
}

/// A layer that draws a string.
open class CATextLayer: CALayer {
    /// A `String` (attributed strings are drawn as plain text).
    open var string: Any?
    /// A font name (`String`) or a `UIFont`.
    open var font: Any?
    open var fontSize: CGFloat { get { modelState.fontSize } set { setModel(.fontSize, .number(newValue)) } }
    /// Opaque white by default.
    open var foregroundColor: CGColor? {
        get { modelState.foregroundColor.map(CGColor.init) } set { setModel(.foregroundColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var alignmentMode: CATextLayerAlignmentMode = .natural
    open var isWrapped = false
    open var truncationMode: CATextLayerTruncationMode = .none

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func makePresentationInstance() -> CALayer { CATextLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? CATextLayer else { return }
        string = o.string; font = o.font; alignmentMode = o.alignmentMode; isWrapped = o.isWrapped
        truncationMode = o.truncationMode; labelLayout = o.labelLayout
    }

    /// Set by a `UILabel` backed by this layer: centre the lines vertically, at most this many.
    var labelLayout: (centersVertically: Bool, maximumLines: Int)?
    override func snapshotContent() -> LayerSnapshot.Content {
        let text: String
        switch string {
        case let s as String: text = s
        case let s as NSAttributedString: text = s.string
        case nil: text = ""
        case let other?: text = "\(other)"
        }
        let fontName: String?
        switch font {
        case let f as UIFont: fontName = f.fontName
        case let s as String: fontName = s
        default: fontName = nil
        }
        return .text(TextStyle(string: text, fontName: fontName, alignment: alignmentMode, isWrapped: isWrapped,
                               truncation: truncationMode, centersVertically: labelLayout?.centersVertically ?? false,
                               maximumLines: labelLayout?.maximumLines ?? 0))
    }
}

/// Gradient kinds.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = Self(rawValue: "axial"), radial = Self(rawValue: "radial"), conic = Self(rawValue: "conic")
}

/// A layer that fills its bounds with a gradient.
open class CAGradientLayer: CALayer {
    /// `CGColor`s.
    open var colors: [Any]? {
        get { modelState.colors?.map { CGColor($0) } }
        set { setModel(.colors, newValue.flatMap { AnimatableValue(bridging: $0) } ?? .none) }
    }
    open var locations: [NSNumber]? {
        get { modelState.locations?.map { NSNumber(value: $0) } }
        set { setModel(.locations, newValue.map { .array($0.map { .number($0.doubleValue) }) } ?? .none) }
    }
    open var startPoint: CGPoint { get { modelState.startPoint } set { setModel(.startPoint, .point(newValue)) } }
    open var endPoint: CGPoint { get { modelState.endPoint } set { setModel(.endPoint, .point(newValue)) } }
    open var type: CAGradientLayerType = .axial

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func makePresentationInstance() -> CALayer { CAGradientLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? CAGradientLayer else { return }
        type = o.type
    }
    override func snapshotContent() -> LayerSnapshot.Content { .gradient(GradientStyle(type: type)) }
}
