import Foundation
import Testing

@testable import FlipbookPreview

/// The watched file stays the user's file: a link out of its folder, a FIFO or a device is not
/// read, and errors on the page quote little of any file (issue 39, item 2).
@Suite("preview watched file")
struct WatchedFileTests {
    func folder() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flipbook-watched-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("a regular file and a link to a file in the same folder are read; a link out of the folder, a FIFO, a folder are not")
    func kinds() throws {
        let dir = try folder(), outside = try folder()
        let scene = dir.appendingPathComponent("scene.yaml")
        try "duration: 1\n".write(to: scene, atomically: true, encoding: .utf8)
        #expect(WatchedFile.read(scene.path) == .contents(Data("duration: 1\n".utf8)))
        let secret = outside.appendingPathComponent("shadow")
        try "root:*:19000:0:99999:7:::\n".write(to: secret, atomically: true, encoding: .utf8)
        let linked = dir.appendingPathComponent("linked.yaml")
        try FileManager.default.createSymbolicLink(atPath: linked.path, withDestinationPath: secret.path)
        guard case .refused(let why) = WatchedFile.read(linked.path) else {
            Issue.record("a link out of the folder was read")
            return
        }
        #expect(why.contains("outside its folder") && !why.contains("root"))
        let inside = dir.appendingPathComponent("inside.yaml")
        try FileManager.default.createSymbolicLink(atPath: inside.path, withDestinationPath: "scene.yaml")
        #expect(WatchedFile.read(inside.path) == .contents(Data("duration: 1\n".utf8)))
        let fifo = dir.appendingPathComponent("fifo.yaml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        guard case .refused(let fifoWhy) = WatchedFile.read(fifo.path) else {
            Issue.record("a FIFO was read")
            return
        }
        #expect(fifoWhy.contains("FIFO"))
        guard case .refused = WatchedFile.read(dir.path) else {
            Issue.record("a folder was read")
            return
        }
    }

    @Test("errors shown on the page: at most 40 lines of at most 300 characters")
    func boundedErrors() {
        let long = String(repeating: "x", count: 1000)
        let bounded = PreviewSession.bounded(Array(repeating: long, count: 100))
        #expect(bounded.count == PreviewSession.maximumErrorLines + 1)
        #expect(bounded.dropLast().allSatisfy { $0.count == PreviewSession.maximumErrorLength })
        #expect(bounded.last == "… and 60 more")
    }
}
