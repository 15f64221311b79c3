import Foundation

// Key-value observing for views, which Foundation on Linux lacks, in both spellings ported
// code uses: `addObserver(_:forKeyPath:options:context:)` with an overridden
// `observeValue(forKeyPath:of:change:context:)`, and `observe(\.contentOffset) { view, change in }`
// returning an `NSKeyValueObservation`. Views report model changes of `frame` and `bounds`,
// scroll views also `contentOffset`, `contentInset` and `contentSize` (what refresh libraries
// watch); `willChangeValue(forKey:)` / `didChangeValue(forKey:)` report others by hand.

/// What an observer wants to hear (Foundation's names and values).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// Keys of a change dictionary.
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
    public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
    public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}

/// The kind of a change.
public enum NSKeyValueChange: UInt, Sendable { case setting = 1, insertion, removal, replacement }

/// A change delivered to an `observe(_:options:changeHandler:)` handler.
public struct NSKeyValueObservedChange<Value> {
    public let kind: NSKeyValueChange
    public let newValue: Value?
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

/// Ends an `observe` when invalidated or released.
public final class NSKeyValueObservation: NSObject {
    private var onInvalidate: (() -> Void)?
    init(onInvalidate: @escaping () -> Void) { self.onInvalidate = onInvalidate }
    /// Stops the observation (also done when the observation is released).
    public func invalidate() {
        onInvalidate?()
        onInvalidate = nil
    }
    deinit { invalidate() }
}

/// An object that hears changes registered with `addObserver(_:forKeyPath:options:context:)`.
/// On Apple's platforms every `NSObject` can; Foundation on Linux has no key-value observing, so
/// views and view controllers adopt this (override `observeValue` as in UIKit), and any other
/// observer class declares it (`class Header: NSObject, NSKeyValueObserving`) and implements
/// `observeValue` without `override`.
public protocol NSKeyValueObserving: AnyObject {
    func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                      context: UnsafeMutableRawPointer?)
}

extension UIView: NSKeyValueObserving {}

/// One registered observer of a view.
final class KeyValueObserver {
    let id = UUID()
    /// The key it listens to (nil: any key; typed observers compare their own value).
    let key: String?
    let notify: (_ key: String, _ old: Any?, _ new: Any?, _ prior: Bool) -> Void
    init(key: String?, notify: @escaping (String, Any?, Any?, Bool) -> Void) { self.key = key; self.notify = notify }
}

extension UIView {
    /// Registers `observer` for changes of `keyPath`; it hears them in
    /// `observeValue(forKeyPath:of:change:context:)`.
    public func addObserver(_ observer: any NSKeyValueObserving, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
                            context: UnsafeMutableRawPointer? = nil) {
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
        keyValueObservers.append((entry, ObjectIdentifier(observer), context))
        if options.contains(.initial) {
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSKeyValueChange.setting.rawValue]
            if options.contains(.new), let value = value(forKey: keyPath) { change[.newKey] = value }
            observer.observeValue(forKeyPath: keyPath, of: self, change: change, context: context)
        }
    }

    /// Removes `observer`'s registrations for `keyPath`.
    public func removeObserver(_ observer: any NSKeyValueObserving, forKeyPath keyPath: String) {
        keyValueObservers.removeAll { $0.observer == ObjectIdentifier(observer) && $0.entry.key == keyPath }
    }

    /// Removes `observer`'s registration for `keyPath` made with `context`.
    public func removeObserver(_ observer: any NSKeyValueObserving, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        keyValueObservers.removeAll { $0.observer == ObjectIdentifier(observer) && $0.entry.key == keyPath && $0.context == context }
    }

    /// Tells observers of `key` that it is about to change (for `.prior`).
    public func willChangeValue(forKey key: String) {
        pendingOldValues[key] = value(forKey: key)
        for o in keyValueObservers where o.entry.key == key { o.entry.notify(key, pendingOldValues[key] ?? nil, nil, true) }
    }

    /// Tells observers of `key` that it changed (after `willChangeValue(forKey:)`).
    public func didChangeValue(forKey key: String) {
        let old = pendingOldValues.removeValue(forKey: key) ?? nil
        notifyObservers(key, old: old, new: value(forKey: key))
    }

    /// Reports a model change of `key` to its observers (and to typed observers of any key).
    func notifyObservers(_ key: String, old: Any?, new: Any?) {
        guard !keyValueObservers.isEmpty else { return }
        for o in keyValueObservers where o.entry.key == key || o.entry.key == nil { o.entry.notify(key, old, new, false) }
    }
}

/// The typed `observe`, on every view class (as `NSObject.observe` is on Apple's platforms).
public protocol KeyValueObservingView: UIView {}
extension UIView: KeyValueObservingView {}

extension KeyValueObservingView {
    /// Calls `changeHandler` when the value at `keyPath` changes; ends when the returned
    /// observation is invalidated or released.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        var last = self[keyPath: keyPath]
        let entry = KeyValueObserver(key: nil) { [weak self] _, _, _, prior in
            guard let self, !prior else { return }
            let now = self[keyPath: keyPath]
            guard !Self.same(last, now) else { return }
            let old = last
            last = now
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? now : nil,
                                                         oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
        }
        keyValueObservers.append((entry, nil, nil))
        if options.contains(.initial) {
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? last : nil, oldValue: nil,
                                                         indexes: nil, isPrior: false))
        }
        let id = entry.id
        return NSKeyValueObservation { [weak self] in self?.keyValueObservers.removeAll { $0.entry.id == id } }
    }

    private static func same<Value>(_ a: Value, _ b: Value) -> Bool {
        if let x = a as? AnyHashable, let y = b as? AnyHashable { return x == y }
        return String(describing: a) == String(describing: b)
    }
}
