import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// Turning scrolling off while a finger drags (ESPullToRefresh does it when a refresh starts):
/// UIKit cancels a recognizer disabled mid-gesture, so the drag ends there and the finger moves
/// nothing more.
@Suite("scrolling turned off mid-drag")
struct ScrollDisabledMidDragTests {
    final class Header: NSObject, UIScrollViewDelegate {
        var triggers = 0
        var endedDragging: [Bool] = []
        var states: [UIGestureRecognizer.State] = []
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            guard scrollView.isScrollEnabled, scrollView.contentOffset.y < -40 else { return }
            triggers += 1
            // The library's refresh start: scrolling off, the header's height opened as an inset.
            scrollView.isScrollEnabled = false
            scrollView.contentInset.top = 50
        }
        func pan(_ recognizer: UIGestureRecognizer) { states.append(recognizer.state) }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            endedDragging.append(decelerate)
        }
    }

    @Test("isScrollEnabled = false mid-pull cancels the pan, ends the drag once, and the content settles at the opened inset")
    func disabledMidPull() {
        let (stage, sv) = scrollScene(width: 100, height: 200, contentHeight: 600)
        let header = Header()
        sv.delegate = header
        sv.panGestureRecognizer.addTarget(header, action: Header.pan)
        _ = sv.perform(.pull(300, over: 1), at: 0.1)
        stage.advance(to: 0.6)
        #expect(header.triggers == 1, "the trigger fires once, not at every finger sample")
        #expect(header.endedDragging == [true], "the drag ends when the pan is cancelled, moving back to the edge")
        #expect(header.states.contains(.cancelled) && !header.states.contains(.ended))
        #expect(sv.panGestureRecognizer.state == .possible)
        #expect(!sv.isDragging)
        let heldAt = sv.contentOffset.y
        stage.advance(to: 3)
        #expect(
            abs(sv.contentOffset.y + 50) < 0.5,
            "settled at the inset's edge, not following the finger: \(sv.contentOffset.y) (was \(heldAt))")
        #expect(header.triggers == 1 && header.endedDragging.count == 1, "the rest of the pull moved nothing")
    }

    @Test("disabling the pan recognizer itself mid-drag cancels the drag too; enabled again, the next touch drags")
    func recognizerDisabled() {
        let (stage, sv) = scrollScene(width: 100, height: 200, contentHeight: 600)
        stage.advance(to: 0)
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: -30))
        #expect(sv.isDragging && sv.contentOffset.y == 30)
        sv.panGestureRecognizer.isEnabled = false
        #expect(!sv.isDragging)
        sv.drag(translation: CGPoint(x: 0, y: -80))
        #expect(sv.contentOffset.y == 30, "a cancelled drag does not follow the finger")
        sv.panGestureRecognizer.isEnabled = true
        sv.beginDragging()
        #expect(sv.isDragging)
    }
}
