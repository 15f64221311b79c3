import FlipbookCore
import Foundation

/// What each kind of field does to a body in one step (timing-model.md 11.12) [proj].
enum FieldForces {
    /// Gravity's unit: 1000 pt/s² a unit of strength.
    static let acceleration = 1000.0
    /// A push's unit: 100 pt/s² on a body of mass 1.
    static let force = 100.0

    static func velocityChange(of field: UIFieldBehavior, on body: DynamicBody, offset: Vector2, time: Double, step h: Double)
        -> Vector2
    {
        let strength = Double(field.strength)
        let distance = max(offset.length, Double(field.minimumRadius), 1e-9)
        let away = offset.length > 1e-9 ? offset / offset.length : .zero
        let fade = field.falloff == 0 || distance <= Double(field.minimumRadius) ? 1 : pow(distance / 100, -Double(field.falloff))
        let direction = Vector2(Double(field.direction.dx), Double(field.direction.dy))
        let charge = body.material.charge, inverseMass = body.inverseMass
        switch field.kind {
        case .linearGravity:
            return direction * (strength * acceleration * fade * h)
        case .radialGravity:
            return -away * (strength * acceleration * fade * h)
        case .vortex:
            return away.perpendicular * (strength * acceleration * fade * h)
        case .drag:
            return -body.velocity * min(strength * fade * h, 1)
        case .velocity:
            return direction * strength - body.velocity
        case .spring:
            // A mass-1 item oscillates once a second at strength 1.
            return -offset * (4 * .pi * .pi * strength * fade * inverseMass * h)
        case .electric:
            return away * (strength * charge * force * fade * inverseMass * h)
        case .magnetic:
            return body.velocity.perpendicular * (strength * charge * fade * inverseMass * h)
        case .noise:
            return pattern(body.position, time, field) * (strength * acceleration * fade * h)
        case .turbulence:
            return pattern(body.position, time, field) * (strength * body.velocity.length * fade * h)
        case .custom(let block):
            let f = block(
                field, offset.point, CGVector(dx: body.velocity.x, dy: body.velocity.y), CGFloat(body.mass), CGFloat(charge), h)
            return Vector2(Double(f.dx), Double(f.dy)) * (force * inverseMass * h)
        }
    }

    /// A smooth, repeatable pattern of unit-sized vectors: smoother fields vary over longer
    /// distances; `animationSpeed` moves it over time.
    private static func pattern(_ p: Vector2, _ time: Double, _ field: UIFieldBehavior) -> Vector2 {
        let scale = 0.05 * (1 - 0.9 * min(max(Double(field.smoothness), 0), 1))
        let t = time * Double(field.animationSpeed)
        let x = p.x * scale, y = p.y * scale
        return Vector2(sin(x * 0.9 + y * 0.4 + t) + sin(y * 1.3 - t * 0.7), cos(x * 1.1 - y * 0.6 - t) + cos(x * 0.5 + t * 0.8)) / 2
    }
}
