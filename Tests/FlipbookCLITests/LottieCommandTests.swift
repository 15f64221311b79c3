import Flipbook
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookCLI

/// A Lottie file where a scenario goes (docs/lottie.md): still at a share, a time or a frame,
/// fitted to --size at --scale; render plays it once; validate builds it. Run in-process.
@Suite("Lottie files on the command line")
struct LottieCommandTests {
    /// 40×20 points, 10 fps, frames 0…10: a red square moving from x = 10 to x = 30.
    static func file() throws -> String {
        let json =
            #"{"v":"5.7","fr":10,"ip":0,"op":10,"w":40,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"#
            + #""ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":10,"s":[30,10]}]}},"#
            + #""shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[6,6]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#
        let url = freshFolder("flipbook-lottie").appendingPathComponent("square.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The x of the red square's centre in a still.
    static func redCentre(_ png: String) throws -> Double {
        let pixels = try PNGCodec.read(URL(fileURLWithPath: png))
        var xs: [Int] = []
        for y in 0..<pixels.height {
            for x in 0..<pixels.width
            where pixels.rgba[(y * pixels.width + x) * 4] > 200 && pixels.rgba[(y * pixels.width + x) * 4 + 3] > 200 {
                xs.append(x)
            }
        }
        return xs.isEmpty ? -1 : Double(xs.min()! + xs.max()!) / 2
    }

    @Test("still --at 50%, --at 0.5s and --frame 5 show the same instant, at --scale and --size")
    func stills() throws {
        let file = try Self.file()
        let out = freshFolder("flipbook-lottie-out")
        var centres: [Double] = []
        for (name, instant) in [("share", ["--at", "50%"]), ("time", ["--at", "0.5s"]), ("frame", ["--frame", "5"])] {
            let png = out.appendingPathComponent("\(name).png").path
            #expect(FlipbookProgram.run(["still", file] + instant + ["-o", png]) == Exit.ok)
            let pixels = try PNGCodec.read(URL(fileURLWithPath: png))
            #expect(pixels.width == 80 && pixels.height == 40, "the file's size at the default scale 2")
            centres.append(try Self.redCentre(png))
        }
        #expect(centres.allSatisfy { abs($0 - 40) <= 1 }, "x = 20 pt at frame 5 is 40 px: \(centres)")
        let fitted = out.appendingPathComponent("fitted.png").path
        #expect(FlipbookProgram.run(["still", file, "--frame", "0", "--size", "80x80", "--scale", "1", "-o", fitted]) == Exit.ok)
        let pixels = try PNGCodec.read(URL(fileURLWithPath: fitted))
        #expect(pixels.width == 80 && pixels.height == 80)
        // Aspect fit: 40×20 scaled ×2 into 80×80, centred vertically; x = 10 pt → 20 px.
        #expect(abs(try Self.redCentre(fitted) - 20) <= 1)
    }

    @Test("render plays it once at its own frame rate; validate builds it; a bad file is an input error")
    func renderAndValidate() throws {
        let file = try Self.file()
        let gif = freshFolder("flipbook-lottie-out").appendingPathComponent("square.gif")
        #expect(FlipbookProgram.run(["render", file, "-o", gif.path, "--quiet"]) == Exit.ok)
        let decoded = try GIFReader.read(gif)
        #expect(decoded.frames.count == 10)
        #expect(FlipbookProgram.run(["validate", file]) == Exit.ok)
        #expect(FlipbookProgram.run(["inspect", file]) == Exit.ok)
        #expect(try LottieAnimation.load(file: file).layerSummaries == ["layers[0] (unnamed) shape, frames 0.0…10.0"])
        let bad = freshFolder("flipbook-lottie-bad").appendingPathComponent("bad.json")
        try #"{"w":10,"h":10,"fr":30,"ip":0,"op":10,"layers":7}"#.write(to: bad, atomically: true, encoding: .utf8)
        #expect(FlipbookProgram.run(["validate", bad.path]) == Exit.input)
        #expect(FlipbookProgram.run(["still", bad.path, "--at", "0s", "-o", bad.path + ".png"]) == Exit.input)
        #expect(!FileManager.default.fileExists(atPath: bad.path + ".png"), "nothing written")
    }

    @Test("--fonts takes folders of font files for a Lottie file: not a folder, or a scenario file, is a usage error")
    func fontsOption() throws {
        let file = try Self.file()
        let out = freshFolder("flipbook-lottie-fonts")
        let png = out.appendingPathComponent("still.png").path
        #expect(FlipbookProgram.run(["still", file, "--frame", "0", "--fonts", out.path, "-o", png]) == Exit.ok)
        let missing = out.appendingPathComponent("missing").path
        #expect(FlipbookProgram.run(["still", file, "--frame", "0", "--fonts", missing, "-o", png + "2"]) == Exit.input)
        #expect(!FileManager.default.fileExists(atPath: png + "2"), "nothing written")
        let scenario = out.appendingPathComponent("scene.yaml")
        try "duration: 1\ncanvas: { width: 40, height: 20 }\nlayers: []\n".write(to: scenario, atomically: true, encoding: .utf8)
        #expect(FlipbookProgram.run(["still", scenario.path, "--at", "0s", "-o", png + "3"]) == Exit.ok)
        #expect(FlipbookProgram.run(["still", scenario.path, "--at", "0s", "--fonts", out.path, "-o", png + "4"]) == Exit.input)
    }

    @Test("test records a Lottie file in the scenarios folder, passes it, and fails it once the file changes")
    func goldenSuite() throws {
        let project = freshFolder("flipbook-lottie-suite")
        let scenarios = project.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let file = scenarios.appendingPathComponent("square.json")
        try FileManager.default.copyItem(atPath: try Self.file(), toPath: file.path)
        let artifacts = project.appendingPathComponent("artifacts").path
        #expect(FlipbookProgram.run(["test", scenarios.path, "--record", "missing", "--artifacts", artifacts]) == Exit.ok)
        let golden = project.appendingPathComponent("golden/square")
        // 1 s at the golden rate of 10 a second: instants 0, 0.1, …, 1.
        let frames = try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".png") }
        #expect(frames.count == 11)
        #expect(FlipbookProgram.run(["test", scenarios.path, "--record", "never", "--artifacts", artifacts]) == Exit.ok)
        // The square now ends at x = 34 instead of 30: later frames differ.
        let moved = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "[30,10]", with: "[34,10]")
        try moved.write(to: file, atomically: true, encoding: .utf8)
        #expect(FlipbookProgram.run(["test", scenarios.path, "--record", "never", "--artifacts", artifacts]) == Exit.comparisonFailed)
    }

    @Test("compare takes Lottie files on both sides and against a render of one")
    func compare() throws {
        let file = try Self.file()
        let out = freshFolder("flipbook-lottie-compare")
        let other = out.appendingPathComponent("other.json").path
        try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "[1,0,0,1]", with: "[0,0,1,1]")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let grid = out.appendingPathComponent("grid.gif").path
        #expect(FlipbookProgram.run(["compare", file, other, "-o", grid, "--quiet"]) == Exit.ok)
        let composed = try GIFReader.read(URL(fileURLWithPath: grid))
        #expect(composed.width >= 2 * 80 && composed.frames.count == 10, "two 80 px cells side by side, 10 frames")
        let render = out.appendingPathComponent("square.gif").path
        #expect(FlipbookProgram.run(["render", file, "-o", render, "--quiet"]) == Exit.ok)
        let against = out.appendingPathComponent("against.gif").path
        #expect(FlipbookProgram.run(["compare", file, "--against", render, "-o", against, "--quiet"]) == Exit.ok)
        #expect(try GIFReader.read(URL(fileURLWithPath: against)).frames.count == 10)
    }
}
