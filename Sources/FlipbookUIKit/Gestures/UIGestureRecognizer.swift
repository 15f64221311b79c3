import FlipbookCore
import Foundation

/// Decides whether a gesture recognizer may act (UIKit's delegate; every method optional).
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// A gesture as UIKit reports it: a state that observers and targets hear change. On a Stage
/// the gestures come from touch scripts (a scroll view's `panGestureRecognizer` follows its
/// finger); recognizers added to other views keep their state unless code sets it.
open class UIGestureRecognizer: NSObject, KeyValueObservable {
    /// UIKit's states and raw values.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's end (the same raw value as `.ended`).
        public static let recognized = State.ended
    }

    /// The state. Every setting is heard by key-value observers of `"state"` (and of
    /// `"panGestureRecognizer.state"` on a scroll view), as Foundation's automatic notifications
    /// fire on each set: a moving finger's `.changed` at every sample. Targets hear it after.
    open var state: State = .possible {
        didSet { notifyObservers("state", old: oldValue.rawValue, new: state.rawValue) }
    }
    /// The view the recognizer is attached to.
    open internal(set) weak var view: UIView?
    /// A disabled recognizer does not recognize (a scroll view's pan: the finger does not scroll).
    /// Disabled while it recognizes a gesture, it moves to `.cancelled`, as UIKit documents: its
    /// targets hear `.cancelled`, then it is `.possible` again.
    open var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled, state == .began || state == .changed else { return }
            if let cancel = cancelRecognition {
                cancel()
            } else {
                state = .cancelled
                sendActions()
                state = .possible
            }
        }
    }
    /// What cancelling a gesture under way does when its owner has more to undo than the state
    /// (a scroll view ends its drag).
    var cancelRecognition: (() -> Void)?
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    public let keyValueObserverList = KeyValueObserverList()
    private var targets: [(id: ObjectIdentifier?, send: (UIGestureRecognizer) -> Bool)] = []

    public override init() { super.init() }

    /// A recognizer calling `action` on `target` (held weakly), the Linux form of
    /// `init(target: self, action: #selector(handle))`: `init(target: self, action: Header.handle)`.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// As above, for an action that takes the recognizer (`#selector(handle(_:))` → `Header.handle(_:)`).
    public convenience init<Target: AnyObject, Sender>(target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer calling `handler` with itself (ours: closures need no target).
    public convenience init(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        self.init()
        targets.append(
            (
                nil,
                {
                    handler($0)
                    return true
                }
            ))
    }

    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        weak let weakTarget = target
        targets.append(
            (
                ObjectIdentifier(target),
                { _ in
                    guard let target = weakTarget else { return false }
                    action(target)()
                    return true
                }
            ))
    }

    open func addTarget<Target: AnyObject, Sender>(_ target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        weak let weakTarget = target
        targets.append(
            (
                ObjectIdentifier(target),
                { recognizer in
                    guard let target = weakTarget else { return false }
                    if let sender = recognizer as? Sender { action(target)(sender) }
                    return true
                }
            ))
    }

    /// Removes every action of `target` (all of them when nil).
    open func removeTarget(_ target: AnyObject?) {
        guard let target else {
            targets.removeAll()
            return
        }
        targets.removeAll { $0.id == ObjectIdentifier(target) }
    }

    /// Sends the targets their actions (UIKit does at each state change of a gesture).
    func sendActions() {
        targets.removeAll { !$0.send(self) }
    }

    /// Where a tap's finger is (the window's coordinates), while a tap is delivered.
    var touchPoint: (point: CGPoint, window: UIView)?

    /// Where the gesture is, in `view`'s coordinates (the Stage's canvas when nil): a tap's
    /// finger, else the recognizer's view's centre.
    open func location(in view: UIView?) -> CGPoint {
        if let touch = touchPoint { return view.map { $0.convert(touch.point, from: touch.window) } ?? touch.point }
        return self.view.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: view) } ?? .zero
    }

    /// The number of fingers (one while a scripted touch is down).
    open var numberOfTouches: Int { state == .began || state == .changed ? 1 : 0 }

    open func value(forKey key: String) -> Any? {
        switch key {
        case "state": return state.rawValue
        case "enabled", "isEnabled": return isEnabled
        default: return nil
        }
    }

    /// Hears changes registered with `addObserver(_:forKeyPath:options:context:)`.
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {}
}

extension UIGestureRecognizer: NSKeyValueObserving {}

/// Swift 3's name of the state type.
public typealias UIGestureRecognizerState = UIGestureRecognizer.State

extension UIView {
    /// Attaches `recognizer` to this view.
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        attachedGestureRecognizers.append(recognizer)
    }

    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        attachedGestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    /// The recognizers attached to this view.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            attachedGestureRecognizers.forEach { removeGestureRecognizer($0) }
            newValue?.forEach { addGestureRecognizer($0) }
        }
    }
}
