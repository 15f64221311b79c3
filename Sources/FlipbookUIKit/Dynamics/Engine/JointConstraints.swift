import Foundation

/// One end of a joint: a point fixed on a body (an offset from its centre, turning with it),
/// or a point fixed in the reference view.
enum JointEnd {
    case body(DynamicBody, offset: Vector2)
    case point(Vector2)

    var body: DynamicBody? {
        if case .body(let b, _) = self { return b }
        return nil
    }
    var world: Vector2 {
        switch self {
        case .body(let b, let offset): return b.position + offset.rotated(by: b.angle)
        case .point(let p): return p
        }
    }
    var inverseMass: Double { body?.inverseMass ?? 0 }
    var inverseInertia: Double { body?.inverseInertia ?? 0 }
    func velocity(at p: Vector2) -> Vector2 { body?.velocity(at: p) ?? .zero }
    func lever(to p: Vector2) -> Vector2 { body.map { p - $0.position } ?? .zero }
}

/// Box2D's soft constraint: a spring of `frequency` Hz and `dampingRatio` on the effective
/// mass, or (frequency 0) a rigid link corrected by a fifth of its error a step.
struct Softness {
    var gamma = 0.0
    var biasRate: Double

    init(mass: Double, frequency: Double, dampingRatio: Double, step: Double) {
        guard frequency > 0, mass > 0 else {
            biasRate = 0.2 / step
            return
        }
        let omega = 2 * Double.pi * frequency
        let damping = 2 * mass * max(dampingRatio, 0) * omega, stiffness = mass * omega * omega
        let g = step * (damping + step * stiffness)
        gamma = g > 0 ? 1 / g : 0
        biasRate = step * stiffness * gamma
    }
}

/// A constraint solved in the velocity iterations.
protocol VelocityConstraint: AnyObject {
    func solveVelocity()
}

/// Keeps two ends `length` apart (a spring when `frequency` > 0); a rope only pulls.
final class DistanceJoint: VelocityConstraint {
    private let a: JointEnd, b: JointEnd
    private let pA: Vector2, pB: Vector2, normal: Vector2
    private let mass: Double, gamma: Double, bias: Double
    private let pullsOnly: Bool
    private var impulse = 0.0
    private let active: Bool

    init(_ a: JointEnd, _ b: JointEnd, length: Double, frequency: Double, dampingRatio: Double, ropeOnly: Bool, step: Double) {
        self.a = a
        self.b = b
        pA = a.world
        pB = b.world
        let u = pB - pA, distance = u.length
        normal = distance > 1e-6 ? u / distance : .zero
        let error = distance - length
        pullsOnly = ropeOnly
        active = normal != .zero && !(ropeOnly && error <= 0)
        let ra = a.lever(to: pA).cross(normal), rb = b.lever(to: pB).cross(normal)
        var inverse = a.inverseMass + b.inverseMass + a.inverseInertia * ra * ra + b.inverseInertia * rb * rb
        let soft = Softness(mass: inverse > 0 ? 1 / inverse : 0, frequency: frequency, dampingRatio: dampingRatio, step: step)
        gamma = soft.gamma
        bias = error * soft.biasRate
        inverse += gamma
        mass = inverse > 0 ? 1 / inverse : 0
    }

    func solveVelocity() {
        guard active else { return }
        let closing = normal.dot(b.velocity(at: pB) - a.velocity(at: pA))
        var lambda = -mass * (closing + bias + gamma * impulse)
        if pullsOnly { lambda = min(impulse + lambda, 0) - impulse }
        impulse += lambda
        let p = normal * lambda
        a.body?.applyImpulse(-p, at: pA)
        b.body?.applyImpulse(p, at: pB)
    }
}

/// Holds two ends together at one point (a pin, or a snap's pull toward its point).
final class PointJoint: VelocityConstraint {
    private let a: JointEnd, b: JointEnd
    private let pA: Vector2, pB: Vector2
    private let k11: Double, k12: Double, k22: Double
    private let gamma: Double, bias: Vector2
    private var impulse = Vector2.zero

    init(_ a: JointEnd, _ b: JointEnd, frequency: Double, dampingRatio: Double, step: Double) {
        self.a = a
        self.b = b
        pA = a.world
        pB = b.world
        let rA = a.lever(to: pA), rB = b.lever(to: pB)
        let m = a.inverseMass + b.inverseMass, iA = a.inverseInertia, iB = b.inverseInertia
        let soft = Softness(mass: m > 0 ? 1 / m : 0, frequency: frequency, dampingRatio: dampingRatio, step: step)
        gamma = soft.gamma
        k11 = m + iA * rA.y * rA.y + iB * rB.y * rB.y + gamma
        k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        k22 = m + iA * rA.x * rA.x + iB * rB.x * rB.x + gamma
        bias = (pB - pA) * soft.biasRate
    }

    func solveVelocity() {
        let rhs = -((b.velocity(at: pB) - a.velocity(at: pA)) + bias + impulse * gamma)
        let det = k11 * k22 - k12 * k12
        guard abs(det) > 1e-12 else { return }
        let lambda = Vector2((k22 * rhs.x - k12 * rhs.y) / det, (k11 * rhs.y - k12 * rhs.x) / det)
        impulse += lambda
        a.body?.applyImpulse(-lambda, at: pA)
        b.body?.applyImpulse(lambda, at: pB)
    }
}

/// Turns body `b` toward `target` radians relative to body `a` (or to the view).
final class AngleJoint: VelocityConstraint {
    private let a: DynamicBody?, b: DynamicBody
    private let inverse: Double, gamma: Double, bias: Double
    private var impulse = 0.0

    init(_ a: DynamicBody?, _ b: DynamicBody, target: Double, frequency: Double, dampingRatio: Double, step: Double) {
        self.a = a
        self.b = b
        let k = (a?.inverseInertia ?? 0) + b.inverseInertia
        let soft = Softness(mass: k > 0 ? 1 / k : 0, frequency: frequency, dampingRatio: dampingRatio, step: step)
        gamma = soft.gamma
        inverse = k + gamma
        // The nearest turn that reaches the target, not a spin back through whole turns.
        bias = remainder(b.angle - (a?.angle ?? 0) - target, 2 * .pi) * soft.biasRate
    }

    func solveVelocity() {
        guard inverse > 0 else { return }
        let relative = b.angularVelocity - (a?.angularVelocity ?? 0)
        let lambda = -(relative + bias + gamma * impulse) / inverse
        impulse += lambda
        if let a { a.angularVelocity -= lambda * a.inverseInertia }
        b.angularVelocity += lambda * b.inverseInertia
    }
}
