import Foundation

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
    open var startPoint: CGPoint {
        get { modelState.startPoint }
        set { setModel(.startPoint, .point(newValue)) }
    }
    open var endPoint: CGPoint {
        get { modelState.endPoint }
        set { setModel(.endPoint, .point(newValue)) }
    }
    open var type: CAGradientLayerType = .axial

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override func makePresentationInstance() -> CALayer { CAGradientLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? CAGradientLayer else { return }
        type = o.type
    }
    package override func snapshotContent() -> LayerSnapshot.Content { .gradient(GradientStyle(type: type)) }
}
