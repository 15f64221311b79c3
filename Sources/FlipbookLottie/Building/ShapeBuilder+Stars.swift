import Foundation

/// Stars and polygons (`sr`) as lottie-ios builds them (`BezierPath.star`, `BezierPath.polygon`):
/// from the top (rotated by `r`), clockwise (`d` 3: the other way), a fractional number of
/// points drawn as a partial point, and the corners rounded by `os` and `is` (percent) with
/// tangents perpendicular to the radius, 0.47829 of it for a star, 0.25 for a polygon.
extension ShapeBuilder {
    static let starRoundness = 0.47829
    static let polygonRoundness = 0.25

    /// A vertex: its point and its in and out control points, absolute.
    private struct StarVertex {
        var into: CGPoint
        var point: CGPoint
        var out: CGPoint

        init(_ point: CGPoint, into: CGPoint? = nil, out: CGPoint? = nil) {
            self.point = point
            self.into = into ?? point
            self.out = out ?? point
        }
    }

    /// The star or polygon at `frame` as a closed bezier shape.
    func starShape(_ star: Star, at frame: Double) -> BezierShape? {
        func number(_ p: Animated<Vector>?, _ fallback: Double) -> Double { p?.numbers(at: frame).first ?? fallback }
        let p = star.position?.numbers(at: frame) ?? []
        guard p.count >= 2 else { return nil }
        let position = CGPoint(x: p[0], y: p[1])
        // Bounded: a file asking for a million points gets a thousand.
        let points = max(0, min(1000, number(star.points, 5)))
        guard points > 0 else { return nil }
        let vertices: [StarVertex]
        if star.isPolygon {
            vertices = Self.polygon(
                position: position, points: points, outerRadius: number(star.outerRadius, 0),
                outerRoundness: number(star.outerRoundness, 0), rotation: number(star.rotation, 0))
        } else {
            vertices = Self.star(
                position: position, points: points, outerRadius: number(star.outerRadius, 0),
                innerRadius: number(star.innerRadius, 0), outerRoundness: number(star.outerRoundness, 0),
                innerRoundness: number(star.innerRoundness, 0), rotation: number(star.rotation, 0))
        }
        let ordered = star.reversed ? vertices.reversed().map { StarVertex($0.point, into: $0.out, out: $0.into) } : vertices
        let numbers: Vector = ordered.flatMap { v -> [Double] in
            [v.point.x, v.point.y, v.into.x - v.point.x, v.into.y - v.point.y, v.out.x - v.point.x, v.out.y - v.point.y].map { Double($0) }
        }
        return BezierShape(vertices: numbers, closed: true)
    }

    private static func tangents(
        from previous: CGPoint, to point: CGPoint, radii: (Double, Double), roundness: (Double, Double), share: Double
    ) -> (CGPoint, CGPoint) {
        let theta1 = atan2(previous.y, previous.x) - .pi / 2, theta2 = atan2(point.y, point.x) - .pi / 2
        let cp1 = CGPoint(x: radii.0 * roundness.0 * share * cos(theta1), y: radii.0 * roundness.0 * share * sin(theta1))
        let cp2 = CGPoint(x: radii.1 * roundness.1 * share * cos(theta2), y: radii.1 * roundness.1 * share * sin(theta2))
        return (cp1, cp2)
    }

    private static func star(
        position: CGPoint, points: Double, outerRadius: Double, innerRadius: Double, outerRoundness: Double,
        innerRoundness: Double, rotation: Double
    ) -> [StarVertex] {
        var angle = (rotation - 90) * .pi / 180
        let anglePerPoint = 2 * .pi / points, halfAngle = anglePerPoint / 2
        let partial = points - points.rounded(.down)
        let outerRound = outerRoundness * 0.01, innerRound = innerRoundness * 0.01
        var point = CGPoint.zero
        var partialRadius = 0.0
        if partial != 0 {
            angle += halfAngle * (1 - partial)
            partialRadius = innerRadius + partial * (outerRadius - innerRadius)
            point = CGPoint(x: partialRadius * cos(angle), y: partialRadius * sin(angle))
            angle += anglePerPoint * partial / 2
        } else {
            point = CGPoint(x: outerRadius * cos(angle), y: outerRadius * sin(angle))
            angle += halfAngle
        }
        func placed(_ q: CGPoint) -> CGPoint { CGPoint(x: q.x + position.x, y: q.y + position.y) }
        var vertices = [StarVertex(placed(point))]
        var long = false
        let count = Int(points.rounded(.up) * 2)
        for i in 0..<count {
            var radius = long ? outerRadius : innerRadius
            var step = halfAngle
            if partialRadius != 0, i == count - 2 { step = anglePerPoint * partial / 2 }
            if partialRadius != 0, i == count - 1 { radius = partialRadius }
            let previous = point
            point = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
            if innerRound == 0, outerRound == 0 {
                vertices.append(StarVertex(placed(point)))
            } else {
                var (cp1, cp2) = tangents(
                    from: previous, to: point, radii: long ? (innerRadius, outerRadius) : (outerRadius, innerRadius),
                    roundness: long ? (innerRound, outerRound) : (outerRound, innerRound), share: starRoundness)
                if partial != 0 {
                    if i == 0 {
                        cp1 = CGPoint(x: cp1.x * partial, y: cp1.y * partial)
                    } else if i == count - 1 {
                        cp2 = CGPoint(x: cp2.x * partial, y: cp2.y * partial)
                    }
                }
                let last = vertices[vertices.count - 1]
                vertices[vertices.count - 1].out = CGPoint(x: last.point.x - cp1.x, y: last.point.y - cp1.y)
                let placedPoint = placed(point)
                vertices.append(StarVertex(placedPoint, into: CGPoint(x: placedPoint.x + cp2.x, y: placedPoint.y + cp2.y)))
            }
            angle += step
            long.toggle()
        }
        return vertices
    }

    private static func polygon(position: CGPoint, points: Double, outerRadius: Double, outerRoundness: Double, rotation: Double)
        -> [StarVertex]
    {
        var angle = (rotation - 90) * .pi / 180
        let anglePerPoint = 2 * .pi / points, roundness = outerRoundness * 0.01
        func placed(_ q: CGPoint) -> CGPoint { CGPoint(x: q.x + position.x, y: q.y + position.y) }
        var point = CGPoint(x: outerRadius * cos(angle), y: outerRadius * sin(angle))
        var vertices = [StarVertex(placed(point))]
        angle += anglePerPoint
        for _ in 0..<Int(points.rounded(.up)) {
            let previous = point
            point = CGPoint(x: outerRadius * cos(angle), y: outerRadius * sin(angle))
            if roundness != 0 {
                let (cp1, cp2) = tangents(
                    from: previous, to: point, radii: (outerRadius, outerRadius), roundness: (roundness, roundness), share: polygonRoundness
                )
                let last = vertices[vertices.count - 1]
                vertices[vertices.count - 1].out = CGPoint(x: last.point.x - cp1.x, y: last.point.y - cp1.y)
                let placedPoint = placed(point)
                vertices.append(StarVertex(placedPoint, into: CGPoint(x: placedPoint.x + cp2.x, y: placedPoint.y + cp2.y)))
            } else {
                vertices.append(StarVertex(placed(point)))
            }
            angle += anglePerPoint
        }
        return vertices
    }
}
