import Foundation

/// Every animatable layer property, named by its key (timing-model.md 4.1).
public enum LayerProperty: String, CaseIterable, Sendable {
    // CALayer
    case position, bounds, anchorPoint, zPosition, anchorPointZ, opacity, cornerRadius, borderWidth
    case backgroundColor, borderColor, shadowColor, shadowOpacity, shadowRadius, shadowOffset, shadowPath
    case transform, sublayerTransform, contents, contentsRect, contentsCenter, hidden, masksToBounds, doubleSided
    // CAShapeLayer
    case path, fillColor, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit, lineDashPhase
    // CATextLayer
    case fontSize, foregroundColor
    // CAGradientLayer
    case colors, locations, startPoint, endPoint
    // CAReplicatorLayer
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset

    /// KVC aliases Apple accepts for Bool properties.
    public static func named(_ key: String) -> LayerProperty? {
        switch key {
        case "isHidden": return .hidden
        case "isDoubleSided": return .doubleSided
        default: return LayerProperty(rawValue: key)
        }
    }

    /// The value kind the property holds, for validation (its descriptor's).
    public var kind: ValueKind { descriptor.kind }

    /// The layer class that has the property (`base`: every layer).
    public var layerClass: LayerPropertyDescriptor.LayerClass { descriptor.layerClass }

    /// The layer class that has the property: "base", "shape", "text", "gradient" or "replicator".
    public var layerClassName: String { layerClass.rawValue }
}

/// Value kinds of layer properties.
public enum ValueKind: String, Sendable {
    case number, point, size, rect, color, transform, path, bool, image, colorArray, numberArray
}

/// A sub-field of a struct-valued property (timing-model.md 4.1).
public enum KeyPathComponent: String, Sendable {
    case x, y, width, height, origin, originX = "origin.x", originY = "origin.y", size
    case sizeWidth = "size.width", sizeHeight = "size.height"
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z", rotation
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z", translation

    /// Whether the sub-field exists on values of `kind`.
    public func applies(to kind: ValueKind) -> Bool {
        switch self {
        case .x, .y: return kind == .point
        case .width, .height: return kind == .size
        case .origin, .originX, .originY, .size, .sizeWidth, .sizeHeight: return kind == .rect
        default: return kind == .transform
        }
    }
}

/// A parsed animation key path: a property and an optional sub-field.
public struct LayerKeyPath: Equatable, Sendable, CustomStringConvertible {
    public var property: LayerProperty
    public var component: KeyPathComponent?

    /// Parses `position.x`, `transform.rotation.z`, `bounds.size.width`, … ; nil when unknown.
    public init?(_ string: String) {
        let parts = string.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let prop = LayerProperty.named(first) else { return nil }
        property = prop
        if parts.count == 2 {
            guard let c = KeyPathComponent(rawValue: parts[1]), c.applies(to: prop.kind) else { return nil }
            component = c
        }
    }

    public var description: String { component.map { "\(property.rawValue).\($0.rawValue)" } ?? property.rawValue }

    /// The layer key path a scene-level name stands for: a scroll view's `contentOffset` (`.x`,
    /// `.y`) is its layer's `bounds.origin` (timing-model.md 13.1), so tools that read layer
    /// values (`--plot`, `--sample`) take the name scenario files document. Other names pass.
    public static func layerName(for name: String) -> String {
        guard name == "contentOffset" || name.hasPrefix("contentOffset.") else { return name }
        return "bounds.origin" + name.dropFirst("contentOffset".count)
    }

    /// Whether two key paths name the same value (`transform.rotation` is `transform.rotation.z`).
    static func same(_ a: LayerKeyPath, _ b: LayerKeyPath) -> Bool {
        func canonical(_ c: KeyPathComponent?) -> KeyPathComponent? { c == .rotation ? .rotationZ : c }
        return a.property == b.property && canonical(a.component) == canonical(b.component)
    }
}
