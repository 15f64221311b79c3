import Foundation

/// Slots filled from several threads, read once all are done.
final class ParallelResults<Value: Sendable>: @unchecked Sendable {
    private var slots: [Result<Value, any Error>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ r: Result<Value, any Error>) {
        lock.lock(); slots[i] = r; lock.unlock()
    }

    /// The values in order; the first error (by index) is thrown.
    func values() throws -> [Value] {
        lock.lock(); defer { lock.unlock() }
        return try slots.map { try $0!.get() }
    }
}
