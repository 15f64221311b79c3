import Foundation
import ProcessTestSupport
import Testing

/// Outputs that someone could turn against the user: a link planted where the temporary file
/// would go, two outputs of one command that are one file, names that end up in reports.
@Suite("outputs that cannot be turned against the user")
struct PlantedOutputTests {
    let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path

    @Test("links planted at every name the old temporary scheme would use redirect nothing")
    func plantedTemporaryLinks() throws {
        let dir = freshFolder("flipbook-plant")
        let victim = dir.appendingPathComponent("victim.txt")
        try "precious\n".write(to: victim, atomically: true, encoding: .utf8)
        // The old scheme was DIR/.NAME.PID.tmp: plant a link at each of the next PIDs' names.
        let next = Int(ProcessInfo.processInfo.processIdentifier)
        for pid in next..<next + 400 {
            try? FileManager.default.createSymbolicLink(
                atPath: dir.appendingPathComponent(".out.gif.\(pid).tmp").path,
                withDestinationPath: victim.path)
        }
        let r = try CLI.run(["render", demo, "-o", dir.appendingPathComponent("out.gif").path, "--fps", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.gif")).starts(with: Array("GIF89a".utf8)))
    }

    @Test("two outputs of one command that are one file are refused before anything is written", arguments: [0, 1, 2, 3])
    func sharedTargets(_ kind: Int) throws {
        let dir = freshFolder("flipbook-shared")
        let same = dir.appendingPathComponent("same.gif")
        try "old".write(to: same, atomically: true, encoding: .utf8)
        let link = dir.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: same.path)
        let args: [[String]] = [
            ["render", demo, "-o", same.path, "--filmstrip", link.path],
            ["compare", demo, "-o", same.path, "--html", same.path],
            ["compare", demo, "-o", same.path, "--plot", "dot1.opacity", "--plot-file", dir.path + "/./same.gif"],
            ["render", demo, "-o", "-", "--filmstrip", "-"]
        ]
        let r = try CLI.run(args[kind])
        #expect(r.status == 2, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("would write the same file"), "\(r.stderr)")
        #expect(try String(contentsOf: same, encoding: .utf8) == "old")
    }

    @Test("compare --variants with an empty name is a usage error, not a crash")
    func emptyVariantName() throws {
        let r = try CLI.run(["compare", demo, "--variants", ",", "-o", freshFolder("flipbook-v").appendingPathComponent("v.gif").path])
        #expect(r.status == 2 && r.stderr.contains("--variants expects names separated by commas"), "\(r.stderr)")
    }

    @Test("insertRows past a table's end inserts at the end with a warning that names the row")
    func insertPastTheEnd() throws {
        let dir = freshFolder("flipbook-rows")
        let scene = dir.appendingPathComponent("rows.yaml")
        try """
        canvas: { width: 100, height: 200, scale: 1 }
        duration: 0.3
        layers: [ { id: table, type: table, frame: [0, 0, 100, 200], rows: { count: 30 } } ]
        script:
          - { at: 0.1, insertRows: "x", row: 1000, into: table }
        """.write(to: scene, atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", scene.path, "-o", dir.appendingPathComponent("r.gif").path])
        #expect(
            r.status == 0 && r.stderr.contains("insertRows at row 1000 of table, which has 30 rows: inserted at the end (row 30)"),
            "\(r.stderr)")
    }

    @Test("a label with escape codes reaches the terminal as visible text")
    func escapesInLabels() throws {
        let dir = freshFolder("flipbook-esc")
        let scene = dir.appendingPathComponent("esc.yaml")
        try """
        canvas: { width: 40, height: 40, scale: 1 }
        duration: 0.2
        layers: [ { id: box, frame: [0, 0, 10, 10] } ]
        script:
          - { at: 0.1, log: "evil \\u001B]0;owned\\u0007 \\u001B[2J" }
        """.write(to: scene, atomically: true, encoding: .utf8)
        let r = try CLI.run(["inspect", scene.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(r.stdout)")
        #expect(r.stdout.contains("evil \\u{1B}]0;owned\\u{7}"), "\(r.stdout)")
    }
}
