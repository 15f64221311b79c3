import FlipbookCore
import FlipbookUIKit
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookScenario

/// Each limit in docs/limits.md is enforced with a FILE:LINE:COLUMN error, not a crash or hang.
@Suite("limits")
struct LimitsTests {
    func diagnostics(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "big.yaml", baseDirectory: packageRoot)
            return []
        } catch let e as ScenarioError { return e.diagnostics } catch { return [] }
    }

    let head = "canvas: { width: 10, height: 10 }\nduration: 1\n"

    @Test("more layers than allowed, sublayers included")
    func layers() {
        let many = (0...Limits.maximumLayers).map { "  - { id: l\($0) }" }.joined(separator: "\n")
        let d = diagnostics(head + "layers:\n" + many + "\n")
        #expect(d.count == 1 && d[0].message.contains("more than \(Limits.maximumLayers) layers") && d[0].line == 4, "\(d.prefix(2))")
        let nested =
            "layers:\n  - id: top\n    sublayers:\n" + (0..<Limits.maximumLayers).map { "      - { id: s\($0) }" }.joined(separator: "\n")
            + "\n"
        #expect(diagnostics(head + nested).first?.message.contains("more than") == true)
        let fits = (1..<100).map { "  - { id: l\($0) }" }.joined(separator: "\n")
        #expect(diagnostics(head + "layers:\n" + fits + "\n").isEmpty)
    }

    @Test("a path with more elements than allowed")
    func pathElements() {
        let data = "M0 0" + String(repeating: " L1 1", count: Limits.maximumPathElements)
        let d = diagnostics(head + "layers:\n  - { id: p, type: shape, path: \"\(data)\" }\n")
        #expect(d.count == 1 && d[0].message.contains("at most \(Limits.maximumPathElements) are allowed") && d[0].line == 4, "\(d)")
    }

    @Test("paths of more elements than a scene may hold together: one error, at the path that passes the bound")
    func scenePathElements() {
        let each = Limits.maximumPathElements - 1
        let data = "M0 0" + String(repeating: " L1 1", count: each - 1)
        let count = Limits.maximumScenePathElements / each + 1
        let layers = (0..<count).map { "  - { id: p\($0), type: shape, path: \"\(data)\" }" }.joined(separator: "\n")
        let d = diagnostics(head + "layers:\n" + layers + "\n")
        #expect(
            d.count == 1 && d[0].message.contains("more than \(Limits.maximumScenePathElements) elements together")
                && d[0].line == 3 + count,
            "\(d.map(\.message))")
        let fewer = (0..<(count - 1)).map { "  - { id: p\($0), type: shape, path: \"\(data)\" }" }.joined(separator: "\n")
        #expect(diagnostics(head + "layers:\n" + fewer + "\n").isEmpty)
    }

    @Test("more emitter cells than a scene may hold: one error naming the bound")
    func emitterCells() {
        let cells = (0..<600).map { _ in "      - { birthRate: 1, lifetime: 1 }" }.joined(separator: "\n")
        let emitter = { (id: String) in "  - id: \(id)\n    type: emitter\n    frame: [0, 0, 10, 10]\n    emitterCells:\n" + cells }
        let d = diagnostics(head + "layers:\n" + emitter("a") + "\n" + emitter("b") + "\n")
        #expect(d.count == 1 && d[0].message.contains("more than \(Limits.maximumEmitterCells) emitter cells"), "\(d.map(\.message))")
        #expect(diagnostics(head + "layers:\n" + emitter("a") + "\n").isEmpty)
    }

    @Test("a text longer than allowed")
    func text() {
        let long = String(repeating: "字", count: Limits.maximumTextLength + 1)
        let d = diagnostics(head + "layers:\n  - { id: t, type: text, string: \"\(long)\" }\n")
        #expect(d.count == 1 && d[0].message.contains("at most \(Limits.maximumTextLength) are allowed") && d[0].line == 4, "\(d)")
    }

    @Test("messages quote at most 40 characters of the file: a password file read as a scene is not shown whole")
    func quotesAreClipped() {
        let secret = "root:$6$abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ:19000:0:99999:7:::"
        let d = diagnostics(secret + "\n")
        #expect(!d.isEmpty && d.allSatisfy { !$0.message.contains(secret) }, "\(d.map(\.message))")
        #expect(d.allSatisfy { !$0.message.contains("ABCDEFGHIJ") }, "\(d.map(\.message))")
        #expect(
            clippingQuotes("unknown key '\(String(repeating: "k", count: 60))'") == "unknown key '" + String(repeating: "k", count: 39)
                + "…'")
        #expect(clippingQuotes("unknown key 'short'; it's fine") == "unknown key 'short'; it's fine")
    }
}
