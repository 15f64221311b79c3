import FlipbookCore
import Foundation

/// Paths that reach far past any canvas (lottie-ios inverts masks with a 20,000,000-point
/// rectangle): Cairo stores device coordinates as 24.8 fixed point, so points past about
/// 8,388,607 pixels wrap round. Such a path is brought within a box much larger than any
/// canvas before Cairo sees it, so what shows inside the canvas is unchanged: a closed
/// subpath of straight lines is clipped to the box exactly (Sutherland–Hodgman, which keeps
/// every winding number inside the box), any other subpath has its far points pulled onto the
/// box's edge.
enum FarPathClipping {
    /// Half the box's side in device pixels: far past the largest canvas (16,384 px), far inside
    /// Cairo's range.
    static let deviceBound = 2_000_000.0

    /// Whether any point of `elements` lies outside the box in device space.
    static func reachesFar(_ elements: [PathElement], toDevice t: CGAffineTransform) -> Bool {
        // Checked for every path drawn: no arrays made.
        func far(_ p: CGPoint) -> Bool {
            let d = p.applying(t)
            return abs(d.x) > deviceBound || abs(d.y) > deviceBound
        }
        for e in elements {
            switch e {
            case .moveTo(let p), .lineTo(let p): if far(p) { return true }
            case .quadCurveTo(let c, let p): if far(c) || far(p) { return true }
            case .curveTo(let c1, let c2, let p): if far(c1) || far(c2) || far(p) { return true }
            case .closeSubpath: break
            }
        }
        return false
    }

    /// `elements` within the box (`toDevice` maps user space to device pixels); nil when the
    /// transform cannot be inverted (nothing of such a path can be placed).
    static func clipped(_ elements: [PathElement], toDevice: CGAffineTransform) -> [PathElement]? {
        let determinant = toDevice.a * toDevice.d - toDevice.b * toDevice.c
        guard determinant != 0, determinant.isFinite else { return nil }
        let toUser = toDevice.inverted()
        var result: [PathElement] = []
        for subpath in subpaths(elements) {
            let onlyLines = subpath.dropFirst().allSatisfy {
                if case .lineTo = $0 { return true }
                if case .closeSubpath = $0 { return true }
                return false
            }
            let closed = subpath.last == .closeSubpath
            if closed, onlyLines {
                let polygon = subpath.compactMap { $0.points.last }.map { $0.applying(toDevice) }
                let inside = clipToBox(polygon)
                guard let first = inside.first else { continue }
                result.append(.moveTo(first.applying(toUser)))
                result += inside.dropFirst().map { .lineTo($0.applying(toUser)) }
                result.append(.closeSubpath)
            } else {
                func pulled(_ p: CGPoint) -> CGPoint {
                    let d = p.applying(toDevice)
                    let b = deviceBound
                    return CGPoint(x: min(b, max(-b, d.x)), y: min(b, max(-b, d.y))).applying(toUser)
                }
                result += subpath.map { e in
                    switch e {
                    case .moveTo(let p): return .moveTo(pulled(p))
                    case .lineTo(let p): return .lineTo(pulled(p))
                    case .quadCurveTo(let c, let p): return .quadCurveTo(control: pulled(c), to: pulled(p))
                    case .curveTo(let c1, let c2, let p): return .curveTo(control1: pulled(c1), control2: pulled(c2), to: pulled(p))
                    case .closeSubpath: return .closeSubpath
                    }
                }
            }
        }
        return result
    }

    /// The path split at each `moveTo` (a subpath that begins otherwise starts at its first point).
    private static func subpaths(_ elements: [PathElement]) -> [[PathElement]] {
        var all: [[PathElement]] = []
        for e in elements {
            if case .moveTo = e { all.append([e]) } else if all.isEmpty { all.append([e]) } else { all[all.count - 1].append(e) }
        }
        return all
    }

    /// A polygon clipped to the box, one side at a time.
    static func clipToBox(_ polygon: [CGPoint]) -> [CGPoint] {
        let b = deviceBound
        // Each side: whether a point is inside it, and where an edge crosses it.
        let sides: [(inside: (CGPoint) -> Bool, cross: (CGPoint, CGPoint) -> CGPoint)] = [
            ({ $0.x >= -b }, { p, q in crossX(p, q, -b) }), ({ $0.x <= b }, { p, q in crossX(p, q, b) }),
            ({ $0.y >= -b }, { p, q in crossY(p, q, -b) }), ({ $0.y <= b }, { p, q in crossY(p, q, b) })
        ]
        var points = polygon
        for side in sides {
            guard let last = points.last else { return [] }
            var kept: [CGPoint] = []
            var previous = last
            for point in points {
                switch (side.inside(previous), side.inside(point)) {
                case (true, true): kept.append(point)
                case (true, false): kept.append(side.cross(previous, point))
                case (false, true): kept += [side.cross(previous, point), point]
                case (false, false): break
                }
                previous = point
            }
            points = kept
        }
        return points
    }

    private static func crossX(_ p: CGPoint, _ q: CGPoint, _ x: Double) -> CGPoint {
        CGPoint(x: x, y: p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x))
    }

    private static func crossY(_ p: CGPoint, _ q: CGPoint, _ y: Double) -> CGPoint {
        CGPoint(x: p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y), y: y)
    }
}
