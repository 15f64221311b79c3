import Foundation

/// One element of a path, with absolute points.
public enum PathElement: Equatable, Hashable, Sendable {
    case moveTo(CGPoint)
    case lineTo(CGPoint)
    case quadCurveTo(control: CGPoint, to: CGPoint)
    case curveTo(control1: CGPoint, control2: CGPoint, to: CGPoint)
    case closeSubpath

    /// The element's points in Core Graphics order (controls first, end point last).
    public var points: [CGPoint] {
        switch self {
        case .moveTo(let p), .lineTo(let p): return [p]
        case .quadCurveTo(let c, let p): return [c, p]
        case .curveTo(let c1, let c2, let p): return [c1, c2, p]
        case .closeSubpath: return []
        }
    }

    package func mapped(_ f: (CGPoint) -> CGPoint) -> PathElement {
        switch self {
        case .moveTo(let p): return .moveTo(f(p))
        case .lineTo(let p): return .lineTo(f(p))
        case .quadCurveTo(let c, let p): return .quadCurveTo(control: f(c), to: f(p))
        case .curveTo(let c1, let c2, let p): return .curveTo(control1: f(c1), control2: f(c2), to: f(p))
        case .closeSubpath: return .closeSubpath
        }
    }

    var kind: Int {
        switch self {
        case .moveTo: return 0
        case .lineTo: return 1
        case .quadCurveTo: return 2
        case .curveTo: return 3
        case .closeSubpath: return 4
        }
    }
}

/// Core Graphics' element kinds, for `applyWithBlock`.
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// The element `applyWithBlock` hands to its block.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>
}

/// An immutable graphics path.
open class CGPath: Equatable, Hashable, CustomStringConvertible {
    /// The path's elements, in order.
    public package(set) var elements: [PathElement]

    package init(elements: [PathElement]) { self.elements = elements }

    /// A rectangle path: moveTo, three lines, close.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let m = CGMutablePath()
        m.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>? = nil
    ) {
        let m = CGMutablePath()
        m.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element (the subpath start after a close), or `.zero`.
    public var currentPoint: CGPoint { PathGeometry.currentPoint(of: elements) }

    /// The smallest rectangle holding every point, control points included.
    public var boundingBox: CGRect {
        let pts = elements.flatMap(\.points)
        return pts.isEmpty ? .null : CGRect.boundingBox(of: pts)
    }

    /// The smallest rectangle holding the drawn path, without control points.
    public var boundingBoxOfPath: CGRect { PathGeometry.tightBounds(of: elements) }

    /// Calls `block` once per element, as Core Graphics does.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        for element in elements {
            var pts = element.points
            if pts.isEmpty { pts = [.zero] }
            pts.withUnsafeMutableBufferPointer { buffer in
                var e = CGPathElement(type: CGPathElementType(rawValue: Int32(element.kind))!, points: buffer.baseAddress!)
                withUnsafePointer(to: &e) { block($0) }
            }
        }
    }

    public func copy() -> CGPath? { CGPath(elements: elements) }

    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements.map { $0.mapped { $0.applying(t) } })
    }

    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee else { return mutableCopy() }
        return CGMutablePath(elements: elements.map { $0.mapped { $0.applying(t) } })
    }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.elements == b.elements }
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
    public var description: String { "CGPath(\(elements.count) elements)" }
}

/// A path that can be built up element by element.
open class CGMutablePath: CGPath {
    public init() { super.init(elements: []) }
    package override init(elements: [PathElement]) { super.init(elements: elements) }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveTo(point.applying(transform)))
    }

    /// Adds a line; on an empty path this starts the path at `point` instead.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        if elements.isEmpty {
            move(to: point, transform: transform)
            return
        }
        elements.append(.lineTo(point.applying(transform)))
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { elements.append(.lineTo(p.applying(transform))) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        if elements.isEmpty { move(to: control, transform: transform) }
        elements.append(.quadCurveTo(control: control.applying(transform), to: end.applying(transform)))
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        if elements.isEmpty { move(to: control1, transform: transform) }
        elements.append(
            .curveTo(
                control1: control1.applying(transform), control2: control2.applying(transform),
                to: end.applying(transform)))
    }

    public func closeSubpath() {
        guard !elements.isEmpty else { return }
        elements.append(.closeSubpath)
    }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        elements.append(.lineTo(CGPoint(x: r.maxX, y: r.minY).applying(transform)))
        elements.append(.lineTo(CGPoint(x: r.maxX, y: r.maxY).applying(transform)))
        elements.append(.lineTo(CGPoint(x: r.minX, y: r.maxY).applying(transform)))
        elements.append(.closeSubpath)
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// An ellipse: it starts at the rectangle's right middle and runs toward increasing angle
    /// (clockwise on a y-down screen) in four cubic pieces.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let k: CGFloat = 4.0 / 3.0 * tan(.pi / 8)
        func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: cx + x, y: cy + y).applying(transform) }
        elements.append(.moveTo(pt(rx, 0)))
        elements.append(.curveTo(control1: pt(rx, k * ry), control2: pt(k * rx, ry), to: pt(0, ry)))
        elements.append(.curveTo(control1: pt(-k * rx, ry), control2: pt(-rx, k * ry), to: pt(-rx, 0)))
        elements.append(.curveTo(control1: pt(-rx, -k * ry), control2: pt(-k * rx, -ry), to: pt(0, -ry)))
        elements.append(.curveTo(control1: pt(k * rx, -ry), control2: pt(rx, -k * ry), to: pt(rx, 0)))
        elements.append(.closeSubpath)
    }

    /// A rounded rectangle with elliptical corners, clockwise on screen from the top edge.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        let rw = max(0, min(cornerWidth, r.width / 2)), rh = max(0, min(cornerHeight, r.height / 2))
        if rw == 0 || rh == 0 {
            addRect(r, transform: transform)
            return
        }
        let k: CGFloat = 4.0 / 3.0 * tan(.pi / 8)
        func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(transform) }
        elements.append(.moveTo(pt(r.minX + rw, r.minY)))
        elements.append(.lineTo(pt(r.maxX - rw, r.minY)))
        elements.append(
            .curveTo(
                control1: pt(r.maxX - rw + k * rw, r.minY), control2: pt(r.maxX, r.minY + rh - k * rh),
                to: pt(r.maxX, r.minY + rh)))
        elements.append(.lineTo(pt(r.maxX, r.maxY - rh)))
        elements.append(
            .curveTo(
                control1: pt(r.maxX, r.maxY - rh + k * rh), control2: pt(r.maxX - rw + k * rw, r.maxY),
                to: pt(r.maxX - rw, r.maxY)))
        elements.append(.lineTo(pt(r.minX + rw, r.maxY)))
        elements.append(
            .curveTo(
                control1: pt(r.minX + rw - k * rw, r.maxY), control2: pt(r.minX, r.maxY - rh + k * rh),
                to: pt(r.minX, r.maxY - rh)))
        elements.append(.lineTo(pt(r.minX, r.minY + rh)))
        elements.append(
            .curveTo(
                control1: pt(r.minX, r.minY + rh - k * rh), control2: pt(r.minX + rw - k * rw, r.minY),
                to: pt(r.minX + rw, r.minY)))
        elements.append(.closeSubpath)
    }

    /// A circular arc. `clockwise: true` sweeps toward **decreasing** angle, which looks
    /// counter-clockwise on a y-down screen (timing-model.md 6.6). A line joins the current point
    /// to the arc's start unless the path is empty.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        let sweep = PathGeometry.arcSweep(start: startAngle, end: endAngle, decreasing: clockwise)
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// An arc of `delta` radians from `startAngle` (positive: increasing angle).
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: delta, transform: transform)
    }

    func appendArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat, transform: CGAffineTransform) {
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if elements.isEmpty {
            elements.append(.moveTo(start.applying(transform)))
        } else if PathGeometry.currentPoint(of: elements) != start.applying(transform) {
            elements.append(.lineTo(start.applying(transform)))
        }
        for piece in PathGeometry.arcPieces(center: center, radius: radius, startAngle: startAngle, sweep: sweep) {
            elements.append(piece.mapped { $0.applying(transform) })
        }
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements.append(contentsOf: path.elements.map { $0.mapped { $0.applying(transform) } })
    }
}
