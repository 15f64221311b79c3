import Foundation

/// What an animation does outside its active interval.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The timing properties shared by layers and animations (timing-model.md 1.2).
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

#if !canImport(Darwin)
    /// Seconds, as Core Foundation names them.
    public typealias CFTimeInterval = Double
#endif

/// Where a parent time falls relative to an object's active interval.
public enum TimingPhase: String, Sendable {
    case before, active, after
}

/// The result of mapping a parent time through one object's timing (timing-model.md 1.3).
public struct TimingState: Equatable, Sendable {
    public var phase: TimingPhase
    /// Whether the object contributes at this time (active, or held by its fill mode).
    public var applied: Bool
    public var activeTime: Double = 0
    public var cycleIndex: Int = 0
    /// Basic local time in [0, d].
    public var localTime: Double = 0
    /// `localTime / d`, before the timing function.
    public var fraction: Double = 0
    /// Whether the local time runs backwards (second half of an autoreversing cycle).
    public var reversed: Bool = false
}

/// The numbers that define an object's timing, with the duration already resolved.
struct TimingParameters: Equatable, Sendable {
    var beginTime: Double = 0
    var duration: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    var repeatCount: Double = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed

    var cycle: Double { duration * (autoreverses ? 2 : 1) }

    /// Active duration AD (timing-model.md 1.3), possibly infinite.
    var activeDuration: Double {
        let rc = repeatCount >= Double(Float.greatestFiniteMagnitude) ? Double.infinity : repeatCount
        let rd = repeatDuration
        if rd > 0 && rc > 0 { return min(rc * cycle, rd) }
        if rd > 0 { return rd }
        if rc > 0 { return rc * cycle }
        return cycle
    }

    /// The end of the active interval in parent time, +∞ when it never ends.
    var endTime: Double {
        let ad = activeDuration
        if speed == 0 || ad == .infinity { return .infinity }
        return beginTime + ad / abs(speed)
    }

    /// Maps a parent time to phase, active time, cycle and local time (timing-model.md 1.3).
    func evaluate(parentTime tp: Double) -> TimingState {
        let end = endTime
        var clamped = tp
        let phase: TimingPhase
        if tp < beginTime {
            phase = .before
            guard fillMode.fillsBackwards else { return TimingState(phase: .before, applied: false) }
            clamped = beginTime
        } else if tp > end {
            phase = .after
            guard fillMode.fillsForwards else { return TimingState(phase: .after, applied: false) }
            clamped = end
        } else {
            phase = .active
        }
        let d = duration
        guard d > 0, d.isFinite else { return TimingState(phase: phase, applied: false) }
        let ta = (clamped - beginTime) * speed + timeOffset
        let cycle = self.cycle
        var k = (ta / cycle).rounded(.down)
        var r = ta - k * cycle
        // Snap tiny rounding residues (3 × 0.1 style) to the cycle boundary.
        let tolerance = 1e-12 * max(1, abs(ta))
        if abs(r - cycle) <= tolerance {
            r = 0
            k += 1
        }
        if abs(r) <= tolerance { r = 0 }
        if r < 0 { r = 0 }
        // The terminal boundary (1.3), also when rounding left the parent time a hair before the
        // end and the snap above moved it into a cycle that does not exist.
        let atEnd = end.isFinite && abs(clamped - end) <= 1e-12 * max(1, abs(end))
        if atEnd && r == 0 && ta != 0 {
            k -= 1
            r = cycle
        }
        let reversed = autoreverses && r > d
        let local = reversed ? cycle - r : r
        let kInt = k.isFinite ? Int(max(min(k, Double(Int.max / 2)), Double(Int.min / 2))) : 0
        return TimingState(
            phase: phase, applied: true, activeTime: ta, cycleIndex: kInt,
            localTime: local, fraction: local / d, reversed: reversed)
    }
}

extension CAMediaTiming {
    var timingParameters: TimingParameters {
        TimingParameters(
            beginTime: beginTime, duration: duration, speed: Double(speed), timeOffset: timeOffset,
            repeatCount: Double(repeatCount), repeatDuration: repeatDuration,
            autoreverses: autoreverses, fillMode: fillMode)
    }
}
