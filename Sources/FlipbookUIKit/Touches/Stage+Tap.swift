import FlipbookCore
import Foundation

// A finger that taps (docs/porting.md, "Taps"): down on the view the point hits, up `holding`
// seconds later, each a Stage event, delivered in iOS's order: touchesBegan on the hit view
// (a control highlights and sends .touchDown); at a long press's minimum duration its
// recognizer begins; at the lift tap recognizers on the view and its ancestors recognize
// (not an ancestor's over a control, which keeps its own tap, as iOS 6 and later do) and
// fire, then the view gets touchesCancelled when one recognized and cancels touches, else
// touchesEnded (a control sends .touchUpInside, then .primaryActionTriggered for a button).

extension Stage {
    /// A finger taps `view` at its centre at Stage time `time` (now when nil) and lifts
    /// `holding` seconds later. Returns the lift time.
    @discardableResult
    public func tap(_ view: UIView, at time: Double? = nil, holding: Double = 0.1) -> Double {
        let centre = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        return tap(view.convert(centre, to: rootView), at: time, holding: holding)
    }

    /// A finger taps `point` (the Stage's root view's coordinates) at `time` (now when nil) and
    /// lifts `holding` seconds later. Returns the lift time.
    @discardableResult
    public func tap(_ point: CGPoint, at time: Double? = nil, holding: Double = 0.1) -> Double {
        let down = time ?? TransactionContext.current.now
        let up = down + max(0, holding)
        let finger = TapFinger(stage: self, point: point)
        schedule(at: down, label: nil) { finger.down(at: down) }
        let presses = finger.longPressRecognizers(atDown: point)
        for press in presses where press.minimumPressDuration <= holding {
            schedule(at: down + press.minimumPressDuration, label: nil) { finger.beginLongPress(press) }
        }
        schedule(at: up, label: nil) { finger.up(at: up, held: up - down) }
        return up
    }

    /// Taps within this long and 45 pt of the last one count as a double (triple …) tap.
    static let multipleTapInterval = 0.35
}

/// One tap's finger: the touch, the view it landed on, the recognizers that may take it.
final class TapFinger {
    weak var stage: Stage?
    let point: CGPoint
    let touch = UITouch()
    var hitView: UIView?
    var recognizers: [UIGestureRecognizer] = []

    init(stage: Stage, point: CGPoint) {
        self.stage = stage
        self.point = point
    }

    /// The recognizers a touch on `view` reaches: its own, then its ancestors' unless a control
    /// is in the way (a control keeps its taps).
    static func recognizers(for view: UIView) -> [UIGestureRecognizer] {
        var out: [UIGestureRecognizer] = []
        var current: UIView? = view
        var behindControl = false
        while let v = current {
            if !behindControl || v === view { out += v.attachedGestureRecognizers.filter(\.isEnabled) }
            if v is UIControl { behindControl = true }
            current = v.superview
        }
        return out.filter { $0.delegate?.gestureRecognizerShouldBegin($0) ?? true }
    }

    func longPressRecognizers(atDown point: CGPoint) -> [UILongPressGestureRecognizer] {
        guard let stage, let hit = stage.rootView.hitTest(point, with: nil) else { return [] }
        return Self.recognizers(for: hit).compactMap { $0 as? UILongPressGestureRecognizer }
    }

    private func event(_ time: Double) -> UIEvent { UIEvent(touches: [touch], timestamp: time) }

    func down(at time: Double) {
        guard let stage else { return }
        let root = stage.rootView
        hitView = root.hitTest(point, with: nil)
        touch.window = root as? UIWindow
        touch.windowLocation = point
        touch.previousWindowLocation = point
        touch.timestamp = time
        touch.phase = .began
        touch.view = hitView
        touch.tapCount = stage.countTap(at: point, time: time)
        stage.record(String(format: "touch down %@ at %.1f,%.1f", Self.name(hitView), point.x, point.y))
        guard let hit = hitView else { return }
        recognizers = Self.recognizers(for: hit)
        for r in recognizers { r.touchPoint = (point, root) }
        hit.touchesBegan([touch], with: event(time))
    }

    func beginLongPress(_ press: UILongPressGestureRecognizer) {
        guard recognizers.contains(where: { $0 === press }), press.state == .possible else { return }
        press.state = .began
        press.sendActions()
    }

    func up(at time: Double, held: Double) {
        guard let stage else { return }
        touch.phase = .ended
        touch.timestamp = time
        stage.record(String(format: "touch up %@", Self.name(hitView)))
        guard let hit = hitView else { return }
        var recognized = false
        for r in recognizers {
            if let tap = r as? UITapGestureRecognizer, tap.recognizes(tapCount: touch.tapCount, held: held) {
                tap.state = .ended
                tap.sendActions()
                recognized = recognized || tap.cancelsTouchesInView
            } else if let press = r as? UILongPressGestureRecognizer, press.state == .began {
                press.state = .ended
                press.sendActions()
                recognized = recognized || press.cancelsTouchesInView
            }
        }
        if recognized {
            touch.phase = .cancelled
            hit.touchesCancelled([touch], with: event(time))
        } else {
            hit.touchesEnded([touch], with: event(time))
        }
        for r in recognizers {
            if r.state != .possible { r.state = .possible }
            r.touchPoint = nil
        }
    }

    /// How traces name a view: its layer's name, else its type.
    static func name(_ view: UIView?) -> String {
        guard let view else { return "nothing" }
        return view.layer.name ?? String(describing: type(of: view))
    }
}
