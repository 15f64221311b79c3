import FlipbookCore
import Foundation

/// What receives touches, as UIKit's responder: views and view controllers. A touch goes to the
/// view it lands on (`hitTest(_:with:)`); a responder that does not handle it passes it to
/// `next` (a view's controller, else its superview), as the default implementations do.
open class UIResponder: NSObject {
    /// The next responder in the chain; nil here.
    open var next: UIResponder? { nil }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    /// A Stage has no keyboard: nothing becomes first responder.
    open var canBecomeFirstResponder: Bool { false }
    open var isFirstResponder: Bool { false }
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    @discardableResult open func resignFirstResponder() -> Bool { true }
}

/// A finger on the screen, as UIKit's `UITouch`.
open class UITouch: NSObject {
    /// UIKit's touch phases.
    public enum Phase: Int, Sendable { case began, moved, stationary, ended, cancelled }

    public internal(set) var phase: Phase = .began
    /// Stage time of the last change.
    public internal(set) var timestamp: TimeInterval = 0
    public internal(set) var tapCount = 1
    /// The view the touch landed on (it keeps it while it moves).
    public internal(set) weak var view: UIView?
    public internal(set) weak var window: UIWindow?
    /// Where the finger is and was, in the window's (the Stage's root view's) coordinates.
    var windowLocation: CGPoint = .zero
    var previousWindowLocation: CGPoint = .zero
    /// Where the finger came down, in the window.
    var downWindowLocation: CGPoint = .zero
    /// The velocity a scripted finger lifts at (points per second in the window), when given.
    var releaseVelocity: CGPoint?

    /// The finger in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint { Self.convert(windowLocation, to: view, from: window) }
    open func previousLocation(in view: UIView?) -> CGPoint { Self.convert(previousWindowLocation, to: view, from: window) }

    private static func convert(_ point: CGPoint, to view: UIView?, from window: UIView?) -> CGPoint {
        guard let view, let window else { return point }
        return view.convert(point, from: window)
    }
}

/// The touches of one moment, as UIKit's `UIEvent`.
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses }

    public let type: EventType
    public let timestamp: TimeInterval
    public let allTouches: Set<UITouch>?

    init(touches: Set<UITouch>, timestamp: TimeInterval) {
        type = .touches
        self.timestamp = timestamp
        allTouches = touches
    }

    /// The touches on `view`.
    open func touches(for view: UIView) -> Set<UITouch>? { allTouches?.filter { $0.view === view } }
}
