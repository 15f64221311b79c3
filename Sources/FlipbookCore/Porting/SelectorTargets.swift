import Foundation

// Selectors without the Objective-C runtime, for display links, timers and notifications: iOS
// code names a method with `#selector`, which Linux cannot compile; Swift can name the same
// method as a value, so the one edit is `#selector(tick)` → `Header.tick`, the rest of the line
// unchanged. Targets are held weakly: a call whose target is gone is dropped. (UIKit's
// controls take the same spelling: FlipbookUIKit's Porting/TargetAction.swift.)

extension CADisplayLink {
    /// A link calling `selector` on `target` (held weakly): `CADisplayLink(target: self,
    /// selector: Header.tick)` for iOS's `#selector(tick)`.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        weak let weakTarget = target
        self.init { _ in if let t = weakTarget { selector(t)() } }
    }

    /// As above, for a method that takes the link (`#selector(tick(_:))` → `Header.tick(_:)`).
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        weak let weakTarget = target
        self.init { link in if let t = weakTarget { selector(t)(link) } }
    }
}

extension Timer {
    /// A timer on the Stage clock calling `selector` on `target` (held weakly) every
    /// `timeInterval` seconds of Stage time (once unless `repeats`): iOS's
    /// `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` with `#selector(tick)` →
    /// `Header.tick`. It runs on the Stage whose code is running; without one, on the run loop.
    @discardableResult
    public class func scheduledTimer<Target: AnyObject>(
        timeInterval: TimeInterval, target: Target,
        selector: @escaping (Target) -> () -> Void,
        userInfo: Any?, repeats: Bool
    ) -> Timer {
        weak let weakTarget = target
        return stageTimer(interval: timeInterval, repeats: repeats) { _ in if let t = weakTarget { selector(t)() } }
    }

    /// As above, for a method that takes the timer (`#selector(tick(_:))` → `Header.tick(_:)`).
    @discardableResult
    public class func scheduledTimer<Target: AnyObject>(
        timeInterval: TimeInterval, target: Target,
        selector: @escaping (Target) -> (Timer) -> Void,
        userInfo: Any?, repeats: Bool
    ) -> Timer {
        weak let weakTarget = target
        return stageTimer(interval: timeInterval, repeats: repeats) { timer in if let t = weakTarget { selector(t)(timer) } }
    }

    /// A Foundation timer never added to a run loop, fired by the Stage; `invalidate()` on it
    /// stops the firings (Foundation keeps `isValid`).
    private class func stageTimer(interval: TimeInterval, repeats: Bool, fire: @escaping (Timer) -> Void) -> Timer {
        let box = UncheckedTimerAction(fire)
        guard let stage = Stage.current else {
            let timer = Timer(timeInterval: interval, repeats: repeats) { box.run($0) }
            RunLoop.current.add(timer, forMode: .default)
            return timer
        }
        let timer = Timer(timeInterval: interval, repeats: repeats) { _ in }
        stage.scheduledTimer(withTimeInterval: interval, repeats: repeats) { stageTimer in
            guard timer.isValid else {
                stageTimer.invalidate()
                return
            }
            box.run(timer)
            if !repeats { timer.invalidate() }
        }
        return timer
    }
}

/// A timer's action handed to Foundation, whose block type is `@Sendable`: on a Stage it
/// runs on the thread driving the Stage, as iOS runs it on the main thread that added it.
struct UncheckedTimerAction: @unchecked Sendable {
    let run: (Timer) -> Void
    init(_ run: @escaping (Timer) -> Void) { self.run = run }
}

extension NotificationCenter {
    /// Calls `selector` on `observer` (held weakly) for each `name` notification from `object`:
    /// iOS's `addObserver(self, selector: #selector(appDidBecomeActive), name:, object:)` with
    /// `#selector(appDidBecomeActive)` → `Header.appDidBecomeActive`. It stops when the observer
    /// is gone; `removeObserver(self)` cannot reach it (Foundation keeps that registry), so code
    /// that must stop earlier keeps the returned token and removes that.
    @discardableResult
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping (Observer) -> () -> Void,
        name: Notification.Name?, object: Any?
    ) -> any NSObjectProtocol {
        weak let weakObserver = observer
        let call = UncheckedNotificationAction { _ in if let o = weakObserver { selector(o)() } }
        return addObserver(forName: name, object: object, queue: nil) { call.run($0) }
    }

    /// As above, for a method that takes the notification (`Header.keyboardWillShow(_:)`).
    @discardableResult
    public func addObserver<Observer: AnyObject>(
        _ observer: Observer, selector: @escaping (Observer) -> (Notification) -> Void,
        name: Notification.Name?, object: Any?
    ) -> any NSObjectProtocol {
        weak let weakObserver = observer
        let call = UncheckedNotificationAction { n in if let o = weakObserver { selector(o)(n) } }
        return addObserver(forName: name, object: object, queue: nil) { call.run($0) }
    }
}

/// A notification handler handed to Foundation, whose block type is `@Sendable`: it runs on the
/// thread that posts, as selector-based observers do on iOS.
private struct UncheckedNotificationAction: @unchecked Sendable {
    let run: (Notification) -> Void
    init(_ run: @escaping (Notification) -> Void) { self.run = run }
}
