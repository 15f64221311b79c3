import FlipbookComparison
import Foundation

/// A plotted value's moves, from one rest to the next (docs/compare.md "Overshoot and settling").
///
/// A value that goes out and comes back (a pull-to-refresh offset: 0 → −120, held, → −60,
/// → 0) has no single "final value" to overshoot or settle to, so the figures are per move. A
/// move is a span in which the value changes by more than 0.1 % of its whole range per sample
/// (pauses shorter than `minimumRest` inside it included: a spring's turning point is not a
/// rest). Its target is where it comes to rest, and its size the distance from where it
/// started to the target; a move that comes back to where it started (out and back, as a
/// released pull) is sized by its peak instead. Its overshoot is how far it went past the
/// target (for an out-and-back move: past the start, on the other side), as a share of its
/// size; it has settled when it enters a band of 2 % of its size around the target and stays.
/// A move still under way at the last sample has no target: `atRest` is false and its overshoot
/// and settling are not measured (0 and the last sample's time).
public struct MotionSegment: Codable, Sendable, Equatable {
    /// When the value left its rest and when it came to the next one (the last sample when it
    /// never did).
    public var start: Double
    public var end: Double
    public var from: Double
    public var to: Double
    /// The farthest value from `from` on the way.
    public var peak: Double
    /// Whether it came to rest before the last sample.
    public var atRest: Bool
    /// How far past `to` it went, as a share of the move's size (0: none).
    public var overshoot: Double
    /// When it entered the 2 % band around `to` for good.
    public var settledAt: Double

    /// Rests shorter than this inside a move do not end it.
    public static let minimumRest = 0.1
    /// A rest holds within this share of the value's whole range.
    public static let restBand = 0.001

    /// The moves of samples (time, value) in time order. `restTolerance` widens the rest band
    /// to at least that much (a position read from pixels wobbles by a fraction of a pixel).
    public static func segments(of samples: [(time: Double, value: Double)], restTolerance: Double = 0) -> [MotionSegment] {
        guard samples.count >= 2, let lo = samples.map(\.value).min(), let hi = samples.map(\.value).max(), hi - lo > 1e-12 else {
            return []
        }
        let tolerance = max(restBand * (hi - lo), restTolerance)
        // Rests: runs of samples within the band of the run's first value for at least
        // `minimumRest` (a spring's slow turning point leaves the band before then).
        var rests: [(first: Int, last: Int)] = []
        var run = 0
        for i in 1..<samples.count where abs(samples[i].value - samples[run].value) > tolerance {
            if samples[i - 1].time - samples[run].time >= minimumRest - 1e-9 { rests.append((run, i - 1)) }
            run = i
        }
        let lastIndex = samples.count - 1
        let endsAtRest = samples[lastIndex].time - samples[run].time >= minimumRest - 1e-9
        if endsAtRest { rests.append((run, lastIndex)) }
        // Moves: what lies between rests.
        var moves: [(first: Int, last: Int, rest: (first: Int, last: Int)?)] = []
        var cursor = 0
        for rest in rests {
            if rest.first > cursor { moves.append((cursor, rest.first, rest)) }
            cursor = rest.last
        }
        if cursor < lastIndex && !endsAtRest { moves.append((cursor, lastIndex, nil)) }
        // A move that stays inside the 2 % band of the move before it is that move settling (a
        // spring's last small swings pause at their turning points): it joins it.
        var merged: [(first: Int, last: Int, rest: (first: Int, last: Int)?)] = []
        for move in moves {
            if let previous = merged.last, let rest = previous.rest {
                let from = samples[previous.first].value, to = samples[rest.last].value
                let peak = samples[previous.first...previous.last].map(\.value).max { abs($0 - from) < abs($1 - from) } ?? to
                let size = abs(to - from) < 0.02 * abs(peak - from) ? abs(peak - from) : abs(to - from)
                let end = move.rest?.last ?? move.last
                if samples[move.first...end].allSatisfy({ abs($0.value - to) <= 0.02 * size }) {
                    merged[merged.count - 1] = (previous.first, move.last, move.rest)
                    continue
                }
            }
            merged.append(move)
        }
        return merged.map { move in
            let part = samples[move.first...move.last]
            let from = part.first!.value
            let peak = part.max { abs($0.value - from) < abs($1.value - from) }!.value
            // Where it rests: the value the rest ends on (a spring creeping in).
            guard let rest = move.rest else {
                return MotionSegment(
                    start: part.first!.time, end: part.last!.time, from: from, to: part.last!.value, peak: peak,
                    atRest: false, overshoot: 0, settledAt: part.last!.time)
            }
            let to = samples[rest.last].value
            let outAndBack = abs(to - from) < 0.02 * abs(peak - from)
            let size = outAndBack ? abs(peak - from) : abs(to - from)
            // The side past the target: beyond `to` in the move's direction, or (out and back)
            // beyond the start on the side away from the peak.
            let direction: Double = outAndBack ? (peak > from ? -1 : 1) : (to > from ? 1 : -1)
            let afterPeak = outAndBack ? part.drop { $0.value != peak } : part[...]
            let beyond = afterPeak.map { direction * ($0.value - to) }.max() ?? 0
            var settled = part.first!.time
            for s in part where abs(s.value - to) > 0.02 * size { settled = s.time }
            if settled != part.first!.time, let next = part.first(where: { $0.time > settled }) { settled = next.time }
            return MotionSegment(
                start: part.first!.time, end: part.last!.time, from: from, to: to, peak: peak, atRest: true,
                overshoot: size > 1e-12 ? max(0, beyond) / size + 0 : 0, settledAt: settled)
        }
    }

    /// An angle series made continuous: a step of more than π between samples is taken as the
    /// short way round (an angle read back from a transform lives in (−π, π]; a spring past 180°
    /// must not jump from +π to −π).
    public static func unwrappedAngles(_ samples: [(time: Double, value: Double)]) -> [(time: Double, value: Double)] {
        var out: [(time: Double, value: Double)] = []
        var shift = 0.0
        for (i, s) in samples.enumerated() {
            if i > 0 {
                let step = s.value + shift - out[i - 1].value
                shift -= (step / (2 * Double.pi)).rounded() * 2 * Double.pi
            }
            out.append((s.time, s.value + shift))
        }
        return out
    }
}

extension VariantComparison.PropertySummary {
    /// The summary as people read it: the range, then each move with its span, overshoot and
    /// settling.
    public var lines: [String] {
        func n(_ v: Double) -> String { String(format: "%.4g", v + 0) }  // + 0: never "-0"
        func t(_ v: Double) -> String { String(format: "%.3f", v) }
        var out = [
            "\(property): min \(n(minimum)), max \(n(maximum)), "
                + (segments.isEmpty ? "never moves" : "\(segments.count) move\(segments.count == 1 ? "" : "s")")
        ]
        for m in segments {
            let path =
                abs(m.to - m.from) < 0.02 * abs(m.peak - m.from) ? "\(n(m.from)) → \(n(m.peak)) → \(n(m.to))" : "\(n(m.from)) → \(n(m.to))"
            out.append(
                m.atRest
                    ? "  \(t(m.start))–\(t(m.end)) s: \(path), overshoot \(String(format: "%.1f", m.overshoot * 100 + 0)) %, settled at \(t(m.settledAt)) s"
                    : "  \(t(m.start)) s on: \(n(m.from)) → \(n(m.peak)) → \(n(m.to)), still moving at the end")
        }
        return out
    }
}
