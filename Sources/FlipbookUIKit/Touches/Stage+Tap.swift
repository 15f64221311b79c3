import FlipbookCore
import Foundation

// A finger that taps (docs/porting.md, "Taps"): down on the view the point hits, up `holding`
// seconds later, each a Stage event, delivered as every Stage finger is (TouchSession.swift,
// timing-model.md 13.11): touchesBegan on the hit view (a control highlights and sends
// .touchDown); at a long press's minimum duration its recognizer begins; at the lift tap
// recognizers on the view and its ancestors recognize (not an ancestor's single tap over a
// control, which keeps its own tap, as iOS 6 and later do) and fire, then the view gets
// touchesCancelled when one recognized and cancels touches, else touchesEnded (a control sends
// .touchUpInside, then .primaryActionTriggered for a button).

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
        let fingers = StageFingers(stage: self)
        schedule(at: down, label: nil) {
            fingers.down([point], at: down)
            // Scheduled at the touch down, so a recognizer's timer due at the lift runs first.
            self.schedule(at: up, label: nil) { fingers.up(at: up, velocity: .zero) }
        }
        return up
    }

    /// Taps within this long and 45 pt of the last one count as a double (triple …) tap.
    static let multipleTapInterval = 0.35
}
