import FlipbookCore
import Foundation

/// What an item collides as, around its centre, unrotated (UIKit's collision bounds types).
enum CollisionShape {
    case circle(radius: Double)
    /// A convex polygon whose edge normals point out (two points make a two-sided segment).
    case polygon([Vector2])

    /// The shape UIKit gives an item: its bounds, the ellipse inscribed in them, or its
    /// bounding path (taken convex, as UIKit requires it to be), about the item's centre.
    init(item: any UIDynamicItem) {
        let size = item.bounds.size
        let w = max(Double(size.width), 1e-3), h = max(Double(size.height), 1e-3)
        switch item.collisionBoundsType {
        case .rectangle:
            self = .rectangle(width: w, height: h)
        case .ellipse:
            if abs(w - h) < 0.5 {
                self = .circle(radius: (w + h) / 4)
            } else {
                // Box2D has no ellipse: a 24-gon within a tenth of a point of it at phone sizes.
                self = .polygon(
                    (0..<24).map { k in
                        let a = Double(k) / 24 * 2 * .pi
                        return Vector2(w / 2 * cos(a), h / 2 * sin(a))
                    })
            }
        case .path:
            let points = item.collisionBoundingPath.cgPath.flattenedPolylines.flatMap(\.points).map(Vector2.init)
            let hull = ConvexHull.of(points)
            self = hull.count >= 3 ? .polygon(hull) : .rectangle(width: w, height: h)
        }
    }

    static func rectangle(width w: Double, height h: Double) -> CollisionShape {
        .polygon([Vector2(-w / 2, -h / 2), Vector2(w / 2, -h / 2), Vector2(w / 2, h / 2), Vector2(-w / 2, h / 2)])
    }

    /// Area in square points and the second moment of area about the centre.
    var areaAndMoment: (area: Double, moment: Double) {
        switch self {
        case .circle(let r):
            let area = Double.pi * r * r
            return (area, area * r * r / 2)
        case .polygon(let v):
            guard v.count >= 3 else { return (0, 0) }
            var area = 0.0, moment = 0.0
            for i in v.indices {
                let a = v[i], b = v[(i + 1) % v.count]
                let c = a.cross(b)
                area += c / 2
                moment += c * (a.dot(a) + a.dot(b) + b.dot(b)) / 12
            }
            return (abs(area), abs(moment))
        }
    }
}

/// Andrew's monotone chain: the convex hull, counter-clockwise in y-up terms.
enum ConvexHull {
    static func of(_ points: [Vector2]) -> [Vector2] {
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count >= 3 else { return sorted }
        func chain(_ ps: [Vector2]) -> [Vector2] {
            var out: [Vector2] = []
            for p in ps {
                while out.count >= 2, (out[out.count - 1] - out[out.count - 2]).cross(p - out[out.count - 2]) <= 1e-9 {
                    out.removeLast()
                }
                out.append(p)
            }
            return out
        }
        let lower = chain(sorted), upper = chain(sorted.reversed())
        return Array(lower.dropLast() + upper.dropLast())
    }
}
