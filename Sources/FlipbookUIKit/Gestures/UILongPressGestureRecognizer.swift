import FlipbookCore
import Foundation

/// A long press, as UIKit's: began once `numberOfTouchesRequired` fingers have been down
/// `minimumPressDuration` seconds without moving more than `allowableMovement`, changed as they
/// move after that, ended when they lift (timing-model.md 13.11). Moving too far first, or lifting
/// early, fails it.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// iOS's default: half a second.
    static let defaultMinimumPressDuration = 0.5

    open var minimumPressDuration: TimeInterval = UILongPressGestureRecognizer.defaultMinimumPressDuration
    open var numberOfTapsRequired = 0
    open var numberOfTouchesRequired = 1
    open var allowableMovement: CGFloat = 10

    private var downCentroid = CGPoint.zero
    /// Bumped when the press can no longer begin: a pending timer is stale then.
    private var pressGeneration = 0

    private var fingersDown: Int { trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled }.count }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        pressGeneration += 1
        guard fingersDown == numberOfTouchesRequired,
            let stage = touchSession?.stage ?? view?.layer.stage
        else { return }
        downCentroid = touchCentroid ?? .zero
        let generation = pressGeneration
        let start = touches.map(\.timestamp).max() ?? stage.currentTime
        stage.schedule(at: start + max(0, minimumPressDuration)) { [weak self] in
            guard let self, self.pressGeneration == generation, self.storedState == .possible,
                self.fingersDown == self.numberOfTouchesRequired
            else { return }
            self.state = .began
            stage.gestureArbiter.recognizerChanged(self, from: .possible, session: self.touchSession)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let centroid = touchCentroid else { return }
        switch state {
        case .possible:
            if hypot(centroid.x - downCentroid.x, centroid.y - downCentroid.y) > allowableMovement {
                pressGeneration += 1
                state = .failed
            }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            pressGeneration += 1
            state = .failed
        case .began, .changed:
            if fingersDown < numberOfTouchesRequired { state = .ended }
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        pressGeneration += 1
        state = state == .possible ? .failed : .cancelled
    }

    open override func reset() { pressGeneration += 1 }
}
