import Foundation
import ProcessTestSupport
import Testing

/// What a user previewing a pull reads: times checked with a sentence, a scene shortened to
/// preview the pull rendered with a warning, one error for a wrong duration.
@Suite("messages while previewing a scene")
struct PreviewMessagesTests {
    static let pull = """
        canvas: { width: 100, height: 200, scale: 1 }
        fps: 30
        duration: DURATION
        layers:
          - { id: table, type: table, frame: [0, 0, 100, 200], rows: { template: "Row {n}", count: 25 } }
        touches:
          - { at: 0.3, down: true }
          - { drag: 150, duration: 0.7, curve: linear }
          - { release: true }
        """

    func scene(duration: String) throws -> URL {
        let url = freshFolder("flipbook-preview").appendingPathComponent("pull.yaml")
        try Self.pull.replacingOccurrences(of: "DURATION", with: duration).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("still --at -1 says the time is negative; --at past the end warns and renders")
    func stillTimes() throws {
        let url = try scene(duration: "1.5")
        let negative = try CLI.run(["still", url.path, "--at", "-1"])
        #expect(negative.status == 2 && negative.stderr.contains("--at -1 s is negative; a scene starts at 0 s"), "\(negative.stderr)")
        let late = try CLI.run(["still", url.path, "--at", "5", "-o", url.deletingLastPathComponent().appendingPathComponent("s.png").path])
        #expect(late.status == 0 && late.stderr.contains("warning: --at 5 s is past the scene's end (1.5 s)"), "\(late.stderr)")
        let until = try CLI.run(["inspect", url.path, "--until", "-0.5"])
        #expect(until.status == 2 && until.stderr.contains("--until -0.5 s is negative"), "\(until.stderr)")
    }

    @Test("a scene shorter than its touches renders what it has, with one warning at the touches")
    func shortenedPreview() throws {
        let url = try scene(duration: "0.6")
        let r = try CLI.run(["render", url.path, "-o", url.deletingLastPathComponent().appendingPathComponent("p.gif").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("pull.yaml:7:3: warning: the touches end at 1 s, after the scenario (0.6 s)"), "\(r.stderr)")
        #expect(r.stdout.contains("(18 frames"), "\(r.stdout)")
    }

    @Test("duration: 0 is one error, without a cascade about the touches")
    func zeroDuration() throws {
        let url = try scene(duration: "0")
        let r = try CLI.run(["validate", url.path])
        #expect(r.status == 2)
        let errors = r.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1 && errors[0].contains("duration must be positive, found 0"), "\(r.stderr)")
    }
}
