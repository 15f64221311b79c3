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
        get { modelState.path.map { CGPath(elements: $0) } }
        set { setModel(.path, newValue.map { .path($0.elements) } ?? .none) }
    }
    /// Opaque black by default; nil for no fill.
    open var fillColor: CGColor? {
        get { modelState.fillColor.map(CGColor.init) }
        set { setModel(.fillColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var strokeColor: CGColor? {
        get { modelState.strokeColor.map(CGColor.init) }
        set { setModel(.strokeColor, newValue.map { .color($0.rgba) } ?? .none) }
    }
    open var lineWidth: CGFloat {
        get { modelState.lineWidth }
        set { setModel(.lineWidth, .number(newValue)) }
    }
    open var strokeStart: CGFloat {
        get { modelState.strokeStart }
        set { setModel(.strokeStart, .number(newValue)) }
    }
    open var strokeEnd: CGFloat {
        get { modelState.strokeEnd }
        set { setModel(.strokeEnd, .number(newValue)) }
    }
    open var miterLimit: CGFloat {
        get { modelState.miterLimit }
        set { setModel(.miterLimit, .number(newValue)) }
    }
    open var lineDashPhase: CGFloat {
        get { modelState.lineDashPhase }
        set { setModel(.lineDashPhase, .number(newValue)) }
    }
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
        lineDashPattern = o.lineDashPattern
        fillRule = o.fillRule
        lineCap = o.lineCap
        lineJoin = o.lineJoin
    }
    package override func snapshotContent() -> LayerSnapshot.Content {
        .shape(
            ShapeStyle(
                fillRule: fillRule, lineCap: lineCap, lineJoin: lineJoin,
                lineDashPattern: lineDashPattern?.map(\.doubleValue)))
    }
}
