import Foundation

/// Receives a scroll view's movements, with UIKit's names and order: will begin dragging,
/// did scroll (each change), will end dragging (velocity in points per millisecond; the target
/// is where the content will rest and may be changed), did end dragging, will begin
/// decelerating, did end decelerating; did end scrolling animation after
/// `setContentOffset(_:animated: true)`.
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}

/// A simulated scroll view (timing-model.md 11.3, 13): the content offset is the bounds origin,
/// insets widen the resting range, and scripted drags follow the finger with rubber-banding
/// past the edges and bounce back with a critically damped spring when released.
open class UIScrollView: UIView {
    open weak var delegate: (any UIScrollViewDelegate)?
    open var contentSize: CGSize = .zero {
        didSet { if oldValue != contentSize { notifyObservers("contentSize", old: oldValue, new: contentSize) } }
    }
    open var bounces = true
    /// Whether a drag past the edges bounces even when the content fits (UIKit's names).
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    /// Whether a finger is down (a scripted touch between `beginDragging()` and `endDragging()`).
    public var isTracking: Bool { isDragging }
    open var decelerationRate: DecelerationRate = .normal
    public private(set) var isDragging = false
    public private(set) var isDecelerating = false
    private var dragStartOffset = CGPoint.zero
    /// Tells a bounce's end event apart from a later bounce's.
    private var decelerationGeneration = 0

    public override init(frame: CGRect) { super.init(frame: frame); clipsToBounds = true }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "contentOffset": return contentOffset
        case "contentInset": return contentInset
        case "contentSize": return contentSize
        default: return super.value(forKey: key)
        }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The content offset: the bounds origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            let old = bounds.origin
            bounds = CGRect(origin: newValue, size: bounds.size)
            if old != newValue { notifyObservers("contentOffset", old: old, new: newValue) }
            refreshControl?.scrollViewDidScroll(self)
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Insets around the content; shrinking them clamps the offset back into range, animated
    /// when done inside an animation block (timing-model.md 11.3).
    open var contentInset: UIEdgeInsets = .zero {
        didSet {
            if oldValue != contentInset { notifyObservers("contentInset", old: oldValue, new: contentInset) }
            guard !isDragging, !isDecelerating, !keepOffsetOnInsetChange else { return }
            let clamped = clampedOffset(contentOffset)
            if clamped != contentOffset { contentOffset = clamped }
        }
    }

    open var adjustedContentInset: UIEdgeInsets { contentInset }

    private var keepOffsetOnInsetChange = false

    /// Changes the top inset without moving the content (the refresh control's way).
    func contentInsetKeepingOffset(top: CGFloat) {
        keepOffsetOnInsetChange = true
        contentInset.top = top
        keepOffsetOnInsetChange = false
    }

    /// The pull-to-refresh control shown above the content (iOS 10's `refreshControl`).
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard oldValue !== refreshControl else { return }
            oldValue?.removeFromSuperview()
            if let control = refreshControl {
                insertSubview(control, at: 0)
                control.scrollViewDidScroll(self)
            }
        }
    }

    /// The resting range of the offset (timing-model.md 13.1).
    public var minimumContentOffset: CGPoint { CGPoint(x: -contentInset.left, y: -contentInset.top) }
    public var maximumContentOffset: CGPoint {
        CGPoint(x: max(-contentInset.left, contentSize.width + contentInset.right - bounds.width),
                y: max(-contentInset.top, contentSize.height + contentInset.bottom - bounds.height))
    }

    func clampedOffset(_ p: CGPoint) -> CGPoint {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return CGPoint(x: min(max(p.x, lo.x), hi.x), y: min(max(p.y, lo.y), hi.y))
    }

    /// Moves the content; animated over 0.3 s (ease in-out) when asked.
    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        if animated {
            UIView.animate(withDuration: 0.3, delay: 0, options: [.beginFromCurrentState], animations: { self.contentOffset = offset },
                           completion: { [weak self] _ in
                               guard let self else { return }
                               self.delegate?.scrollViewDidEndScrollingAnimation(self)
                           })
        } else {
            contentOffset = offset
        }
    }

    // MARK: - Scripted touches (ours: a device has a finger)

    /// A finger touches down and starts dragging.
    public func beginDragging() {
        isDragging = true
        isDecelerating = false
        layer.removeAnimation(forKey: "bounds.origin")
        dragStartOffset = contentOffset
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// The finger has moved by `translation` (positive y pulls the content down) since the
    /// drag began; past an edge the content follows with a rubber band (timing-model.md 13.2).
    public func drag(translation: CGPoint) {
        guard isDragging else { return }
        let raw = CGPoint(x: dragStartOffset.x - translation.x, y: dragStartOffset.y - translation.y)
        contentOffset = CGPoint(x: rubberBanded(raw.x, lo: minimumContentOffset.x, hi: maximumContentOffset.x, dimension: bounds.width),
                                y: rubberBanded(raw.y, lo: minimumContentOffset.y, hi: maximumContentOffset.y, dimension: bounds.height))
    }

    private func rubberBanded(_ raw: CGFloat, lo: CGFloat, hi: CGFloat, dimension: CGFloat) -> CGFloat {
        guard bounces else { return min(max(raw, lo), hi) }
        if raw < lo { return lo - ScrollPhysics.rubberBand(overscroll: lo - raw, dimension: dimension) }
        if raw > hi { return hi + ScrollPhysics.rubberBand(overscroll: raw - hi, dimension: dimension) }
        return raw
    }

    /// The finger lifts, moving at `velocity` (points per second, as
    /// `UIPanGestureRecognizer.velocity(in:)` reports it; positive y pulls the content down).
    /// Outside the range the content springs back to the nearest edge (critically damped,
    /// ω0 = 10, timing-model.md 13.4). The delegate hears `scrollViewWillEndDragging` with the
    /// content's velocity in points per millisecond and the resting offset, which it may
    /// change (the content then settles there with the same spring). Flings inside the range
    /// do not decelerate yet: the content stays where the finger left it.
    public func endDragging(velocity: CGPoint = .zero) {
        guard isDragging else { return }
        isDragging = false
        // A refresh that began during the drag keeps its control showing (timing-model.md 13.5).
        if let control = refreshControl, control.isRefreshing { control.openInset() }
        var target = clampedOffset(contentOffset)
        let contentVelocity = CGPoint(x: -velocity.x / 1000, y: -velocity.y / 1000)
        delegate?.scrollViewWillEndDragging(self, withVelocity: contentVelocity, targetContentOffset: &target)
        let willMove = target != contentOffset
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willMove)
        guard willMove else { return }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        let from = contentOffset
        contentOffset = target
        let spring = CASpringAnimation(keyPath: "bounds.origin")
        spring.mass = 1; spring.stiffness = 100; spring.damping = 20
        spring.fromValue = CGPoint(x: from.x - target.x, y: from.y - target.y)
        spring.toValue = CGPoint.zero
        spring.isAdditive = true
        // Runs until the content is within half a point of the edge (timing-model.md 13.4).
        let distance = hypot(from.x - target.x, from.y - target.y)
        var settle = 0.0
        while settle < 10 && abs(ScrollPhysics.bounceDisplacement(initial: distance, velocity: 0, time: settle)) >= 0.5 { settle += 0.01 }
        spring.duration = max(spring.settlingDuration, settle)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.add(spring, forKey: "bounds.origin")
        CATransaction.commit()
        let ends = TransactionContext.current.now + spring.duration
        decelerationGeneration += 1
        let generation = decelerationGeneration
        (layer.stage ?? TransactionContext.current.activeStage)?.schedule(at: ends) { [weak self] in
            guard let self, self.isDecelerating, self.decelerationGeneration == generation else { return }
            self.isDecelerating = false
            self.delegate?.scrollViewDidEndDecelerating(self)
        }
    }
}
