import Foundation
import Testing

@testable import FlipbookScenario

/// The corpus in Fixtures/bad-scenarios: each file states the diagnostics it must produce in
/// `# expect: LINE:COLUMN: message[ | hint]` lines.
@Suite("bad scenarios")
struct BadScenarioTests {
    static var corpus: [URL] {
        let dir = Bundle.module.url(forResource: "bad-scenarios", withExtension: nil, subdirectory: "Fixtures")!
        return ((try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "yaml" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("the corpus is there")
    func corpusExists() { #expect(Self.corpus.count >= 15) }

    @Test("each bad file is refused with its expected messages, in file order", arguments: corpus.map(\.lastPathComponent))
    func refused(_ name: String) throws {
        let url = Self.corpus.first { $0.lastPathComponent == name }!
        let text = try String(contentsOf: url, encoding: .utf8)
        let expectations = text.split(separator: "\n").filter { $0.hasPrefix("# expect: ") }.map { $0.dropFirst(10) }
        #expect(!expectations.isEmpty, "\(name) states no expectation")
        do {
            _ = try ScenarioLoader.load(file: url.path)
            Issue.record("\(name) loaded without errors")
        } catch let error as ScenarioError {
            let d = error.diagnostics
            #expect(d.count == expectations.count, "\(name): \(error.description)")
            for (diag, exp) in zip(d, expectations) {
                let parts = exp.split(separator: ":", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
                let rest = parts[2].components(separatedBy: " | ")
                #expect(
                    diag.line == Int(parts[0]) && diag.column == Int(parts[1]),
                    "\(name): at \(diag.line):\(diag.column), expected \(parts[0]):\(parts[1]) — \(diag.message)")
                #expect(diag.message.contains(rest[0]), "\(name): '\(diag.message)' lacks '\(rest[0])'")
                if rest.count > 1 { #expect(diag.hint?.contains(rest[1]) == true, "\(name): hint '\(diag.hint ?? "none")'") }
                #expect(diag.description.hasPrefix("\(url.path):\(diag.line):\(diag.column): error: "))
            }
        }
    }

    @Test("an unknown variant in a file without variants is reported at 1:1 saying so")
    func unknownVariantNoVariants() {
        do {
            _ = try ScenarioLoader.load(
                yaml: "canvas: { width: 10, height: 10 }\nduration: 1\n", file: "v.yaml",
                baseDirectory: URL(fileURLWithPath: "/"), variant: "fast")
            Issue.record("loaded")
        } catch let e as ScenarioError {
            #expect(e.diagnostics.map { [$0.line, $0.column] } == [[1, 1]])
            #expect(e.diagnostics.first?.hint == "the file defines no variants")
        } catch { Issue.record("\(error)") }
    }

    @Test("diagnostics come out in file order whatever order they were found in")
    func fileOrder() {
        let found = [(9, 2), (3, 7), (3, 1), (12, 1)].map { Diagnostic(file: "f.yaml", line: $0.0, column: $0.1, message: "m") }
        let e = ScenarioError(found)
        #expect(e.diagnostics.map { [$0.line, $0.column] } == [[3, 1], [3, 7], [9, 2], [12, 1]])
        #expect(e.description.hasPrefix("f.yaml:3:1: error: m\nf.yaml:3:7: error: m"))
    }

    @Test("a missing file is one error at 1:1")
    func missingFile() {
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(file: "/nonexistent/scene.yaml") }
        do { _ = try ScenarioLoader.load(file: "/nonexistent/scene.yaml") } catch let e as ScenarioError {
            #expect(e.description == "/nonexistent/scene.yaml:1:1: error: no such file")
        } catch { Issue.record("\(error)") }
    }

    @Test("an unknown variant is refused and the known ones are listed")
    func unknownVariant() throws {
        let yaml = "canvas: { width: 10, height: 10 }\nduration: 1\nparams: { d: 1 }\nvariants: { slow: { d: 2 } }\n"
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "v.yaml", baseDirectory: URL(fileURLWithPath: "/"), variant: "fast")
            Issue.record("loaded")
        } catch let e as ScenarioError {
            #expect(e.diagnostics.first?.message == "unknown variant 'fast' (asked for with --variant)")
            #expect(e.diagnostics.first?.hint == "variants: slow")
            #expect(e.diagnostics.first.map { [$0.line, $0.column] } == [4, 1], "at the variants key")
        }
    }
}
