import FlipbookCore
import Foundation

/// Receives a scroll view's movements, with UIKit's names and order: will begin dragging,
/// did scroll (each change), will end dragging (velocity in points per millisecond; the target
/// is where the content will rest and may be changed), did end dragging, will begin
/// decelerating, did end decelerating; did end scrolling animation after
/// `setContentOffset(_:animated: true)`.
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view that zooms (nil: the scroll view does not zoom).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
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
    /// The zooming view's scale (UIScrollView+Zoom.swift), held between the minimum and maximum.
    var storedZoomScale: CGFloat = 1
    open var minimumZoomScale: CGFloat = 1
    open var maximumZoomScale: CGFloat = 1
    open var bouncesZoom = true
    /// A released drag comes to rest on a whole page (a multiple of the bounds' size), as
    /// UIKit's paging scroll views do (timing-model.md 13.9).
    open var isPagingEnabled = false
    /// Whether a drag past the edges bounces even when the content fits (UIKit's names).
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    /// Whether a finger is down (a scripted touch between `beginDragging()` and `endDragging()`).
    public var isTracking: Bool { isDragging }
    open var decelerationRate: DecelerationRate = .normal
    public private(set) var isDragging = false
    public private(set) var isDecelerating = false
    private var dragStartOffset = CGPoint.zero
    /// Tells a motion's end event apart from a later motion's.
    private var decelerationGeneration = 0
    /// What moves the offset now that no finger does (timing-model.md 13.3, 13.4).
    private var motion: (kind: MotionKind, x: AxisMotion, y: AxisMotion)?
    /// Set while the motion itself writes the offset, which must not cancel it.
    private var applyingMotion = false
    /// Set while the finger lifts: delegates may open insets then (a refresh starting), which
    /// the motion about to start takes into account instead of a clamp.
    private var endingDrag = false

    /// The finger dragging the content, as UIKit reports it (states observable through
    /// `"panGestureRecognizer.state"`).
    public let panGestureRecognizer: UIPanGestureRecognizer = ScrollViewPanGestureRecognizer()
    /// The pinch that zooms (`pinchGestureRecognizer` shows it when zooming is possible).
    let pinchRecognizer = ScrollViewPinchGestureRecognizer()
    /// Set while fingers zoom the content.
    var isPinchZooming = false
    /// Whether the finger scrolls the content (false: touch scripts do nothing, as the pan
    /// recognizer is disabled on iOS). Turned off mid-drag, the pan is cancelled and the drag
    /// ends where the content is, as a lift with no velocity; the finger moves nothing more.
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }

    /// Whether the bars along the right and bottom edges show while the content scrolls
    /// (ScrollIndicators.swift, timing-model.md 13.7).
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var indicatorStyle: IndicatorStyle = .default { didSet { scrollIndicators?.layout(self) } }
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Both axes' indicator insets (reads the vertical one).
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }
    var scrollIndicators: ScrollIndicators?
    /// Whether the motion under way scrolls the content (a fling, a scrolling animation), which
    /// shows the bars, rather than returning it to an edge.
    private var motionScrollsContent = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
        (panGestureRecognizer as? ScrollViewPanGestureRecognizer)?.scrollView = self
        addGestureRecognizer(pinchRecognizer)
        pinchRecognizer.scrollView = self
        panGestureRecognizer.cancelRecognition = { [weak self] in self?.finishDragging(velocity: .zero, cancelled: true) }
        scrollIndicators = ScrollIndicators(in: layer)
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "contentOffset": return contentOffset
        case "contentInset": return contentInset
        case "contentSize": return contentSize
        case "panGestureRecognizer": return panGestureRecognizer
        default: return super.value(forKey: key)
        }
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addGestureRecognizer(panGestureRecognizer)
        (panGestureRecognizer as? ScrollViewPanGestureRecognizer)?.scrollView = self
        addGestureRecognizer(pinchRecognizer)
        pinchRecognizer.scrollView = self
        panGestureRecognizer.cancelRecognition = { [weak self] in self?.finishDragging(velocity: .zero, cancelled: true) }
        scrollIndicators = ScrollIndicators(in: layer)
    }

    /// The content offset: the bounds origin. Written by the app while the scroll view moves on
    /// its own (decelerating, bouncing back; timing-model.md 13.6): inside an animation block the
    /// animation takes over and the motion stops; a plain write moves the content there and the
    /// motion goes on from it with its velocity (UIKit's recentring idiom), toward the same edge.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            let old = bounds.origin
            // Only the motion's own write is the motion's: what observers and delegates write
            // while hearing it is the app's.
            let fromMotion = applyingMotion
            applyingMotion = false
            var continuesMotion = false
            if !fromMotion, motion != nil {
                if UIView.insideAnimationBlock || endingDrag { cancelMotion() } else { continuesMotion = true }
            }
            bounds = CGRect(origin: newValue, size: bounds.size)
            if continuesMotion { continueMotion(from: newValue) }
            updateScrollIndicators(from: old, to: newValue, moving: isDragging || (motion != nil && motionScrollsContent))
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
            guard oldValue != contentInset else { return }
            if motion != nil {
                rebaseMotionOnNewRange(oldInset: oldValue)
                return
            }
            guard !isDragging, !endingDrag, !keepOffsetOnInsetChange else { return }
            let clamped = clampedOffset(contentOffset)
            if clamped != contentOffset { contentOffset = clamped }
        }
    }

    /// How the safe area adds to the insets (UIKit's names).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

    /// The insets the offset's range uses: `contentInset` plus the safe area where the
    /// adjustment behaviour adds it. A Stage has no bars or notch (the safe area is zero), so
    /// this equals `contentInset` whatever the behaviour, as on a device without them.
    open var adjustedContentInset: UIEdgeInsets {
        guard contentInsetAdjustmentBehavior != .never else { return contentInset }
        let safe = safeAreaInsets
        return UIEdgeInsets(
            top: contentInset.top + safe.top, left: contentInset.left + safe.left,
            bottom: contentInset.bottom + safe.bottom, right: contentInset.right + safe.right)
    }

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
        CGPoint(
            x: max(-contentInset.left, contentSize.width + contentInset.right - bounds.width),
            y: max(-contentInset.top, contentSize.height + contentInset.bottom - bounds.height))
    }

    func clampedOffset(_ p: CGPoint) -> CGPoint {
        let lo = minimumContentOffset, hi = maximumContentOffset
        return CGPoint(x: min(max(p.x, lo.x), hi.x), y: min(max(p.y, lo.y), hi.y))
    }

    /// Moves the content; when animated, the offset itself moves over 0.3 s (ease in-out),
    /// heard by `scrollViewDidScroll` at every instant, then `scrollViewDidEndScrollingAnimation`.
    /// Not animated, it stops any motion first (UIKit's way to stop a fling:
    /// `setContentOffset(contentOffset, animated: false)`; 13.6).
    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        guard animated else {
            cancelMotion()
            contentOffset = offset
            return
        }
        cancelMotion()
        let now = TransactionContext.current.now
        motionScrollsContent = true
        startMotion(
            .scrollingAnimation,
            x: .ease(from: contentOffset.x, to: offset.x, duration: 0.3, at: now),
            y: .ease(from: contentOffset.y, to: offset.y, duration: 0.3, at: now))
    }

    // MARK: - Scripted touches (ours: a device has a finger)

    /// A finger touches down at `location` (in the scroll view's visible area, from its top
    /// left; its centre when nil) and starts dragging. Observers of the pan recognizer's state
    /// hear `.began` first, then the delegate `scrollViewWillBeginDragging`.
    public func beginDragging(at location: CGPoint? = nil) {
        guard isScrollEnabled, panGestureRecognizer.isEnabled else { return }
        cancelMotion()
        let point = location ?? CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        panGestureRecognizer.fingerDown(
            at: convert(CGPoint(x: bounds.minX + point.x, y: bounds.minY + point.y), to: nil),
            time: TransactionContext.current.now)
        isDragging = true
        // A finger catches the content where it shows, even mid-animation.
        if let shown = layer.presentation()?.bounds.origin, shown != contentOffset {
            layer.removeAnimation(forKey: "bounds.origin")
            layer.removeAnimation(forKey: "bounds")
            UIView.performWithoutAnimation { contentOffset = shown }
        }
        dragStartOffset = contentOffset
        delegate?.scrollViewWillBeginDragging(self)
        panGestureRecognizer.sendActions()
    }

    /// The finger has moved by `translation` (positive y pulls the content down) since the
    /// drag began; past an edge the content follows with a rubber band (timing-model.md 13.2).
    public func drag(translation: CGPoint) {
        guard isDragging else { return }
        panGestureRecognizer.fingerMoved(to: translation, time: TransactionContext.current.now)
        let raw = CGPoint(x: dragStartOffset.x - (scrollsHorizontally ? translation.x : 0), y: dragStartOffset.y - translation.y)
        contentOffset = CGPoint(
            x: rubberBanded(raw.x, lo: minimumContentOffset.x, hi: maximumContentOffset.x, dimension: bounds.width),
            y: rubberBanded(raw.y, lo: minimumContentOffset.y, hi: maximumContentOffset.y, dimension: bounds.height))
        panGestureRecognizer.sendActions()
    }

    /// Sideways, content no wider than the view stays put under a finger unless told to bounce
    /// (as UIKit); a vertical pull that drifts sideways moves only vertically.
    var scrollsHorizontally: Bool {
        alwaysBounceHorizontal || contentSize.width > bounds.width - contentInset.left - contentInset.right
    }

    /// Whether a finger moving up or down scrolls the content: content taller than the view, or
    /// `alwaysBounceVertical` with bouncing on (a table's default).
    var scrollsVertically: Bool {
        (alwaysBounceVertical && bounces) || contentSize.height > bounds.height - contentInset.top - contentInset.bottom
    }

    private func rubberBanded(_ raw: CGFloat, lo: CGFloat, hi: CGFloat, dimension: CGFloat) -> CGFloat {
        guard bounces else { return min(max(raw, lo), hi) }
        if raw < lo { return lo - ScrollPhysics.rubberBand(overscroll: lo - raw, dimension: dimension) }
        if raw > hi { return hi + ScrollPhysics.rubberBand(overscroll: raw - hi, dimension: dimension) }
        return raw
    }

    /// The finger lifts, moving at `velocity` (points per second, as
    /// `UIPanGestureRecognizer.velocity(in:)` reports it; positive y pulls the content down).
    /// The delegate hears `scrollViewWillEndDragging` with the content's velocity in points
    /// per millisecond and the offset where it will rest, which it may change. Then the offset
    /// itself moves, a function of time (timing-model.md 13.3, 13.4): inside the range it
    /// decelerates, crossing an edge it bounces back; released past an edge it springs back
    /// to it (critically damped, ω0 = 10); a changed target is reached by the deceleration
    /// that ends there. Every instant the clock stops at, `contentOffset` holds the motion's
    /// value and `scrollViewDidScroll` and observers hear it.
    public func endDragging(velocity: CGPoint = .zero) { finishDragging(velocity: velocity, cancelled: false) }

    /// Ends the drag: the finger lifted, or the pan was cancelled (disabled mid-drag).
    private func finishDragging(velocity: CGPoint, cancelled: Bool) {
        guard isDragging else { return }
        isDragging = false
        panGestureRecognizer.fingerUp(velocity: velocity, cancelled: cancelled)
        endingDrag = true
        defer {
            endingDrag = false
            panGestureRecognizer.sendActions()
            panGestureRecognizer.state = .possible
        }
        // Released past an edge, the content returns to that edge wherever a delegate moves it
        // meanwhile (an inset opened for a refresh): as UIKit, which bounces to the live edge.
        let sides = (x: Edge.side(of: contentOffset.x, in: horizontalRange), y: Edge.side(of: contentOffset.y, in: verticalRange))
        // A refresh that began during the drag keeps its control showing (timing-model.md 13.5).
        if let control = refreshControl, control.isRefreshing { control.openInset() }
        let contentVelocity = CGPoint(x: scrollsHorizontally ? -velocity.x : 0, y: -velocity.y)
        let proposed =
            isPagingEnabled
            ? pagedOffset(from: contentOffset, velocity: contentVelocity) : restingOffset(from: contentOffset, velocity: contentVelocity)
        var target = proposed
        delegate?.scrollViewWillEndDragging(
            self, withVelocity: CGPoint(x: contentVelocity.x / 1000, y: contentVelocity.y / 1000),
            targetContentOffset: &target)
        let retargeted = target != proposed
        let willMove = target != contentOffset || contentVelocity != .zero || sides.x != nil || sides.y != nil
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willMove)
        if !willMove { scrollIndicators?.fade(at: TransactionContext.current.now) }
        guard willMove, !isDragging else { return }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        guard isDecelerating else { return }  // the delegate took over
        let now = TransactionContext.current.now
        let x: AxisMotion, y: AxisMotion
        if isPagingEnabled && !retargeted {
            // Onto the page: the content springs there from its release velocity.
            x = .release(from: contentOffset.x, velocity: contentVelocity.x, to: target.x, at: now)
            y = .release(from: contentOffset.y, velocity: contentVelocity.y, to: target.y, at: now)
        } else if retargeted {
            x = retargetedMotion(from: contentOffset.x, to: target.x, range: horizontalRange, at: now)
            y = retargetedMotion(from: contentOffset.y, to: target.y, range: verticalRange, at: now)
        } else {
            // The range as it is now: a delegate may have opened an inset since the target was told.
            x = axisMotion(
                from: contentOffset.x, velocity: contentVelocity.x, range: horizontalRange, returningTo: sides.x,
                releasing: true, at: now)
            y = axisMotion(
                from: contentOffset.y, velocity: contentVelocity.y, range: verticalRange, returningTo: sides.y,
                releasing: true, at: now)
        }
        // A fling (released inside the range, moving) scrolls the content: its bars show; a
        // return to an edge does not (13.7).
        motionScrollsContent = sides.x == nil && sides.y == nil && contentVelocity != .zero
        startMotion(.deceleration, x: x, y: y)
    }

    var horizontalRange: ClosedRange<Double> { offsetRanges(inset: contentInset).x }
    var verticalRange: ClosedRange<Double> { offsetRanges(inset: contentInset).y }

    /// The resting ranges of the offset with `inset` (timing-model.md 13.1).
    func offsetRanges(inset: UIEdgeInsets) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let lo = CGPoint(x: -inset.left, y: -inset.top)
        let hi = CGPoint(
            x: max(-inset.left, contentSize.width + inset.right - bounds.width),
            y: max(-inset.top, contentSize.height + inset.bottom - bounds.height))
        return (lo.x...hi.x, lo.y...hi.y)
    }

    /// Where a release at `velocity` (pt/s of offset) comes to rest, inside the range (13.3).
    private func restingOffset(from p: CGPoint, velocity v: CGPoint) -> CGPoint {
        let k = 1000 * log(decelerationRate.rawValue)
        func axis(_ x: Double, _ v: Double, _ range: ClosedRange<Double>) -> Double {
            let inside = range.contains(x)
            let rest = inside && v != 0 && k < 0 ? x - v / k : x
            return min(max(rest, range.lowerBound), range.upperBound)
        }
        return CGPoint(x: axis(p.x, v.x, horizontalRange), y: axis(p.y, v.y, verticalRange))
    }

    /// Sideways pages other than the bounds' width (an orthogonal section's groups): pages at
    /// `origin + k × stride` when paging (nil: pages of the bounds' width).
    var horizontalPagingGrid: (stride: CGFloat, origin: CGFloat)? { nil }

    /// The page a paging scroll view comes to rest on: the nearest to where the content is,
    /// or, released faster than 300 pt/s, the next one the way it moves; held in the range.
    private func pagedOffset(from p: CGPoint, velocity v: CGPoint) -> CGPoint {
        func axis(_ x: Double, _ v: Double, page: Double, inset: Double, _ range: ClosedRange<Double>) -> Double {
            guard page > 0 else { return min(max(x, range.lowerBound), range.upperBound) }
            let position = (x + inset) / page
            let index =
                abs(v) > 300 ? (v > 0 ? (position + 1e-9).rounded(.down) + 1 : (position - 1e-9).rounded(.up) - 1) : position.rounded()
            return min(max(index * page - inset, range.lowerBound), range.upperBound)
        }
        return CGPoint(
            x: axis(
                p.x, v.x, page: Double(horizontalPagingGrid?.stride ?? bounds.width),
                inset: Double(horizontalPagingGrid.map { -$0.origin } ?? contentInset.left), horizontalRange),
            y: axis(p.y, v.y, page: bounds.height, inset: contentInset.top, verticalRange))
    }

    /// Reaching a target the delegate chose: from inside the range, the deceleration whose rest
    /// is the target; from outside, the bounce back to it.
    private func retargetedMotion(from x: Double, to target: Double, range: ClosedRange<Double>, at now: Double) -> AxisMotion {
        guard range.contains(x) else { return .release(from: x, velocity: 0, to: target, at: now) }
        let k = 1000 * log(decelerationRate.rawValue)
        let velocity = -(target - x) * k
        return .fling(
            from: x, velocity: velocity, rate: decelerationRate.rawValue,
            range: min(range.lowerBound, target)...max(range.upperBound, target), bounces: bounces, at: now)
    }

    // MARK: - Motion on the Stage clock

    enum MotionKind { case deceleration, scrollingAnimation }

    private func startMotion(_ kind: MotionKind, x: AxisMotion, y: AxisMotion) {
        let end = max(x.end, y.end)
        let stage = layer.stage ?? TransactionContext.current.activeStage
        decelerationGeneration += 1
        let generation = decelerationGeneration
        motion = (kind, x, y)
        guard let stage, end > TransactionContext.current.now else {
            finishMotion(generation: generation)
            return
        }
        stage.startTicking(self) { [weak self] time in self?.stepMotion(to: time) }
        scheduleDisplayFrame(after: TransactionContext.current.now, until: end, generation: generation, on: stage)
        stage.schedule(at: end) { [weak self] in self?.finishMotion(generation: generation) }
    }

    /// A device redraws a moving scroll view at 60 Hz whether or not anyone looks: the clock
    /// also stops at every 1/60 s of Stage time while the motion lasts (on the global grid
    /// k/60, so a 30 fps render's frames are among them), and delegates react there, at the
    /// same instants for any render frame rate.
    private func scheduleDisplayFrame(after time: Double, until end: Double, generation: Int, on stage: Stage) {
        let next = Double((time * 60 + 1e-9).rounded(.down) + 1) / 60
        guard next < end else { return }
        stage.schedule(at: next) { [weak self, weak stage] in
            guard let self, let stage, self.decelerationGeneration == generation else { return }
            self.scheduleDisplayFrame(after: next, until: end, generation: generation, on: stage)
        }
    }

    private func stepMotion(to time: Double) {
        guard let motion else { return }
        applyMotionOffset(CGPoint(x: motion.x.state(at: time).position, y: motion.y.state(at: time).position))
    }

    private func applyMotionOffset(_ p: CGPoint) {
        guard p != contentOffset else { return }
        applyingMotion = true
        UIView.performWithoutAnimation { contentOffset = p }
        applyingMotion = false
    }

    private func finishMotion(generation: Int) {
        guard let current = motion, generation == decelerationGeneration else { return }
        applyMotionOffset(CGPoint(x: current.x.final, y: current.y.final))
        guard generation == decelerationGeneration else { return }  // a scroll callback moved on
        cancelMotion()
        switch current.kind {
        case .deceleration: delegate?.scrollViewDidEndDecelerating(self)
        case .scrollingAnimation: delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }

    /// Stops a deceleration, bounce or scrolling animation where it is (a touch, a new offset).
    func cancelMotion() {
        guard motion != nil else { return }
        motion = nil
        if !isDragging { scrollIndicators?.fade(at: TransactionContext.current.now) }
        isDecelerating = false
        decelerationGeneration += 1
        (layer.stage ?? TransactionContext.current.activeStage)?.stopTicking(self)
    }

    /// Which edge a released offset lies past.
    enum Edge {
        case low, high
        static func side(of x: Double, in range: ClosedRange<Double>) -> Edge? {
            x < range.lowerBound ? .low : x > range.upperBound ? .high : nil
        }
    }

    /// A bounce back to the `edge` side of `range` (from wherever the offset now is), or a
    /// fling inside it. `releasing`: the finger lets go here with velocity `v` (13.4's release);
    /// otherwise a motion under way continues from its own position and velocity.
    private func axisMotion(
        from x: Double, velocity v: Double, range: ClosedRange<Double>, returningTo edge: Edge?,
        releasing: Bool = false, at now: Double
    ) -> AxisMotion {
        func back(to target: Double) -> AxisMotion {
            releasing ? .release(from: x, velocity: v, to: target, at: now) : .bounce(from: x, velocity: v, to: target, at: now)
        }
        switch edge {
        case .low: return back(to: range.lowerBound)
        case .high: return back(to: range.upperBound)
        case nil: return .fling(from: x, velocity: v, rate: decelerationRate.rawValue, range: range, bounces: bounces, at: now)
        }
    }

    /// The motion continued from `offset`, where the app moved the content, with the velocity
    /// it had: a bounce still returns to the edge it was returning to (13.6).
    private func continueMotion(from offset: CGPoint) {
        guard motion?.kind == .deceleration else {
            cancelMotion()
            return
        }
        restartMotion(from: offset, edgesOf: offsetRanges(inset: contentInset))
    }

    /// The motion rebuilt from its position and velocity now when the insets change: a bounce
    /// goes on to its edge where that edge now is; a deceleration continues in the new range.
    private func rebaseMotionOnNewRange(oldInset: UIEdgeInsets) {
        guard motion?.kind == .deceleration else { return }
        restartMotion(from: nil, edgesOf: offsetRanges(inset: oldInset))
    }

    /// Starts the motion again in the current range, from `offset` (the motion's own position
    /// when nil) with the velocity it has now. A bounce returns to the same side of the range,
    /// its edge found in `edgeRanges` (the ranges it was bouncing in); otherwise an offset past
    /// an edge returns to that edge.
    private func restartMotion(from offset: CGPoint?, edgesOf edgeRanges: (x: ClosedRange<Double>, y: ClosedRange<Double>)) {
        guard let current = motion else { return }
        let now = TransactionContext.current.now
        func axis(_ m: AxisMotion, from given: Double?, edgeRange: ClosedRange<Double>, range: ClosedRange<Double>) -> AxisMotion {
            let state = m.state(at: now)
            let position = given ?? state.position
            var side: Edge? = nil
            if let edge = m.bounceEdge(at: now) {
                side = abs(edge - edgeRange.lowerBound) <= abs(edge - edgeRange.upperBound) ? .low : .high
            } else if given != nil {
                side = Edge.side(of: position, in: range)
            }
            return axisMotion(from: position, velocity: state.velocity, range: range, returningTo: side, at: now)
        }
        let x = axis(current.x, from: offset.map { Double($0.x) }, edgeRange: edgeRanges.x, range: horizontalRange)
        let y = axis(current.y, from: offset.map { Double($0.y) }, edgeRange: edgeRanges.y, range: verticalRange)
        startMotion(.deceleration, x: x, y: y)
    }
}
