import FlipbookCore
import Foundation

/// Zooming (UIKit's names; timing-model.md 13.10): the delegate's `viewForZooming(in:)` is
/// scaled about its top-left by `zoomScale`, the content size follows it, and the offset keeps
/// the point at the middle of the visible area there (or, zooming to a rectangle, puts the
/// rectangle's middle there). Animated, the view's scale moves as a 0.3 s view animation and the
/// offset as `setContentOffset(_:animated:)` moves it, together.
extension UIScrollView {
    /// The zooming view's scale, held between `minimumZoomScale` and `maximumZoomScale`.
    public var zoomScale: CGFloat {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Whether fingers are zooming the content now (a pinch under way).
    public var isZooming: Bool { isPinchZooming }

    /// The recognizer for pinches that zoom the content (timing-model.md 13.10): nil
    /// unless the delegate names a view to zoom and the zoom range is more than one scale.
    public var pinchGestureRecognizer: UIPinchGestureRecognizer? { zoomsByPinching ? pinchRecognizer : nil }

    /// Whether two fingers zoom: a view to zoom and a range wider than one scale.
    var zoomsByPinching: Bool { zoomingView != nil && maximumZoomScale > minimumZoomScale }

    /// The view the delegate names for zooming.
    var zoomingView: UIView? { delegate?.viewForZooming(in: self) }

    /// Zooms to `scale` while fingers pinch: the zooming view's point `anchor` (its own
    /// coordinates) goes to `visible` (in the visible area), the offset held in the resting range.
    func applyPinchZoom(_ scale: CGFloat, anchor: CGPoint, at visible: CGPoint) {
        guard let view = zoomingView, scale.isFinite, scale > 0 else { return }
        storedZoomScale = scale
        let size = view.bounds.size
        UIView.performWithoutAnimation {
            view.transform = CGAffineTransform(scaleX: scale, y: scale)
            view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        }
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        let wanted = CGPoint(x: anchor.x * scale - visible.x, y: anchor.y * scale - visible.y)
        let lo = minimumContentOffset, hi = maximumContentOffset
        contentOffset = CGPoint(x: min(max(wanted.x, lo.x), max(lo.x, hi.x)), y: min(max(wanted.y, lo.y), max(lo.y, hi.y)))
        delegate?.scrollViewDidZoom(self)
    }

    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        let centre = CGPoint(x: contentOffset.x + bounds.width / 2, y: contentOffset.y + bounds.height / 2)
        let old = storedZoomScale
        zoom(to: heldScale(scale), keeping: CGPoint(x: centre.x / old, y: centre.y / old), animated: animated)
    }

    /// Zooms so `rect` (in the zooming view's own coordinates) fills the bounds as far as the
    /// scale limits allow, centred.
    public func zoom(to rect: CGRect, animated: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        let scale = heldScale(min(bounds.width / rect.width, bounds.height / rect.height))
        zoom(to: scale, keeping: CGPoint(x: rect.midX, y: rect.midY), animated: animated)
    }

    private func heldScale(_ scale: CGFloat) -> CGFloat {
        guard scale.isFinite else { return storedZoomScale }
        return min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    }

    /// Scales the zooming view to `scale`, its point `anchor` (own coordinates) at the middle
    /// of the visible area, held in the new resting range.
    private func zoom(to scale: CGFloat, keeping anchor: CGPoint, animated: Bool) {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        delegate?.scrollViewWillBeginZooming(self, with: view)
        storedZoomScale = scale
        let size = view.bounds.size
        let place = {
            view.transform = CGAffineTransform(scaleX: scale, y: scale)
            view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        }
        if animated {
            UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseInOut], animations: place)
        } else {
            UIView.performWithoutAnimation(place)
        }
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        let wanted = CGPoint(x: anchor.x * scale - bounds.width / 2, y: anchor.y * scale - bounds.height / 2)
        let lo = minimumContentOffset, hi = maximumContentOffset
        setContentOffset(CGPoint(x: min(max(wanted.x, lo.x), hi.x), y: min(max(wanted.y, lo.y), hi.y)), animated: animated)
        delegate?.scrollViewDidZoom(self)
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale)
    }
}
