import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// After the finger lifts the offset itself moves, a function of time (timing-model.md 13.3,
/// 13.4): deceleration, crossing an edge into a bounce, the bounce back, retargeting.
@Suite("scroll motion after release (timing-model.md 13.3, 13.4)")
struct ScrollMotionTests {
    final class OffsetLog: UIScrollViewDelegate {
        var offsets: [(time: Double, y: CGFloat)] = []
        var ended: [Double] = []
        func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append((CACurrentMediaTime(), scrollView.contentOffset.y)) }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { ended.append(CACurrentMediaTime()) }
    }

    func makeScrollView(contentHeight: CGFloat = 100_000) -> (Stage, UIScrollView, OffsetLog) {
        let (stage, sv) = scrollScene(width: 100, height: 800, contentHeight: contentHeight)
        let log = OffsetLog()
        sv.delegate = log
        stage.advance(to: 0)
        return (stage, sv, log)
    }

    /// 13.3's example: 1000 pt/s at the normal rate covers 90.63 pt in 0.1 s, 315.93 in 0.5 s,
    /// 432.04 in 1 s, rests at 499.50 and stops after 3.45 s.
    @Test("a fling decelerates through 13.3's numbers and rests at the projected distance")
    func decelerationNumbers() {
        let (stage, sv, log) = makeScrollView()
        sv.contentOffset.y = 1000
        sv.beginDragging()
        sv.endDragging(velocity: CGPoint(x: 0, y: -1000))  // the finger flicks up: content moves down the list
        for (t, d) in [(0.1, 90.63), (0.5, 315.93), (1.0, 432.04)] {
            stage.advance(to: t)
            #expect(abs(sv.contentOffset.y - (1000 + d)) < 0.01, "t=\(t): \(sv.contentOffset.y)")
            #expect(sv.isDecelerating)
        }
        stage.advance(to: 10)
        #expect(abs(sv.contentOffset.y - 1499.50) < 0.01 && !sv.isDecelerating)
        #expect(log.ended.count == 1 && abs(log.ended[0] - 3.45) < 0.01, "\(log.ended)")
    }

    @Test("the offset is a function of time: any frame rate sees the same value at the same instant")
    func frameRateIndependent() {
        func offsets(fps: Double) -> [Double: CGFloat] {
            let (stage, sv, _) = makeScrollView(contentHeight: 1000)
            sv.contentOffset.y = 100
            sv.beginDragging()
            sv.endDragging(velocity: CGPoint(x: 0, y: 2500))  // towards the top edge, past it
            var seen: [Double: CGFloat] = [:]
            var frame = 0.0
            while frame / fps <= 2 {
                let t = frame / fps
                stage.advance(to: t)
                if [0.1, 0.2, 0.5, 1.0].contains(where: { abs($0 - t) < 1e-9 }) { seen[(t * 10).rounded() / 10] = sv.contentOffset.y }
                frame += 1
            }
            return seen
        }
        let at10 = offsets(fps: 10), at30 = offsets(fps: 30), at60 = offsets(fps: 60)
        #expect(at10.count == 4 && at10 == at30 && at30 == at60, "\(at10) \(at30) \(at60)")
    }

    @Test("a deceleration that reaches an edge bounces back from it with the velocity it had (13.3 → 13.4)")
    func crossingBounces() {
        let (stage, sv, log) = makeScrollView(contentHeight: 1000)
        sv.contentOffset.y = 50
        sv.beginDragging()
        sv.endDragging(velocity: CGPoint(x: 0, y: 1000))  // content moves up towards −0
        // Edge reached when 50 pt are covered: e^(k t) = 1 + (0 − 50)·k/(−1000).
        let k = 1000 * Foundation.log(0.998)
        let crossing = Foundation.log(1 + 50 * k / 1000) / k
        let edgeVelocity = -1000 + 50 * k * -1  // v0 + (edge − x0)·k with x0 = 50, edge = 0
        stage.advance(to: crossing / 2)
        #expect(sv.contentOffset.y > 0 && sv.contentOffset.y < 50)
        let later = crossing + 0.05
        stage.advance(to: later)
        let expected = edgeVelocity * 0.05 * exp(-10 * 0.05)  // 13.4 with x0 = 0: v·t·e^(−10t)
        #expect(abs(sv.contentOffset.y - expected) < 1e-6, "\(sv.contentOffset.y) vs \(expected)")
        #expect(sv.contentOffset.y < 0)  // past the top: the header area shows
        stage.advance(to: 3)
        #expect(sv.contentOffset.y == 0 && log.ended.count == 1)
        // Without bounces it stops at the edge.
        let (stage2, sv2, _) = makeScrollView(contentHeight: 1000)
        sv2.bounces = false
        sv2.contentOffset.y = 50
        sv2.beginDragging()
        sv2.endDragging(velocity: CGPoint(x: 0, y: 1000))
        stage2.advance(to: crossing + 0.05)
        #expect(sv2.contentOffset.y == 0 && !sv2.isDecelerating)
    }

    /// 13.4's numbers, fitted to two iOS recordings: let go 80 pt past the top at rest, the
    /// content is 29.43 pt past it after 0.1 s, 10.83 after 0.2 s, 0.54 after 0.5 s, and within
    /// 2 pt from 0.37 s; let go with the finger still pulling down at 300 pt/s it starts on down
    /// ((x0 + v·t)·e^(−10t): −40.47 pt after 0.1 s, −18.95 after 0.2 s). Numbers worked by hand.
    @Test("let go past an edge, the content returns as x0·e^(−10t) from rest, (x0 + v·t)·e^(−10t) moving (13.4)")
    func releaseFollowsTheMeasuredCurve() {
        func release(fingerVelocity: Double, at times: [Double]) -> [Double] {
            let (stage, sv, _) = makeScrollView(contentHeight: 1000)
            sv.beginDragging()
            sv.contentOffset = CGPoint(x: 0, y: -80)  // held 80 pt past the top by the finger
            sv.endDragging(velocity: CGPoint(x: 0, y: fingerVelocity))
            return times.map {
                stage.advance(to: $0)
                return sv.contentOffset.y
            }
        }
        let still = release(fingerVelocity: 0, at: [0.1, 0.2, 0.37, 0.5])
        #expect(abs(still[0] + 29.430) < 1e-3 && abs(still[1] + 10.827) < 1e-3, "\(still)")
        #expect(still[2] > -2 && still[2] < 0 && abs(still[3] + 0.539) < 1e-3, "\(still)")
        let moving = release(fingerVelocity: 300, at: [0.1, 0.2])
        #expect(abs(moving[0] + 40.467) < 1e-3 && abs(moving[1] + 18.947) < 1e-3, "\(moving)")
    }

    @Test("observers hear the moving offset at every 1/60 s display frame and at every instant the clock stops at")
    func observersHearMotion() {
        let (stage, sv, log) = makeScrollView(contentHeight: 1000)
        var observed: [CGFloat] = []
        let observation = sv.observe(\.contentOffset, options: [.new]) { _, change in observed.append(change.newValue!.y) }
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: 100))
        let released = sv.contentOffset.y
        sv.endDragging()
        log.offsets = []
        observed = []
        // A 51.5 pt release at rest is within 0.5 pt after ln(103)/10 = 0.46 s (13.4): 0.4 s at
        // 30 fps lies inside it. The clock stops at every 1/60 s as a device's display does (the
        // 30 fps frames among them).
        for frame in 1...12 { stage.advance(to: Double(frame) / 30) }
        #expect(sv.isDecelerating)
        #expect(log.offsets.count == 24 && observed.count == 24, "\(log.offsets.count) \(observed.count)")
        for (i, entry) in log.offsets.enumerated() {
            let t = Double(i + 1) / 60
            #expect(abs(entry.time - t) < 1e-12)
            #expect(abs(entry.y - released * exp(-10 * t)) < 1e-9)  // 13.4: x0·e^(−10t) from rest
        }
        #expect(observed == log.offsets.map(\.y))
        // At 7 fps (frames between the display frames) the same display frames are heard, plus the frames' own instants.
        let (stage2, sv2, log2) = makeScrollView(contentHeight: 1000)
        sv2.beginDragging()
        sv2.drag(translation: CGPoint(x: 0, y: 100))
        sv2.endDragging()
        for frame in 1...3 { stage2.advance(to: Double(frame) / 7) }
        let heard = Set(log2.offsets.map(\.time))
        #expect((1...25).allSatisfy { heard.contains(Double($0) / 60) } && heard.contains(3.0 / 7))
        observation.invalidate()
    }

    @Test("a finger catches the content mid-bounce where it shows; a new inset rebases the bounce without a jump")
    func catchAndRebase() {
        let (stage, sv, log) = makeScrollView(contentHeight: 1000)
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: 200))
        sv.endDragging()
        stage.advance(to: 0.1)
        let caught = sv.contentOffset.y
        sv.beginDragging()
        #expect(!sv.isDecelerating && sv.contentOffset.y == caught)
        stage.advance(to: 0.5)
        #expect(sv.contentOffset.y == caught, "held by the finger")
        sv.endDragging()
        stage.advance(to: 0.55)
        let before = sv.contentOffset.y
        sv.contentInset.top = 60  // a refresh opens while it bounces
        #expect(sv.contentOffset.y == before && sv.isDecelerating)
        stage.advance(to: 3)
        #expect(sv.contentOffset.y == -60 && log.ended.count == 1)
    }

    @Test("released past the top, the content returns to the top edge where it now is: an inset opened at release pulls it on down (UIKit)")
    func bounceToLiveEdge() {
        final class Opener: UIScrollViewDelegate {
            func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { scrollView.contentInset.top = 72 }
        }
        let (stage, sv, _) = makeScrollView(contentHeight: 1000)
        let opener = Opener()
        sv.delegate = opener
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: 130))  // ~59.5 pt of content past the top
        let released = sv.contentOffset.y
        #expect(released < 0 && released > -72)
        sv.endDragging()
        stage.advance(to: 0.15)
        let expected = -72 + (released + 72) * exp(-10 * 0.15)  // 13.4: from rest, toward the new edge
        #expect(abs(sv.contentOffset.y - expected) < 1e-9, "\(sv.contentOffset.y) vs \(expected)")
        stage.advance(to: 2)
        #expect(sv.contentOffset.y == -72)
    }
}
