import Foundation
import Testing
import ProcessTestSupport

/// `compare --against` reads the recordings people have: a simulator-style MP4 (made here with
/// ffmpeg from the scene's own frames, losslessly) and an animated WebP compare at 0 %.
@Suite("recordings as references")
struct RecordingTests {
    let scene = packageRoot.appendingPathComponent("scenarios/loaders/dot-wave.yaml").path

    /// The scene's mean difference against `recording`, from `compare --json`.
    func meanDifference(against recording: String, in dir: URL) throws -> Double? {
        let r = try CLI.run(["compare", scene, "--against", recording, "-o", dir.appendingPathComponent("c.gif").path,
                             "--fps", "30", "--json"])
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
        let made = try CLI.spawn(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-framerate", "30", "-i", frames + "/frame-%04d.png",
                                                                           "-c:v", "libx264rgb", "-qp", "0", "-pix_fmt", "rgb24", mp4])
        try #require(made.status == 0, "\(made.stderr)")
        #expect(try meanDifference(against: mp4, in: dir) == 0)
        #expect(try meanDifference(against: webp, in: dir) == 0)
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
        let made = try CLI.spawn(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-framerate", "30", "-i", frames + "/frame-%04d.png",
                                                                           "-vf", "pad=iw+60:ih+90:30:60:color=black",
                                                                           "-c:v", "libx264rgb", "-qp", "0", "-pix_fmt", "rgb24", mp4])
        try #require(made.status == 0, "\(made.stderr)")
        let r = try CLI.run(["compare", scene, "--against", mp4, "--crop", "30,60,240,120", "--scale", "0.6666667",
                             "-o", dir.appendingPathComponent("c.gif").path, "--fps", "30", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]
        let mean = rows?.first { $0["label"] as? String == "default" }?["meanDifference"] as? Double
        // Resampling 3× to 2× blurs edges a little; the perceptual measure ignores that.
        #expect(mean.map { $0 < 0.005 } == true, "\(String(describing: mean))")
        let outside = try CLI.run(["compare", scene, "--against", mp4, "--crop", "200,60,240,120", "-o", dir.appendingPathComponent("d.gif").path])
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
        let made = try CLI.spawn(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-stream_loop", "-1", "-framerate", "60",
                                                                           "-i", frames + "/frame-%04d.png", "-t", "17",
                                                                           "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", mp4])
        try #require(made.status == 0, "\(made.stderr)")
        let run = CLI.peakMemory(["compare", scene, "--against", mp4, "--scale", "0.25", "--fps", "5",
                                  "-o", dir.appendingPathComponent("c.gif").path])
        #expect(run.status == 0)
        // Held whole, the decoded frames alone would be 1,020 × 819,200 B = 836 MB.
        #expect(run.peakKilobytes > 0 && run.peakKilobytes < 200_000, "peak \(run.peakKilobytes) kB")
    }
}
