import FlipbookCore
import Foundation

/// A scroll view's pan under a Stage finger (timing-model.md 13.11): like any pan it begins after
/// 10 pt, but only along an axis the scroll view scrolls (so a vertical drag on a sideways
/// carousel inside a table scrolls the table), and once granted it drives the scroll view's
/// drag: `beginDragging` where the finger is then, `drag` as it moves, `endDragging` at the lift
/// with the finger's velocity. The content starts moving from where the pan began, with no jump.
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?

    override func mayBegin(translation: CGPoint) -> Bool {
        guard let scrollView, scrollView.isScrollEnabled else { return false }
        return abs(translation.y) >= abs(translation.x) ? scrollView.scrollsVertically : scrollView.scrollsHorizontally
    }

    /// Asks to begin without telling observers: the drag announces `.began` when it starts.
    override func beginPan() {
        storedState = .began
        actionsPending = true
    }

    override func recognitionGranted() {
        guard let scrollView else { return }
        storedState = .possible
        let here = location(in: scrollView)
        scrollView.beginDragging(at: CGPoint(x: here.x - scrollView.bounds.minX, y: here.y - scrollView.bounds.minY))
    }

    override func continuePan() {
        guard let scrollView, scrollView.isDragging else { return }
        scrollView.drag(translation: fingerTranslation)
    }

    override func endPan(cancelled: Bool) {
        guard let scrollView, scrollView.isDragging else { return }
        if cancelled {
            cancelRecognition?()
        } else {
            scrollView.endDragging(velocity: fingerVelocity)
        }
    }
}
