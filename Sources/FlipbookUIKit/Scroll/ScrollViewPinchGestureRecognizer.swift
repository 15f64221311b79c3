import FlipbookCore
import Foundation

/// A scroll view's pinch (timing-model.md 13.10): with a view to zoom and a zoom range,
/// two fingers zoom it about the content point that was under them when the pinch began, which
/// stays under their centroid as they spread and move; past the range the scale gives way
/// (`bouncesZoom`: the overshoot's square root) or stops, and let go it returns into the range
/// as `setZoomScale(_:animated:)` does. Without zooming it fails at once and prevents nothing.
final class ScrollViewPinchGestureRecognizer: UIPinchGestureRecognizer {
    weak var scrollView: UIScrollView?
    /// The zooming view's own point under the fingers, and the zoom scale, where the pinch began.
    private var anchor = CGPoint.zero
    private var startScale: CGFloat = 1

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let scrollView, scrollView.zoomsByPinching else {
            state = .failed
            return
        }
        super.touchesBegan(touches, with: event)
    }

    override func recognitionGranted() {
        guard let scrollView, let view = scrollView.zoomingView else { return }
        startScale = scrollView.zoomScale
        let fingers = location(in: scrollView)
        anchor = CGPoint(x: fingers.x / startScale, y: fingers.y / startScale)
        scrollView.delegate?.scrollViewWillBeginZooming(scrollView, with: view)
        scrollView.isPinchZooming = true
        super.recognitionGranted()
        follow()
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state == .changed { follow() }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .ended { settle() }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        if state == .cancelled { settle() }
    }

    /// The zoom the fingers make now: the scale, and the anchor under their centroid.
    private func follow() {
        guard let scrollView else { return }
        let lo = scrollView.minimumZoomScale, hi = max(scrollView.minimumZoomScale, scrollView.maximumZoomScale)
        var scale = startScale * scale
        if scale > hi { scale = scrollView.bouncesZoom ? hi * (scale / hi).squareRoot() : hi }
        if scale < lo { scale = scrollView.bouncesZoom ? lo * (scale / lo).squareRoot() : lo }
        let fingers = location(in: scrollView)
        let visible = CGPoint(x: fingers.x - scrollView.bounds.minX, y: fingers.y - scrollView.bounds.minY)
        scrollView.applyPinchZoom(scale, anchor: anchor, at: visible)
    }

    /// The fingers lifted: back into the range, animated, about the middle of the view.
    private func settle() {
        guard let scrollView else { return }
        scrollView.isPinchZooming = false
        let lo = scrollView.minimumZoomScale, hi = max(scrollView.minimumZoomScale, scrollView.maximumZoomScale)
        let held = min(max(scrollView.zoomScale, lo), hi)
        scrollView.setZoomScale(held, animated: true)
    }
}
