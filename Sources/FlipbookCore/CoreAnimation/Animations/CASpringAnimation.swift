import Foundation

/// A basic animation whose pacing is a damped harmonic oscillator (timing-model.md 8).
open class CASpringAnimation: CABasicAnimation {
    /// Mass of the object on the spring (default 1; values <= 0 become 1).
    open var mass: CGFloat = 1 { didSet { if !(mass > 0) { mass = 1 } } }
    /// Spring stiffness (default 100; values <= 0 become 100).
    open var stiffness: CGFloat = 100 { didSet { if !(stiffness > 0) { stiffness = 100 } } }
    /// Damping coefficient (default 10; negative values become 10).
    open var damping: CGFloat = 10 { didSet { if !(damping >= 0) { damping = 10 } } }
    /// Initial velocity in from→to distances per second (positive toward the target).
    open var initialVelocity: CGFloat = 0 { didSet { if !initialVelocity.isFinite { initialVelocity = 0 } } }
    /// Allow a damping ratio above 1 (otherwise it is clamped to critical).
    open var allowsOverdamping = false

    public override init() { super.init() }

    /// The iOS 17 perceptual initialiser (timing-model.md 8.3).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let t = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 1
        let b = max(-1 + 1e-9, min(1, bounce.isFinite ? bounce : 0))
        allowsOverdamping = true
        mass = 1
        stiffness = pow(2 * .pi / t, 2)
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        damping = zeta * 4 * .pi / t
        duration = settlingDuration
    }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CASpringAnimation {
            mass = o.mass
            stiffness = o.stiffness
            damping = o.damping
            initialVelocity = o.initialVelocity
            allowsOverdamping = o.allowsOverdamping
        }
    }

    /// `2π√(m/k)`.
    open var perceptualDuration: CFTimeInterval { 2 * .pi * (mass / stiffness).squareRoot() }

    /// `1 − ζ` for ζ <= 1, `1/ζ − 1` above.
    open var bounce: CGFloat {
        let z = oscillator.zeta
        return z <= 1 ? 1 - z : 1 / z - 1
    }

    var oscillator: SpringOscillator {
        SpringOscillator(
            mass: mass, stiffness: stiffness, damping: damping,
            initialVelocity: initialVelocity, allowsOverdamping: allowsOverdamping)
    }

    /// The time the spring takes to settle within 0.001 (timing-model.md 8.2).
    open var settlingDuration: CFTimeInterval {
        let s = Double(speed)
        guard s != 0 else { return Double(Float.greatestFiniteMagnitude) }
        return min(oscillator.settlingDuration / abs(s), Double(Float.greatestFiniteMagnitude))
    }

    override func interpolationFraction(progress p: Double) -> Double {
        if p == 1 { return 1 }
        return oscillator.position(at: p * duration)
    }
}

/// `m·x'' + c·x' + k·(x − 1) = 0`, x(0) = 0, x'(0) = v0, solved in closed form (timing-model.md 8.1).
public struct SpringOscillator: Sendable, Equatable {
    public var mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
    public var allowsOverdamping: Bool

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool) {
        self.mass = mass > 0 ? mass : 1
        self.stiffness = stiffness > 0 ? stiffness : 100
        self.damping = damping >= 0 ? damping : 10
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.allowsOverdamping = allowsOverdamping
    }

    public var omega0: Double { (stiffness / mass).squareRoot() }
    /// The damping ratio ζ, clamped to 1 unless overdamping is allowed.
    public var zeta: Double {
        let z = damping / (2 * (stiffness * mass).squareRoot())
        return allowsOverdamping ? z : min(z, 1)
    }

    /// x(τ).
    public func position(at tau: Double) -> Double {
        let w0 = omega0, z = zeta, v0 = initialVelocity
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 - v0) / wd
            return 1 - exp(-z * w0 * tau) * (cos(wd * tau) + b * sin(wd * tau))
        } else if z == 1 {
            return 1 - exp(-w0 * tau) * (1 + (w0 - v0) * tau)
        } else {
            let s = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
            let a = (v0 + r2) / (r2 - r1)
            return 1 - a * exp(r1 * tau) - (1 - a) * exp(r2 * tau)
        }
    }

    /// Duration for epsilon 0.001, before dividing by speed (timing-model.md 8.2).
    public var settlingDuration: Double {
        let eps = max(0.001, 1e-6)
        let w0 = omega0, z = zeta, v0 = initialVelocity
        if z == 0 { return Double(Float.greatestFiniteMagnitude) }
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 - v0) / wd
            return log((1 + abs(b)) / eps) / (z * w0)
        }
        // Sample on an accumulated 0.1 s grid; settled once it stays within eps for > 1 s.
        var t = 0.0
        var candidate: Double?
        var steps = 0
        while steps < 100_000 {
            let inside = abs(1 - position(at: t)) < eps
            if inside {
                if candidate == nil { candidate = t }
                if let c = candidate, t - c > 1 { return c }
            } else {
                candidate = nil
            }
            t += 0.1
            steps += 1
        }
        return candidate ?? t
    }
}
