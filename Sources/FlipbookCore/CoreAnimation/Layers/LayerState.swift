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

    /// The property as an `AnimatableValue`.
    public subscript(property: LayerProperty) -> AnimatableValue {
        get {
            switch property {
            case .position: return .point(position)
            case .bounds: return .rect(bounds)
            case .anchorPoint: return .point(anchorPoint)
            case .zPosition: return .number(zPosition)
            case .anchorPointZ: return .number(anchorPointZ)
            case .opacity: return .number(opacity)
            case .cornerRadius: return .number(cornerRadius)
            case .borderWidth: return .number(borderWidth)
            case .backgroundColor: return backgroundColor.map(AnimatableValue.color) ?? .none
            case .borderColor: return borderColor.map(AnimatableValue.color) ?? .none
            case .shadowColor: return shadowColor.map(AnimatableValue.color) ?? .none
            case .shadowOpacity: return .number(shadowOpacity)
            case .shadowRadius: return .number(shadowRadius)
            case .shadowOffset: return .size(shadowOffset)
            case .shadowPath: return shadowPath.map(AnimatableValue.path) ?? .none
            case .transform: return .transform(transform)
            case .sublayerTransform: return .transform(sublayerTransform)
            case .contents: return contents.map(AnimatableValue.image) ?? .none
            case .contentsRect: return .rect(contentsRect)
            case .hidden: return .bool(hidden)
            case .masksToBounds: return .bool(masksToBounds)
            case .doubleSided: return .bool(doubleSided)
            case .path: return path.map(AnimatableValue.path) ?? .none
            case .fillColor: return fillColor.map(AnimatableValue.color) ?? .none
            case .strokeColor: return strokeColor.map(AnimatableValue.color) ?? .none
            case .strokeStart: return .number(strokeStart)
            case .strokeEnd: return .number(strokeEnd)
            case .lineWidth: return .number(lineWidth)
            case .miterLimit: return .number(miterLimit)
            case .lineDashPhase: return .number(lineDashPhase)
            case .fontSize: return .number(fontSize)
            case .foregroundColor: return foregroundColor.map(AnimatableValue.color) ?? .none
            case .colors: return colors.map { .array($0.map(AnimatableValue.color)) } ?? .none
            case .locations: return locations.map { .array($0.map(AnimatableValue.number)) } ?? .none
            case .startPoint: return .point(startPoint)
            case .endPoint: return .point(endPoint)
            case .instanceCount: return .number(instanceCount)
            case .instanceDelay: return .number(instanceDelay)
            case .instanceTransform: return .transform(instanceTransform)
            case .instanceColor: return instanceColor.map(AnimatableValue.color) ?? .none
            case .instanceRedOffset: return .number(instanceRedOffset)
            case .instanceGreenOffset: return .number(instanceGreenOffset)
            case .instanceBlueOffset: return .number(instanceBlueOffset)
            case .instanceAlphaOffset: return .number(instanceAlphaOffset)
            }
        }
        set {
            // Values of the wrong kind are ignored, as Core Animation ignores them.
            switch property {
            case .position: if case .point(let v) = newValue { position = v }
            case .bounds: if case .rect(let v) = newValue { bounds = v }
            case .anchorPoint: if case .point(let v) = newValue { anchorPoint = v }
            case .zPosition: if let v = newValue.number { zPosition = v }
            case .anchorPointZ: if let v = newValue.number { anchorPointZ = v }
            case .opacity: if let v = newValue.number { opacity = v }
            case .cornerRadius: if let v = newValue.number { cornerRadius = v }
            case .borderWidth: if let v = newValue.number { borderWidth = v }
            case .backgroundColor: if let c = Self.color(newValue) { backgroundColor = c }
            case .borderColor: if let c = Self.color(newValue) { borderColor = c }
            case .shadowColor: if let c = Self.color(newValue) { shadowColor = c }
            case .shadowOpacity: if let v = newValue.number { shadowOpacity = v }
            case .shadowRadius: if let v = newValue.number { shadowRadius = v }
            case .shadowOffset: if case .size(let v) = newValue { shadowOffset = v }
            case .shadowPath: if let p = Self.path(newValue) { shadowPath = p }
            case .transform: if case .transform(let v) = newValue { transform = v }
            case .sublayerTransform: if case .transform(let v) = newValue { sublayerTransform = v }
            case .contents:
                if case .image(let v) = newValue { contents = v } else if newValue.isNone { contents = nil }
            case .contentsRect: if case .rect(let v) = newValue { contentsRect = v }
            case .hidden: if let v = newValue.number { hidden = v != 0 }
            case .masksToBounds: if let v = newValue.number { masksToBounds = v != 0 }
            case .doubleSided: if let v = newValue.number { doubleSided = v != 0 }
            case .path: if let p = Self.path(newValue) { path = p }
            case .fillColor: if let c = Self.color(newValue) { fillColor = c }
            case .strokeColor: if let c = Self.color(newValue) { strokeColor = c }
            case .strokeStart: if let v = newValue.number { strokeStart = v }
            case .strokeEnd: if let v = newValue.number { strokeEnd = v }
            case .lineWidth: if let v = newValue.number { lineWidth = v }
            case .miterLimit: if let v = newValue.number { miterLimit = v }
            case .lineDashPhase: if let v = newValue.number { lineDashPhase = v }
            case .fontSize: if let v = newValue.number { fontSize = v }
            case .foregroundColor: if let c = Self.color(newValue) { foregroundColor = c }
            case .colors:
                if case .array(let xs) = newValue { colors = xs.map(\.rgbaOrClear) } else if newValue.isNone { colors = nil }
            case .locations:
                if case .array(let xs) = newValue { locations = xs.compactMap(\.number) } else if newValue.isNone { locations = nil }
            case .startPoint: if case .point(let v) = newValue { startPoint = v }
            case .endPoint: if case .point(let v) = newValue { endPoint = v }
            case .instanceCount: if let v = newValue.number { instanceCount = v }
            case .instanceDelay: if let v = newValue.number { instanceDelay = v }
            case .instanceTransform: if case .transform(let v) = newValue { instanceTransform = v }
            case .instanceColor: if let c = Self.color(newValue) { instanceColor = c }
            case .instanceRedOffset: if let v = newValue.number { instanceRedOffset = v }
            case .instanceGreenOffset: if let v = newValue.number { instanceGreenOffset = v }
            case .instanceBlueOffset: if let v = newValue.number { instanceBlueOffset = v }
            case .instanceAlphaOffset: if let v = newValue.number { instanceAlphaOffset = v }
            }
        }
    }

    /// A colour or nil; `.some(nil)` means "set to nil".
    private static func color(_ v: AnimatableValue) -> RGBA?? {
        switch v {
        case .color(let c): return .some(c)
        case .none: return .some(nil)
        default: return nil
        }
    }

    private static func path(_ v: AnimatableValue) -> [PathElement]?? {
        switch v {
        case .path(let p): return .some(p)
        case .none: return .some(nil)
        default: return nil
        }
    }

    /// Reads a (possibly sub-field) key path.
    public func value(at keyPath: LayerKeyPath) -> AnimatableValue {
        let whole = self[keyPath.property]
        guard let c = keyPath.component else { return whole }
        return whole.component(c)
    }

    /// Writes a (possibly sub-field) key path.
    public mutating func setValue(_ value: AnimatableValue, at keyPath: LayerKeyPath) {
        guard let c = keyPath.component else { self[keyPath.property] = value; return }
        self[keyPath.property] = self[keyPath.property].setting(c, to: value)
    }
}
