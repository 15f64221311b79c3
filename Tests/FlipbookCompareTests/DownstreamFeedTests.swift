import Foundation
import Testing

@testable import FlipbookCompare

/// The comparison's downstream sinks are fed on a thread of their own (DownstreamFeed): in the
/// order sent, never more than its capacity waiting, and a sink's error stops the feed and
/// reaches the comparison.
@Suite("downstream feed")
struct DownstreamFeedTests {
    /// Integers appended from the feed's thread, read after a drain.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Int] = []
        func append(_ x: Int) { lock.withLock { items.append(x) } }
        var values: [Int] { lock.withLock { items } }
    }

    struct SinkFailed: Error, Equatable { let at: Int }

    @Test("work runs in the order sent, after the sender moves on, and all of it by drain")
    func order() throws {
        let feed = DownstreamFeed(capacity: 2)
        let log = Log()
        for k in 0..<200 {
            try feed.send {
                if k % 7 == 0 { usleep(200) }  // uneven work: the order must not depend on it
                log.append(k)
            }
        }
        try feed.drain()
        #expect(log.values == Array(0..<200))
    }

    @Test("at most its capacity waits: a sender blocks until the feed catches up")
    func capacity() throws {
        let feed = DownstreamFeed(capacity: 2)
        let gate = DispatchSemaphore(value: 0)
        let log = Log()
        let sent = Log()
        let full = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let fullAfter = Log()
        feed.onFull = {
            fullAfter.append(sent.values.count)
            full.signal()
        }
        let sender = Thread {
            for k in 0..<5 {
                try? feed.send {
                    if k == 0 { gate.wait() }
                    log.append(k)
                }
                sent.append(k)
            }
            finished.signal()
        }
        sender.start()
        // With the first piece of work held, the first two sends return, the third finds the
        // feed full and waits until that work is done.
        #expect(full.wait(timeout: .now() + 120) == .success, "no send found the feed full")
        #expect(sent.values == [0, 1], "\(sent.values)")
        gate.signal()
        #expect(finished.wait(timeout: .now() + 120) == .success, "the sender never finished")
        try feed.drain()
        #expect(log.values == [0, 1, 2, 3, 4])
        #expect(fullAfter.values.first == 2, "the first wait came at the third send: \(fullAfter.values)")
    }

    @Test("a sink's error is rethrown by the next send and by drain; work after it does not run")
    func errors() throws {
        let feed = DownstreamFeed(capacity: 3)
        let log = Log()
        try feed.send { log.append(0) }
        try feed.send { throw SinkFailed(at: 1) }
        try? feed.send { log.append(2) }
        #expect(throws: SinkFailed(at: 1)) { try feed.drain() }
        #expect(throws: SinkFailed(at: 1)) { try feed.send { log.append(3) } }
        #expect(log.values == [0])
    }
}
