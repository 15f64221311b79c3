import Foundation

// Foundation's key-value observing vocabulary, which Foundation on Linux lacks (the objects
// that can be observed are in KeyValueObservable.swift).

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
