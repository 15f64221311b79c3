import Foundation

/// UIKit's path object: a `CGPath` plus line attributes, in y-down coordinates.
open class UIBezierPath: CustomStringConvertible {
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
        storage.elements = PathBuilders.roundedRect(rect, corners: corners, radii: cornerRadii)
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

enum PathBuilders {
    /// A rectangle with some corners rounded by circular/elliptical quarter arcs.
    static func roundedRect(_ rect: CGRect, corners: UIRectCorner, radii: CGSize) -> [PathElement] {
        let r = rect.standardized
        let rw = max(0, min(radii.width, r.width / 2)), rh = max(0, min(radii.height, r.height / 2))
        let k: CGFloat = 4.0 / 3.0 * tan(.pi / 8)
        var e: [PathElement] = []
        let tl = corners.contains(.topLeft), tr = corners.contains(.topRight)
        let br = corners.contains(.bottomRight), bl = corners.contains(.bottomLeft)
        e.append(.moveTo(CGPoint(x: r.minX + (tl ? rw : 0), y: r.minY)))
        e.append(.lineTo(CGPoint(x: r.maxX - (tr ? rw : 0), y: r.minY)))
        if tr {
            e.append(
                .curveTo(
                    control1: CGPoint(x: r.maxX - rw + k * rw, y: r.minY), control2: CGPoint(x: r.maxX, y: r.minY + rh - k * rh),
                    to: CGPoint(x: r.maxX, y: r.minY + rh)))
        }
        e.append(.lineTo(CGPoint(x: r.maxX, y: r.maxY - (br ? rh : 0))))
        if br {
            e.append(
                .curveTo(
                    control1: CGPoint(x: r.maxX, y: r.maxY - rh + k * rh), control2: CGPoint(x: r.maxX - rw + k * rw, y: r.maxY),
                    to: CGPoint(x: r.maxX - rw, y: r.maxY)))
        }
        e.append(.lineTo(CGPoint(x: r.minX + (bl ? rw : 0), y: r.maxY)))
        if bl {
            e.append(
                .curveTo(
                    control1: CGPoint(x: r.minX + rw - k * rw, y: r.maxY), control2: CGPoint(x: r.minX, y: r.maxY - rh + k * rh),
                    to: CGPoint(x: r.minX, y: r.maxY - rh)))
        }
        e.append(.lineTo(CGPoint(x: r.minX, y: r.minY + (tl ? rh : 0))))
        if tl {
            e.append(
                .curveTo(
                    control1: CGPoint(x: r.minX, y: r.minY + rh - k * rh), control2: CGPoint(x: r.minX + rw - k * rw, y: r.minY),
                    to: CGPoint(x: r.minX + rw, y: r.minY)))
        }
        e.append(.closeSubpath)
        return e
    }
}
