import Foundation

extension CGPath {
    /// Each subpath as a polyline (curves cut into 32 pieces), and whether it closes: what
    /// UIKit Dynamics collides with where a path is a boundary or an item's bounds.
    package var flattenedPolylines: [(points: [CGPoint], closed: Bool)] {
        PathStroker.flattenedSubpaths(elements)
    }

    /// The outline of this path stroked with `lineWidth`, as a path to fill with the non-zero
    /// rule (timing-model.md 12.4): one piece per flattened edge, join and cap, all wound the
    /// same way so their union is the stroke.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
        miterLimit: CGFloat, transform: CGAffineTransform = .identity
    ) -> CGPath {
        let half = Double(lineWidth) / 2
        guard half > 0, half.isFinite else { return CGPath(elements: []) }
        var out: [PathElement] = []
        for sub in PathStroker.flattenedSubpaths(elements) {
            PathStroker.outline(
                sub.points, closed: sub.closed, half: half, cap: lineCap, join: lineJoin,
                miterLimit: Double(miterLimit), into: &out)
        }
        return CGPath(elements: out.map { $0.mapped { $0.applying(transform) } })
    }

    /// This path cut into dashes: `lengths` alternate on and off, starting `phase` points into the
    /// pattern, restarting at each subpath (timing-model.md 12.4).
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        let pattern = lengths.map(Double.init)
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, total > 0, total.isFinite, pattern.allSatisfy({ $0 >= 0 }), phase.isFinite else {
            return CGPath(elements: elements.map { $0.mapped { $0.applying(transform) } })
        }
        // An odd count repeats the list so on and off alternate (as Cairo and Core Graphics do).
        let dashes = pattern.count % 2 == 1 ? pattern + pattern : pattern
        var out: [PathElement] = []
        for sub in PathStroker.subpaths(elements) {
            let length = PathGeometry.length(of: sub)
            var offset = Double(phase).truncatingRemainder(dividingBy: dashes.reduce(0, +))
            if offset < 0 { offset += dashes.reduce(0, +) }
            // Find where in the pattern the phase lands.
            var index = 0
            while offset >= dashes[index] {
                offset -= dashes[index]
                index = (index + 1) % dashes.count
            }
            var position = -offset
            var guardSteps = 0
            while position < length, guardSteps < 1_000_000 {
                let end = position + dashes[index]
                if index % 2 == 0, end > 0 {
                    out += PathGeometry.trimmed(sub, from: max(0, position), to: min(length, end))
                }
                position = end
                index = (index + 1) % dashes.count
                guardSteps += 1
            }
        }
        return CGPath(elements: out.map { $0.mapped { $0.applying(transform) } })
    }
}

/// Polygon outlines of strokes.
enum PathStroker {
    /// The elements of each subpath (each starting with its moveTo).
    static func subpaths(_ elements: [PathElement]) -> [[PathElement]] {
        var out: [[PathElement]] = []
        var current: [PathElement] = []
        for e in elements {
            if case .moveTo = e, !current.isEmpty {
                out.append(current)
                current = []
            }
            current.append(e)
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// Each subpath as a polyline (curves cut into 32 pieces), and whether it closes.
    static func flattenedSubpaths(_ elements: [PathElement]) -> [(points: [CGPoint], closed: Bool)] {
        subpaths(elements).map { sub in
            var points: [CGPoint] = []
            var closed = false
            for seg in PathGeometry.segments(of: sub) {
                if points.isEmpty { points.append(seg.startPoint) }
                switch seg {
                case .line(_, let b): points.append(b)
                default: for i in 1...32 { points.append(seg.point(at: CGFloat(i) / 32)) }
                }
            }
            if case .moveTo(let p) = sub.first, points.isEmpty { points = [p] }
            if sub.contains(.closeSubpath) { closed = true }
            // Drop repeated points: they have no direction.
            var clean: [CGPoint] = []
            for p in points where clean.last.map({ hypot($0.x - p.x, $0.y - p.y) > 1e-9 }) ?? true { clean.append(p) }
            if closed, clean.count > 1, let f = clean.first, let l = clean.last, hypot(f.x - l.x, f.y - l.y) <= 1e-9 { clean.removeLast() }
            return (clean, closed)
        }
    }

    static func outline(
        _ pts: [CGPoint], closed: Bool, half: Double, cap: CGLineCap, join: CGLineJoin,
        miterLimit: Double, into out: inout [PathElement]
    ) {
        guard let first = pts.first else { return }
        if pts.count == 1 {
            // A zero-length subpath: round and square caps still draw a dot.
            if cap == .round { circle(first, half, into: &out) }
            if cap == .square {
                polygon(
                    [
                        CGPoint(x: first.x - half, y: first.y - half), CGPoint(x: first.x + half, y: first.y - half),
                        CGPoint(x: first.x + half, y: first.y + half), CGPoint(x: first.x - half, y: first.y + half)
                    ], into: &out)
            }
            return
        }
        let n = pts.count
        let edges = closed ? n : n - 1
        func normal(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            let dx = b.x - a.x, dy = b.y - a.y, l = hypot(dx, dy)
            return CGPoint(x: -dy / l * half, y: dx / l * half)
        }
        for i in 0..<edges {
            let a = pts[i], b = pts[(i + 1) % n], m = normal(a, b)
            polygon(
                [
                    CGPoint(x: a.x + m.x, y: a.y + m.y), CGPoint(x: b.x + m.x, y: b.y + m.y),
                    CGPoint(x: b.x - m.x, y: b.y - m.y), CGPoint(x: a.x - m.x, y: a.y - m.y)
                ], into: &out)
        }
        // Joins at every vertex between two edges.
        let joints = closed ? Array(0..<n) : Array(1..<(n - 1))
        for i in joints {
            let prev = pts[(i - 1 + n) % n], v = pts[i], next = pts[(i + 1) % n]
            let m1 = normal(prev, v), m2 = normal(v, next)
            let cross = (v.x - prev.x) * (next.y - v.y) - (v.y - prev.y) * (next.x - v.x)
            guard abs(cross) > 1e-12 || (m1.x * m2.x + m1.y * m2.y) < 0 else { continue }
            // The outer side is opposite the turn.
            let s: Double = cross > 0 ? -1 : 1
            let o1 = CGPoint(x: v.x + s * m1.x, y: v.y + s * m1.y), o2 = CGPoint(x: v.x + s * m2.x, y: v.y + s * m2.y)
            switch join {
            case .round: circle(v, half, into: &out)
            case .bevel: polygon([v, o1, o2], into: &out)
            case .miter:
                let cosTheta = (m1.x * m2.x + m1.y * m2.y) / (half * half)
                let miterRatio = 1 / max(1e-12, ((1 + cosTheta) / 2).squareRoot())
                if miterRatio <= miterLimit {
                    let bis = CGPoint(x: (m1.x + m2.x) / 2, y: (m1.y + m2.y) / 2), bl = hypot(bis.x, bis.y)
                    let reach = half * miterRatio
                    let tip = CGPoint(x: v.x + s * bis.x / bl * reach, y: v.y + s * bis.y / bl * reach)
                    polygon([v, o1, tip, o2], into: &out)
                } else {
                    polygon([v, o1, o2], into: &out)
                }
            }
        }
        guard !closed else { return }
        for (end, toward) in [(pts[0], pts[1]), (pts[n - 1], pts[n - 2])] {
            switch cap {
            case .butt: break
            case .round: circle(end, half, into: &out)
            case .square:
                let m = normal(toward, end)
                let d = CGPoint(x: m.y, y: -m.x)  // half a width further along the line
                polygon(
                    [
                        CGPoint(x: end.x + m.x, y: end.y + m.y), CGPoint(x: end.x + m.x + d.x, y: end.y + m.y + d.y),
                        CGPoint(x: end.x - m.x + d.x, y: end.y - m.y + d.y), CGPoint(x: end.x - m.x, y: end.y - m.y)
                    ], into: &out)
            }
        }
    }

    /// A closed polygon wound clockwise in y-down space (positive signed area), so all pieces add.
    static func polygon(_ points: [CGPoint], into out: inout [PathElement]) {
        var area = 0.0
        for i in 0..<points.count {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) > 1e-12 else { return }
        let ordered = area > 0 ? points : points.reversed()
        out.append(.moveTo(ordered[0]))
        for p in ordered.dropFirst() { out.append(.lineTo(p)) }
        out.append(.closeSubpath)
    }

    /// A circle as four cubic quarters, wound as `polygon` winds.
    static func circle(_ c: CGPoint, _ r: Double, into out: inout [PathElement]) {
        out.append(.moveTo(CGPoint(x: c.x + r, y: c.y)))
        out += PathGeometry.arcPieces(center: c, radius: r, startAngle: 0, sweep: 2 * .pi)
        out.append(.closeSubpath)
    }
}
