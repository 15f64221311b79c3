import FlipbookCore
import Foundation

/// A dragging finger. A scroll view's `panGestureRecognizer` follows its touch script: began at
/// touch down, changed at each 60 Hz sample, ended at the lift (then possible again), with the
/// finger's location, translation and velocity as UIKit reports them.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

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

    // MARK: - The scripted finger

    /// The finger touches down at `point` of the canvas.
    func fingerDown(at point: CGPoint, time: Double) {
        fingerStart = point
        fingerTranslation = .zero
        translationOrigin = .zero
        fingerVelocity = .zero
        samples = [(time, .zero)]
        state = .began
    }

    /// The finger is `translation` from where it touched down.
    func fingerMoved(to translation: CGPoint, time: Double) {
        fingerTranslation = translation
        samples = Array((samples + [(time, translation)]).suffix(2))
        if samples.count == 2, samples[1].time > samples[0].time {
            let dt = samples[1].time - samples[0].time
            fingerVelocity = CGPoint(
                x: (samples[1].translation.x - samples[0].translation.x) / dt,
                y: (samples[1].translation.y - samples[0].translation.y) / dt)
        }
        state = .changed
    }

    /// The finger lifts at `velocity` (pt/s in the canvas).
    func fingerUp(velocity: CGPoint, cancelled: Bool = false) {
        fingerVelocity = velocity
        state = cancelled ? .cancelled : .ended
    }
}
