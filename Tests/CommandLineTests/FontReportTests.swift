import Foundation
import ProcessTestSupport
import Testing

/// A failing frame of a scene with text says which font files drew its letters on this machine
/// (fontconfig's choice), in the output and in the report.
@Suite("fonts named when text fails")
struct FontReportTests {
    @Test("the report names each text font's fallback families and the files fontconfig gives them (as fc-match does)")
    func fontsNamed() throws {
        let dir = freshFolder("flipbook-font-report")
        let scene = dir.appendingPathComponent("label.yaml")
        func write(_ color: String) throws {
            try """
            canvas: { width: 120, height: 40, scale: 1, background: "#ffffff" }
            duration: 0.2
            fps: 10
            layers:
              - { id: title, type: text, frame: [4, 4, 112, 32], string: "Hello", font: Helvetica, fontSize: 20, foregroundColor: "\(color)" }

            """.write(to: scene, atomically: true, encoding: .utf8)
        }
        try write("#000000")
        #expect(
            try CLI.run(["test", scene.path, "--golden-dir", dir.appendingPathComponent("golden").path, "--record", "missing"]).status == 0)
        try write("#ff0000")
        let r = try CLI.run([
            "test", scene.path, "--golden-dir", dir.appendingPathComponent("golden").path,
            "--artifacts", dir.appendingPathComponent("art").path, "--artifact-animation", "none"
        ])
        #expect(r.status == 1)
        // fc-match is fontconfig's own command: a second reading of the same configuration.
        let match = try CLI.spawn(URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{file}", "Liberation Sans"])
        let file = String(decoding: match.stdout, as: UTF8.self)
        try #require(match.status == 0 && !file.isEmpty)
        let line = "text in 'Helvetica' is drawn here with Liberation Sans (\(file))"
        #expect(r.stdout.contains(line), "\(r.stdout)")
        let report = try String(contentsOf: dir.appendingPathComponent("art/report.html"), encoding: .utf8)
        // The report escapes the quotes; the families and files read the same.
        #expect(report.contains("is drawn here with Liberation Sans (\(file))"))
    }
}
