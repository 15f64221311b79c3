import Foundation

/// The one rounding every Stage instant goes through (timing-model.md 1.1).
///
/// Times are `Double` seconds, as in Core Animation, but two computations of the same instant
/// rarely give the same `Double`: a finger that touched down at 0.3 s samples at
/// 0.3 + 26/60 = 0.7333333333333334, one unit in the last place after the 44th frame of a
/// 60 fps render at 44/60 = 0.7333333333333333. The frame then showed the finger one sample
/// late and the next frame two samples on. So every time the Stage stops at (an event's due
/// time, an `advance(to:)` target, a frame) is made by `StageInstant.of(_:)`: the first whole
/// flick (1/705,600,000 s) at or after the time, where values within 1/100 flick of a flick
/// are that flick (float noise). 705,600,000 is divisible by 1000 and by every common frame
/// and sample rate (10, 12, 15, 24, 25, 30, 48, 50, 60, 90, 100, 120 Hz), so k/60 grids, frame
/// times k/fps, millisecond script times and their sums all land on whole flicks and compare
/// equal by construction; and since the flick is an integer, the `Double` it becomes is the
/// correctly rounded value of that integer over 705,600,000, which is also what `k / fps`
/// computes directly.
public enum StageInstant {
    /// Instants per second (a flick).
    public static let ticksPerSecond = 705_600_000.0
    /// How far from a whole flick a time may be and still be that flick: float noise of sums
    /// of times up to hours is below it (one unit in the last place at 3,600 s is 3e-4 flick).
    static let noise = 0.01

    /// The instant the Stage uses for `time`: the first whole flick not before it (within
    /// float noise). Not finite, or beyond what a `Double` holds in flicks exactly: unchanged.
    public static func of(_ time: Double) -> Double {
        let ticks = time * ticksPerSecond
        guard ticks.isFinite, abs(ticks) < 9.0e15 else { return time }
        let whole = (ticks - noise).rounded(.up)
        return (whole == 0 ? 0 : whole) / ticksPerSecond  // never −0 (it prints as "-0.0")
    }

    /// The whole number of flicks of an instant made by `of(_:)`.
    public static func ticks(of time: Double) -> Int64? {
        let ticks = of(time) * ticksPerSecond
        guard ticks.isFinite, abs(ticks) < 9.0e15 else { return nil }
        return Int64(ticks.rounded())
    }
}
