import Foundation

// iOS code reads boxed values both ways: a key-value change's `change?[.newKey]` is an
// `NSValue` there, which Swift bridges, so `(change?[.newKey] as? NSValue)?.cgPointValue` and
// `change?[.newKey] as? CGPoint` both work. Foundation on Linux bridges numbers and strings but
// not geometry; these conformances teach the runtime's casts the same bridges, so both spellings
// port unchanged whichever form a value was stored in.

/// A geometry value boxed in an `NSValue` of one encoding: the bridging below is written once.
public protocol NSValueBoxedGeometry: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
    /// The `NSValue` encoding of this type.
    static var boxEncoding: String { get }
    /// The value in `box` (which holds this type's encoding).
    static func unbox(_ box: NSValue) -> Self
    /// The value as an `NSValue`.
    func box() -> NSValue
    /// The value a missing box gives.
    static var unboxedDefault: Self { get }
}

extension NSValueBoxedGeometry {
    public func _bridgeToObjectiveC() -> NSValue { box() }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) { result = unbox(source) }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) -> Bool {
        result = source.boxes(boxEncoding) ? unbox(source) : nil
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> Self { source.map(unbox) ?? unboxedDefault }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable, NSValueBoxedGeometry {
    public static let boxEncoding = NSValue.pointType
    public static func unbox(_ box: NSValue) -> CGPoint { box.cgPointValue }
    public func box() -> NSValue { NSValue(cgPoint: self) }
    public static var unboxedDefault: CGPoint { .zero }
}

extension CGSize: @retroactive _ObjectiveCBridgeable, NSValueBoxedGeometry {
    public static let boxEncoding = NSValue.sizeType
    public static func unbox(_ box: NSValue) -> CGSize { box.cgSizeValue }
    public func box() -> NSValue { NSValue(cgSize: self) }
    public static var unboxedDefault: CGSize { .zero }
}

extension CGRect: @retroactive _ObjectiveCBridgeable, NSValueBoxedGeometry {
    public static let boxEncoding = NSValue.rectType
    public static func unbox(_ box: NSValue) -> CGRect { box.cgRectValue }
    public func box() -> NSValue { NSValue(cgRect: self) }
    public static var unboxedDefault: CGRect { .zero }
}

/// `CGFloat` and `NSNumber` bridge on Apple's platforms (`change?[.newKey] as? NSNumber` for an
/// alpha); Foundation on Linux bridges `Double` but not `CGFloat`.
extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }
    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(source.doubleValue)
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat { CGFloat(source?.doubleValue ?? 0) }
}

extension NSValue {
    package static let pointType = "{CGPoint=dd}"
    package static let sizeType = "{CGSize=dd}"
    package static let rectType = "{CGRect={CGPoint=dd}{CGSize=dd}}"

    /// Whether this value boxes the type whose encoding is `type`.
    package func boxes(_ type: String) -> Bool { String(cString: objCType) == type }
}
