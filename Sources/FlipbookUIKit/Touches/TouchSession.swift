import FlipbookCore
import Foundation

/// The fingers of one gesture on a Stage, from the first touch down to the last lift, delivered
/// in iOS's order (timing-model.md 13.11): every recognizer on the touched view and its
/// ancestors gets each change first, then the arbiter settles what they asked for, then the
/// view gets it, unless a recognizer has cancelled the view's touches. All fingers of a gesture
/// go to the view the first one landed on.
final class TouchSession {
    weak var stage: Stage?
    let arbiter: GestureArbiter
    private(set) var touches: [UITouch] = []
    private(set) var hitView: UIView?
    private(set) var recognizers: [UIGestureRecognizer] = []
    /// Whether the view still hears the touches (a recognizer cancelling them stops that).
    private var viewHearsTouches = true
    private var viewHeardBegin = false

    init(stage: Stage, arbiter: GestureArbiter) {
        self.stage = stage
        self.arbiter = arbiter
    }

    /// No finger is down any more.
    var isOver: Bool { !touches.isEmpty && touches.allSatisfy { $0.phase == .ended || $0.phase == .cancelled } }

    private func event(_ time: Double) -> UIEvent { UIEvent(touches: Set(touches), timestamp: time) }

    // MARK: Fingers

    /// A finger comes down at `point` (the window's coordinates). The first one finds the view
    /// and the recognizers that may take the gesture.
    func touchDown(_ touch: UITouch, at point: CGPoint, time: Double, tapCount: Int) {
        guard let stage else { return }
        let root = stage.rootView
        touch.window = root as? UIWindow
        touch.windowLocation = point
        touch.previousWindowLocation = point
        touch.downWindowLocation = point
        touch.timestamp = time
        touch.phase = .began
        touch.tapCount = tapCount
        if touches.isEmpty {
            hitView = root.hitTest(point, with: nil)
            recognizers = hitView.map { Self.recognizers(for: $0) } ?? []
            for recognizer in recognizers {
                if !arbiter.isWaiting(recognizer) && recognizer.storedState != .possible { recognizer.resetAfterGesture() }
                recognizer.trackedTouches.removeAll { $0.phase == .ended || $0.phase == .cancelled }
            }
        }
        touch.view = hitView
        touches.append(touch)
        stage.record(String(format: "touch down %@ at %.1f,%.1f", Self.name(hitView), point.x, point.y))
        guard let hit = hitView else { return }
        let event = event(time)
        deliver(event) { recognizer in
            guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true else { return false }
            recognizer.trackedTouches.append(touch)
            recognizer.touchSession = self
            recognizer.touchesBegan([touch], with: event)
            return true
        }
        if viewHearsTouches {
            viewHeardBegin = true
            hit.touchesBegan([touch], with: event)
        }
    }

    /// Fingers move to new places (the window's coordinates) at `time`.
    func touchesMoved(_ moves: [(touch: UITouch, point: CGPoint)], time: Double) {
        for (touch, point) in moves {
            touch.previousWindowLocation = touch.windowLocation
            touch.windowLocation = point
            touch.timestamp = time
            touch.phase = .moved
        }
        let moved = Set(moves.map(\.touch))
        let event = event(time)
        deliver(event) { recognizer in
            let mine = moved.filter { touch in recognizer.trackedTouches.contains { $0 === touch } }
            guard !mine.isEmpty else { return false }
            recognizer.touchesMoved(mine, with: event)
            return true
        }
        if viewHearsTouches, viewHeardBegin, let hit = hitView { hit.touchesMoved(moved, with: event) }
    }

    /// A finger lifts at `time`, moving at `velocity` (points per second in the window) when a
    /// script says so.
    func touchUp(_ touch: UITouch, time: Double, velocity: CGPoint?) {
        touch.phase = .ended
        touch.timestamp = time
        touch.releaseVelocity = velocity
        stage?.record(String(format: "touch up %@", Self.name(hitView)))
        let event = event(time)
        deliver(event) { recognizer in
            guard recognizer.trackedTouches.contains(where: { $0 === touch }) else { return false }
            recognizer.touchesEnded([touch], with: event)
            return true
        }
        if viewHearsTouches, viewHeardBegin, let hit = hitView { hit.touchesEnded([touch], with: event) }
        if isOver { finish() }
    }

    /// Delivers one change to each recognizer that `send` reaches (it returns whether it did),
    /// then settles what they asked for.
    private func deliver(_ event: UIEvent, _ send: (UIGestureRecognizer) -> Bool) {
        var before: [ObjectIdentifier: UIGestureRecognizer.State] = [:]
        for recognizer in recognizers { before[ObjectIdentifier(recognizer)] = recognizer.storedState }
        for recognizer in recognizers where recognizer.isEnabled && [.possible, .began, .changed].contains(recognizer.storedState) {
            _ = send(recognizer)
        }
        arbiter.settle(recognizers, before: before, session: self)
    }

    /// The last finger lifted: recognizers that are done are reset; one still possible (a
    /// double tap between its taps, a tap waiting for it) keeps its state.
    private func finish() {
        for recognizer in recognizers where [.ended, .cancelled, .failed].contains(recognizer.storedState) {
            recognizer.resetAfterGesture()
        }
        for recognizer in recognizers where recognizer.touchSession === self { recognizer.touchSession = nil }
    }

    // MARK: What the arbiter asks

    /// A recognizer that cancels touches in its view recognized: the touched view hears
    /// `touchesCancelled` (once) and nothing more of this gesture.
    func cancelViewTouches() {
        guard viewHearsTouches else { return }
        viewHearsTouches = false
        guard viewHeardBegin, let hit = hitView else { return }
        let down = touches.filter { $0.phase != .ended && $0.phase != .cancelled }
        hit.touchesCancelled(Set(down.isEmpty ? touches : down), with: event(stage?.currentTime ?? 0))
    }

    /// Whether the views between the touched one and the recognizer's let it begin
    /// (`UIView.gestureRecognizerShouldBegin(_:)`: a slider refuses a swipe along it).
    func viewsAllow(_ recognizer: UIGestureRecognizer) -> Bool {
        var current = hitView
        while let view = current {
            if !view.gestureRecognizerShouldBegin(recognizer) { return false }
            if view === recognizer.view { break }
            current = view.superview
        }
        return true
    }

    // MARK: Which recognizers

    /// The recognizers a touch on `view` reaches: its own, then its ancestors', but not an
    /// ancestor's single tap over a control (a control keeps its tap, as on iOS 6 and later).
    static func recognizers(for view: UIView) -> [UIGestureRecognizer] {
        var out: [UIGestureRecognizer] = []
        var current: UIView? = view
        var behindControl = false
        while let v = current {
            for recognizer in v.attachedGestureRecognizers where recognizer.isEnabled {
                if behindControl, v !== view, let tap = recognizer as? UITapGestureRecognizer,
                    tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1
                {
                    continue
                }
                out.append(recognizer)
            }
            if v is UIControl { behindControl = true }
            current = v.superview
        }
        return out
    }

    /// How traces name a view: its layer's name, else its type.
    static func name(_ view: UIView?) -> String {
        guard let view else { return "nothing" }
        return view.layer.name ?? String(describing: type(of: view))
    }
}
