import FlipbookCore
import Foundation

/// Decides whether a gesture recognizer may act (UIKit's delegate; every method optional).
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Asked as the recognizer leaves `.possible`; false makes it fail.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether both may recognize at once (either delegate saying yes is enough).
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    /// Asked at touch down: false keeps the touch from this recognizer.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Whether this recognizer waits for `otherGestureRecognizer` to fail before recognizing.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    /// Whether `otherGestureRecognizer` waits for this one to fail before recognizing.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// A gesture as UIKit reports it: a state that observers and targets hear change. On a Stage
/// the touches come from its fingers (`Stage.tap`, `Stage.drag`, `Stage.perform`, `Stage.pinch`;
/// docs/porting.md, "Fingers"): each recognizer on the touched view and its ancestors gets the
/// touches through `touchesBegan` … `touchesCancelled`, as on iOS, and sets its state there; the
/// Stage then sends its actions, lets it prevent the others or wait for them to fail, cancels the
/// view's touches, and resets it when the gesture is over (timing-model.md 13.11). Subclasses
/// override the touch methods and `reset()` as they do on iOS.
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
    open var state: State {
        get { storedState }
        set {
            let old = storedState
            storedState = newValue
            if newValue != .possible && newValue != .failed { actionsPending = true }
            notifyObservers("state", old: old.rawValue, new: newValue.rawValue)
        }
    }
    /// The state as last set; the arbiter puts a transition it refuses back here unheard.
    var storedState: State = .possible
    /// Whether a state was set whose actions the targets have not heard yet.
    var actionsPending = false
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
        actionsPending = false
        targets.removeAll { !$0.send(self) }
    }

    /// What a granted recognition does: the targets hear it (a scroll view's pan starts its drag first).
    func recognitionGranted() { sendActions() }

    // MARK: - Touches (overridable, as in UIGestureRecognizerSubclass.h)

    /// The touches this recognizer follows now, in the order they came down (kept after the
    /// lift until it is reset, so an action reads where the fingers lifted).
    var trackedTouches: [UITouch] = []
    /// The gesture whose touches it follows now.
    weak var touchSession: TouchSession?
    /// Recognizers this one waits on to fail before it may recognize.
    var failureRequirements: [WeakGestureRecognizer] = []

    /// Fingers came down on the view (or a view inside it).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Fingers moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Fingers lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// The touches were cancelled (the Stage cancels no touch by itself; a finger script that
    /// ends in a cancel does).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Called when the gesture is over and the state returns to `.possible`: clear per-gesture state here.
    open func reset() {}
    /// Stops following `touch` (it no longer counts toward this gesture).
    open func ignore(_ touch: UITouch, for event: UIEvent) { trackedTouches.removeAll { $0 === touch } }

    /// Makes this recognizer wait until `otherGestureRecognizer` fails before it recognizes (a
    /// single tap waiting for a double tap); when the other recognizes, this one fails.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        failureRequirements.removeAll { $0.recognizer == nil || $0.recognizer === otherGestureRecognizer }
        failureRequirements.append(WeakGestureRecognizer(recognizer: otherGestureRecognizer))
    }

    /// Whether this recognizer, recognizing, makes `preventedGestureRecognizer` fail (true by default).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, recognizing, makes this one fail (true by default).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Subclasses: whether this recognizer waits for `otherGestureRecognizer` to fail (false by default).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Subclasses: whether `otherGestureRecognizer` waits for this one to fail (false by default).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Where touch number `touchIndex` is, in `view`'s coordinates (the window's when nil).
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return location(in: view) }
        return trackedTouches[touchIndex].location(in: view)
    }

    /// The centroid of the tracked touches in the window, or nil when none is down.
    var touchCentroid: CGPoint? {
        guard !trackedTouches.isEmpty else { return nil }
        let n = CGFloat(trackedTouches.count)
        return CGPoint(
            x: trackedTouches.reduce(0) { $0 + $1.windowLocation.x } / n,
            y: trackedTouches.reduce(0) { $0 + $1.windowLocation.y } / n)
    }

    /// Where the gesture is, in `view`'s coordinates (the Stage's canvas when nil): the centroid
    /// of its fingers (where they lifted, for a gesture just recognized), else the recognizer's
    /// view's centre.
    open func location(in view: UIView?) -> CGPoint {
        if let centroid = touchCentroid, let window = trackedTouches.first?.window {
            return view.map { $0.convert(centroid, from: window) } ?? centroid
        }
        return self.view.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: view) } ?? .zero
    }

    /// The number of fingers the recognizer follows (one while a scroll view's scripted finger drags).
    open var numberOfTouches: Int {
        if !trackedTouches.isEmpty { return trackedTouches.count }
        return state == .began || state == .changed ? 1 : 0
    }

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

/// A recognizer held weakly (failure requirements do not keep the other recognizer alive).
struct WeakGestureRecognizer {
    weak var recognizer: UIGestureRecognizer?
}

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
