import ArgumentParser
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookCLI

/// The command line parsed in-process with `parseAsRoot`, as ArgumentParser's own tests do:
/// what each spelling becomes, and the usage errors (exit 2 from `FlipbookProgram.run`) with the
/// subcommand's own usage. The spawned-program tests (CommandLineTests) keep exit codes,
/// signals and output safety.
@Suite("command line parsing")
struct CommandParsingTests {
    @Test("render: the scenario, -o, --fps, --format and the filmstrip options")
    func render() throws {
        let parsed = try FlipbookCommand.parseAsRoot([
            "render", demo, "-o", "x.webp", "--fps", "24", "--format", "webp",
            "--filmstrip", "s.png", "--filmstrip-columns", "3", "--quiet"
        ])
        let render = try #require(parsed as? Render)
        #expect(render.scenario.file == demo && render.output == "x.webp" && render.fps == 24 && render.format == "webp")
        #expect(render.filmstrip == "s.png" && render.filmstripColumns == 3 && render.options.quiet)
        let plain = try #require(try FlipbookCommand.parseAsRoot(["render", demo]) as? Render)
        #expect(plain.output == nil && plain.fps == nil && plain.format == nil && !plain.animated)
    }

    @Test("still takes --at in seconds, with or without s, in milliseconds, or as a share; --frame and --size for Lottie")
    func still() throws {
        for (spelling, expected) in [("175ms", 0.175), ("1.5s", 1.5), ("0.25", 0.25)] {
            let still = try #require(try FlipbookCommand.parseAsRoot(["still", demo, "--at", spelling, "-o", "x.png"]) as? Still)
            #expect(still.at?.seconds == expected && still.at?.progress == nil, "\(spelling)")
        }
        let share = try #require(try FlipbookCommand.parseAsRoot(["still", demo, "--at", "50%"]) as? Still)
        #expect(share.at?.progress == 0.5 && share.at?.seconds(of: 3) == 1.5)
        let lottie = try #require(try FlipbookCommand.parseAsRoot(["still", "anim.json", "--frame", "30", "--size", "563x1000"]) as? Still)
        #expect(lottie.frame == 30 && lottie.size == "563x1000" && lottie.at == nil)
        #expect(try LottieFile.size("563x1000") == CGSize(width: 563, height: 1000))
        #expect(parseFailure(["still", demo, "--frame", "3"]) != nil, "--frame is for Lottie files")
        #expect(parseFailure(["still", "anim.json"]) != nil, "an instant is needed")
        #expect(parseFailure(["still", "anim.json", "--at", "150%"]) != nil, "a share is within 0…100 %")
        let failure = try #require(parseFailure(["still", demo, "--at", "soon"]))
        #expect(failure.message.contains("Usage: flipbook still"), "\(failure.message)")
    }

    @Test("test, test run and test merge reach their commands")
    func testCommands() throws {
        #expect(try FlipbookCommand.parseAsRoot(["test", "scenarios"]) is TestRun, "`test` runs by default")
        #expect(try FlipbookCommand.parseAsRoot(["test", "run", "scenarios", "--shard", "2/4"]) is TestRun)
        let merge = try #require(try FlipbookCommand.parseAsRoot(["test", "merge", "a", "b", "--artifacts", "c"]) as? TestMerge)
        #expect(merge.folders == ["a", "b"] && merge.artifacts == "c")
    }

    @Test("compare: the files, --variants, --layout and --against")
    func compare() throws {
        let compare = try #require(
            try FlipbookCommand.parseAsRoot(["compare", demo, "--variants", "default,slow", "-o", "c.gif"]) as? Compare)
        #expect(compare.files == [demo] && compare.variants == "default,slow" && compare.output == "c.gif")
        for spelling in [["--offset", "-0.66"], ["--offset=-0.66"]] {
            let recording = try #require(
                try FlipbookCommand.parseAsRoot(["compare", demo, "--against", "device.mp4", "-o", "c.gif"] + spelling) as? Compare)
            #expect(recording.offset == -0.66 && recording.against == "device.mp4", "\(spelling)")
        }
    }

    @Test(
        "an unknown option, a missing scenario or an unknown subcommand is a usage error with that subcommand's usage",
        arguments: [
            (["render", demo, "--fpss", "5"], "Usage: flipbook render"),
            (["render"], "Usage: flipbook render"),
            (["frobnicate"], "Usage: flipbook")
        ])
    func usageErrors(_ arguments: [String], _ usage: String) throws {
        let failure = try #require(parseFailure(arguments))
        #expect(failure.code != 0)
        #expect(failure.message.contains(usage), "\(failure.message)")
        #expect(FlipbookProgram.run(arguments) == Exit.input)
    }

    @Test("--version and help exit 0 with their text")
    func cleanExits() throws {
        let version = try #require(parseFailure(["--version"]))
        #expect(version.code == 0 && version.message == versionText)
        #expect(versionText.hasPrefix("flipbook 0.") && versionText.contains("(Swift 6.") && versionText.contains(", Cairo 1."))
        #expect(FlipbookCommand.helpMessage(for: Render.self).contains("Examples:"))
        #expect(FlipbookProgram.run(["render", "--help"]) == Exit.ok)
        #expect(FlipbookProgram.run(["--version"]) == Exit.ok)
    }

    @Test(
        "an output format the name or --format does not support exits 2 and writes nothing",
        arguments: [
            (["-o", "x.mp5"], ".mp5 is not a supported format"),
            (["-o", "x.gif", "--quality", "80"], "--quality applies to an output of a format that has one (.webp, .jpg)"),
            (["-o", "x.png"], "add --animated"),
            (["-o", "x.jpg"], "a .jpg output is one picture; use --filmstrip or --frames --frames-format jpg"),
            (["-o", "x.gif", "--format", "tiff"], "--format tiff is not supported")
        ])
    func refusedFormats(_ arguments: [String], _ message: String) throws {
        let dir = freshFolder("flipbook-formats")
        let named = arguments.enumerated().map { $0.offset == 1 ? dir.appendingPathComponent($0.element).path : $0.element }
        var command = try FlipbookCommand.parseAsRoot(["render", demo, "--fps", "5", "--quiet"] + named)
        #expect {
            try command.run()
        } throws: { error in
            FlipbookCommand.message(for: error).contains(message)
        }
        #expect(FlipbookProgram.run(["render", demo, "--fps", "5", "--quiet"] + named) == Exit.input)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("--frames-format jpg writes JPEG frames, a still named .jpg is a JPEG; a format that is no picture is refused")
    func pictureFormats() throws {
        let dir = freshFolder("flipbook-pictures")
        let frames = dir.appendingPathComponent("frames").path
        #expect(FlipbookProgram.run(["render", demo, "--fps", "5", "--quiet", "--frames", frames, "--frames-format", "webp"]) == Exit.input)
        #expect(!FileManager.default.fileExists(atPath: frames))
        #expect(
            FlipbookProgram.run(["render", demo, "--fps", "5", "--quiet", "--frames", frames, "--frames-format", "JPEG", "--quality", "60"])
                == Exit.ok)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames)
        #expect(!names.isEmpty && names.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".jpg") })
        let still = dir.appendingPathComponent("still.jpg").path
        #expect(FlipbookProgram.run(["still", demo, "--at", "0.5", "-o", still]) == Exit.ok)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: still)).prefix(3)) == [0xFF, 0xD8, 0xFF])
    }

    @Test("bad values of --fps and --layout are refused before anything is read")
    func badValues() throws {
        #expect(
            FlipbookProgram.run(["render", demo, "--fps", "500", "-o", freshFolder("f").appendingPathComponent("x.gif").path]) == Exit.input
        )
        #expect(
            FlipbookProgram.run(["compare", demo, "--layout", "diagonal", "-o", freshFolder("f").appendingPathComponent("c.gif").path])
                == Exit.input)
    }
}
