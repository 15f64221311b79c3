import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// `compare --against` on recordings made here from the scene's own frames with a known delay,
/// noise and H.264's odd-size padding (docs/compare.md, "Finding the offset"): the offset is
/// found within a frame, the padding cropped with a note, and the span is the scene's.
@Suite("recordings: offset, span and size")
struct RecordingOffsetTests {
    /// 101 × 61 px (odd on both sides), 30 fps: a dot moves right at 0.3–0.8 s and back at 1.3–1.7 s.
    static let scene = """
        canvas: { width: 101, height: 61, scale: 1, background: "#ffffff" }
        duration: 2.5
        fps: 30
        layers:
          - { id: dot, frame: [10, 20, 20, 20], backgroundColor: "#d0302a", cornerRadius: 10 }
        animations:
          out: { keyPath: position.x, from: 20, to: 80, duration: 0.5, fillMode: forwards, removedOnCompletion: false }
          back: { keyPath: position.x, from: 80, to: 20, duration: 0.4, fillMode: forwards, removedOnCompletion: false }
        script:
          - { at: 0.3, add: out, to: dot, key: move }
          - { at: 1.3, add: back, to: dot, key: move }

        """

    /// The scene file, and a video of its frames held `delay` frames at the start, with 0.2 % of
    /// the pixels of every frame set to random greys (seeded), and then `tail` still frames, at
    /// 30 fps through lossy H.264 (yuv420p pads 101 × 61 to 102 × 62).
    static func recording(delay: Int, tail: Int = 0, scene text: String = scene, in dir: URL) throws -> (scene: String, video: String) {
        let scene = dir.appendingPathComponent("dot.yaml").path
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let frames = dir.appendingPathComponent("frames")
        try #require(try CLI.run(["render", scene, "--frames", frames.path, "--quiet"]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }.sorted()
        let noisy = dir.appendingPathComponent("noisy")
        try FileManager.default.createDirectory(at: noisy, withIntermediateDirectories: true)
        var seed: UInt64 = 42
        func random(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let sequence = Array(repeating: names[0], count: delay) + names + Array(repeating: names[names.count - 1], count: tail)
        for (i, name) in sequence.enumerated() {
            var pixels = try PNGCodec.read(frames.appendingPathComponent(name))
            for _ in 0..<(pixels.width * pixels.height / 500) {
                let grey = UInt32(random(256))
                pixels.premultipliedARGB[random(pixels.premultipliedARGB.count)] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
            }
            try PNGCodec.write(pixels, to: noisy.appendingPathComponent(String(format: "f-%04d.png", i)))
        }
        let video = dir.appendingPathComponent("device.mp4").path
        let made = try CLI.spawn(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            [
                "-v", "error", "-framerate", "30", "-i", noisy.path + "/f-%04d.png",
                "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", video
            ])
        try #require(made.status == 0, "\(made.stderr)")
        return (scene, video)
    }

    /// compare's JSON rows and its standard error.
    static func compare(_ arguments: [String], in dir: URL) throws -> (rows: [[String: Any]], stderr: String, status: Int32) {
        let r = try CLI.run(["compare"] + arguments + ["-o", dir.appendingPathComponent("c.gif").path, "--json"])
        let rows = (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]) ?? []
        return (rows, r.stderr, r.status)
    }

    @Test("a recording that starts 0.3 s later, noisy and padded, is found at −0.3 s within a frame, cropped with a note")
    func delayedNoisyPadded() throws {
        let dir = freshFolder("flipbook-offset")
        let (scene, video) = try Self.recording(delay: 9, in: dir)
        let found = try Self.compare([scene, "--against", video], in: dir)
        #expect(found.status == 0, "\(found.stderr)")
        let row = try #require(found.rows.first { $0["label"] as? String == "device.mp4" })
        let offset = try #require(row["offset"] as? Double)
        #expect(abs(offset - -0.3) <= 1.0 / 30, "offset \(offset)")
        let estimate = try #require(row["offsetEstimate"] as? [String: Any])
        #expect((estimate["correlation"] as? Double ?? 0) >= 0.5, "\(estimate)")
        #expect(
            found.stderr.contains("device.mp4 is 102×62 px, the scene 101×61 px")
                && found.stderr.contains("last column and its last row are cropped"), "\(found.stderr)")
        #expect(found.stderr.contains("note: offset -0.3"), "\(found.stderr)")
        // Lined up, only the noise and H.264 differ; given 0 instead, the moves differ.
        let mean = { (rows: [[String: Any]]) in rows.first { $0["label"] as? String == "default" }?["meanDifference"] as? Double ?? 1 }
        let given = try Self.compare([scene, "--against", video, "--offset", "0"], in: dir)
        #expect(mean(found.rows) < 0.01 && mean(given.rows) > mean(found.rows) * 2, "\(mean(found.rows)) vs \(mean(given.rows))")
        // A negative offset parses as a number after a space.
        let negative = try Self.compare([scene, "--against", video, "--offset", "-0.3"], in: dir)
        #expect(negative.status == 0 && abs(mean(negative.rows) - mean(found.rows)) < 0.002, "\(negative.stderr)")
    }

    @Test("a recording longer than the scene is compared over the scene's span, said in a note; --until compares more")
    func spanIsTheScenes() throws {
        let dir = freshFolder("flipbook-span")
        let (scene, video) = try Self.recording(delay: 0, tail: 75, in: dir)  // 2.5 s still after the scene
        let cut = try Self.compare([scene, "--against", video, "--offset", "0"], in: dir)
        #expect(cut.status == 0 && cut.stderr.contains("device.mp4 runs 5.0"), "\(cut.stderr)")
        #expect(cut.stderr.contains("the scene's span (--until to compare more)"))
        let periods = (cut.rows.first { $0["label"] as? String == "default" }?["periods"] as? [[String: Any]]) ?? []
        #expect(periods.count == 3, "seconds 1–3 of the 2.5 s scene: \(periods.count)")
        let longer = try Self.compare([scene, "--against", video, "--offset", "0", "--until", "4s"], in: dir)
        let longerPeriods = (longer.rows.first { $0["label"] as? String == "default" }?["periods"] as? [[String: Any]]) ?? []
        #expect(longer.status == 0 && longerPeriods.count == 4, "\(longer.stderr)")
        let window = try Self.compare([scene, "--against", video, "--offset", "0", "--from", "1s", "--until", "2s"], in: dir)
        let windowPeriods = (window.rows.first { $0["label"] as? String == "default" }?["periods"] as? [[String: Any]]) ?? []
        #expect(window.status == 0 && windowPeriods.map { $0["label"] as? String } == ["second 2"], "\(window.stderr)")
        let backwards = try CLI.run(["compare", scene, "--against", video, "--from", "2s", "--until", "1s", "-o", dir.path + "/x.gif"])
        #expect(backwards.status == 2 && backwards.stderr.contains("--from must come before --until"))
    }

    @Test("a render on the left compares with a recording as a scene does; sizes that do not fit name --crop and --scale, without usage")
    func renderAgainstRecording() throws {
        let dir = freshFolder("flipbook-render-vs")
        let (scene, video) = try Self.recording(delay: 9, in: dir)
        let gif = dir.appendingPathComponent("ours.gif").path
        #expect(try CLI.run(["render", scene, "-o", gif, "--quiet"]).status == 0)
        let r = try Self.compare([gif, "--against", video], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let offset = r.rows.first { $0["label"] as? String == "device.mp4" }?["offset"] as? Double
        #expect(offset.map { abs($0 - -0.3) <= 1.0 / 30 } == true, "\(String(describing: offset))")
        let ours = r.rows.first { $0["label"] as? String == "ours" }
        #expect((ours?["meanDifference"] as? Double).map { $0 < 0.01 } == true, "\(r.rows)")
        // A 3× recording of the 1× scene: the same shape, so --scale alone fits.
        let big = dir.appendingPathComponent("big.mp4").path
        let made = try CLI.spawn(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-v", "error", "-i", video, "-vf", "crop=101:61:0:0,scale=303:183", "-c:v", "libx264rgb", big])
        try #require(made.status == 0, "\(made.stderr)")
        let misfit = try CLI.run(["compare", scene, "--against", big, "-o", dir.path + "/m.gif"])
        #expect(misfit.status == 2 && misfit.stderr.contains("--scale 0.3333 fits it"), "\(misfit.stderr)")
        #expect(!misfit.stderr.contains("USAGE") && !misfit.stderr.contains("Usage:"), "\(misfit.stderr)")
        // With --scale the 3× frames are averaged down (straight to thumbnails for the search):
        // the same offset within a frame, and frames that differ only by the round trip through
        // H.264 at three times the size (1.3–1.5 % of pixels).
        let scaled = try Self.compare([scene, "--against", big, "--scale", "0.3333333"], in: dir)
        #expect(scaled.status == 0, "\(scaled.stderr)")
        let scaledOffset = scaled.rows.first { $0["label"] as? String == "big.mp4" }?["offset"] as? Double
        #expect(scaledOffset.map { abs($0 - -0.3) <= 1.0 / 30 } == true, "\(String(describing: scaledOffset))")
        let scaledScene = scaled.rows.first { $0["label"] as? String == "default" }
        #expect((scaledScene?["meanDifference"] as? Double).map { $0 < 0.025 } == true, "\(scaled.rows)")
    }

    @Test("--track follows the dot in the recording and the scene: start within a frame, overshoot within a point, settling within a frame")
    func tracked() throws {
        let dir = freshFolder("flipbook-track")
        // A spring (ζ = 0.5) from x = 20 to 80 pt at 0.3 s: 16.3 % of 60 pt = 9.8 pt past the target.
        let spring = Self.scene.replacingOccurrences(
            of: "out: { keyPath: position.x, from: 20, to: 80, duration: 0.5,",
            with: "out: { type: spring, keyPath: position.x, from: 20, to: 80, stiffness: 100, damping: 10, duration: 1,"
        ).replacingOccurrences(of: "at: 1.3", with: "at: 2.0")
        let (scene, video) = try Self.recording(delay: 6, scene: spring, in: dir)
        let r = try Self.compare([scene, "--against", video, "--track", "dot=0,15,101,30"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let row = r.rows.first { $0["label"] as? String == "default" }
        let track = try #require((row?["tracks"] as? [[String: Any]])?.first)
        #expect(track["name"] as? String == "dot" && track["axis"] as? String == "x")
        let reference = try #require(track["reference"] as? [String: Any]), ours = try #require(track["scene"] as? [String: Any])
        for side in [reference, ours] {
            #expect(abs((side["overshootPoints"] as? Double ?? 0) - 0.163 * 60) < 1, "\(side)")
            #expect(abs((side["start"] as? Double ?? 0) - 0.3) <= 1.0 / 30 + 1e-9, "\(side)")
        }
        // Within one frame (33.3 ms at 30 fps; the rounding of frame times may add a femtosecond).
        let frame = 1000.0 / 30 + 1e-6
        #expect(abs(track["startDifference"] as? Double ?? 99) <= frame, "\(track)")
        #expect(abs(track["overshootDifference"] as? Double ?? 99) <= 1, "\(track)")
        #expect(abs(track["settlingDifference"] as? Double ?? 99) <= frame, "\(track)")
        // Both curves land on one plot, written beside the comparison.
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("c-plot.png").path))
        let outside = try CLI.run(["compare", scene, "--against", video, "--track", "dot=90,0,20,20", "-o", dir.path + "/x.gif"])
        #expect(outside.status == 2 && outside.stderr.contains("is not inside the 101×61 px frame"), "\(outside.stderr)")
        let malformed = try CLI.run(["compare", scene, "--against", video, "--track", "dot", "-o", dir.path + "/x.gif"])
        #expect(malformed.status == 2 && malformed.stderr.contains("--track expects NAME=x,y,w,h"), "\(malformed.stderr)")
    }
}
