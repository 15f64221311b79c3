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
}
