import FlipbookCore
import Foundation

/// The physics engine's 2-D vector (points, or points per second).
typealias Vector2 = SIMD2<Double>

extension SIMD2 where Scalar == Double {
    init(_ point: CGPoint) { self.init(Double(point.x), Double(point.y)) }

    var point: CGPoint { CGPoint(x: x, y: y) }
    var length: Double { (self * self).sum().squareRoot() }
    var lengthSquared: Double { (self * self).sum() }

    func dot(_ other: Vector2) -> Double { (self * other).sum() }
    /// The z of the 3-D cross product: how far `other` turns from this vector.
    func cross(_ other: Vector2) -> Double { x * other.y - y * other.x }
    /// `self` rotated a quarter turn, as `ω × r` turns a lever arm `r` for a unit spin.
    var perpendicular: Vector2 { Vector2(-y, x) }
    /// A unit vector along this one, or zero for a (nearly) zero vector.
    var normalized: Vector2 {
        let l = length
        return l > 1e-12 ? self / l : .zero
    }
    func rotated(by angle: Double) -> Vector2 {
        let c = cos(angle), s = sin(angle)
        return Vector2(c * x - s * y, s * x + c * y)
    }
}
