import Flipbook
import FlipbookComparison
import Foundation
import Testing

@testable import FlipbookCompare

/// docs/compare.md "Overshoot and settling": figures per move, from one rest to the next, and
/// angles unwrapped. Expected values are worked from the synthetic curves written here.
@Suite("moves, overshoot and settling")
struct MotionSegmentTests {
    /// A pull-to-refresh offset at 60 Hz: pulled 0 → −120 over 0.5 s, held 0.3 s, let go to the
    /// refreshing edge −60 with a spring (20 % overshoot, decaying), held, closed to 0 linearly.
    static func pullCurve() -> [(time: Double, value: Double)] {
        (0...240).map { k -> (time: Double, value: Double) in
            let t = Double(k) / 60
            let v: Double
            switch t {
            case ..<0.5: v = -240 * t
            case ..<0.8: v = -120
            case ..<2.0:
                let u = t - 0.8  // x(u) = −60 − 60·e^(−8u)·cos(2π·u/0.5): starts at −120, first swing past −60 to about −52
                v = -60 - 60 * exp(-8 * u) * cos(2 * .pi * u / 0.5)
            case ..<2.5: v = -60 + 120 * (t - 2.0)
            default: v = 0
            }
            return (t, v)
        }
    }

    @Test("a pull, its release to the refreshing edge and the close are three moves with their own targets")
    func pullToRefreshMoves() throws {
        let moves = MotionSegment.segments(of: Self.pullCurve())
        #expect(moves.count == 3, "\(moves)")
        guard moves.count == 3 else { return }
        #expect(moves[0].from == 0 && moves[0].to == -120 && moves[0].overshoot == 0 && abs(moves[0].start - 0) < 1e-9)
        #expect(abs(moves[0].end - 0.5) < 0.02)
        // The release: −120 → −60, its first swing peaks where tan(4πu) = −8/(4π), u = 0.205:
        // 60·e^(−1.64)·0.844 = 9.8 pt past −60, 16.3 % (16.33 % on the 60 Hz samples, worked numerically).
        #expect(abs(moves[1].from + 120) < 1e-9 && abs(moves[1].to + 60) < 0.01)
        let swing = 0.16334
        #expect(abs(moves[1].overshoot - swing) < 0.001, "\(moves[1].overshoot) vs \(swing)")
        // Settled within 2 % of 60 pt (1.2 pt): the last sample outside the band is at 1.2833 s
        // (worked numerically; the envelope 60·e^(−8u) < 1.2 bounds it by u = ln(50)/8 = 0.49 s),
        // so it settles at the next one, 1.3 s.
        #expect(abs(moves[1].settledAt - 1.3) < 1e-9, "\(moves[1].settledAt)")
        #expect(abs(moves[2].from + 60) < 0.01 && moves[2].to == 0 && moves[2].overshoot == 0 && abs(moves[2].end - 2.5) < 0.02)
    }

    @Test("a released pull that comes back to where it started is sized by its peak")
    func outAndBack() {
        // 0 → −80 → back as −80·e^(−10u) plus a bump of 10·sin(π·u/0.8) that carries it 8.92 pt
        // past the start (worked numerically: 11.1 % of the 80 pt excursion).
        let samples = (0...120).map { k -> (time: Double, value: Double) in
            let t = Double(k) / 60
            if t < 0.5 { return (t, -160 * t) }
            let u = t - 0.5
            return (t, -80 * exp(-10 * u) + 10 * sin(.pi * min(u, 0.8) / 0.8))
        }
        let moves = MotionSegment.segments(of: samples)
        #expect(moves.count == 1 && moves.first?.atRest == true, "\(moves)")
        guard let move = moves.first else { return }
        #expect(move.peak == -80 && abs(move.to) < 0.1)
        #expect(abs(move.overshoot - 0.1115) < 0.002, "\(move.overshoot)")
    }

    @Test("a move still under way at the end is said to be, with no figures")
    func stillMoving() {
        let samples = (0...30).map { (Double($0) / 30, Double($0) * 2) }
        let moves = MotionSegment.segments(of: samples)
        #expect(moves.count == 1 && moves[0].atRest == false && moves[0].overshoot == 0)
        #expect(MotionSegment.segments(of: (0...30).map { (Double($0) / 30, 7) }).isEmpty)
    }

    @Test("angles read back in (−π, π] are unwrapped: a swing to 225° stays at 225°")
    func unwrapping() {
        let degrees: [Double] = Array(stride(from: 0.0, through: 225, by: 15)) + Array(stride(from: 210.0, through: 180, by: -15))
        let wrapped = degrees.enumerated().map { i, d -> (time: Double, value: Double) in
            let r = d * .pi / 180
            return (Double(i) / 10, atan2(sin(r), cos(r)))
        }
        let unwrapped = MotionSegment.unwrappedAngles(wrapped)
        for (u, d) in zip(unwrapped, degrees) { #expect(abs(u.value - d * .pi / 180) < 1e-9, "\(u.value) vs \(d)°") }
    }
}
