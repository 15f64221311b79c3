import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// Scripted fingers on the Stage clock: 60 Hz samples whatever the frame rate, and a release
/// at the finger's own velocity (timing-model.md 13.2–13.4 for what the content then does).
@Suite("touch scripts")
struct TouchScriptTests {
    final class DragLog: UIScrollViewDelegate {
        var offsets: [(Double, CGFloat)] = []
        var releaseVelocity: CGPoint?
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            if scrollView.isDragging { offsets.append((CACurrentMediaTime(), scrollView.contentOffset.y)) }
        }
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
            targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            releaseVelocity = velocity
        }
    }

    func scene() -> (Stage, UIScrollView, DragLog) {
        let (stage, sv) = scrollScene(width: 320, height: 480, contentHeight: 2000)
        let log = DragLog()
        sv.delegate = log
        return (stage, sv, log)
    }

    @Test("a move is sampled at 60 Hz of Stage time, its last sample exactly at its end")
    func samplesAt60Hz() {
        let script = TouchScript([
            .touchDown, .move(by: CGPoint(x: 0, y: 120), duration: 0.25, curve: CAMediaTimingFunction(name: .linear)),
            .release(velocity: nil)
        ])
        let samples = script.samples(from: 1)
        let moves = samples.compactMap { entry -> (Double, CGFloat)? in
            if case .at(let p) = entry.sample { return (entry.time, p.y) } else { return nil }
        }
        #expect(moves.count == 15)  // 0.25 s · 60 = 15
        for (i, (t, y)) in moves.enumerated() {
            let expectedT = 1 + Double(i + 1) / 60
            #expect(abs(t - expectedT) < 1e-12 && abs(y - 120 * (t - 1) / 0.25) < 1e-9)
        }
        #expect(samples.first?.sample == .down(nil) && samples.first?.time == 1)
        // Released at its last sample: the last 1/60 s moved 8 pt, so 480 pt/s.
        guard case .up(let v)? = samples.last?.sample else {
            Issue.record("no release")
            return
        }
        #expect(abs(v.y - 480) < 1e-6 && samples.last?.time == 1.25)
    }

    @Test("what the scroll view sees does not depend on the render's frame rate")
    func frameRateIndependent() {
        func run(fps: Double) -> ([(Double, CGFloat)], CGFloat) {
            let (stage, sv, log) = scene()
            sv.perform(.pull(150, over: 0.5, hold: 0.2), at: 0.1)
            var frame = 0.0
            while frame / fps <= 0.8 {
                stage.advance(to: frame / fps)
                frame += 1
            }
            stage.advance(to: 0.8)
            return (log.offsets, sv.contentOffset.y)
        }
        let a = run(fps: 12), b = run(fps: 60)
        #expect(a.0.count == 30 && a.0.count == b.0.count)
        #expect(zip(a.0, b.0).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 })
        #expect(a.1 == b.1)
        // 150 pt of finger past the top with d = 480: 480·(1 − 1/(150·0.55/480 + 1)) (13.2).
        let pulled = 480 * (1 - 1 / (150 * 0.55 / 480 + 1))
        #expect(abs(a.0.last!.1 + pulled) < 1e-9)
    }

    @Test("lifting after a hold has zero velocity; lifting mid-motion flings at the finger's speed; an explicit velocity wins")
    func releaseVelocity() {
        let (stage, sv, log) = scene()
        sv.perform(.pull(100, over: 0.3, hold: 0.1))
        stage.advance(to: 1)
        #expect(log.releaseVelocity == .zero)
        let (stage2, sv2, log2) = scene()
        sv2.contentOffset.y = 500
        sv2.perform(
            TouchScript([
                .touchDown, .move(by: CGPoint(x: 0, y: -60), duration: 0.1, curve: CAMediaTimingFunction(name: .linear)),
                .release(velocity: nil)
            ]))
        stage2.advance(to: 0.1)
        // The finger moved up at 600 pt/s: the content moves down the list at 0.6 pt/ms.
        #expect(abs((log2.releaseVelocity?.y ?? 0) - 0.6) < 1e-9)
        #expect(sv2.isDecelerating)
        stage2.advance(to: 0.2)
        let decelerated = ScrollPhysics.decelerationDistance(initialVelocity: 600, rate: 0.998, time: 0.1)
        #expect(abs(sv2.contentOffset.y - (560 + decelerated)) < 1e-9)
        let (stage3, sv3, log3) = scene()
        sv3.contentOffset.y = 500
        sv3.perform(.pull(-30, over: 0.2, release: CGPoint(x: 0, y: -2000)))
        stage3.advance(to: 0.3)
        #expect(log3.releaseVelocity == CGPoint(x: 0, y: 2))
    }

    @Test("touch down and lift are in the Stage's trace, at their times")
    func traced() {
        let (stage, sv, _) = scene()
        sv.layer.name = "table"
        let lift = sv.perform(.pull(80, over: 0.5, hold: 0.25), at: 0.5)
        #expect(lift == 1.25)
        stage.advance(to: 2)
        let scripted = stage.trace.compactMap { e -> String? in
            if case .scripted(let s) = e.kind { return "\(e.time) \(s)" } else { return nil }
        }
        #expect(scripted == ["0.5 touch down table", "1.25 touch up table velocity 0.0,0.0 pt/s"])
    }
}

@Suite("touch script equality")
struct TouchScriptEqualityTests {
    @Test("the same pull at the same x is equal, NaN (the centre's y) included; another x is not")
    func pullsAtXCompare() {
        #expect(TouchScript.pull(100, over: 0.5, x: 120) == TouchScript.pull(100, over: 0.5, x: 120))
        #expect(TouchScript.pull(100, over: 0.5, x: 120) != TouchScript.pull(100, over: 0.5, x: 121))
        #expect(TouchScript.pull(100, over: 0.5) != TouchScript.pull(100, over: 0.5, x: 120))
    }

    @Test("fingerLocation: nil before touch down and after lift; the down point plus the move's progress between")
    func fingerLocation() {
        // Down at (100, NaN): x 100, y the centre of a 200-point-high view; then 60 pt down over
        // 0.5 s, linear; hold 0.2 s; lift.
        let script = TouchScript([
            .touchDownAt(CGPoint(x: 100, y: CGFloat.nan)),
            .move(by: CGPoint(x: 0, y: 60), duration: 0.5, curve: CAMediaTimingFunction(name: .linear)),
            .hold(0.2), .release(velocity: nil)
        ])
        let size = CGSize(width: 300, height: 200)
        #expect(script.fingerLocation(at: 0.99, startingAt: 1, in: size) == nil)
        #expect(script.fingerLocation(at: 1, startingAt: 1, in: size) == CGPoint(x: 100, y: 100))
        // Moves are sampled at 60 Hz: at 1.25 s the sample of 15/60 s is the latest, half way.
        let mid = script.fingerLocation(at: 1.25, startingAt: 1, in: size)
        #expect(mid.map { abs($0.x - 100) < 1e-9 && abs($0.y - 130) < 1e-6 } == true, "\(String(describing: mid))")
        #expect(script.fingerLocation(at: 1.6, startingAt: 1, in: size) == CGPoint(x: 100, y: 160))
        #expect(script.fingerLocation(at: 1.71, startingAt: 1, in: size) == nil)
    }
}
