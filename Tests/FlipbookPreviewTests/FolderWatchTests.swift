import Foundation
import Testing

@testable import FlipbookPreview

/// A save shows at once: the preview wakes on the folder's inotify events, not only on its poll.
@Suite("preview wakes on a save")
struct FolderWatchTests {
    func folder() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flipbook-folderwatch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Counts wake-ups.
    final class Counter: @unchecked Sendable {
        private let lock = NSCondition()
        private var value = 0
        func bump() {
            lock.withLock {
                value += 1
                lock.broadcast()
            }
        }
        /// Whether the count passes `n` within `seconds`.
        func waitPast(_ n: Int, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            lock.lock()
            defer { lock.unlock() }
            while value <= n { guard lock.wait(until: deadline) else { return value > n } }
            return true
        }
        var count: Int { lock.withLock { value } }
    }

    @Test("writing and closing the file, and renaming a new one over it, each wake the watch")
    func wakes() throws {
        let dir = try folder()
        let scene = dir.appendingPathComponent("scene.yaml")
        try "a".write(to: scene, atomically: false, encoding: .utf8)
        let counter = Counter()
        let watch = try #require(FolderWatch(file: scene.path, queue: DispatchQueue(label: "test")) { counter.bump() })
        defer { watch.stop() }
        #expect(counter.count == 0)
        try "b".write(to: scene, atomically: false, encoding: .utf8)  // written in place, closed
        #expect(counter.waitPast(0, seconds: 5))
        let seen = counter.count
        let fresh = dir.appendingPathComponent(".scene.yaml.swp")
        try "c".write(to: fresh, atomically: false, encoding: .utf8)
        #expect(rename(fresh.path, scene.path) == 0)  // an editor's save: a new file renamed over it
        #expect(counter.waitPast(seen, seconds: 5))
    }

    @Test("a session whose poll is a minute away still renders a save within seconds")
    func sessionRendersOnSave() throws {
        let dir = try folder()
        let scene = dir.appendingPathComponent("scene.yaml")
        let text =
            "canvas: { width: 20, height: 20, scale: 1 }\nduration: 0.1\nfps: 10\nlayers:\n  - { id: a, frame: [0, 0, 10, 10], backgroundColor: \"#ff0000\" }\n"
        try text.write(to: scene, atomically: false, encoding: .utf8)
        let session = PreviewSession(options: .init(file: scene.path, pollInterval: 60))
        session.start()
        defer { session.stop() }
        let first = session.status(after: 0, timeout: 30)
        try #require(first.version == 1, "\(first)")
        try (text + "# saved\n").write(to: scene, atomically: true, encoding: .utf8)
        let second = session.status(after: first.attempts, timeout: 10)
        #expect(second.version == 2, "\(second)")
    }

    @Test("/status?after=N&wait=S holds the request at most S seconds (the page's 0.25), and answers at once when a render ends")
    func statusWait() throws {
        let dir = try folder()
        let scene = dir.appendingPathComponent("scene.yaml")
        try "canvas: { width: 20, height: 20, scale: 1 }\nduration: 0.1\nfps: 10\nlayers: []\n".write(
            to: scene, atomically: false, encoding: .utf8)
        let session = PreviewSession(options: .init(file: scene.path, pollInterval: 60))
        func get(_ target: String) throws -> [String: Any] { try Self.status(target, session) }
        // Nothing renders (not started): the wait ends with the status as it is, well before
        // the server's 8 s bound.
        let start = Date()
        #expect(try get("/status?after=0&wait=0.25")["attempts"] as? Int == 0)
        #expect(Date().timeIntervalSince(start) < 4, "the wait was not cut to 0.25 s")
        #expect(try get("/status?after=0&wait=-3")["attempts"] as? Int == 0, "a negative wait is none")
        // A render finishing while the request waits answers it.
        let answered = ParallelBox()
        let waiting = Thread { answered.set(try? Self.status("/status?after=0&wait=8", session)) }
        waiting.start()
        session.start()
        defer { session.stop() }
        let status = try #require(answered.wait(seconds: 30))
        #expect(status["version"] as? Int == 1)
    }

    /// The session's `/status` answer to `target`, through the server's routes.
    static func status(_ target: String, _ session: PreviewSession) throws -> [String: Any] {
        guard case .complete(let head, _) = HTTPRequestHead.parse(Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)[...])
        else {
            throw PreviewError("unparsed")
        }
        let body = PreviewServer.route(head, session: session, shell: []).body
        return try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    /// A value handed from one thread to another.
    final class ParallelBox: @unchecked Sendable {
        private let lock = NSCondition()
        private var value: [String: Any]??
        func set(_ v: [String: Any]?) {
            lock.withLock {
                value = .some(v)
                lock.broadcast()
            }
        }
        func wait(seconds: Double) -> [String: Any]? {
            let deadline = Date().addingTimeInterval(seconds)
            lock.lock()
            defer { lock.unlock() }
            while value == nil { guard lock.wait(until: deadline) else { return nil } }
            return value!
        }
    }
}
