import Foundation

// Key-value observing, which Foundation on Linux lacks, in both spellings ported code uses:
// `addObserver(_:forKeyPath:options:context:)` with `observeValue(forKeyPath:of:change:context:)`,
// and `observe(\.contentOffset) { view, change in }` returning an `NSKeyValueObservation`. Views
// report model changes of `frame` and `bounds`, scroll views also `contentOffset`, `contentInset`
// and `contentSize` (what refresh libraries watch), gesture recognizers their `state`;
// `willChangeValue(forKey:)` / `didChangeValue(forKey:)` report others by hand. Key paths may
// go through observable objects: a scroll view's `"panGestureRecognizer.state"`.

/// An object that hears changes registered with `addObserver(_:forKeyPath:options:context:)`.
/// On Apple's platforms every `NSObject` can; Foundation on Linux has no key-value observing, so
/// views and view controllers adopt this (override `observeValue` as in UIKit), and any other
/// observer class declares it (`class Header: NSObject, NSKeyValueObserving`) and implements
/// `observeValue` without `override` (docs/porting.md).
public protocol NSKeyValueObserving: AnyObject {
    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?)
}

/// An object whose changes can be observed: views (and so scroll views and controls) and
/// gesture recognizers.
public protocol KeyValueObservable: AnyObject {
    /// The current value of an observable key (key-value coding).
    func value(forKey key: String) -> Any?
    /// The observers registered with this object.
    var keyValueObserverList: KeyValueObserverList { get }
    /// The observable objects a typed key path on this one may go through (a view's gesture
    /// recognizers, a scroll view's `panGestureRecognizer` among them); none by default.
    var observableParts: [any KeyValueObservable] { get }
}

extension KeyValueObservable {
    public var observableParts: [any KeyValueObservable] { [] }
}

/// Views were the first observable objects; the old name stays for code that used it.
public typealias KeyValueObservingView = KeyValueObservable

/// The observers of one object (an implementation detail of `KeyValueObservable`).
public final class KeyValueObserverList {
    struct Registration {
        let entry: KeyValueObserver
        let observer: ObjectIdentifier?
        let context: UnsafeMutableRawPointer?
        /// Forwarders on the objects a dotted key path goes through, removed with it.
        var relays: [() -> Void] = []
    }
    var registrations: [Registration] = []
    var pendingOldValues: [String: Any?] = [:]
    public init() {}
}

/// One registered observer.
final class KeyValueObserver {
    let id = UUID()
    /// The key path it listens to (nil: any key; typed observers compare their own value).
    let key: String?
    let notify: (_ key: String, _ old: Any?, _ new: Any?, _ prior: Bool) -> Void
    init(key: String?, notify: @escaping (String, Any?, Any?, Bool) -> Void) {
        self.key = key
        self.notify = notify
    }
}

extension KeyValueObservable {
    /// The value at a dotted key path (`"panGestureRecognizer.state"`), through observable
    /// objects.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        let head = value(forKey: String(keyPath[..<dot]))
        return (head as? any KeyValueObservable)?.value(forKeyPath: String(keyPath[keyPath.index(after: dot)...]))
    }

    /// Registers `observer` for changes of `keyPath`; it hears them in
    /// `observeValue(forKeyPath:of:change:context:)`.
    public func addObserver(
        _ observer: any NSKeyValueObserving, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
        context: UnsafeMutableRawPointer? = nil
    ) {
        weak let weakObserver = observer
        let entry = KeyValueObserver(key: keyPath) { [weak self] key, old, new, prior in
            guard let self, let observer = weakObserver else { return }
            if prior && !options.contains(.prior) { return }
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSKeyValueChange.setting.rawValue]
            if options.contains(.new), !prior, let new { change[.newKey] = new }
            if options.contains(.old), let old { change[.oldKey] = old }
            if prior { change[.notificationIsPriorKey] = true }
            observer.observeValue(forKeyPath: key, of: self, change: change, context: context)
        }
        var registration = KeyValueObserverList.Registration(entry: entry, observer: ObjectIdentifier(observer), context: context)
        registration.relays = relayChanges(of: keyPath)
        keyValueObserverList.registrations.append(registration)
        if options.contains(.initial) {
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSKeyValueChange.setting.rawValue]
            if options.contains(.new), let value = value(forKeyPath: keyPath) { change[.newKey] = value }
            observer.observeValue(forKeyPath: keyPath, of: self, change: change, context: context)
        }
    }

    /// For a dotted key path, forwards the changes the next object reports to this object's
    /// observers of the whole path; returns how to stop forwarding.
    private func relayChanges(of keyPath: String) -> [() -> Void] {
        guard let dot = keyPath.firstIndex(of: "."),
            let next = value(forKey: String(keyPath[..<dot])) as? any KeyValueObservable
        else { return [] }
        let rest = String(keyPath[keyPath.index(after: dot)...])
        let relay = KeyValueObserver(key: rest) { [weak self] _, old, new, prior in
            guard let self else { return }
            for r in self.keyValueObserverList.registrations where r.entry.key == keyPath { r.entry.notify(keyPath, old, new, prior) }
        }
        var nested = KeyValueObserverList.Registration(entry: relay, observer: nil, context: nil)
        nested.relays = next.relayChanges(of: rest)
        next.keyValueObserverList.registrations.append(nested)
        weak let weakNext = next
        return [{ weakNext?.removeRegistrations { $0.entry === relay } }]
    }

    private func removeRegistrations(where matches: (KeyValueObserverList.Registration) -> Bool) {
        let list = keyValueObserverList
        for r in list.registrations where matches(r) { r.relays.forEach { $0() } }
        list.registrations.removeAll(where: matches)
    }

    /// Removes `observer`'s registrations for `keyPath`.
    public func removeObserver(_ observer: any NSKeyValueObserving, forKeyPath keyPath: String) {
        removeRegistrations { $0.observer == ObjectIdentifier(observer) && $0.entry.key == keyPath }
    }

    /// Removes `observer`'s registration for `keyPath` made with `context`.
    public func removeObserver(_ observer: any NSKeyValueObserving, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        removeRegistrations { $0.observer == ObjectIdentifier(observer) && $0.entry.key == keyPath && $0.context == context }
    }

    /// Tells observers of `key` that it is about to change (for `.prior`).
    public func willChangeValue(forKey key: String) {
        let old = value(forKey: key)
        keyValueObserverList.pendingOldValues[key] = old
        for r in keyValueObserverList.registrations where r.entry.key == key { r.entry.notify(key, old, nil, true) }
    }

    /// Tells observers of `key` that it changed (after `willChangeValue(forKey:)`).
    public func didChangeValue(forKey key: String) {
        let old = keyValueObserverList.pendingOldValues.removeValue(forKey: key) ?? nil
        notifyObservers(key, old: old, new: value(forKey: key))
    }

    /// Reports a model change of `key` to its observers (and to typed observers of any key).
    package func notifyObservers(_ key: String, old: Any?, new: Any?) {
        let registrations = keyValueObserverList.registrations
        guard !registrations.isEmpty else { return }
        for r in registrations where r.entry.key == key || r.entry.key == nil { r.entry.notify(key, old, new, false) }
    }

    /// Calls `changeHandler` when the value at `keyPath` changes; ends when the returned
    /// observation is invalidated or released.
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        var last = self[keyPath: keyPath]
        let entry = KeyValueObserver(key: nil) { [weak self] _, _, _, prior in
            guard let self, !prior else { return }
            let now = self[keyPath: keyPath]
            guard !Self.same(last, now) else { return }
            let old = last
            last = now
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? now : nil,
                    oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
        }
        keyValueObserverList.registrations.append(.init(entry: entry, observer: nil, context: nil))
        // A typed key path may go through the object's parts (`\.panGestureRecognizer.state`):
        // what they report is checked too, so that every change of the inner value is heard,
        // as observing the part itself hears it.
        weak let weakSelf = self
        let parts = observableParts
        let relay = KeyValueObserver(key: nil) { _, _, _, prior in
            guard let owner = weakSelf else { return }
            for r in owner.keyValueObserverList.registrations where r.entry === entry { r.entry.notify("", nil, nil, prior) }
        }
        for part in parts { part.keyValueObserverList.registrations.append(.init(entry: relay, observer: nil, context: nil)) }
        if options.contains(.initial) {
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? last : nil, oldValue: nil,
                    indexes: nil, isPrior: false))
        }
        let id = entry.id
        return NSKeyValueObservation { [weak self] in
            self?.keyValueObserverList.registrations.removeAll { $0.entry.id == id }
            for part in parts { part.keyValueObserverList.registrations.removeAll { $0.entry === relay } }
        }
    }

    private static func same<Value>(_ a: Value, _ b: Value) -> Bool {
        if let x = a as? AnyHashable, let y = b as? AnyHashable { return x == y }
        return String(describing: a) == String(describing: b)
    }
}
