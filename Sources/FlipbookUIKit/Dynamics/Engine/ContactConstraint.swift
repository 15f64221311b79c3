import Foundation

/// Sequential impulses for one touching pair (Box2D's contact solver): no push into each
/// other, friction up to μ times the push, and a bounce of the elasticity times the closing
/// speed (timing-model.md 11.12). Each point starts from the impulse the same point took last
/// step (warm starting), which is what lets stacks come to rest.
final class ContactConstraint {
    /// Closing speeds below this do not bounce, so resting items settle [proj].
    static let bounceThreshold = 60.0
    /// Overlap left uncorrected so contacts persist between steps, and the most corrected a step.
    static let slop = 0.1
    static let maxCorrection = 8.0

    /// The first body; nil for a boundary (immovable).
    let a: DynamicBody?
    let b: DynamicBody
    /// What A is when it is a boundary.
    private let boundary: BoundaryShape?
    private(set) var normal: Vector2
    private var points: [PointState]
    private let friction: Double
    private let restitution: Double

    private struct PointState {
        var position: Vector2
        var separation: Double
        var normalMass = 0.0
        var tangentMass = 0.0
        var normalImpulse = 0.0
        var tangentImpulse = 0.0
        /// The normal speed the solve aims at: a bounce's, or the approach a gap still allows.
        var target = 0.0
        /// A resting contact (touching, not an impact): only its impulse is a good start for the
        /// next step.
        var resting = true
        /// The impulse it starts from, matched to last step's points.
        var start: Impulse?
    }

    /// An impulse a point took, kept for the next step.
    struct Impulse {
        var position: Vector2
        var normal: Double
        var tangent: Double
    }

    /// What a pair keeps from one step to the next.
    struct Memory {
        /// Each point's impulse (zero for an impact's: the next step does not repeat it, and
        /// starting a stack's solve from it throws the stack about).
        var impulses: [Impulse] = []
        /// The closing speed of an impact stopped at the surface a step early, so the bounce
        /// comes when the shapes touch.
        var impact = 0.0
    }

    /// What this pair keeps for the next step.
    var memory: Memory {
        Memory(
            impulses: points.map { p in
                Impulse(position: p.position, normal: p.resting ? p.normalImpulse : 0, tangent: p.resting ? p.tangentImpulse : 0)
            }, impact: impact)
    }
    private var impact = 0.0

    /// A pair of bodies, or (with `a` nil) a boundary and a body; `previous` is what the pair
    /// kept last step (a point within 2 pt of an old one starts from its impulse).
    init(
        a: DynamicBody?, boundary: BoundaryShape? = nil, b: DynamicBody, manifold: ContactManifold,
        previous: Memory = Memory()
    ) {
        self.a = a
        self.b = b
        self.boundary = boundary
        normal = manifold.normal
        points = manifold.points.map { m in
            let old = previous.impulses.min { ($0.position - m.position).lengthSquared < ($1.position - m.position).lengthSquared }
            let near = old.map { ($0.position - m.position).lengthSquared < 4 } ?? false
            return PointState(position: m.position, separation: m.separation, start: near ? old : nil)
        }
        // Box2D's mixing: the larger elasticity, the geometric mean of frictions; a boundary
        // lends the item its own [proj].
        let fa = a?.material.friction ?? b.material.friction
        friction = (fa * b.material.friction).squareRoot()
        restitution = max(a?.material.elasticity ?? 0, b.material.elasticity)
        prepare(previousImpact: previous.impact)
    }

    var firstPoint: Vector2 { points.first?.position ?? b.position }
    /// Whether the shapes touch (not only a speculative contact a step ahead).
    var isTouching: Bool { points.contains { $0.separation <= CollisionDetection.touching } }

    /// Each point's aim (timing-model.md 11.12, rule 5): a point apart may close its gap this
    /// step and no more (a speculative contact; an impact faster than the bounce threshold is
    /// remembered); a touching point bounces when it, or the impact stopped last step, closes
    /// faster than the threshold, and otherwise only stops.
    private func prepare(previousImpact: Double) {
        let n = normal, t = n.perpendicular, h = DynamicsWorld.step
        for i in points.indices {
            let p = points[i].position
            let rA = a.map { p - $0.position } ?? .zero, rB = p - b.position
            points[i].normalMass = inverse(effectiveMass(rA, rB, n))
            points[i].tangentMass = inverse(effectiveMass(rA, rB, t))
            let closing = -relativeVelocity(at: p).dot(n), gap = points[i].separation
            if gap > CollisionDetection.touching {
                points[i].target = -gap / h
                points[i].resting = false
                if closing > Self.bounceThreshold && gap <= closing * h { impact = max(impact, closing) }
            } else {
                let speed = max(closing, previousImpact)
                points[i].resting = speed <= Self.bounceThreshold
                points[i].target = points[i].resting ? 0 : restitution * speed
            }
        }
    }

    /// Starts each point from the impulse it took last step. Called once every contact is
    /// prepared: a bounce is judged on the speeds before any of this step's pushes (Box2D's
    /// order), or a neighbour's warm start would look like an impact.
    func warmStart() {
        let t = normal.perpendicular
        for i in points.indices {
            guard let old = points[i].start else { continue }
            points[i].normalImpulse = old.normal
            points[i].tangentImpulse = old.tangent
            apply(normal * old.normal + t * old.tangent, at: points[i].position)
        }
    }

    private func inverse(_ k: Double) -> Double { k > 0 ? 1 / k : 0 }

    private func effectiveMass(_ rA: Vector2, _ rB: Vector2, _ direction: Vector2) -> Double {
        let ra = rA.cross(direction), rb = rB.cross(direction)
        return (a?.inverseMass ?? 0) + b.inverseMass + (a?.inverseInertia ?? 0) * ra * ra + b.inverseInertia * rb * rb
    }

    private func relativeVelocity(at p: Vector2) -> Vector2 {
        b.velocity(at: p) - (a?.velocity(at: p) ?? .zero)
    }

    private func apply(_ impulse: Vector2, at p: Vector2) {
        a?.applyImpulse(-impulse, at: p)
        b.applyImpulse(impulse, at: p)
    }

    func solveVelocity() {
        let n = normal, t = n.perpendicular
        for i in points.indices {
            let p = points[i].position
            let vt = relativeVelocity(at: p).dot(t)
            let maxFriction = friction * points[i].normalImpulse
            let tangent = min(max(points[i].tangentImpulse - points[i].tangentMass * vt, -maxFriction), maxFriction)
            apply(t * (tangent - points[i].tangentImpulse), at: p)
            points[i].tangentImpulse = tangent
        }
        if points.count == 2, let block = pairMatrix() {
            solvePair(block)
            return
        }
        for i in points.indices {
            let p = points[i].position
            let vn = relativeVelocity(at: p).dot(n)
            let pushed = max(points[i].normalImpulse - points[i].normalMass * (vn - points[i].target), 0)
            apply(n * (pushed - points[i].normalImpulse), at: p)
            points[i].normalImpulse = pushed
        }
    }

    /// The 2 × 2 effective mass of a two-point contact, or nil when its points are redundant
    /// (badly conditioned), where they are solved one by one.
    private func pairMatrix() -> (k11: Double, k12: Double, k22: Double)? {
        let n = normal
        let r = points.map { p in (a: a.map { p.position - $0.position } ?? .zero, b: p.position - b.position) }
        let (mA, mB) = (a?.inverseMass ?? 0, b.inverseMass)
        let (iA, iB) = (a?.inverseInertia ?? 0, b.inverseInertia)
        let (a1, b1, a2, b2) = (r[0].a.cross(n), r[0].b.cross(n), r[1].a.cross(n), r[1].b.cross(n))
        let k11 = mA + mB + iA * a1 * a1 + iB * b1 * b1
        let k22 = mA + mB + iA * a2 * a2 + iB * b2 * b2
        let k12 = mA + mB + iA * a1 * a2 + iB * b1 * b2
        let det = k11 * k22 - k12 * k12
        return k11 * k11 < 1000 * det ? (k11, k12, k22) : nil
    }

    /// Box2D's block solver: both points' pushes at once, by trying which of them act (both,
    /// the first, the second, neither) until one choice keeps every push and speed non-negative.
    /// Solved one by one, a box resting on two corners rocks, and a bounce sets it spinning.
    private func solvePair(_ k: (k11: Double, k12: Double, k22: Double)) {
        let n = normal
        let old = (points[0].normalImpulse, points[1].normalImpulse)
        let vn1 = relativeVelocity(at: points[0].position).dot(n), vn2 = relativeVelocity(at: points[1].position).dot(n)
        // b = v - bias - K a: the speeds were all the pushes released.
        let b1 = vn1 - points[0].target - (k.k11 * old.0 + k.k12 * old.1)
        let b2 = vn2 - points[1].target - (k.k12 * old.0 + k.k22 * old.1)
        let det = k.k11 * k.k22 - k.k12 * k.k12
        let candidates: [(Double, Double)] = [
            ((-k.k22 * b1 + k.k12 * b2) / det, (k.k12 * b1 - k.k11 * b2) / det), (-b1 / k.k11, 0), (0, -b2 / k.k22), (0, 0)
        ]
        for x in candidates where x.0 >= 0 && x.1 >= 0 {
            let speed1 = k.k11 * x.0 + k.k12 * x.1 + b1, speed2 = k.k12 * x.0 + k.k22 * x.1 + b2
            guard (x.0 > 0 || speed1 >= -1e-9) && (x.1 > 0 || speed2 >= -1e-9) else { continue }
            apply(n * (x.0 - old.0), at: points[0].position)
            apply(n * (x.1 - old.1), at: points[1].position)
            points[0].normalImpulse = x.0
            points[1].normalImpulse = x.1
            return
        }
    }

    /// Pushes overlapping shapes apart (Box2D's position pass), measuring them afresh.
    func solvePosition() {
        let worldB = b.worldShape
        let manifold: ContactManifold?
        if let a {
            manifold = CollisionDetection.collide(a.worldShape, worldB)
        } else if let boundary {
            manifold = CollisionDetection.collide(boundary, worldB)
        } else {
            manifold = nil
        }
        guard let manifold else { return }
        for point in manifold.points {
            let correction = min(max(0.2 * (point.separation + Self.slop), -Self.maxCorrection), 0)
            guard correction < 0 else { continue }
            let p = point.position
            let rA = a.map { p - $0.position } ?? .zero, rB = p - b.position
            let k = effectiveMass(rA, rB, manifold.normal)
            guard k > 0 else { continue }
            let impulse = manifold.normal * (-correction / k)
            a?.displace(by: -impulse, at: p)
            b.displace(by: impulse, at: p)
        }
    }
}
