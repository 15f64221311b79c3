import FlipbookCore
import Foundation

// Insets boxed and unboxed as UIKit's `NSValue` does (GeometryBridging.swift in Core has the
// Core Graphics geometry and why the bridges exist).

extension UIEdgeInsets: NSValueBoxedGeometry {
    public static let boxEncoding = NSValue.edgeInsetsType
    public static func unbox(_ box: NSValue) -> UIEdgeInsets { box.uiEdgeInsetsValue }
    public func box() -> NSValue { NSValue(uiEdgeInsets: self) }
    public static var unboxedDefault: UIEdgeInsets { .zero }
}

extension NSValue {
    /// Foundation on Linux cannot box structs it does not know: insets are stored as four doubles.
    static let edgeInsetsType = "[4d]"

    /// Boxes insets (UIKit's `NSValue(uiEdgeInsets:)`).
    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        var fields: [Double] = [insets.top, insets.left, insets.bottom, insets.right]
        self.init(bytes: &fields, objCType: NSValue.edgeInsetsType)
    }

    /// The boxed insets, or `.zero` when the value boxes something else.
    public var uiEdgeInsetsValue: UIEdgeInsets {
        guard boxes(NSValue.edgeInsetsType) else { return .zero }
        var fields = [Double](repeating: 0, count: 4)
        fields.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return UIEdgeInsets(top: fields[0], left: fields[1], bottom: fields[2], right: fields[3])
    }
}
