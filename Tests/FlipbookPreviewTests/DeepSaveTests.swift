import Foundation
import Testing

@testable import FlipbookPreview

/// A save nesting layers past the bound is an error the preview shows, not the end of the server
/// (issue 63, item 6); the last good render stays.
@Suite("preview of deep scenes")
struct DeepSaveTests {
    static func nested(_ levels: Int) -> String {
        var layer = "{ id: deepest, frame: [0, 0, 5, 5], backgroundColor: \"#ff0000\" }"
        for level in (1..<levels).reversed() { layer = "{ id: l\(level), frame: [0, 0, 20, 20], sublayers: [\(layer)] }" }
        return "canvas: { width: 20, height: 20, scale: 1 }\nduration: 0.2\nfps: 10\nlayers:\n  - \(layer)\n"
    }

    @Test("256 levels render; a save of 420 reports its line and column and keeps the render before it")
    func deepSave() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("flipbook-deep-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let scene = dir.appendingPathComponent("scene.yaml")
        try Self.nested(256).write(to: scene, atomically: true, encoding: .utf8)
        let session = PreviewSession(options: .init(file: scene.path, pollInterval: 0.1))
        session.start()
        defer { session.stop() }
        let first = session.status(after: 0, timeout: 60)
        try #require(first.version == 1 && first.errors.isEmpty, "\(first)")
        try Self.nested(420).write(to: scene, atomically: true, encoding: .utf8)
        let broken = session.status(after: first.attempts, timeout: 60)
        #expect(broken.version == 1, "the last good render stays")
        #expect(broken.errors.contains { $0.contains("scene.yaml:5:") && $0.contains("levels deep") }, "\(broken.errors)")
    }
}
