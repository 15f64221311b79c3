import Foundation

/// The animatable values of one layer: the model, or the presentation after animations.
public struct LayerState: Equatable, Sendable {
    public var position = CGPoint.zero
    public var bounds = CGRect.zero
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var zPosition: Double = 0
    public var anchorPointZ: Double = 0
    public var opacity: Double = 1
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var backgroundColor: RGBA?
    public var borderColor: RGBA? = .black
    public var shadowColor: RGBA? = .black
    public var shadowOpacity: Double = 0
    public var shadowRadius: Double = 3
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowPath: [PathElement]?
    public var transform = CATransform3DIdentity
    public var sublayerTransform = CATransform3DIdentity
    public var contents: LayerImage?
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The part of the contents stretched when they are resized (the unit rectangle: all of it).
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var hidden = false
    public var masksToBounds = false
    public var doubleSided = true
    public var path: [PathElement]?
    public var fillColor: RGBA? = .black
    public var strokeColor: RGBA?
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    public var lineWidth: Double = 1
    public var miterLimit: Double = 10
    public var lineDashPhase: Double = 0
    public var fontSize: Double = 36
    public var foregroundColor: RGBA? = RGBA(red: 1, green: 1, blue: 1, alpha: 1)
    public var colors: [RGBA]?
    public var locations: [Double]?
    public var startPoint = CGPoint(x: 0.5, y: 0)
    public var endPoint = CGPoint(x: 0.5, y: 1)
    public var instanceCount: Double = 1
    public var instanceDelay: Double = 0
    public var instanceTransform = CATransform3DIdentity
    public var instanceColor: RGBA? = RGBA(red: 1, green: 1, blue: 1, alpha: 1)
    public var instanceRedOffset: Double = 0
    public var instanceGreenOffset: Double = 0
    public var instanceBlueOffset: Double = 0
    public var instanceAlphaOffset: Double = 0

    public init() {}

    /// The property as an `AnimatableValue`, through its descriptor (LayerPropertyDescriptor).
    public subscript(property: LayerProperty) -> AnimatableValue {
        get { property.descriptor.value(in: self) }
        set { property.descriptor.set(newValue, in: &self) }
    }

    /// Reads a (possibly sub-field) key path.
    public func value(at keyPath: LayerKeyPath) -> AnimatableValue {
        let whole = self[keyPath.property]
        guard let c = keyPath.component else { return whole }
        return whole.component(c)
    }

    /// Writes a (possibly sub-field) key path.
    public mutating func setValue(_ value: AnimatableValue, at keyPath: LayerKeyPath) {
        guard let c = keyPath.component else {
            self[keyPath.property] = value
            return
        }
        self[keyPath.property] = self[keyPath.property].setting(c, to: value)
    }
}
