import FlipbookCore
import Foundation

/// A closure-based action, as UIKit's `UIAction` (iOS 14). Target–selector pairs need the
/// Objective-C runtime, which Linux does not have, so controls take these instead.
open class UIAction {
    public typealias Handler = (UIAction) -> Void
    public let title: String
    let handler: Handler
    /// The control that sent the action, while the handler runs.
    public internal(set) var sender: Any?

    public init(title: String = "", handler: @escaping Handler) {
        self.title = title
        self.handler = handler
    }
}

/// A view that reports events to actions, as UIKit's `UIControl`: a finger on it
/// (UIKit/Touches/) highlights it and sends `.touchDown`; lifted inside its bounds (or within
/// 70 pt of them, as iOS allows) it sends `.touchUpInside` (and `.primaryActionTriggered` when
/// `sendsPrimaryActionOnTouchUp`, as buttons do), outside `.touchUpOutside`; a cancelled
/// touch sends `.touchCancel`. Subclasses override the tracking methods as on iOS.
open class UIControl: UIView {
    /// Control events (UIKit's raw values).
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Control states (UIKit's raw values); `.normal` is the empty set.
    public struct State: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// A disabled control ignores touches (they pass to what is behind it).
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { stateDidChange() } }
    }
    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }
    /// True while a finger is down on it and inside.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }
    /// The state the control shows.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }
    /// Whether a finger is being tracked.
    public private(set) var isTracking = false
    /// Whether the tracked finger is inside (bounds grown by 70 pt).
    public private(set) var isTouchInside = false
    /// Whether a touch up inside also sends `.primaryActionTriggered` (buttons: true).
    open var sendsPrimaryActionOnTouchUp: Bool { false }

    private var actions: [(action: UIAction, events: Event)] = []

    /// Runs `action` whenever one of `events` is sent.
    open func addAction(_ action: UIAction, for events: Event) {
        actions.append((action, events))
    }

    /// Stops running `action` for `events`.
    open func removeAction(_ action: UIAction, for events: Event) {
        actions.removeAll { $0.action === action && !$0.events.isDisjoint(with: events) }
    }

    /// Removes the actions for `events` that `matches` picks.
    func removeActions(for events: Event, where matches: (UIAction) -> Bool) {
        actions.removeAll { matches($0.action) && !$0.events.isDisjoint(with: events) }
    }

    /// Runs the actions registered for any of `events`, in the order they were added.
    open func sendActions(for events: Event) {
        for entry in actions where !entry.events.isDisjoint(with: events) {
            entry.action.sender = self
            entry.action.handler(entry.action)
            entry.action.sender = nil
        }
    }

    /// Called when highlighted, selected or enabled changes (buttons redraw their title).
    func stateDidChange() {}

    /// A disabled control takes no touches.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isEnabled else { return nil }
        return super.hitTest(point, with: event)
    }

    /// Whether another view's pan or swipe over this control, which is tracking a finger that
    /// moves mostly sideways, is refused (a slider's thumb and a switch's knob keep such drags,
    /// as UIKit's do since iOS 6).
    func refusesSidewaysGesture(_ recognizer: UIGestureRecognizer) -> Bool {
        guard recognizer.view !== self, isTracking,
            recognizer is UIPanGestureRecognizer || recognizer is UISwipeGestureRecognizer,
            let touch = recognizer.trackedTouches.first
        else { return false }
        let dx = touch.windowLocation.x - touch.downWindowLocation.x, dy = touch.windowLocation.y - touch.downWindowLocation.y
        return abs(dx) >= abs(dy)
    }

    // MARK: Tracking (overridable, as on iOS)

    /// A finger came down; return false to stop tracking it.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The finger moved; return false to stop tracking it.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The finger lifted (touch nil when tracking was cancelled).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    open func cancelTracking(with event: UIEvent?) {}

    /// Within 70 pt of the bounds, where iOS still counts a lift as inside.
    private func isNear(_ touch: UITouch) -> Bool { bounds.insetBy(dx: -70, dy: -70).contains(touch.location(in: self)) }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        isTracking = beginTracking(touch, with: event)
        isTouchInside = true
        isHighlighted = isTracking
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, isTracking else { return }
        let inside = isNear(touch)
        let events: Event =
            inside
            ? (isTouchInside ? .touchDragInside : [.touchDragEnter, .touchDragInside])
            : (isTouchInside ? [.touchDragExit, .touchDragOutside] : .touchDragOutside)
        isTouchInside = inside
        isHighlighted = inside
        isTracking = continueTracking(touch, with: event)
        sendActions(for: events)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let wasTracking = isTracking
        let inside = isNear(touch)
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        if wasTracking { endTracking(touch, with: event) }
        if inside {
            sendActions(for: .touchUpInside)
            if sendsPrimaryActionOnTouchUp { sendActions(for: .primaryActionTriggered) }
        } else {
            sendActions(for: .touchUpOutside)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        isTracking = false
        isHighlighted = false
        isTouchInside = false
        cancelTracking(with: event)
        sendActions(for: .touchCancel)
    }
}
