import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// CADisplayLink on the Stage clock: ticks on the global 60 Hz grid whatever the render's frame
/// rate, preferredFramesPerSecond, pausing, invalidation, and the Swift 3 run loop spellings.
@Suite("CADisplayLink")
struct DisplayLinkTests {
    final class Ticks {
        var times: [(timestamp: Double, target: Double)] = []
    }

    func run(
        advancingAt fps: Double, until end: Double, configure: (CADisplayLink) -> Void = { _ in },
        during: ((Double, CADisplayLink) -> Void)? = nil
    ) -> [(timestamp: Double, target: Double)] {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        stage.advance(to: 0.005)  // added between two refreshes
        let ticks = Ticks()
        let link = CADisplayLink { link in ticks.times.append((link.timestamp, link.targetTimestamp)) }
        configure(link)
        link.add(to: .main, forMode: .common)
        var k = 1
        while Double(k) / fps <= end {
            stage.advance(to: Double(k) / fps)
            during?(Double(k) / fps, link)
            k += 1
        }
        return ticks.times
    }

    @Test("it ticks at every 1/60 s after it is added, with this and the next tick's time, at any render rate")
    func ticksOnTheGrid() {
        let at60 = run(advancingAt: 60, until: 0.5)
        let at7 = run(advancingAt: 7, until: 0.5)
        #expect(at60.count == 30, "\(at60.count)")  // 1/60 … 30/60
        for (i, t) in at60.enumerated() {
            #expect(t.timestamp == Double(i + 1) / 60 && t.target == Double(i + 2) / 60)
        }
        #expect(at7.map(\.timestamp) == Array(at60.map(\.timestamp).prefix(at7.count)))
        #expect(at7.count == 25)  // the last advance at 7 fps is 3/7 = 0.4286 s: ticks up to 25/60 s
    }

    @Test("preferredFramesPerSecond 30 ticks every other refresh; a paused link is not called; invalidate stops it")
    func rateAndPause() {
        let at30 = run(advancingAt: 60, until: 0.5) { $0.preferredFramesPerSecond = 30 }
        #expect(at30.map(\.timestamp) == (1...15).map { Double(2 * $0) / 60 }, "\(at30.map(\.timestamp))")
        #expect(at30.allSatisfy { abs($0.target - $0.timestamp - 1.0 / 30) < 1e-12 })
        let paused = run(
            advancingAt: 60, until: 0.5,
            during: { t, link in
                if abs(t - 0.1) < 1e-9 { link.isPaused = true }
                if abs(t - 0.2) < 1e-9 { link.isPaused = false }
                if abs(t - 0.3) < 1e-9 { link.invalidate() }
            })
        // Ticks at 1…6/60, paused from 0.1 s, resumed from 0.2 s (13/60 on), none after 0.3 s.
        let expected = (Array(1...6) + Array(13...18)).map { Double($0) / 60 }
        #expect(paused.map(\.timestamp) == expected, "\(paused.map(\.timestamp))")
    }

    @Test("a link nobody keeps a reference to goes on ticking until invalidated, as the run loop holds it on iOS")
    func heldByTheStage() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        let ticks = Ticks()
        do {
            CADisplayLink { link in
                ticks.times.append((link.timestamp, link.targetTimestamp))
                if ticks.times.count == 3 { link.invalidate() }
            }.add(to: RunLoop.main, forMode: RunLoopMode.commonModes)
        }
        stage.advance(to: 1)
        let expected: [Double] = [1, 2, 3].map { $0 / 60 }
        #expect(ticks.times.map(\.timestamp) == expected)
    }
}
