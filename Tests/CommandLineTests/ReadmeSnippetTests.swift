import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// The README's Swift example compiles exactly as written (it is the `ReadmeExample` target,
/// which imports Flipbook alone) and does what its comments say.
@Suite("the README's Swift example")
struct ReadmeSnippetTests {
    static func readmeSwiftBlock() throws -> String {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let afterHeading = try #require(readme.range(of: "## Swift\n\n```swift\n"))
        let end = try #require(readme.range(of: "```", range: afterHeading.upperBound..<readme.endIndex))
        return String(readme[afterHeading.upperBound..<end.lowerBound])
    }

    @Test("Examples/ReadmeExample/main.swift is the README's block, byte for byte")
    func sameText() throws {
        let example = try String(contentsOf: packageRoot.appendingPathComponent("Examples/ReadmeExample/main.swift"), encoding: .utf8)
        #expect(try Self.readmeSwiftBlock() == example)
        #expect(example.hasPrefix("import Flipbook\n") && !example.contains("import Foundation"))
    }

    @Test("the built example prints the scale at 0.175 s and writes dot.gif")
    func runs() throws {
        let built = CLI.built("ReadmeExample")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let p = Process()
        p.executableURL = built
        p.currentDirectoryURL = dir
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(text == "1.25\n")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("dot.gif").path))
    }
}

/// The README's YAML blocks load (a fragment without a canvas gets one, as a reader would add).
@Suite("the README's scenario examples")
struct ReadmeYAMLTests {
    @Test("every ```yaml block of the README is a valid scenario")
    func blocksLoad() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count >= 2)
        for (i, block) in blocks.enumerated() {
            let yaml = block.contains("canvas:") ? block : "canvas: { width: 320, height: 480 }\nduration: 3\n" + block
            #expect(throws: Never.self, "README yaml block \(i + 1)") {
                _ = try ScenarioLoader.load(yaml: yaml, file: "README block \(i + 1)", baseDirectory: packageRoot)
            }
        }
    }
}
