import Foundation

/// Hands composed frames to the downstream sinks (the comparison GIF, the page's frames) on a
/// serial queue of their own, in the order sent, while the comparison composes the next frame:
/// coding a GIF frame and rendering, measuring and composing the next then share the cores
/// instead of taking turns. At most `capacity` frames wait; the first error a sink throws is
/// rethrown by the next `send` or by `drain`, and no work runs after it.
final class DownstreamFeed: @unchecked Sendable {
    // `failure` is guarded by `lock`; the queue runs the work in order.
    private let queue = DispatchQueue(label: "flipbook.compare.downstream")
    private let room: DispatchSemaphore
    private let lock = NSLock()
    private var failure: (any Error)?

    /// Called when a send finds `capacity` frames waiting, just before it waits for room: the
    /// event a test of the capacity waits for. Set before the first send.
    var onFull: (@Sendable () -> Void)?

    init(capacity: Int = 3) { room = DispatchSemaphore(value: capacity) }

    /// Queues `work` after everything sent before (waiting while `capacity` frames wait).
    func send(_ work: @escaping @Sendable () throws -> Void) throws {
        try rethrow()
        if room.wait(timeout: .now()) == .timedOut {
            onFull?()
            room.wait()
        }
        queue.async { [self] in
            defer { room.signal() }
            guard lock.withLock({ failure == nil }) else { return }
            do { try work() } catch { lock.withLock { if failure == nil { failure = error } } }
        }
    }

    /// Waits until everything sent has run; rethrows the first error.
    func drain() throws {
        queue.sync {}
        try rethrow()
    }

    private func rethrow() throws {
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}
