import FlipbookCore
import Foundation

// Target–action without the Objective-C runtime. iOS code names a method with `#selector`,
// which Linux cannot compile; Swift can name the same method as a value, so the one edit is
// `#selector(refresh)` → `Header.refresh` (and `#selector(handle(_:))` → `Header.handle(_:)`),
// the rest of the line unchanged. Targets are held weakly: an action whose target is gone
// is dropped. (Display links, timers and notifications take the same spelling: Core
// Animation's Porting/SelectorTargets.swift.)

extension UIControl {
    /// Calls `action` on `target` when one of `events` is sent
    /// (`addTarget(self, action: Header.refresh, for: .valueChanged)`).
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void, for events: Event) {
        weak let weakTarget = target
        addAction(TargetAction(target: target) { _ in if let t = weakTarget { action(t)() } }, for: events)
    }

    /// As above, for an action that takes the sender (`Header.refresh(_:)`).
    public func addTarget<Target: AnyObject, Sender>(
        _ target: Target, action: @escaping (Target) -> (Sender) -> Void,
        for events: Event
    ) {
        weak let weakTarget = target
        addAction(
            TargetAction(target: target) { [weak self] _ in
                if let t = weakTarget, let sender = self as? Sender { action(t)(sender) }
            }, for: events)
    }

    /// Removes `target`'s actions for `events` (every target's when nil).
    public func removeTarget(_ target: AnyObject?, for events: Event) {
        removeActions(for: events) { action in
            guard let action = action as? TargetAction else { return false }
            return target == nil || action.targetID == ObjectIdentifier(target!)
        }
    }
}

/// An action added with a target, remembered so `removeTarget` can find it.
final class TargetAction: UIAction {
    let targetID: ObjectIdentifier
    init(target: AnyObject, handler: @escaping Handler) {
        targetID = ObjectIdentifier(target)
        super.init(handler: handler)
    }
}
