import Foundation

// iOS code reads boxed values both ways: a key-value change's `change?[.newKey]` is an
// `NSValue` there, which Swift bridges, so `(change?[.newKey] as? NSValue)?.cgPointValue` and
// `change?[.newKey] as? CGPoint` both work. Foundation on Linux bridges numbers and strings but
// not geometry; these conformances teach the runtime's casts the same bridges, so both spellings
// port unchanged whichever form a value was stored in.

extension CGPoint: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgPoint: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
        result = source.cgPointValue
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        result = source.boxes(NSValue.pointType) ? source.cgPointValue : nil
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint { source?.cgPointValue ?? .zero }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgSize: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
        result = source.cgSizeValue
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        result = source.boxes(NSValue.sizeType) ? source.cgSizeValue : nil
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize { source?.cgSizeValue ?? .zero }
}

extension CGRect: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgRect: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
        result = source.cgRectValue
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        result = source.boxes(NSValue.rectType) ? source.cgRectValue : nil
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect { source?.cgRectValue ?? .zero }
}

extension UIEdgeInsets: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(uiEdgeInsets: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout UIEdgeInsets?) {
        result = source.uiEdgeInsetsValue
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout UIEdgeInsets?) -> Bool {
        result = source.boxes(NSValue.edgeInsetsType) ? source.uiEdgeInsetsValue : nil
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> UIEdgeInsets { source?.uiEdgeInsetsValue ?? .zero }
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
    static let pointType = "{CGPoint=dd}"
    static let sizeType = "{CGSize=dd}"
    static let rectType = "{CGRect={CGPoint=dd}{CGSize=dd}}"
    /// Foundation on Linux cannot box structs it does not know: insets are stored as four doubles.
    static let edgeInsetsType = "[4d]"

    /// Whether this value boxes the type whose encoding is `type`.
    func boxes(_ type: String) -> Bool { String(cString: objCType) == type }

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
