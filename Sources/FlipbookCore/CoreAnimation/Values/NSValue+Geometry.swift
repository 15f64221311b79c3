import Foundation

/// Apple's NSValue boxing of geometry, so `NSValue(caTransform3D:)` and friends port as they
/// are. Foundation on Linux cannot box structs, so transforms are stored as arrays of doubles.
extension NSValue {
    static let transform3DType = "[16d]"
    static let affineType = "[6d]"

    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    public convenience init(caTransform3D t: CATransform3D) {
        var entries = t.entries.map { Double($0) }
        self.init(bytes: &entries, objCType: NSValue.transform3DType)
    }

    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var entries: [Double] = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        self.init(bytes: &entries, objCType: NSValue.affineType)
    }

    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }

    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == NSValue.transform3DType else { return CATransform3DIdentity }
        var entries = [Double](repeating: 0, count: 16)
        entries.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(entries: entries.map { CGFloat($0) })
    }

    public var cgAffineTransformValue: CGAffineTransform {
        guard String(cString: objCType) == NSValue.affineType else { return .identity }
        var e = [Double](repeating: 0, count: 6)
        e.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CGAffineTransform(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }

    /// The boxed geometry as an animatable value, or nil for other contents.
    var geometryValue: AnimatableValue? {
        switch String(cString: objCType) {
        case NSValue.pointType: return .point(pointValue)
        case NSValue.sizeType: return .size(sizeValue)
        case NSValue.rectType: return .rect(rectValue)
        case NSValue.transform3DType: return .transform(caTransform3DValue)
        case NSValue.affineType: return .transform(CATransform3DMakeAffineTransform(cgAffineTransformValue))
        default: return nil
        }
    }
}
