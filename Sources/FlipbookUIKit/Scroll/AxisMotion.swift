import FlipbookCore
import Foundation

/// The motion of one axis of a scroll view's offset after the finger lifts, as a function of
/// time (timing-model.md 13.3, 13.4): a deceleration that may cross an edge and bounce back,
/// a bounce back alone, or an eased scroll (`setContentOffset(_:animated: true)`). Pure values:
/// where the offset is at any instant follows from the segments, never from how often it was
/// asked.
struct AxisMotion: Equatable {
    enum Segment: Equatable {
        /// x(t) = x0 + v0·(e^(k·t) − 1)/k with k = 1000·ln(rate) (13.3).
        case decelerate(origin: Double, velocity: Double, k: Double)
        /// x(t) = edge + (x0 + (v0 + ω0·x0)·t)·e^(−ω0·t), ω0 = 10, v0 the motion's own start
        /// velocity (13.4; a release from rest has v0 = −ω0·x0).
        case bounce(edge: Double, displacement: Double, velocity: Double)
        /// An ease-in-ease-out move over `duration`.
        case ease(from: Double, to: Double, duration: Double)
    }

    /// Segments in time order, each with the global time it starts at.
    private(set) var segments: [(start: Double, segment: Segment)]
    /// When the motion is over and the offset rests at `final`.
    private(set) var end: Double
    private(set) var final: Double

    static func == (a: AxisMotion, b: AxisMotion) -> Bool {
        a.end == b.end && a.final == b.final && a.segments.map(\.segment) == b.segments.map(\.segment)
            && a.segments.map(\.start) == b.segments.map(\.start)
    }

    /// Below this distance from its rest a deceleration or bounce is over (13.3, 13.4).
    static let restDistance = 0.5
    /// A bounce is over once also slower than this (pt/s), so a fast pass through the edge
    /// does not end it.
    static let restSpeed = 10.0
    private static let omega = 10.0

    /// The motion from `position` moving at `velocity` (pt/s of offset) inside `range`: a
    /// deceleration at `rate` that comes to rest, or crosses an edge and bounces back (stops
    /// there without `bounces`); from outside the range, a bounce back to the nearest edge.
    static func fling(
        from position: Double, velocity: Double, rate: Double, range: ClosedRange<Double>,
        bounces: Bool, at start: Double
    ) -> AxisMotion {
        if position < range.lowerBound || position > range.upperBound {
            let edge = min(max(position, range.lowerBound), range.upperBound)
            return bounce(from: position, velocity: velocity, to: edge, at: start)
        }
        let k = 1000 * log(min(max(rate, 1e-6), 1 - 1e-9))
        guard velocity != 0 else { return AxisMotion(segments: [], end: start, final: position) }
        let rest = position - velocity / k
        let edge = velocity < 0 ? range.lowerBound : range.upperBound
        if (velocity < 0 && rest >= edge) || (velocity > 0 && rest <= edge) {
            let duration = ScrollPhysics.decelerationDuration(initialVelocity: velocity, rate: exp(k / 1000))
            return AxisMotion(
                segments: [(start, .decelerate(origin: position, velocity: velocity, k: k))],
                end: start + duration, final: rest)
        }
        // Reaches the edge at e^(k·t) = 1 + (edge − x0)·k/v0, moving at v0 + (edge − x0)·k.
        let crossing = log(1 + (edge - position) * k / velocity) / k
        let edgeVelocity = velocity + (edge - position) * k
        var motion = AxisMotion(
            segments: [(start, .decelerate(origin: position, velocity: velocity, k: k))],
            end: start + crossing, final: edge)
        guard bounces else { return motion }
        let back = bounce(from: edge, velocity: edgeVelocity, to: edge, at: start + crossing)
        motion.segments += back.segments
        motion.end = back.end
        return motion
    }

    /// The return to `edge` of content let go at `position` with the finger's `velocity`
    /// (13.4): x(t) = (x0 + v·t)·e^(−ω0·t), the critically damped motion whose own start
    /// velocity is v − ω0·x0. Released at rest it is a plain exponential x0·e^(−10t), as two
    /// iOS recordings measured.
    static func release(from position: Double, velocity: Double, to edge: Double, at start: Double) -> AxisMotion {
        bounce(from: position, velocity: velocity - omega * (position - edge), to: edge, at: start)
    }

    /// A critically damped return to `edge` from `position` moving at `velocity` (13.4): the
    /// motion that continues smoothly from a deceleration crossing the edge (x0 = 0) or from a
    /// bounce whose edge moved.
    static func bounce(from position: Double, velocity: Double, to edge: Double, at start: Double) -> AxisMotion {
        let x0 = position - edge
        guard x0 != 0 || velocity != 0 else { return AxisMotion(segments: [], end: start, final: edge) }
        // The first millisecond at which it is within half a point and slow: after its one
        // extremum the displacement only shrinks, so the search ends.
        var t = 0.0
        while t < 10 {
            let (x, v) = bounceState(x0: x0, v0: velocity, t: t)
            if abs(x) < restDistance && abs(v) < restSpeed { break }
            t += 0.001
        }
        return AxisMotion(
            segments: [(start, .bounce(edge: edge, displacement: x0, velocity: velocity))],
            end: start + t, final: edge)
    }

    /// An eased move from `position` to `target` over `duration`.
    static func ease(from position: Double, to target: Double, duration: Double, at start: Double) -> AxisMotion {
        guard position != target, duration > 0 else { return AxisMotion(segments: [], end: start, final: target) }
        return AxisMotion(
            segments: [(start, .ease(from: position, to: target, duration: duration))],
            end: start + duration, final: target)
    }

    /// A motion that rests at `position`.
    static func resting(at position: Double, from start: Double) -> AxisMotion {
        AxisMotion(segments: [], end: start, final: position)
    }

    /// The edge a bounce under way at `t` returns to; nil while decelerating or at rest.
    func bounceEdge(at t: Double) -> Double? {
        guard t < end, let segment = segments.last(where: { $0.start <= t })?.segment,
            case .bounce(let edge, _, _) = segment
        else { return nil }
        return edge
    }

    /// Position and velocity (pt/s) at global time `t`.
    func state(at t: Double) -> (position: Double, velocity: Double) {
        guard t < end, let index = segments.lastIndex(where: { $0.start <= t }) else { return (final, 0) }
        let (start, segment) = segments[index]
        let dt = t - start
        switch segment {
        case let .decelerate(x0, v0, k):
            let e = exp(k * dt)
            return (x0 + v0 * (e - 1) / k, v0 * e)
        case let .bounce(edge, x0, v0):
            let (x, v) = Self.bounceState(x0: x0, v0: v0, t: dt)
            return (edge + x, v)
        case let .ease(from, to, duration):
            let u = dt / duration
            let curve = CAMediaTimingFunction(name: .easeInEaseOut)
            let y = curve.evaluate(u)
            let h = 1e-4
            let slope = (curve.evaluate(min(1, u + h)) - curve.evaluate(max(0, u - h))) / (min(1, u + h) - max(0, u - h))
            return (from + (to - from) * y, (to - from) * slope / duration)
        }
    }

    private static func bounceState(x0: Double, v0: Double, t: Double) -> (Double, Double) {
        let e = exp(-omega * t)
        let x = (x0 + (v0 + omega * x0) * t) * e
        let v = (v0 - omega * (v0 + omega * x0) * t) * e
        return (x, v)
    }
}
