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

/// A view that reports events to actions (the part of UIKit's `UIControl` the refresh
/// control needs).
open class UIControl: UIView {
    /// Control events (UIKit's raw values).
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    open var isEnabled = true
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
}
