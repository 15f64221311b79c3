import Foundation

/// Measuring and walking paths: arcs as cubic pieces, flattening, arc length, trimming.
public enum PathGeometry {
    static func currentPoint(of elements: [PathElement]) -> CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .moveTo(let p):
                start = p
                current = p
            case .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p): current = p
            case .closeSubpath: current = start
            }
        }
        return current
    }

    /// The signed sweep of an arc (timing-model.md 6.6): increasing direction `(end − start) mod 2π`,
    /// decreasing `−((start − end) mod 2π)`, a full turn when the angles differ by a multiple of 2π;
    /// an end a turn or more past the start in the arc's direction keeps every turn.
    static func arcSweep(start: CGFloat, end: CGFloat, decreasing: Bool) -> CGFloat {
        let twoPi = 2 * CGFloat.pi
        func mod(_ x: CGFloat) -> CGFloat {
            let r = x.truncatingRemainder(dividingBy: twoPi)
            return r < 0 ? r + twoPi : r
        }
        let ahead = decreasing ? start - end : end - start
        if ahead >= twoPi && ahead.isFinite { return decreasing ? -ahead : ahead }
        if decreasing {
            var s = mod(start - end)
            if s == 0 && start != end { s = twoPi }
            return -s
        } else {
            var s = mod(end - start)
            if s == 0 && start != end { s = twoPi }
            return s
        }
    }

    /// `ceil(|sweep| / (π/2))` equal cubic pieces with handles `4/3·tan(Δ/4)·r`.
    static func arcPieces(center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat) -> [PathElement] {
        guard sweep != 0, radius.isFinite, sweep.isFinite, abs(sweep) < 1e6 else { return [] }
        let n = max(1, min(Limits.maximumArcPieces, Int((abs(sweep) / (CGFloat.pi / 2) - 1e-9).rounded(.up))))
        let delta = sweep / CGFloat(n)
        let k = 4.0 / 3.0 * tan(delta / 4) * radius
        var out: [PathElement] = []
        for i in 0..<n {
            let a = startAngle + delta * CGFloat(i), b = a + delta
            let p0 = CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
            let p3 = CGPoint(x: center.x + radius * cos(b), y: center.y + radius * sin(b))
            let c1 = CGPoint(x: p0.x - k * sin(a), y: p0.y + k * cos(a))
            let c2 = CGPoint(x: p3.x + k * sin(b), y: p3.y - k * cos(b))
            out.append(.curveTo(control1: c1, control2: c2, to: p3))
        }
        return out
    }

    /// A drawable piece of a path with its start point resolved.
    enum Segment: Equatable {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

        func point(at u: CGFloat) -> CGPoint {
            switch self {
            case .line(let a, let b):
                return CGPoint(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u)
            case .quad(let a, let c, let b):
                let m = 1 - u
                return CGPoint(
                    x: m * m * a.x + 2 * m * u * c.x + u * u * b.x,
                    y: m * m * a.y + 2 * m * u * c.y + u * u * b.y)
            case .cubic(let a, let c1, let c2, let b):
                let m = 1 - u
                let w0 = m * m * m, w1 = 3 * m * m * u, w2 = 3 * m * u * u, w3 = u * u * u
                return CGPoint(
                    x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x,
                    y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
            }
        }

        func tangent(at u: CGFloat) -> CGPoint {
            switch self {
            case .line(let a, let b):
                return CGPoint(x: b.x - a.x, y: b.y - a.y)
            case .quad(let a, let c, let b):
                return CGPoint(
                    x: 2 * (1 - u) * (c.x - a.x) + 2 * u * (b.x - c.x),
                    y: 2 * (1 - u) * (c.y - a.y) + 2 * u * (b.y - c.y))
            case .cubic(let a, let c1, let c2, let b):
                let m = 1 - u
                return CGPoint(
                    x: 3 * m * m * (c1.x - a.x) + 6 * m * u * (c2.x - c1.x) + 3 * u * u * (b.x - c2.x),
                    y: 3 * m * m * (c1.y - a.y) + 6 * m * u * (c2.y - c1.y) + 3 * u * u * (b.y - c2.y))
            }
        }

        /// Arc length by adaptive Simpson quadrature of |B'(u)| from 0 to `u`.
        func length(upTo u: CGFloat = 1) -> CGFloat {
            if case .line(let a, let b) = self { return hypot(b.x - a.x, b.y - a.y) * u }
            func speed(_ t: CGFloat) -> CGFloat {
                let d = tangent(at: t)
                return hypot(d.x, d.y)
            }
            func simpson(_ a: CGFloat, _ b: CGFloat, _ fa: CGFloat, _ fm: CGFloat, _ fb: CGFloat) -> CGFloat {
                (b - a) / 6 * (fa + 4 * fm + fb)
            }
            func adapt(_ a: CGFloat, _ b: CGFloat, _ fa: CGFloat, _ fm: CGFloat, _ fb: CGFloat, _ whole: CGFloat, _ depth: Int) -> CGFloat {
                let m = (a + b) / 2, lm = (a + m) / 2, rm = (m + b) / 2
                let flm = speed(lm), frm = speed(rm)
                let left = simpson(a, m, fa, flm, fm), right = simpson(m, b, fm, frm, fb)
                if depth > 18 || abs(left + right - whole) < 1e-10 * 15 { return left + right + (left + right - whole) / 15 }
                return adapt(a, m, fa, flm, fm, left, depth + 1) + adapt(m, b, fm, frm, fb, right, depth + 1)
            }
            guard u > 0 else { return 0 }
            let fa = speed(0), fb = speed(u), fm = speed(u / 2)
            return adapt(0, u, fa, fm, fb, simpson(0, u, fa, fm, fb), 0)
        }

        /// The parameter at which the arc length from 0 reaches `s`.
        func parameter(atLength s: CGFloat, total: CGFloat) -> CGFloat {
            guard total > 0 else { return 0 }
            if case .line = self { return min(1, max(0, s / total)) }
            var lo: CGFloat = 0, hi: CGFloat = 1
            var u = min(1, max(0, s / total))
            for _ in 0..<60 {
                let l = length(upTo: u)
                if abs(l - s) < 1e-10 { break }
                if l < s { lo = u } else { hi = u }
                let d = tangent(at: u), sp = hypot(d.x, d.y)
                var next = sp > 1e-12 ? u - (l - s) / sp : (lo + hi) / 2
                if !(next > lo && next < hi) { next = (lo + hi) / 2 }
                u = next
            }
            return u
        }

        var end: CGPoint {
            switch self {
            case .line(_, let b), .quad(_, _, let b), .cubic(_, _, _, let b): return b
            }
        }
    }

    /// The keyframe segments of a path: every element but `moveTo`; `closeSubpath` is a line
    /// back to the subpath start (timing-model.md 6.1).
    static func segments(of elements: [PathElement]) -> [Segment] {
        var out: [Segment] = []
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .moveTo(let p):
                start = p
                current = p
            case .lineTo(let p):
                out.append(.line(current, p))
                current = p
            case .quadCurveTo(let c, let p):
                out.append(.quad(current, c, p))
                current = p
            case .curveTo(let c1, let c2, let p):
                out.append(.cubic(current, c1, c2, p))
                current = p
            case .closeSubpath:
                out.append(.line(current, start))
                current = start
            }
        }
        return out
    }

    /// Bounds of the drawn curve (extrema of each segment), without control points.
    static func tightBounds(of elements: [PathElement]) -> CGRect {
        var pts: [CGPoint] = []
        for e in elements { if case .moveTo(let p) = e { pts.append(p) } }
        for seg in segments(of: elements) {
            switch seg {
            case .line(let a, let b): pts += [a, b]
            case .quad(let a, _, let b), .cubic(let a, _, _, let b):
                pts += [a, b]
                for i in 1..<64 { pts.append(seg.point(at: CGFloat(i) / 64)) }
                pts += extremaPoints(seg)
            }
        }
        return pts.isEmpty ? .null : CGRect.boundingBox(of: pts)
    }

    private static func extremaPoints(_ seg: Segment) -> [CGPoint] {
        var ts: [CGFloat] = []
        switch seg {
        case .line: return []
        case .quad(let a, let c, let b):
            for (p0, p1, p2) in [(a.x, c.x, b.x), (a.y, c.y, b.y)] {
                let den = p0 - 2 * p1 + p2
                if den != 0 { ts.append((p0 - p1) / den) }
            }
        case .cubic(let a, let c1, let c2, let b):
            for (p0, p1, p2, p3) in [(a.x, c1.x, c2.x, b.x), (a.y, c1.y, c2.y, b.y)] {
                let qa = -p0 + 3 * p1 - 3 * p2 + p3, qb = 2 * (p0 - 2 * p1 + p2), qc = p1 - p0
                if abs(qa) < 1e-12 {
                    if qb != 0 { ts.append(-qc / qb) }
                } else {
                    let disc = qb * qb - 4 * qa * qc
                    if disc >= 0 {
                        let r = disc.squareRoot()
                        ts += [(-qb + r) / (2 * qa), (-qb - r) / (2 * qa)]
                    }
                }
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }.map { seg.point(at: $0) }
    }

    /// Total arc length of the drawn segments (moveTo gaps not counted).
    public static func length(of elements: [PathElement]) -> CGFloat {
        segments(of: elements).reduce(0) { $0 + $1.length() }
    }

    /// The sub-path between arc lengths `from` and `to`, keeping subpath breaks
    /// (strokeStart/strokeEnd trimming, timing-model.md 12.4).
    public static func trimmed(_ elements: [PathElement], from: CGFloat, to: CGFloat) -> [PathElement] {
        guard to > from else { return [] }
        var out: [PathElement] = []
        var walked: CGFloat = 0
        var start = CGPoint.zero, current = CGPoint.zero
        var needMove = true
        for e in elements {
            let seg: Segment
            switch e {
            case .moveTo(let p):
                start = p
                current = p
                needMove = true
                continue
            case .lineTo(let p):
                seg = .line(current, p)
                current = p
            case .quadCurveTo(let c, let p):
                seg = .quad(current, c, p)
                current = p
            case .curveTo(let c1, let c2, let p):
                seg = .cubic(current, c1, c2, p)
                current = p
            case .closeSubpath:
                seg = .line(current, start)
                current = start
            }
            let len = seg.length()
            let s0 = walked, s1 = walked + len
            walked = s1
            if s1 < from || s0 > to || len == 0 {
                if s0 > to { break }
                continue
            }
            let u0 = from > s0 ? seg.parameter(atLength: from - s0, total: len) : 0
            let u1 = to < s1 ? seg.parameter(atLength: to - s0, total: len) : 1
            let piece = subdivide(seg, u0, u1)
            if needMove || out.isEmpty {
                out.append(.moveTo(piece.startPoint))
                needMove = false
            }
            switch piece {
            case .line(_, let b): out.append(.lineTo(b))
            case .quad(_, let c, let b): out.append(.quadCurveTo(control: c, to: b))
            case .cubic(_, let c1, let c2, let b): out.append(.curveTo(control1: c1, control2: c2, to: b))
            }
        }
        return out
    }

    /// The part of a segment between parameters `u0` and `u1` (de Casteljau).
    static func subdivide(_ seg: Segment, _ u0: CGFloat, _ u1: CGFloat) -> Segment {
        func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        switch seg {
        case .line(let a, let b):
            return .line(lerp(a, b, u0), lerp(a, b, u1))
        case .quad(let a, let c, let b):
            // split at u1, keep the left part, then split that at u0/u1
            let l1 = lerp(a, c, u1), l2 = lerp(c, b, u1), m = lerp(l1, l2, u1)
            let left = Segment.quad(a, l1, m)
            guard u1 > 0 else { return .quad(a, a, a) }
            let t = u0 / u1
            guard case .quad(let p0, let p1, let p2) = left else { return left }
            let r1 = lerp(p0, p1, t), r2 = lerp(p1, p2, t), rm = lerp(r1, r2, t)
            return .quad(rm, r2, p2)
        case .cubic(let a, let c1, let c2, let b):
            func splitLeft(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> (CGPoint, CGPoint, CGPoint, CGPoint)
            {
                let a1 = lerp(p0, p1, t), b1 = lerp(p1, p2, t), c = lerp(p2, p3, t)
                let a2 = lerp(a1, b1, t), b2 = lerp(b1, c, t), m = lerp(a2, b2, t)
                return (p0, a1, a2, m)
            }
            func splitRight(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> (
                CGPoint, CGPoint, CGPoint, CGPoint
            ) {
                let a1 = lerp(p0, p1, t), b1 = lerp(p1, p2, t), c = lerp(p2, p3, t)
                let a2 = lerp(a1, b1, t), b2 = lerp(b1, c, t), m = lerp(a2, b2, t)
                return (m, b2, c, p3)
            }
            let left = splitLeft(a, c1, c2, b, u1)
            guard u1 > 0 else { return .cubic(a, a, a, a) }
            let r = splitRight(left.0, left.1, left.2, left.3, u0 / u1)
            return .cubic(r.0, r.1, r.2, r.3)
        }
    }

    /// Whether two paths can morph point by point (same element kinds in the same order).
    static func compatible(_ a: [PathElement], _ b: [PathElement]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.kind == $1.kind }
    }
}

extension PathGeometry.Segment {
    var startPoint: CGPoint {
        switch self {
        case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _): return a
        }
    }
}
