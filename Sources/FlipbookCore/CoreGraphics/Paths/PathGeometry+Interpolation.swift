import Foundation

extension PathGeometry {
    /// Two paths made the same elements for interpolating (timing-model.md 9.4): where one has a
    /// line or a quadratic curve and the other a cubic at the same place, the line becomes the
    /// cubic with its control points on its ends (a Lottie vertex without tangents, which
    /// lottie-ios writes as a line) and the quadratic its exact cubic. Nil when the paths differ
    /// in more than that (element counts, moves, closes).
    static func alignedForInterpolation(_ a: [PathElement], _ b: [PathElement]) -> ([PathElement], [PathElement])? {
        guard a.count == b.count else { return nil }
        var outA: [PathElement] = [], outB: [PathElement] = []
        outA.reserveCapacity(a.count)
        outB.reserveCapacity(b.count)
        var startA = CGPoint.zero, currentA = CGPoint.zero, startB = CGPoint.zero, currentB = CGPoint.zero
        for (ea, eb) in zip(a, b) {
            if ea.kind == eb.kind {
                outA.append(ea)
                outB.append(eb)
            } else {
                guard let ca = cubic(ea, from: currentA), let cb = cubic(eb, from: currentB) else { return nil }
                outA.append(ca)
                outB.append(cb)
            }
            (startA, currentA) = advance(ea, start: startA, current: currentA)
            (startB, currentB) = advance(eb, start: startB, current: currentB)
        }
        return (outA, outB)
    }

    /// A drawing element as a cubic from `current`; nil for moves and closes.
    private static func cubic(_ e: PathElement, from current: CGPoint) -> PathElement? {
        switch e {
        case .lineTo(let p): return .curveTo(control1: current, control2: p, to: p)
        case .quadCurveTo(let q, let p):
            return .curveTo(
                control1: CGPoint(x: current.x + 2 / 3 * (q.x - current.x), y: current.y + 2 / 3 * (q.y - current.y)),
                control2: CGPoint(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y)), to: p)
        case .curveTo: return e
        case .moveTo, .closeSubpath: return nil
        }
    }

    /// The subpath's start and the current point after `e`.
    private static func advance(_ e: PathElement, start: CGPoint, current: CGPoint) -> (CGPoint, CGPoint) {
        switch e {
        case .moveTo(let p): return (p, p)
        case .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p): return (start, p)
        case .closeSubpath: return (start, start)
        }
    }
}
