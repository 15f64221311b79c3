import FlipbookCore
import Foundation

// Fingers on a Stage's screen (docs/porting.md, "Fingers"): drags, scripted paths and two-finger
// pinches and turns, each touch change a Stage event at 60 Hz of Stage time, delivered to the
// view under the first finger and the gesture recognizers on it and its ancestors as iOS
// delivers them (TouchSession.swift, timing-model.md 13.11). A scroll view under the finger
// scrolls when its pan wins; a control tracks the finger (a slider's thumb follows it).

extension Stage {
    /// A finger plays `script` on the screen from Stage time `start` (now when nil). The
    /// script's `.touchDownAt` points are in the root view's coordinates (a NaN coordinate: the
    /// screen's centre on that axis); `.touchDown` touches the screen's centre. Returns the
    /// time the finger lifts.
    @discardableResult
    public func perform(_ script: TouchScript, at start: Double? = nil) -> Double {
        let begin = start ?? TransactionContext.current.now
        let fingers = StageFingers(stage: self)
        let centre = CGPoint(x: rootView.bounds.midX, y: rootView.bounds.midY)
        var origin = centre
        var lift = begin
        var events: [(time: Double, action: () -> Void)] = []
        for (time, sample) in script.samples(from: begin) {
            lift = max(lift, time)
            switch sample {
            case .down(let p):
                let point = p.map { CGPoint(x: $0.x.isNaN ? centre.x : $0.x, y: $0.y.isNaN ? centre.y : $0.y) } ?? centre
                origin = point
                events.append((time, { fingers.down([point], at: time) }))
            case .at(let offset):
                let point = CGPoint(x: origin.x + offset.x, y: origin.y + offset.y)
                events.append((time, { fingers.move(to: [point], at: time) }))
            case .up(let velocity):
                events.append((time, { fingers.up(at: time, velocity: velocity) }))
            }
        }
        fingers.play(events)
        return lift
    }

    /// A finger touches down at `point` (root view coordinates) at `start` (now when nil), moves
    /// by `translation` over `duration` seconds along `curve`, holds `hold` seconds and lifts at
    /// `velocity` (its own last motion's when nil). Returns the lift time.
    @discardableResult
    public func drag(
        from point: CGPoint, by translation: CGPoint, over duration: Double,
        curve: CAMediaTimingFunction = CAMediaTimingFunction(name: .easeInEaseOut),
        hold: Double = 0, release velocity: CGPoint? = nil, at start: Double? = nil
    ) -> Double {
        var steps: [TouchScript.Step] = [.touchDownAt(point), .move(by: translation, duration: duration, curve: curve)]
        if hold > 0 { steps.append(.hold(hold)) }
        steps.append(.release(velocity: velocity))
        return perform(TouchScript(steps), at: start)
    }

    /// A finger drags `view` from its centre by `translation` (as `drag(from:by:…)`).
    @discardableResult
    public func drag(
        _ view: UIView, by translation: CGPoint, over duration: Double,
        curve: CAMediaTimingFunction = CAMediaTimingFunction(name: .easeInEaseOut),
        hold: Double = 0, release velocity: CGPoint? = nil, at start: Double? = nil
    ) -> Double {
        let centre = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: rootView)
        return drag(from: centre, by: translation, over: duration, curve: curve, hold: hold, release: velocity, at: start)
    }

    /// Two fingers pinch and turn on `view`: they touch down `spread` points apart across its
    /// centre (side by side), then over `duration` seconds along `curve` their distance grows
    /// to `scale` times and the line between them turns by `rotation` radians (clockwise on
    /// screen when positive), sampled at 60 Hz; they hold `hold` seconds and lift together.
    /// A `UIPinchGestureRecognizer` reads about `scale`, a `UIRotationGestureRecognizer`
    /// about `rotation`. Returns the lift time.
    @discardableResult
    public func pinch(
        _ view: UIView, scale: CGFloat, rotation: CGFloat = 0, over duration: Double, spread: CGFloat = 100,
        curve: CAMediaTimingFunction = CAMediaTimingFunction(name: .easeInEaseOut),
        hold: Double = 0, at start: Double? = nil
    ) -> Double {
        let centre = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: rootView)
        let begin = start ?? TransactionContext.current.now
        let fingers = StageFingers(stage: self)
        func points(_ u: Double) -> [CGPoint] {
            let half = spread / 2 * (1 + (scale - 1) * CGFloat(u))
            let angle = rotation * CGFloat(u)
            let dx = half * cos(angle), dy = half * sin(angle)
            return [CGPoint(x: centre.x - dx, y: centre.y - dy), CGPoint(x: centre.x + dx, y: centre.y + dy)]
        }
        var events: [(time: Double, action: () -> Void)] = [(begin, { fingers.down(points(0), at: begin) })]
        let span = TouchScript.held(duration)
        let count = max(1, Int((span * TouchScript.sampleRate - 1e-9).rounded(.up)))
        for k in 1...count {
            let t = k == count ? begin + span : begin + Double(k) / TouchScript.sampleRate
            let u = span > 0 ? curve.evaluate(min(1, (t - begin) / span)) : 1
            events.append((t, { fingers.move(to: points(u), at: t) }))
        }
        let lift = begin + span + TouchScript.held(hold)
        events.append((lift, { fingers.up(at: lift, velocity: nil) }))
        fingers.play(events)
        return lift
    }
}

/// The fingers of one scripted gesture: their touches and the session that delivers them.
final class StageFingers {
    weak var stage: Stage?
    private var session: TouchSession?
    private var touches: [UITouch] = []

    init(stage: Stage) { self.stage = stage }

    /// Plays `events` in order, each a Stage event scheduled when the one before it fires, so
    /// long gestures overlapping each other do not fill the Stage's queue with their samples.
    func play(_ events: [(time: Double, action: () -> Void)], from index: Int = 0) {
        guard let stage, events.indices.contains(index) else { return }
        stage.schedule(at: events[index].time) { [self] in
            events[index].action()
            play(events, from: index + 1)
        }
    }

    /// Fingers touch down at `points` (the window's coordinates); fingers still down lift first.
    /// A point that is not finite touches nothing.
    func down(_ points: [CGPoint], at time: Double) {
        guard let stage, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        if session != nil { up(at: time, velocity: .zero) }
        let session = TouchSession(stage: stage, arbiter: stage.gestureArbiter)
        self.session = session
        touches = points.map { _ in UITouch() }
        for (touch, point) in zip(touches, points) {
            session.touchDown(touch, at: point, time: time, tapCount: stage.countTap(at: point, time: time))
        }
    }

    /// The fingers move to `points`, in the order they came down.
    /// A point that is not finite leaves its finger where it was.
    func move(to points: [CGPoint], at time: Double) {
        guard let session else { return }
        let moves = zip(touches, points).map { touch, point in
            (touch: touch, point: point.x.isFinite && point.y.isFinite ? point : touch.windowLocation)
        }
        session.touchesMoved(moves, time: time)
    }

    /// The fingers lift, one after another at the same instant, at `velocity` when given.
    func up(at time: Double, velocity: CGPoint?) {
        guard let session else { return }
        for touch in touches { session.touchUp(touch, time: time, velocity: velocity) }
        self.session = nil
        touches = []
    }
}
