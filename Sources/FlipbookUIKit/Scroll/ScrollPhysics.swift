import FlipbookCore
import Foundation

/// The motion of a scroll view's content: rubber band, deceleration, bounce back
/// (timing-model.md 13).
public enum ScrollPhysics {
    /// Displayed overscroll for a finger overscroll `x` past an edge: (1 − 1/(x·c/d + 1))·d (13.2).
    public static func rubberBand(overscroll x: Double, dimension d: Double, constant c: Double = 0.55) -> Double {
        guard d > 0, x.isFinite else { return 0 }
        let sign: Double = x < 0 ? -1 : 1
        let ax = abs(x)
        return sign * (1 - 1 / (ax * c / d + 1)) * d
    }

    /// Distance travelled after `t` seconds of deceleration from `v0` pt/s (13.3).
    public static func decelerationDistance(initialVelocity v0: Double, rate: Double, time t: Double) -> Double {
        let k = 1000 * log(rate)
        return v0 * (pow(rate, 1000 * t) - 1) / k
    }

    /// Velocity after `t` seconds of deceleration (13.3).
    public static func decelerationVelocity(initialVelocity v0: Double, rate: Double, time t: Double) -> Double {
        v0 * pow(rate, 1000 * t)
    }

    /// Where deceleration comes to rest: −v0 / (1000 ln rate) (13.3).
    public static func restDistance(initialVelocity v0: Double, rate: Double) -> Double {
        -v0 / (1000 * log(rate))
    }

    /// WWDC 2018's projection: v0/1000 · rate/(1 − rate).
    public static func projectedDistance(initialVelocity v0: Double, rate: Double) -> Double {
        v0 / 1000 * rate / (1 - rate)
    }

    /// When the remaining distance falls below 0.5 pt: deceleration stops (13.3) [proj].
    public static func decelerationDuration(initialVelocity v0: Double, rate: Double) -> Double {
        let k = 1000 * log(rate)
        guard abs(v0) > 0, k < 0 else { return 0 }
        return max(0, log(-k * 0.5 / abs(v0)) / k)
    }

    /// Displacement from the rest offset `t` seconds after content is let go `x0` past an edge
    /// with the finger's velocity `v` (pt/s toward +x): x(t) = (x0 + v·t)·e^(−ω0·t), ω0 = 10
    /// (13.4, fitted to two iOS recordings); from rest a plain exponential.
    public static func releaseDisplacement(initial x0: Double, velocity v: Double, time t: Double, omega: Double = 10) -> Double {
        bounceDisplacement(initial: x0, velocity: v - omega * x0, time: t, omega: omega)
    }

    /// Displacement from the rest offset `t` seconds into a critically damped spring with
    /// ω0 = 10 (mass 1, stiffness 100) whose own start velocity is `v0`:
    /// x(t) = (x0 + (v0 + ω0·x0)·t)·e^(−ω0·t) (13.4; a release is the case v0 = v − ω0·x0).
    public static func bounceDisplacement(initial x0: Double, velocity v0: Double, time t: Double, omega: Double = 10) -> Double {
        (x0 + (v0 + omega * x0) * t) * exp(-omega * t)
    }
}

extension UIScrollView {
    /// How quickly a fling slows down: a per-millisecond factor.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}
