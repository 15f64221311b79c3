import Foundation

/// A property value in the engine's own terms: what animations interpolate and what
/// snapshots carry. Swift API values arrive as `Any?` and are bridged into this.
public enum AnimatableValue: Equatable, Sendable {
    case none
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case color(RGBA)
    case transform(CATransform3D)
    case path([PathElement])
    case bool(Bool)
    case string(String)
    case array([AnimatableValue])
    case image(LayerImage)

    /// Bridges a value as Core Animation's `id` bridging would accept it; nil for unsupported types.
    public init?(bridging value: Any?) {
        guard let value else {
            self = .none
            return
        }
        if let common = Self.commonValue(value) {
            self = common
            return
        }
        switch value {
        case let v as AnimatableValue: self = v
        case let v as Bool where type(of: value) == Bool.self: self = .bool(v)
        case let v as Int: self = .number(Double(v))
        case let v as Double: self = .number(v)
        case let v as Float: self = .number(Double(v))
        case let v as CGFloat: self = .number(Double(v))
        case let v as Int32: self = .number(Double(v))
        case let v as Int64: self = .number(Double(v))
        case let v as UInt: self = .number(Double(v))
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as NSValue:
            guard let g = v.geometryValue else { return nil }
            self = g
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CGColor: self = .color(v.rgba)
        case let v as any CGColorBridging: self = .color(v.cgColor.rgba)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(v))
        case let v as CGPath: self = .path(v.elements)
        case let v as any CGPathBridging: self = .path(v.cgPath.elements)
        case let v as String: self = .string(v)
        case let v as LayerImage: self = .image(v)
        case let v as [Any]:
            var out: [AnimatableValue] = []
            for item in v {
                guard let b = AnimatableValue(bridging: item) else { return nil }
                out.append(b)
            }
            self = .array(out)
        case let v as NSArray:
            guard let b = AnimatableValue(bridging: v.map { $0 }) else { return nil }
            self = b
        default:
            return nil
        }
    }

    /// The common types, matched by their exact type (or, for the engine's own classes, a class
    /// cast) before the general casts below: an `as?` to a value type that fails looks for
    /// bridging conformances, and the first look for each pair of types scans every conformance
    /// record in the program (156 bridgings were 2.7 % of a small render's instructions). The
    /// results are the ones the general casts give.
    private static func commonValue(_ value: Any) -> AnimatableValue? {
        let type = type(of: value)
        if type == AnimatableValue.self { return value as? AnimatableValue }
        if type == Double.self, let v = value as? Double { return .number(v) }
        if type == CGFloat.self, let v = value as? CGFloat { return .number(Double(v)) }
        if type == Int.self, let v = value as? Int { return .number(Double(v)) }
        if type == Float.self, let v = value as? Float { return .number(Double(v)) }
        if type == Bool.self, let v = value as? Bool { return .bool(v) }
        if type == CGPoint.self, let v = value as? CGPoint { return .point(v) }
        if type == CGSize.self, let v = value as? CGSize { return .size(v) }
        if type == CGRect.self, let v = value as? CGRect { return .rect(v) }
        if type == CATransform3D.self, let v = value as? CATransform3D { return .transform(v) }
        if type == String.self, let v = value as? String { return .string(v) }
        guard type is AnyClass else { return nil }
        if let v = value as? CGColor { return .color(v.rgba) }
        if let v = value as? any CGColorBridging { return .color(v.cgColor.rgba) }
        if let v = value as? CGPath { return .path(v.elements) }
        if let v = value as? any CGPathBridging { return .path(v.cgPath.elements) }
        if let v = value as? LayerImage { return .image(v) }
        return nil
    }

    /// The value as the Swift API hands it out (`CGFloat` for numbers, `CGColor` for colours, …).
    public var bridged: Any? {
        switch self {
        case .none: return nil
        case .number(let v): return CGFloat(v)
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .color(let v): return CGColor(v)
        case .transform(let v): return v
        case .path(let v): return CGPath(elements: v)
        case .bool(let v): return v
        case .string(let v): return v
        case .array(let v): return v.map { $0.bridged as Any }
        case .image(let v): return v
        }
    }

    var number: Double? {
        if case .number(let v) = self { return v }
        if case .bool(let b) = self { return b ? 1 : 0 }
        return nil
    }
    var isNone: Bool { self == .none }

    /// A short name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .none: return "nil"
        case .number: return "number"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .transform: return "transform"
        case .path: return "path"
        case .bool: return "bool"
        case .string: return "string"
        case .array: return "array"
        case .image: return "image"
        }
    }
}

/// Layer `contents`: straight RGBA pixels, or encoded PNG, JPEG or WebP bytes the renderer
/// decodes when drawn.
public final class LayerImage: Equatable, Sendable {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Rows of `width` RGBA pixels, top to bottom; empty when the image is encoded data.
    public let rgba: [UInt8]
    /// The encoded bytes (PNG, JPEG or WebP, as `encoding` says), decoded when drawn.
    public let encodedData: Data?
    /// The format of `encodedData`; nil for pixels.
    public let encoding: ImageHeader.Encoding?
    /// Pixels per point, as `UIImage.scale`.
    public let scale: Double

    public init(width: Int, height: Int, rgba: [UInt8], scale: Double = 1) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.scale = scale
        encodedData = nil
        encoding = nil
    }

    /// A PNG, JPEG or WebP image; nil when `data` is none of them or its size is past the
    /// limits. Only the header is read here.
    public init?(encodedData data: Data, scale: Double = 1) {
        guard let header = ImageHeader(data), header.width <= Limits.maximumStagePixels, header.height <= Limits.maximumStagePixels,
            header.width * header.height <= Limits.maximumImagePixels
        else { return nil }
        width = header.width
        height = header.height
        rgba = []
        encodedData = data
        encoding = header.encoding
        self.scale = scale > 0 ? scale : 1
    }

    /// A PNG image; nil when `data` is not a PNG. Only the header is read here.
    public convenience init?(pngData data: Data, scale: Double = 1) {
        guard ImageHeader(data)?.encoding == .png else { return nil }
        self.init(encodedData: data, scale: scale)
    }

    /// The encoded bytes when they are a PNG.
    public var pngData: Data? { encoding == .png ? encodedData : nil }

    /// Size in points.
    public var size: CGSize { CGSize(width: Double(width) / scale, height: Double(height) / scale) }

    public static func == (a: LayerImage, b: LayerImage) -> Bool {
        a === b || (a.width == b.width && a.height == b.height && a.scale == b.scale && a.rgba == b.rgba && a.encodedData == b.encodedData)
    }
}
