import Foundation

// The Objective-C runtime's associated objects, which Linux lacks: libraries such as
// MJRefresh hang a header on every scroll view this way (`objc_setAssociatedObject(self,
// &key, header, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)` inside an extension property).

/// How an associated value is held, with the Objective-C runtime's names and raw values.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// Not retained (a weak reference here, so it can never dangle).
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under the address `key` (nil removes it).
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    AssociationTable.shared.set(object as AnyObject, key: Int(bitPattern: key), value: value, policy: policy)
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    AssociationTable.shared.get(object as AnyObject, key: Int(bitPattern: key))
}

/// Removes every value associated with `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    AssociationTable.shared.removeAll(object as AnyObject)
}

/// The associations of every object, as the Objective-C runtime keeps them: process-wide by
/// nature (this is the one piece of global state outside a Stage, and it is locked). An
/// object's entry is dropped once it is deallocated, so a new object at the same address
/// never sees stale values.
final class AssociationTable: @unchecked Sendable {
    static let shared = AssociationTable()

    private enum Held {
        case strong(Any)
        case weak(WeakBox)
        var value: Any? {
            switch self {
            case .strong(let v): return v
            case .weak(let box): return box.object
            }
        }
    }
    private final class WeakBox {
        weak var object: AnyObject?
        init(_ o: AnyObject) { object = o }
    }
    private struct Entry {
        weak var owner: AnyObject?
        var values: [Int: Held]
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private let lock = NSLock()

    func set(_ object: AnyObject, key: Int, value: Any?, policy: objc_AssociationPolicy) {
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(object)
        var entry = entries[id].flatMap { $0.owner === object ? $0 : nil } ?? Entry(owner: object, values: [:])
        if let value {
            switch policy {
            case .OBJC_ASSOCIATION_ASSIGN:
                entry.values[key] = type(of: value) is AnyClass ? .weak(WeakBox(value as AnyObject)) : .strong(value)
            case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
                entry.values[key] = .strong((value as? any NSCopying)?.copy(with: nil) ?? value)
            case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
                entry.values[key] = .strong(value)
            }
        } else {
            entry.values[key] = nil
        }
        entries[id] = entry
        if entries.count % 256 == 0 { entries = entries.filter { $0.value.owner != nil } }
    }

    func get(_ object: AnyObject, key: Int) -> Any? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[ObjectIdentifier(object)], entry.owner === object else { return nil }
        return entry.values[key]?.value
    }

    func removeAll(_ object: AnyObject) {
        lock.lock()
        defer { lock.unlock() }
        entries[ObjectIdentifier(object)] = nil
    }
}
