import FlipbookCore
import Foundation

/// UIKit's path object: a `CGPath` plus line attributes, in y-down coordinates.
open class UIBezierPath: CGPathBridging, CustomStringConvertible {
    private var storage = CGMutablePath()

    public var lineWidth: CGFloat = 1
    public var lineCapStyle: CGLineCap = .butt
    public var lineJoinStyle: CGLineJoin = .miter
    public var miterLimit: CGFloat = 10
    public var usesEvenOddFillRule = false
    /// The dash pattern `stroke()` draws with (`setLineDash(_:count:phase:)`); nil: solid.
    var lineDash: (pattern: [CGFloat], phase: CGFloat)?

    public init() {}

    public convenience init(rect: CGRect) {
        self.init()
        storage.addRect(rect)
    }

    /// An oval inscribed in `rect`, starting at its right middle and running clockwise on screen.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        storage.addEllipse(in: rect)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        storage.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }

    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        storage.elements = CircularCorners.roundedRect(rect, corners: corners.layerCorners, radii: cornerRadii)
    }

    /// An arc; `clockwise` is the visual direction on a y-down screen (the inverse of CGPath's flag).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        storage.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        storage = CGMutablePath(elements: cgPath.elements)
    }

    /// The path as an immutable `CGPath`.
    public var cgPath: CGPath {
        get { CGPath(elements: storage.elements) }
        set { storage = CGMutablePath(elements: newValue.elements) }
    }

    public var isEmpty: Bool { storage.isEmpty }
    public var currentPoint: CGPoint { storage.currentPoint }
    public var bounds: CGRect { storage.boundingBoxOfPath }

    public func move(to point: CGPoint) { storage.move(to: point) }
    public func addLine(to point: CGPoint) { storage.addLine(to: point) }
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { storage.addQuadCurve(to: end, control: controlPoint) }
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        storage.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds an arc; `clockwise` is the visual direction on screen.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        storage.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    public func close() { storage.closeSubpath() }
    public func removeAllPoints() { storage.elements.removeAll() }
    public func append(_ other: UIBezierPath) { storage.addPath(other.cgPath) }
    public func apply(_ transform: CGAffineTransform) {
        storage.elements = storage.elements.map { $0.mapped { $0.applying(transform) } }
    }

    public var description: String { "UIBezierPath(\(storage.elements.count) elements)" }
}

/// Which corners of a rectangle to round.
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

extension UIRectCorner {
    /// The same corners as Core Animation names them (y down: min Y is the top).
    var layerCorners: CACornerMask {
        var mask = CACornerMask()
        if contains(.topLeft) { mask.insert(.layerMinXMinYCorner) }
        if contains(.topRight) { mask.insert(.layerMaxXMinYCorner) }
        if contains(.bottomLeft) { mask.insert(.layerMinXMaxYCorner) }
        if contains(.bottomRight) { mask.insert(.layerMaxXMaxYCorner) }
        return mask
    }
}
