import Foundation
import PropertyBased
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// The finger's clock (timing-model.md 1.1: every instant is a whole flick; 13.2: the rubber
/// band). A touch script starting at any time moves the finger once at every 1/60 s from touch
/// down to lift, and every frame of any common frame rate shows the finger's value at that
/// frame's time. Expected values come from exact integer arithmetic on milliseconds and the
/// rubber-band formula written out here, not from the code under test.
@Suite("the finger's clock")
struct TouchClockPropertyTests {
    static let frameRates = [10, 12, 15, 24, 25, 30, 50, 60]

    /// A linear pull of `distance` pt over `durationMs`, touching down at `startMs`.
    struct Pull: CustomStringConvertible {
        var startMs: Int
        var durationMs: Int
        var distance: Double
        var fps: Int

        var description: String { "pull \(distance) pt over \(durationMs) ms from \(startMs) ms at \(fps) fps" }

        /// 60 Hz samples of the move: j = 1 … count, the last one at the move's end.
        var sampleCount: Int { max(1, (durationMs * 3 + 49) / 50) }  // ⌈duration · 60⌉

        /// Whether sample j is due at or before frame k: start + j/60 ≤ k/fps, in integers
        /// (times 60,000 · fps).
        func sample(_ j: Int, isDueBy frame: Int) -> Bool {
            let sampleTime = j == sampleCount ? (startMs + durationMs) * 60 * fps : startMs * 60 * fps + j * 1000 * fps
            return sampleTime <= frame * 60_000
        }

        /// The finger's translation after sample j (0 before the first).
        func finger(afterSample j: Int) -> Double {
            guard j > 0 else { return 0 }
            return j == sampleCount ? distance : distance * Double(j * 1000) / Double(60 * durationMs)
        }

        /// The content offset a frame must show: the last sample due by then, through the rubber
        /// band (d = 480, c = 0.55) from the top edge.
        func expectedOffset(atFrame k: Int) -> Double {
            let touchedDown = startMs * fps <= k * 1000
            guard touchedDown else { return 0 }
            let j = (0...sampleCount).last { $0 == 0 || sample($0, isDueBy: k) } ?? 0
            let x = finger(afterSample: j)
            return -(1 - 1 / (x * 0.55 / 480 + 1)) * 480
        }

        /// The instants the finger moves at, as exact rationals (numerator over 60,000).
        var sampleInstants: [Int] {
            (1...sampleCount).map { j in j == sampleCount ? (startMs + durationMs) * 60 : startMs * 60 + j * 1000 }
        }
    }

    final class MoveLog: UIScrollViewDelegate {
        var moves: [Double] = []
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            if scrollView.isDragging { moves.append(CACurrentMediaTime()) }
        }
    }

    static let pulls = zip(Gen.int(in: 0...3000), Gen.int(in: 50...1500), Gen.double(in: 20...400), Gen.int(in: 0...7))
        .map { Pull(startMs: $0, durationMs: $1, distance: $2, fps: frameRates[$3]) }

    @Test("every 1/60 s from touch down to lift moves the finger exactly once, at any start (1.1, 13.2)")
    func everySampleMovesOnce() async {
        await propertyCheck(count: 300, input: Self.pulls) { pull in
            let (stage, sv) = scrollScene(width: 320, height: 480, contentHeight: 2000)
            let log = MoveLog()
            sv.delegate = log
            stage.advance(to: 0)
            sv.perform(
                .pull(pull.distance, over: Double(pull.durationMs) / 1000, curve: CAMediaTimingFunction(name: .linear)),
                at: Double(pull.startMs) / 1000)
            let end = Double(pull.startMs + pull.durationMs) / 1000
            // Frames of the render, as the render loop advances.
            var k = 0
            while Double(k) / Double(pull.fps) <= end + 0.1 {
                stage.advance(to: Double(k) / Double(pull.fps))
                k += 1
            }
            let expected = pull.sampleInstants.map { Double($0) / 60_000 }
            #expect(log.moves.count == expected.count, "\(pull): \(log.moves.count) moves for \(expected.count) samples")
            for (seen, due) in zip(log.moves, expected) {
                #expect(abs(seen - due) < 2e-9, "\(pull): a move at \(seen) for the sample due at \(due)")
            }
            #expect(Set(log.moves).count == log.moves.count, "\(pull): two moves at one instant")
        }
    }

    @Test("every frame at 10–60 fps shows the finger's value at that frame's time (1.1, 13.2)")
    func framesShowTheFinger() async {
        await propertyCheck(count: 300, input: Self.pulls) { pull in
            let (stage, sv) = scrollScene(width: 320, height: 480, contentHeight: 2000)
            stage.advance(to: 0)
            sv.perform(
                .pull(
                    pull.distance, over: Double(pull.durationMs) / 1000, curve: CAMediaTimingFunction(name: .linear),
                    hold: 1), at: Double(pull.startMs) / 1000)
            let lastFrame = (pull.startMs + pull.durationMs) * pull.fps / 1000
            for k in 0...lastFrame {
                stage.advance(to: Double(k) / Double(pull.fps))
                let shown = stage.snapshot().root.sublayers.first?.state.bounds.origin.y ?? .nan
                let expected = pull.expectedOffset(atFrame: k)
                #expect(abs(shown - expected) < 1e-9, "\(pull): frame \(k) shows \(shown), the finger is at \(expected)")
            }
        }
    }

    @Test("sums and products of the same instant are one Stage instant (1.1)")
    func instantsCoincide() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 0...400_000), Gen.int(in: 0...200), Gen.int(in: 0...7)) { ms, k, rate in
            let fps = Double(Self.frameRates[rate])
            // start + k/fps made by a sum, by one division, and by repeated addition.
            let sum = Double(ms) / 1000 + Double(k) / fps
            let direct = Double(ms * Int(fps) + k * 1000) / (1000 * fps)
            var added = Double(ms) / 1000
            for _ in 0..<k { added += 1 / fps }
            #expect(
                StageInstant.of(sum) == StageInstant.of(direct) && StageInstant.of(added) == StageInstant.of(direct),
                "\(ms) ms + \(k)/\(fps): \(sum), \(direct), \(added)")
            // A frame time computed directly is already its own instant.
            #expect(StageInstant.of(Double(k) / fps) == Double(k) / fps)
        }
    }

    @Test("an instant is never before its time but for float noise: a time between flicks waits for the next (1.1)")
    func instantsAreNotEarly() async {
        let flick = 1.0 / StageInstant.ticksPerSecond
        await propertyCheck(count: 2000, input: Gen.double(in: 0...3600)) { t in
            let i = StageInstant.of(t)
            // At most 1/100 flick early (that is float noise around a whole flick), less than a flick late.
            let slack = 4 * t.ulp
            #expect(i >= t - flick / 100 - slack && i - t < flick + slack, "\(t) → \(i)")
            #expect(i == (i * StageInstant.ticksPerSecond).rounded() / StageInstant.ticksPerSecond, "\(i) is a whole flick")
        }
    }
}
