import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// The app writes `contentOffset` while the scroll view moves on its own (timing-model.md 13.6).
@Suite("offset writes during a scroll view's own motion (timing-model.md 13.6)")
struct AppOffsetWriteTests {
    /// 13.3's deceleration: rest = x − v/k with k = 1000·ln(rate).
    static let k = 1000 * log(0.998)

    func fling(from y: CGFloat, velocity: CGFloat) -> (Stage, UIScrollView) {
        let (stage, sv) = scrollScene(width: 100, height: 800, contentHeight: 100_000)
        stage.advance(to: 0)
        sv.contentOffset.y = y
        sv.beginDragging()
        sv.endDragging(velocity: CGPoint(x: 0, y: -velocity))
        return (stage, sv)
    }

    @Test("13.6 rule 2: a plain write moves the content and the fling goes on with its velocity: the rest moves by the same amount")
    func plainWriteContinues() {
        let (stage, sv) = fling(from: 1000, velocity: 1000)
        let originalRest = 1000 - 1000 / Self.k  // 1499.50 (13.3)
        stage.advance(to: 0.5)
        let shown = sv.contentOffset.y
        sv.contentOffset.y = shown + 2000  // a recentring list jumps
        #expect(sv.isDecelerating)
        stage.advance(to: 10)
        #expect(abs(sv.contentOffset.y - (originalRest + 2000)) < 0.01, "\(sv.contentOffset.y)")
    }

    @Test("13.6 rule 3: setContentOffset(_:animated: false) stops the fling where it puts the content")
    func setContentOffsetStops() {
        let (stage, sv) = fling(from: 1000, velocity: 1000)
        stage.advance(to: 0.5)
        sv.setContentOffset(sv.contentOffset, animated: false)
        let stopped = sv.contentOffset.y
        #expect(!sv.isDecelerating)
        stage.advance(to: 2)
        #expect(sv.contentOffset.y == stopped)
    }

    @Test("13.6 rule 2 at an edge: a plain write during a bounce back still returns to the edge")
    func plainWriteDuringBounce() {
        let (stage, sv) = scrollScene(width: 100, height: 800, contentHeight: 2000)
        stage.advance(to: 0)
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: 300))
        sv.endDragging()
        stage.advance(to: 0.1)
        sv.contentOffset.y -= 10
        #expect(sv.isDecelerating)
        stage.advance(to: 3)
        #expect(sv.contentOffset.y == 0 && !sv.isDecelerating)
    }

    /// Yalantis PullToRefresh's release: its contentOffset observer, hearing the bounce's own
    /// step, opens the inset and moves the offset inside a 0.3 s block.
    final class OpensHeaderOnRelease: NSObject, NSKeyValueObserving {
        weak var scrollView: UIScrollView?
        var openedAt: Double?
        func observeValue(
            forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
            context: UnsafeMutableRawPointer?
        ) {
            guard let sv = scrollView, !sv.isDragging, openedAt == nil, sv.contentOffset.y <= -40 else { return }
            openedAt = CACurrentMediaTime()
            UIView.animate(withDuration: 0.3) {
                sv.contentInset.top = 40
                sv.contentOffset = CGPoint(x: 0, y: -40)
            }
        }
    }

    @Test("13.6 rules 1 and 4: an observer's animated write during the bounce's own step stops the bounce; the block settles it in 0.3 s")
    func observerAnimatedWriteTakesOver() throws {
        let (stage, sv) = scrollScene(width: 100, height: 800, contentHeight: 2000)
        let header = OpensHeaderOnRelease()
        header.scrollView = sv
        sv.addObserver(header, forKeyPath: "contentOffset", options: .new, context: nil)
        stage.advance(to: 0)
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: 300))
        sv.endDragging()
        stage.advance(to: 0.05)
        let opened = try #require(header.openedAt)
        #expect(!sv.isDecelerating, "the bounce stopped when the block took over")
        #expect(sv.contentOffset.y == -40)
        stage.advance(to: opened + 0.3)
        #expect(sv.layer.presentation()?.bounds.origin.y == -40, "settled when the 0.3 s block ends")
    }
}
