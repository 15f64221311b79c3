import Foundation

/// Where two shapes touch: a normal from the first to the second and up to two points, each
/// with its separation (negative when they overlap).
struct ContactManifold {
    struct Point {
        var position: Vector2
        var separation: Double
    }
    var normal: Vector2
    var points: [Point]

    var flipped: ContactManifold { ContactManifold(normal: -normal, points: points) }
}

/// A collision boundary: a side of the reference bounds (a wall whose inside is allowed, so
/// nothing tunnels out), or a segment of a boundary path (two-sided).
enum BoundaryShape {
    case wall(origin: Vector2, inward: Vector2)
    case segment(Vector2, Vector2)
}

/// Box2D's narrow phase for convex shapes: separating axes, clipping the incident edge
/// against the reference edge's sides (timing-model.md 11.12).
enum CollisionDetection {
    /// Shapes closer than this count as touching, so a resting contact holds from step to step.
    static let touching = 0.01

    /// The contact of two shapes closer than `margin` (a larger margin finds contacts a step
    /// ahead, so fast items stop at the surface instead of sinking in: speculative contacts).
    static func collide(_ a: WorldShape, _ b: WorldShape, margin: Double = touching) -> ContactManifold? {
        switch (a, b) {
        case (.circle(let ca, let ra), .circle(let cb, let rb)):
            let d = cb - ca, distance = d.length
            guard distance <= ra + rb + margin else { return nil }
            let n = distance > 1e-9 ? d / distance : Vector2(0, 1)
            let separation = distance - ra - rb
            return ContactManifold(normal: n, points: [.init(position: ca + n * (ra + separation / 2), separation: separation)])
        case (.polygon(let pa), .circle(let cb, let rb)):
            return polygonCircle(pa, cb, rb, margin: margin)
        case (.circle(let ca, let ra), .polygon(let pb)):
            return polygonCircle(pb, ca, ra, margin: margin)?.flipped
        case (.polygon(let pa), .polygon(let pb)):
            return polygons(pa, pb, margin: margin)
        }
    }

    /// A shape against a boundary; the manifold's normal points from the boundary to the shape.
    static func collide(_ boundary: BoundaryShape, _ shape: WorldShape, margin: Double = touching) -> ContactManifold? {
        switch boundary {
        case .wall(let origin, let inward): return collide(wallThrough: origin, inward: inward, shape, margin: margin)
        case .segment(let p, let q): return collide(.polygon([p, q]), shape, margin: margin)
        }
    }

    /// A shape against a wall: `inward` is the wall's normal into the allowed side.
    private static func collide(wallThrough origin: Vector2, inward: Vector2, _ shape: WorldShape, margin: Double)
        -> ContactManifold?
    {
        var points: [ContactManifold.Point] = []
        switch shape {
        case .circle(let c, let r):
            let s = inward.dot(c - origin) - r
            if s <= margin { points.append(.init(position: c - inward * (r + s / 2), separation: s)) }
        case .polygon(let vertices):
            for v in vertices {
                let s = inward.dot(v - origin)
                if s <= margin { points.append(.init(position: v - inward * (s / 2), separation: s)) }
            }
        }
        return points.isEmpty ? nil : ContactManifold(normal: inward, points: points)
    }

    /// Outward edge normals of a convex polygon of either winding (a two-point polygon is a
    /// segment with a normal on each side).
    static func normals(_ v: [Vector2]) -> [Vector2] {
        var area = 0.0
        for i in v.indices { area += v[i].cross(v[(i + 1) % v.count]) }
        let sign: Double = area < 0 ? -1 : 1
        return v.indices.map { i in
            let d = v[(i + 1) % v.count] - v[i]
            return Vector2(d.y, -d.x).normalized * sign
        }
    }

    private static func maxSeparation(_ a: [Vector2], _ normals: [Vector2], _ b: [Vector2]) -> (Double, Int) {
        var best = -Double.infinity, edge = 0
        for i in a.indices {
            let s = b.map { normals[i].dot($0 - a[i]) }.min() ?? .infinity
            if s > best {
                best = s
                edge = i
            }
        }
        return (best, edge)
    }

    private static func polygons(_ a: [Vector2], _ b: [Vector2], margin: Double) -> ContactManifold? {
        let na = normals(a), nb = normals(b)
        let (separationA, edgeA) = maxSeparation(a, na, b)
        guard separationA <= margin else { return nil }
        let (separationB, edgeB) = maxSeparation(b, nb, a)
        guard separationB <= margin else { return nil }
        // Prefer A's face unless B's separates clearly more (keeps the choice steady).
        let flip = separationB > separationA + 0.05
        let (reference, referenceNormals, edge) = flip ? (b, nb, edgeB) : (a, na, edgeA)
        let (incident, incidentNormals) = flip ? (a, na) : (b, nb)
        let n = referenceNormals[edge]
        let incidentEdge = incidentNormals.indices.min { n.dot(incidentNormals[$0]) < n.dot(incidentNormals[$1]) } ?? 0
        let v1 = reference[edge], v2 = reference[(edge + 1) % reference.count]
        let tangent = (v2 - v1).normalized
        var clipped = [incident[incidentEdge], incident[(incidentEdge + 1) % incident.count]]
        clipped = clip(clipped, keepingBelow: -tangent, offset: -tangent.dot(v1))
        clipped = clip(clipped, keepingBelow: tangent, offset: tangent.dot(v2))
        let points = clipped.compactMap { p -> ContactManifold.Point? in
            let s = n.dot(p - v1)
            return s <= margin ? .init(position: p - n * (s / 2), separation: s) : nil
        }
        guard !points.isEmpty else { return nil }
        return ContactManifold(normal: flip ? -n : n, points: points)
    }

    /// The part of segment `points` where `normal · p ≤ offset`.
    private static func clip(_ points: [Vector2], keepingBelow normal: Vector2, offset: Double) -> [Vector2] {
        guard points.count == 2 else { return points }
        let d0 = normal.dot(points[0]) - offset, d1 = normal.dot(points[1]) - offset
        var out: [Vector2] = []
        if d0 <= 0 { out.append(points[0]) }
        if d1 <= 0 { out.append(points[1]) }
        if d0 * d1 < 0 { out.append(points[0] + (points[1] - points[0]) * (d0 / (d0 - d1))) }
        return out
    }

    /// Normal from the polygon to the circle.
    private static func polygonCircle(_ polygon: [Vector2], _ c: Vector2, _ r: Double, margin: Double) -> ContactManifold? {
        let n = normals(polygon)
        var best = -Double.infinity, face = 0
        for i in polygon.indices {
            let s = n[i].dot(c - polygon[i])
            if s > best {
                best = s
                face = i
            }
        }
        guard best <= r + margin else { return nil }
        let v1 = polygon[face], v2 = polygon[(face + 1) % polygon.count]
        func point(_ normal: Vector2, _ distance: Double) -> ContactManifold {
            let separation = distance - r
            return ContactManifold(
                normal: normal, points: [.init(position: c - normal * (r + separation / 2), separation: separation)])
        }
        if best < 1e-9 { return point(n[face], best) }
        if (c - v1).dot(v2 - v1) <= 0 || (c - v2).dot(v1 - v2) <= 0 {
            let corner = (c - v1).dot(v2 - v1) <= 0 ? v1 : v2
            let d = c - corner, distance = d.length
            guard distance <= r + margin else { return nil }
            return point(distance > 1e-9 ? d / distance : n[face], distance)
        }
        return point(n[face], best)
    }
}
