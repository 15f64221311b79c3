import FlipbookCore
import Foundation

/// What pinches and rotations share: the first two fingers down, the line between them, and
/// a value that begins once it has moved far enough, then follows the fingers relative to
/// where it began (so setting it re-bases it), with its velocity per second over the last
/// sample (timing-model.md 13.11).
struct TwoFingerTracker {
    /// The value (scale or angle) of the fingers where the gesture began, and the value the
    /// recognizer reported there.
    var baseMeasure: CGFloat = 0
    var baseValue: CGFloat = 0
    var lastValue: CGFloat = 0
    var lastTime = 0.0
    var velocity: CGFloat = 0

    /// The first two fingers down, or nil with fewer.
    static func fingers(_ touches: [UITouch]) -> (CGPoint, CGPoint)? {
        let down = touches.filter { $0.phase != .ended && $0.phase != .cancelled }
        guard down.count >= 2 else { return nil }
        return (down[0].windowLocation, down[1].windowLocation)
    }

    static func distance(_ f: (CGPoint, CGPoint)) -> CGFloat { hypot(f.1.x - f.0.x, f.1.y - f.0.y) }
    static func angle(_ f: (CGPoint, CGPoint)) -> CGFloat { atan2(f.1.y - f.0.y, f.1.x - f.0.x) }

    /// Starts measuring from `measure`, reporting `value` there.
    mutating func start(measure: CGFloat, value: CGFloat, time: Double) {
        baseMeasure = measure
        baseValue = value
        lastValue = value
        lastTime = time
        velocity = 0
    }

    /// The new value for `value` at `time` (the velocity follows).
    mutating func update(to value: CGFloat, time: Double) {
        if time > lastTime { velocity = (value - lastValue) / CGFloat(time - lastTime) }
        lastValue = value
        lastTime = time
    }
}

extension UIGestureRecognizer {
    /// Two fingers moved, giving `value`: the gesture begins when they have moved `farEnough`,
    /// then changes.
    func twoFingersMoved(_ tracker: inout TwoFingerTracker, to value: CGFloat, at time: Double, farEnough: Bool) {
        switch state {
        case .possible where farEnough:
            tracker.update(to: value, time: time)
            state = .began
        case .began, .changed:
            tracker.update(to: value, time: time)
            state = .changed
        default: break
        }
    }

    /// The touches were cancelled: a gesture under way is cancelled, one not begun fails.
    func twoFingersCancelled() { state = state == .possible ? .failed : .cancelled }

    /// A finger lifted: with fewer than two down the gesture ends (or fails, not yet begun).
    func twoFingersLifted() {
        guard TwoFingerTracker.fingers(trackedTouches) == nil else { return }
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }
}

/// A pinch, as UIKit's: two fingers whose distance changes by 5 % [proj] begin it; `scale` is
/// their distance over the distance where they came down (times what `scale` was set to),
/// `velocity` its change per second; it ends when fewer than two fingers are down.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    private var tracker = TwoFingerTracker()
    private var downDistance: CGFloat = 0

    /// The scale of the fingers' distance since the gesture began (settable: the next changes
    /// are relative to the value set, as on iOS).
    open var scale: CGFloat {
        get { tracker.lastValue == 0 && tracker.baseMeasure == 0 ? 1 : tracker.lastValue }
        set {
            let distance = TwoFingerTracker.fingers(trackedTouches).map(TwoFingerTracker.distance) ?? downDistance
            tracker.start(measure: distance, value: newValue, time: tracker.lastTime)
        }
    }
    /// Scale per second.
    open var velocity: CGFloat { tracker.velocity }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let f = TwoFingerTracker.fingers(trackedTouches) else { return }
        if state == .possible {
            downDistance = TwoFingerTracker.distance(f)
            tracker.start(measure: downDistance, value: 1, time: touches.map(\.timestamp).max() ?? 0)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let f = TwoFingerTracker.fingers(trackedTouches), tracker.baseMeasure > 0 else { return }
        let time = touches.map(\.timestamp).max() ?? 0
        let value = tracker.baseValue * TwoFingerTracker.distance(f) / tracker.baseMeasure
        twoFingersMoved(&tracker, to: value, at: time, farEnough: abs(TwoFingerTracker.distance(f) / downDistance - 1) >= 0.05)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { twoFingersLifted() }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { twoFingersCancelled() }

    open override func reset() {
        tracker = TwoFingerTracker()
        downDistance = 0
    }
}

/// A rotation, as UIKit's: two fingers whose line turns by 0.1 rad [proj] begin it; `rotation`
/// is the angle turned since they came down (radians, clockwise on screen positive; times
/// nothing: settable, as `scale`), `velocity` radians per second; it ends when fewer than two
/// fingers are down.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    private var tracker = TwoFingerTracker()
    private var downAngle: CGFloat = 0
    /// The fingers' angle unwrapped across ±π as they turn.
    private var lastAngle: CGFloat = 0
    private var turned: CGFloat = 0

    /// The angle turned since the gesture began (settable: later turns add to the value set).
    open var rotation: CGFloat {
        get { tracker.lastValue }
        set { tracker.start(measure: turned, value: newValue, time: tracker.lastTime) }
    }
    /// Radians per second.
    open var velocity: CGFloat { tracker.velocity }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let f = TwoFingerTracker.fingers(trackedTouches), state == .possible else { return }
        downAngle = TwoFingerTracker.angle(f)
        lastAngle = downAngle
        turned = 0
        tracker.start(measure: 0, value: 0, time: touches.map(\.timestamp).max() ?? 0)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let f = TwoFingerTracker.fingers(trackedTouches) else { return }
        var step = TwoFingerTracker.angle(f) - lastAngle
        if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
        lastAngle += step
        turned += step
        let time = touches.map(\.timestamp).max() ?? 0
        twoFingersMoved(&tracker, to: tracker.baseValue + turned - tracker.baseMeasure, at: time, farEnough: abs(turned) >= 0.1)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { twoFingersLifted() }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { twoFingersCancelled() }

    open override func reset() {
        tracker = TwoFingerTracker()
        turned = 0
    }
}
