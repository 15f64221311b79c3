import Foundation

/// Slots filled from several threads, read once all are done: results that may be errors
/// (`values()` throws the first by index), or plain values (`set(_:value:)`, `filled`).
package final class ParallelResults<Value: Sendable>: @unchecked Sendable {
    private var slots: [Result<Value, any Error>?]
    private let lock = NSLock()

    public init(count: Int) { slots = Array(repeating: nil, count: count) }

    public func set(_ i: Int, _ r: Result<Value, any Error>) {
        lock.lock()
        slots[i] = r
        lock.unlock()
    }

    public func set(_ i: Int, value: Value) { set(i, .success(value)) }

    /// The values in order; the first error (by index) is thrown.
    public func values() throws -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        return try slots.map { try $0!.get() }
    }

    /// The values set so far, in order (slots never set are skipped).
    public var filled: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { try? $0?.get() }
    }
}
