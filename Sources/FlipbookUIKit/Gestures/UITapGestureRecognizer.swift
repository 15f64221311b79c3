import FlipbookCore
import Foundation

/// A tap, as UIKit's: recognized (`.ended`) when `numberOfTouchesRequired` fingers that have
/// not moved more than 10 pt lift, on the tap that makes `numberOfTapsRequired` (taps within
/// 0.35 s and 45 pt of each other count together; timing-model.md 13.11). Between the taps of a
/// multiple tap it stays `.possible`, failing when the next tap does not come in time; a
/// single-tap recognizer takes every tap of a run, as on iOS without `require(toFail:)`.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1

    /// How far a tapping finger may move [proj: UIKit does not document it].
    static let allowableMovement: CGFloat = 10

    private var downTime = 0.0
    private var downCentroid = CGPoint.zero
    private var mostTouches = 0
    /// Bumped by each new touch: a pending "the next tap did not come" is stale then.
    private var tapGeneration = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        tapGeneration += 1
        let down = trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled }
        if down.count == touches.count {
            downTime = touches.map(\.timestamp).min() ?? 0
            downCentroid = touchCentroid ?? .zero
            mostTouches = 0
        }
        mostTouches = max(mostTouches, down.count)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let centroid = touchCentroid else { return }
        if hypot(centroid.x - downCentroid.x, centroid.y - downCentroid.y) > Self.allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, trackedTouches.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled }) else { return }
        let lift = touches.map(\.timestamp).max() ?? downTime
        let count = trackedTouches.map(\.tapCount).max() ?? 1
        let quick = lift - downTime < UILongPressGestureRecognizer.defaultMinimumPressDuration
        guard quick, mostTouches == numberOfTouchesRequired else {
            state = .failed
            return
        }
        if numberOfTapsRequired == 1 || count == numberOfTapsRequired {
            state = .ended
        } else if count < numberOfTapsRequired {
            waitForNextTap(after: lift)
        } else {
            state = .failed
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    /// Stays possible until the next tap; fails if it does not come within the interval.
    private func waitForNextTap(after lift: Double) {
        guard let stage = touchSession?.stage ?? view?.layer.stage else { return }
        let generation = tapGeneration
        let arbiter = stage.gestureArbiter
        stage.schedule(at: lift + Stage.multipleTapInterval) { [weak self] in
            guard let self, self.tapGeneration == generation, self.storedState == .possible else { return }
            self.state = .failed
            arbiter.recognizerChanged(self, from: .possible, session: nil)
        }
    }

    open override func reset() {
        mostTouches = 0
    }
}
