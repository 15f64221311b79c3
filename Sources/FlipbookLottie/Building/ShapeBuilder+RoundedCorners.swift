import Foundation

/// Rounded corners (`rd`) as lottie-ios's Core Animation engine applies them: the first `rd`
/// among a path's render group's items replaces a rectangle's own roundness, and rounds each
/// sharp vertex of a bezier path (`BezierPath.roundCorners`, after lottie-web and
/// lottie-android); ellipses are left as they are, and stars are reported.
extension ShapeBuilder {
    /// lottie-ios's control-point share for a rounded corner (its `TANGENT_LENGTH`).
    static let roundedCornerTangent = 0.5519

    /// `item` with the rounded corners of `radius` applied.
    func rounded(_ item: PathItem, radius: Animated<Vector>, at path: String) -> PathItem {
        switch item {
        case .bezier(let shape): return .rounded(shape, radius: radius)
        case .rectangle(var rectangle):
            rectangle.roundness = radius
            return .rectangle(rectangle)
        case .star:
            builder.warn(path, "rounded corners of a star or polygon are not applied (lottie-ios's Core Animation engine does not)")
            return item
        case .ellipse, .fixed, .rounded: return item
        }
    }

    /// `shape` with each sharp vertex (both tangents zero) split in two, `radius` along its
    /// edges (at most half of each), joined by a curve: lottie-ios's algorithm, vertex order
    /// and all. An open path's ends stay sharp; so does a closed path whose first vertex has
    /// tangents (lottie-ios then treats it as open).
    static func roundedCorners(_ shape: BezierShape, radius: Double) -> BezierShape {
        struct Vertex: Equatable {
            var into: CGPoint
            var point: CGPoint
            var out: CGPoint
        }
        let v = shape.vertices
        let count = shape.vertexCount
        guard count > 0, radius > 0 else { return shape }
        var elements = (0..<count).map { k in
            let point = CGPoint(x: v[k * 6], y: v[k * 6 + 1])
            return Vertex(
                into: CGPoint(x: point.x + v[k * 6 + 2], y: point.y + v[k * 6 + 3]), point: point,
                out: CGPoint(x: point.x + v[k * 6 + 4], y: point.y + v[k * 6 + 5]))
        }
        // lottie-ios closes a path with a copy of its first vertex without an out tangent.
        if shape.closed { elements.append(Vertex(into: elements[0].into, point: elements[0].point, out: elements[0].point)) }
        let closed = elements[0] == elements[elements.count - 1]
        let unique = Array(elements[(closed ? 1 : 0)...])
        guard unique.count > 1 else { return shape }
        var result: [Vertex] = []
        var roundedAny = false
        for (index, current) in unique.enumerated() {
            guard current.point == current.into, current.point == current.out else {
                result.append(current)
                continue
            }
            roundedAny = true
            if !closed, index == 0 || index == unique.count - 1 {
                result.append(current)
                continue
            }
            func split(towards other: CGPoint) -> CGPoint {
                let distance = hypot(other.x - current.point.x, other.y - current.point.y)
                let share = distance != 0 ? min(distance / 2, radius) / distance : 0
                return CGPoint(
                    x: current.point.x + (other.x - current.point.x) * share, y: current.point.y + (other.y - current.point.y) * share)
            }
            func control(_ p: CGPoint) -> CGPoint {
                CGPoint(x: p.x - (p.x - current.point.x) * roundedCornerTangent, y: p.y - (p.y - current.point.y) * roundedCornerTangent)
            }
            let before = split(towards: unique[(index - 1 + unique.count) % unique.count].point)
            result.append(Vertex(into: before, point: before, out: control(before)))
            let after = split(towards: unique[(index + 1) % unique.count].point)
            result.append(Vertex(into: control(after), point: after, out: after))
        }
        guard roundedAny else { return shape }
        let vertices: Vector = result.flatMap { vertex -> [Double] in
            [
                vertex.point.x, vertex.point.y, vertex.into.x - vertex.point.x, vertex.into.y - vertex.point.y,
                vertex.out.x - vertex.point.x, vertex.out.y - vertex.point.y
            ]
            .map { Double($0) }
        }
        return BezierShape(vertices: vertices, closed: closed)
    }
}
