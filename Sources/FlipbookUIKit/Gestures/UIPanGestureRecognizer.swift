import FlipbookCore
import Foundation

/// A dragging finger, as UIKit's: it begins when at least `minimumNumberOfTouches` fingers have
/// moved 10 pt from where they came down, changes as they move, ends when they lift
/// (timing-model.md 13.11). The translation runs from where the fingers came down (their centroid;
/// a finger added or lifted does not move it), in a view's coordinate space; the velocity is
/// the last 1/60 s's, or what the finger lifts at. A scroll view's `panGestureRecognizer` follows
/// its touch scripts the same way.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

    /// How far the fingers move before a pan begins [proj: UIKit does not document it].
    static let hysteresis: CGFloat = 10

    /// Where the finger touched down, in the Stage's canvas.
    var fingerStart = CGPoint.zero
    /// How far it has moved since, in the canvas.
    var fingerTranslation = CGPoint.zero
    /// The translation `setTranslation(_:in:)` made the zero.
    private var translationOrigin = CGPoint.zero
    /// Its velocity, points per second in the canvas.
    var fingerVelocity = CGPoint.zero
    /// The last finger samples (Stage time, translation), for the velocity while moving.
    private var samples: [(time: Double, translation: CGPoint)] = []

    /// The finger's position in `view`'s coordinates (the Stage's canvas when nil).
    open override func location(in view: UIView?) -> CGPoint {
        let p = CGPoint(x: fingerStart.x + fingerTranslation.x, y: fingerStart.y + fingerTranslation.y)
        return view?.convert(p, from: nil) ?? p
    }

    /// How far the finger has moved since the gesture began (or the last `setTranslation`), in
    /// `view`'s coordinate space (its scale and rotation, not its position or scrolling).
    open func translation(in view: UIView?) -> CGPoint {
        vector(CGPoint(x: fingerTranslation.x - translationOrigin.x, y: fingerTranslation.y - translationOrigin.y), in: view)
    }

    /// Makes the translation read `translation` from here on.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let canvas = canvasVector(translation, from: view)
        translationOrigin = CGPoint(x: fingerTranslation.x - canvas.x, y: fingerTranslation.y - canvas.y)
    }

    /// The finger's velocity in points per second, in `view`'s coordinate space.
    open func velocity(in view: UIView?) -> CGPoint { vector(fingerVelocity, in: view) }

    private func vector(_ v: CGPoint, in view: UIView?) -> CGPoint {
        guard let view else { return v }
        let o = view.convert(CGPoint.zero, from: nil), p = view.convert(v, from: nil)
        return CGPoint(x: p.x - o.x, y: p.y - o.y)
    }

    private func canvasVector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return v }
        let o = view.convert(CGPoint.zero, to: nil), p = view.convert(v, to: nil)
        return CGPoint(x: p.x - o.x, y: p.y - o.y)
    }

    // MARK: - Touches

    private var fingersDown: [UITouch] { trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled } }

    /// The centroid of the fingers down, in the window (the canvas).
    private var downCentroid: CGPoint? {
        let down = fingersDown
        guard !down.isEmpty else { return nil }
        let n = CGFloat(down.count)
        return CGPoint(x: down.reduce(0) { $0 + $1.windowLocation.x } / n, y: down.reduce(0) { $0 + $1.windowLocation.y } / n)
    }

    /// Keeps the translation where it is while the set of fingers changes (their centroid jumps).
    private func rebase(from old: CGPoint?, to new: CGPoint?) {
        guard let old, let new else { return }
        fingerStart = CGPoint(x: fingerStart.x + new.x - old.x, y: fingerStart.y + new.y - old.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = fingersDown
        if down.count == touches.count, state == .possible {
            fingerDown(at: downCentroid ?? .zero, time: touches.map(\.timestamp).max() ?? 0, announce: false)
        } else {
            let others = down.filter { !touches.contains($0) }
            let n = CGFloat(others.count)
            let before =
                others.isEmpty
                ? nil
                : CGPoint(x: others.reduce(0) { $0 + $1.windowLocation.x } / n, y: others.reduce(0) { $0 + $1.windowLocation.y } / n)
            rebase(from: before, to: downCentroid)
        }
        if down.count > maximumNumberOfTouches, state == .possible { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let centroid = downCentroid else { return }
        let time = touches.map(\.timestamp).max() ?? 0
        track(CGPoint(x: centroid.x - fingerStart.x, y: centroid.y - fingerStart.y), time: time)
        switch state {
        case .possible:
            if fingersDown.count >= minimumNumberOfTouches, hypot(fingerTranslation.x, fingerTranslation.y) >= Self.hysteresis {
                if mayBegin(translation: fingerTranslation) { beginPan() } else { state = .failed }
            }
        case .began, .changed: continuePan()
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = fingersDown
        if remaining.isEmpty {
            let lifted = touches.compactMap(\.releaseVelocity)
            if !lifted.isEmpty {
                let n = CGFloat(lifted.count)
                fingerVelocity = CGPoint(x: lifted.reduce(0) { $0 + $1.x } / n, y: lifted.reduce(0) { $0 + $1.y } / n)
            }
            switch state {
            case .began, .changed: endPan(cancelled: false)
            case .possible: state = .failed
            default: break
            }
        } else {
            let n = CGFloat(touches.count + remaining.count)
            let all = remaining + Array(touches)
            let before = CGPoint(x: all.reduce(0) { $0 + $1.windowLocation.x } / n, y: all.reduce(0) { $0 + $1.windowLocation.y } / n)
            rebase(from: before, to: downCentroid)
            if remaining.count < minimumNumberOfTouches, state == .began || state == .changed { endPan(cancelled: false) }
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed: endPan(cancelled: true)
        case .possible: state = .failed
        default: break
        }
    }

    open override func reset() {
        samples = []
    }

    // MARK: - What a scroll view's pan changes

    /// Whether the pan may begin, the fingers having moved `translation` (a scroll view's pan
    /// begins only along an axis it scrolls; a screen-edge pan only away from its edge).
    func mayBegin(translation: CGPoint) -> Bool { true }
    /// The fingers moved far enough: the pan begins.
    func beginPan() { state = .began }
    /// The fingers moved on.
    func continuePan() { state = .changed }
    /// The fingers lifted (or the touches were cancelled).
    func endPan(cancelled: Bool) { state = cancelled ? .cancelled : .ended }

    // MARK: - The finger, in the canvas

    /// Records a sample of the translation and the velocity over the last two.
    private func track(_ translation: CGPoint, time: Double) {
        fingerTranslation = translation
        if let last = samples.last, last.time == time {
            samples[samples.count - 1] = (time, translation)  // the same instant told twice
        } else {
            samples = Array((samples + [(time, translation)]).suffix(2))
        }
        if samples.count == 2, samples[1].time > samples[0].time {
            let dt = samples[1].time - samples[0].time
            fingerVelocity = CGPoint(
                x: (samples[1].translation.x - samples[0].translation.x) / dt,
                y: (samples[1].translation.y - samples[0].translation.y) / dt)
        }
    }

    /// The finger touches down at `point` of the canvas; `announce` makes the pan begin at once
    /// (a scroll view's scripted finger).
    func fingerDown(at point: CGPoint, time: Double, announce: Bool = true) {
        fingerStart = point
        fingerTranslation = .zero
        translationOrigin = .zero
        fingerVelocity = .zero
        samples = [(time, .zero)]
        if announce { state = .began }
    }

    /// The finger is `translation` from where it touched down.
    func fingerMoved(to translation: CGPoint, time: Double) {
        track(translation, time: time)
        state = .changed
    }

    /// The finger lifts at `velocity` (pt/s in the canvas).
    func fingerUp(velocity: CGPoint, cancelled: Bool = false) {
        fingerVelocity = velocity
        state = cancelled ? .cancelled : .ended
    }
}
