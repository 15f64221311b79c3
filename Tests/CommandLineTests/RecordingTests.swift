import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// `compare --against` reads the recordings people have: a simulator-style MP4 (made here with
/// ffmpeg from the scene's own frames, losslessly) and an animated WebP compare at 0 %.
@Suite("recordings as references")
struct RecordingTests {
    let scene = packageRoot.appendingPathComponent("scenarios/loaders/dot-wave.yaml").path

    /// The scene's mean difference against `recording`, from `compare --json`.
    func meanDifference(against recording: String, in dir: URL) throws -> Double? {
        let r = try CLI.run([
            "compare", scene, "--against", recording, "-o", dir.appendingPathComponent("c.gif").path,
            "--fps", "30", "--json"
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        return rows?.first { $0["label"] as? String == "default" }?["meanDifference"] as? Double
    }

    @Test("an MP4 made from the scene's frames (lossless H.264) and the scene's own WebP compare at 0 %")
    func zeroDifference() throws {
        let dir = freshFolder("flipbook-recordings")
        let frames = dir.appendingPathComponent("frames").path
        let webp = dir.appendingPathComponent("rec.webp").path
        #expect(try CLI.run(["render", scene, "--frames", frames, "-o", webp]).status == 0)
        let mp4 = dir.appendingPathComponent("sim.mp4").path
        let made = try CLI.spawn(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            [
                "-v", "error", "-framerate", "30", "-i", frames + "/frame-%04d.png",
                "-c:v", "libx264rgb", "-qp", "0", "-pix_fmt", "rgb24", mp4
            ])
        try #require(made.status == 0, "\(made.stderr)")
        #expect(try meanDifference(against: mp4, in: dir) == 0)
        #expect(try meanDifference(against: webp, in: dir) == 0)
    }

    /// A GIF of `frames` 1×1 frames on a `side`×`side` screen: a few hundred bytes that decode
    /// to side² pixels a frame.
    static func bombGIF(side: Int, frames: Int) -> [UInt8] {
        var b = Array("GIF89a".utf8) + [UInt8(side & 255), UInt8(side >> 8), UInt8(side & 255), UInt8(side >> 8), 0, 0, 0]
        for _ in 0..<frames {
            b += [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00]
            b += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255, 0x02, 0x02, 0x44, 0x01, 0x00]
        }
        return b + [0x3B]
    }

    @Test("a small recording declaring more pixels than are decoded from one is refused on open by inspect, still and compare")
    func recordingBombs() throws {
        let dir = freshFolder("flipbook-bomb")
        let bomb = dir.appendingPathComponent("bomb.gif")
        try Data(Self.bombGIF(side: 8000, frames: 40)).write(to: bomb)  // 40 × 64 M pixels
        let scene = packageRoot.appendingPathComponent("scenarios/demo.yaml").path
        for command in [
            ["inspect", bomb.path], ["still", bomb.path, "--at", "1s", "-o", dir.appendingPathComponent("s.png").path],
            ["compare", scene, "--against", bomb.path, "-o", dir.appendingPathComponent("c.gif").path]
        ] {
            let r = try CLI.run(command)
            #expect(r.status == 2, "\(command[0]): \(r.stderr)")
            #expect(r.stderr.contains("pixels are decoded from a recording"), "\(command[0]): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.png").path))
    }

    @Test("a recording that is not a file, or of a kind not read, exits 2")
    func refused() throws {
        let dir = freshFolder("flipbook-recordings")
        let fifo = dir.appendingPathComponent("pipe.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try CLI.run(["compare", scene, "--against", fifo, "-o", dir.appendingPathComponent("c.gif").path])
        #expect(r.status == 2 && r.stderr.contains("is not a regular file"), "\(r.stderr)")
        let tiff = dir.appendingPathComponent("rec.tiff")
        try Data("II*\u{0}".utf8).write(to: tiff)
        let t = try CLI.run(["compare", scene, "--against", tiff.path, "-o", dir.appendingPathComponent("d.gif").path])
        #expect(t.status == 2 && t.stderr.contains(".tiff recordings are not read"), "\(t.stderr)")
    }

    @Test("--crop and --scale line a whole-screen 3× recording up with a 2× scene")
    func cropAndScale() throws {
        let dir = freshFolder("flipbook-recordings")
        let frames = dir.appendingPathComponent("frames3").path
        #expect(try CLI.run(["render", scene, "--scale", "3", "--frames", frames]).status == 0)
        // The "screen": the 240 × 120 px scene at 3×, with 30 px of black left and 60 px above.
        let mp4 = dir.appendingPathComponent("screen.mp4").path
        let made = try CLI.spawn(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            [
                "-v", "error", "-framerate", "30", "-i", frames + "/frame-%04d.png",
                "-vf", "pad=iw+60:ih+90:30:60:color=black",
                "-c:v", "libx264rgb", "-qp", "0", "-pix_fmt", "rgb24", mp4
            ])
        try #require(made.status == 0, "\(made.stderr)")
        let r = try CLI.run([
            "compare", scene, "--against", mp4, "--crop", "30,60,240,120", "--scale", "0.6666667",
            "-o", dir.appendingPathComponent("c.gif").path, "--fps", "30", "--json"
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        let mean = rows?.first { $0["label"] as? String == "default" }?["meanDifference"] as? Double
        // Resampling 3× to 2× blurs edges a little; the perceptual measure ignores that.
        #expect(mean.map { $0 < 0.005 } == true, "\(String(describing: mean))")
        let outside = try CLI.run([
            "compare", scene, "--against", mp4, "--crop", "200,60,240,120", "-o", dir.appendingPathComponent("d.gif").path
        ])
        #expect(outside.status == 2 && outside.stderr.contains("is not inside the 300×210 px recording"), "\(outside.stderr)")
        let unpaired = try CLI.run(["compare", scene, "--crop", "0,0,10,10", "-o", dir.appendingPathComponent("e.gif").path])
        #expect(unpaired.status == 2 && unpaired.stderr.contains("need --against"), "\(unpaired.stderr)")
    }
}

/// A long screen recording is streamed, not held: compare's memory stays near one frame's.
@Suite("long recordings")
struct LongRecordingTests {
    @Test("a 17 s, 60 fps recording at 8× (836 MB of frames decoded) compares in under 200 MB of memory")
    func streamed() throws {
        let dir = freshFolder("flipbook-long-recording")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = packageRoot.appendingPathComponent("scenarios/loaders/dot-wave.yaml").path
        let frames = dir.appendingPathComponent("frames").path
        #expect(try CLI.run(["render", scene, "--scale", "8", "--frames", frames]).status == 0)
        // The scene's frames at 640 × 320 px, looped for 17 s at 60 fps: 1,020 frames of
        // 819,200 bytes each as RGBA.
        let mp4 = dir.appendingPathComponent("long.mp4").path
        let made = try CLI.spawn(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            [
                "-v", "error", "-stream_loop", "-1", "-framerate", "60",
                "-i", frames + "/frame-%04d.png", "-t", "17",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", mp4
            ])
        try #require(made.status == 0, "\(made.stderr)")
        let run = try CLI.peakMemory([
            "compare", scene, "--against", mp4, "--scale", "0.25", "--fps", "5",
            "-o", dir.appendingPathComponent("c.gif").path
        ])
        #expect(run.status == 0)
        // Held whole, the decoded frames alone would be 1,020 × 819,200 B = 836 MB.
        #expect(run.peakKilobytes > 0 && run.peakKilobytes < 200_000, "peak \(run.peakKilobytes) kB")
    }
}

/// What compare prints against a recording: figures per second or per named phase, and
/// regions (a status bar the scene does not draw) left out of them.
@Suite("recording figures")
struct RecordingFigureTests {
    let scene = packageRoot.appendingPathComponent("scenarios/loaders/dot-wave.yaml").path

    /// A lossless MP4 of the scene's own frames with a black bar over the top 20 px (160 × 80 px frames).
    func barredRecording(in dir: URL) throws -> String {
        let frames = dir.appendingPathComponent("frames").path
        #expect(try CLI.run(["render", scene, "--frames", frames]).status == 0)
        let mp4 = dir.appendingPathComponent("barred.mp4").path
        let made = try CLI.spawn(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            [
                "-v", "error", "-framerate", "30", "-i", frames + "/frame-%04d.png",
                "-vf", "drawbox=x=0:y=0:w=160:h=20:color=black:t=fill",
                "-c:v", "libx264rgb", "-qp", "0", "-pix_fmt", "rgb24", mp4
            ])
        try #require(made.status == 0, "\(made.stderr)")
        return mp4
    }

    func summary(_ args: [String]) throws -> [String: Any] {
        let r = try CLI.run(["compare", scene] + args + ["--fps", "30", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        return try #require(rows?.first { $0["label"] as? String == "default" })
    }

    @Test("--ignore leaves a region out of both the differing pixels and the total")
    func ignore() throws {
        let dir = freshFolder("flipbook-recording-figures")
        defer { try? FileManager.default.removeItem(at: dir) }
        let mp4 = try barredRecording(in: dir)
        let out = dir.appendingPathComponent("c.gif").path
        let plain = try summary(["--against", mp4, "-o", out])
        let plainMean = try #require(plain["meanDifference"] as? Double)
        // The bar covers 20 of 80 rows; where the scene draws nothing under it the pixels differ.
        #expect(plainMean > 0.05, "\(plainMean)")
        let ignored = try summary(["--against", mp4, "-o", out, "--ignore", "0,0,160,20"])
        #expect(ignored["meanDifference"] as? Double == 0)
        // Half of the bar ignored: the other half still counts, over 160 × 80 − 80 × 20 pixels.
        let half = try summary(["--against", mp4, "-o", out, "--ignore", "0,0,80,20"])
        let halfMean = try #require(half["meanDifference"] as? Double)
        #expect(halfMean > 0 && halfMean < plainMean)
        let outside = try CLI.run(["compare", scene, "--against", mp4, "-o", out, "--ignore", "100,0,80,20"])
        #expect(
            outside.status == 2 && outside.stderr.contains("--ignore 100,0,80,20 is not inside the 160×80 px frame"), "\(outside.stderr)")
        let malformed = try CLI.run(["compare", scene, "--against", mp4, "-o", out, "--ignore", "0,0,-1,20"])
        #expect(malformed.status == 2 && malformed.stderr.contains("--ignore needs x,y,w,h"), "\(malformed.stderr)")
    }

    @Test("figures per second by default with a recording, per --phase when named; frames counted in [start, end)")
    func periods() throws {
        let dir = freshFolder("flipbook-recording-figures")
        defer { try? FileManager.default.removeItem(at: dir) }
        let mp4 = try barredRecording(in: dir)
        let out = dir.appendingPathComponent("c.gif").path
        // The scene lasts 1.2 s: two seconds, 30 + 6 frames at 30 fps.
        let perSecond = try #require(try summary(["--against", mp4, "-o", out])["periods"] as? [[String: Any]])
        #expect(perSecond.map { $0["label"] as? String } == ["second 1", "second 2"])
        #expect(perSecond.map { $0["frames"] as? Int } == [30, 6])
        let phases = try #require(
            try summary([
                "--against", mp4, "-o", out, "--phase", "early=0-0.5", "--phase", "late=500ms-1.2s",
                "--ignore", "0,0,160,20"
            ])["periods"] as? [[String: Any]])
        #expect(phases.map { $0["label"] as? String } == ["early", "late"])
        #expect(phases.map { $0["frames"] as? Int } == [15, 21])
        #expect(phases.allSatisfy { $0["meanDifference"] as? Double == 0 })
        // Each period's mean is the mean of its frames: weighted by frames, the periods give the whole.
        let whole = try summary(["--against", mp4, "-o", out, "--phase", "a=0-0.5", "--phase", "b=0.5-1.2"])
        let parts = try #require(whole["periods"] as? [[String: Any]])
        let weighted = parts.reduce(0.0) { $0 + ($1["meanDifference"] as! Double) * Double($1["frames"] as! Int) } / 36
        // Each figure is written to a millionth (ReadableJSON): the parts and the whole each round by at most half of one.
        #expect(abs(weighted - (whole["meanDifference"] as! Double)) <= 1e-6)
        let bad = try CLI.run(["compare", scene, "--against", mp4, "-o", out, "--phase", "spin=3-1"])
        #expect(bad.status == 2 && bad.stderr.contains("--phase expects NAME=START-END"), "\(bad.stderr)")
    }
}

/// `still` and `inspect` read recordings too: the frame compare would use, and the frame list.
@Suite("still and inspect on recordings")
struct RecordingToolTests {
    let apng = packageRoot.appendingPathComponent("Tests/FlipbookRenderTests/Fixtures/recordings/dispose-previous.png").path

    @Test("inspect lists each frame's start, how long it shows and the share that changed")
    func inspect() throws {
        let r = try CLI.run(["inspect", apng])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("8×8 px, 3 frames, 0.300 s") == true, "\(lines)")
        // Frame 2: the blue square (16 px) goes back to red and a green one (16 px) appears: 32 of 64.
        #expect(lines.last?.split(separator: " ").map(String.init) == ["2", "0.200", "0.100", "50.00%"], "\(lines)")
        let until = try CLI.run(["inspect", apng, "--until", "0.1"])
        #expect(until.stdout.split(separator: "\n").count == 4)
        let sample = try CLI.run(["inspect", apng, "--sample", "a.opacity"])
        #expect(sample.status == 2 && sample.stderr.contains("apply to a scenario file, not a recording"), "\(sample.stderr)")
    }

    @Test("still writes the recording's frame at a time, cut by --crop and resized by --scale")
    func still() throws {
        let dir = freshFolder("flipbook-recording-still")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("f.png")
        let r = try CLI.run(["still", apng, "--at", "0.25", "--crop", "4,4,4,4", "--scale", "2", "-o", out.path])
        #expect(r.status == 0 && r.stdout.contains("frame 2"), "\(r.stderr)")
        // The green square of frame 2 (at 4,4, 4 × 4) doubled: 8 × 8 green.
        let frame = try PNGCodec.read(out)
        #expect(frame.width == 8 && frame.height == 8)
        #expect(
            frame.rgba.count == 256 && stride(from: 0, to: 256, by: 4).allSatisfy { Array(frame.rgba[$0..<($0 + 4)]) == [0, 255, 0, 255] })
        let outside = try CLI.run(["still", apng, "--at", "0", "--crop", "6,6,4,4", "-o", out.path])
        #expect(outside.status == 2 && outside.stderr.contains("is not inside the 8×8 px recording"), "\(outside.stderr)")
        let scene = try CLI.run([
            "still", packageRoot.appendingPathComponent("scenarios/loaders/dot-wave.yaml").path, "--at", "0", "--crop", "0,0,1,1"
        ])
        #expect(scene.status == 2 && scene.stderr.contains("--crop applies to a recording"), "\(scene.stderr)")
    }
}
