import Foundation
import ProcessTestSupport
import Testing

/// `render -o` picks the animation format from the name or `--format`, and refuses names that
/// promise a format it does not write.
@Suite("output formats")
struct OutputFormatTests {
    let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path
    let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    func head(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(64)) }

    @Test(".apng and .png --animated write an animated PNG; .webp a WebP (lossless, or --quality); .gif a GIF")
    func byName() throws {
        let dir = freshFolder("flipbook-formats")
        for (name, extra) in [("a.apng", [String]()), ("b.png", ["--animated"])] {
            let out = dir.appendingPathComponent(name).path
            let r = try CLI.run(["render", demo, "-o", out, "--fps", "5"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            let bytes = try head(out)
            #expect(Array(bytes.prefix(4)) == pngSignature)
            // acTL follows IHDR: the file is animated.
            #expect(String(decoding: bytes[37..<41], as: UTF8.self) == "acTL", "\(name)")
        }
        for extra in [[String](), ["--quality", "80"]] {
            let webp = dir.appendingPathComponent("d\(extra.count).webp").path
            #expect(try CLI.run(["render", demo, "-o", webp, "--fps", "5"] + extra).status == 0)
            let bytes = try head(webp)
            #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" && String(decoding: bytes[8..<12], as: UTF8.self) == "WEBP")
            // An animated WebP is the extended format with an ANIM chunk.
            #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "VP8X")
        }
        let gif = dir.appendingPathComponent("c.gif").path
        #expect(try CLI.run(["render", demo, "-o", gif, "--fps", "5"]).status == 0)
        #expect(String(decoding: try head(gif).prefix(6), as: UTF8.self) == "GIF89a")
    }

    @Test("--format overrides the name")
    func formatFlag() throws {
        let out = freshFolder("flipbook-formats").appendingPathComponent("named.gif").path
        #expect(try CLI.run(["render", demo, "-o", out, "--fps", "5", "--format", "apng"]).status == 0)
        #expect(Array(try head(out).prefix(4)) == pngSignature)
    }
}

/// MP4 and WebM through the ffmpeg program (installed by `make test-deps`).
@Suite("video outputs")
struct VideoOutputTests {
    let demo = packageRoot.appendingPathComponent("scenarios/loaders/dot-wave.yaml").path

    /// Frame `index` of a video as RGB bytes, decoded by ffmpeg.
    func frame(_ index: Int, of video: String, width: Int, height: Int) throws -> [UInt8] {
        let ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        let r = try CLI.spawn(
            ffmpeg,
            [
                "-v", "error", "-i", video, "-vf", "select=eq(n\\,\(index))", "-vframes", "1",
                "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"
            ])
        #expect(r.status == 0, "\(r.stderr)")
        return Array(r.stdout)
    }

    @Test("MP4 (H.264) and WebM (VP9) carry every frame, close to the PNG frames", arguments: ["mp4", "webm"])
    func video(_ ext: String) throws {
        let dir = freshFolder("flipbook-video")
        let out = dir.appendingPathComponent("v.\(ext)").path
        let frames = dir.appendingPathComponent("frames").path
        let r = try CLI.run(["render", demo, "-o", out, "--frames", frames, "--fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        // dot-wave: 160 × 80 px (even), 1.2 s at 10 fps = 12 frames; compare frame 5.
        let decoded = try frame(5, of: out, width: 160, height: 80)
        #expect(decoded.count == 160 * 80 * 3)
        let png = try CLI.spawn(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            [
                "-v", "error", "-i", frames + "/frame-0005.png",
                "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"
            ])
        let truth = Array(png.stdout)
        #expect(truth.count == decoded.count)
        let mean = Double(zip(decoded, truth).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(1, truth.count))
        #expect(mean < 3, "mean difference \(mean)")
    }

    @Test("without ffmpeg: exit 2, the package named, nothing written")
    func missingFFmpeg() throws {
        let dir = freshFolder("flipbook-video")
        let r = try CLI.run(["render", demo, "-o", dir.appendingPathComponent("v.mp4").path], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("ffmpeg, which is not installed") && r.stderr.contains("apt-get install ffmpeg"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("a video cut short by a file-size limit is an error: the old file stays, no temporary file is left", arguments: ["mp4", "webm"])
    func cutShortByFileSize(_ ext: String) throws {
        let dir = freshFolder("flipbook-video-limit")
        let out = dir.appendingPathComponent("v.\(ext)").path
        try Data("the old video\n".utf8).write(to: URL(fileURLWithPath: out))
        // One block of 1 KiB (the whole video is 2-5 KB): ffmpeg's writes past it fail (SIGXFSZ is
        // ignored, as flipbook ignores it).
        let shell = "ulimit -f 1; exec '\(CLI.executable.path)' render '\(demo)' -o '\(out)' --fps 20"
        let r = try CLI.spawn(URL(fileURLWithPath: "/bin/bash"), ["-c", shell])
        #expect(r.status != 0, "\(r.stderr)")
        #expect(r.stderr.contains("ffmpeg") || r.stderr.contains("frames"), "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "the old video\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["v.\(ext)"])
    }

    @Test("an .mp4 that is an HLS playlist is refused before ffmpeg opens anything it names")
    func playlistRecording() throws {
        let dir = freshFolder("flipbook-video-hls")
        let playlist = dir.appendingPathComponent("device.mp4")
        try "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n/etc/passwd\n#EXT-X-ENDLIST\n".write(
            to: playlist, atomically: true, encoding: .utf8)
        for command in [["inspect", playlist.path], ["still", playlist.path, "--at", "0s", "-o", dir.appendingPathComponent("s.png").path]]
        {
            let r = try CLI.run(command)
            #expect(r.status == 2, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("is an HLS playlist"), "\(r.stderr)")
            #expect(!r.stderr.contains("root:"))
        }
    }
}

@Suite("compare output formats")
struct CompareFormatTests {
    let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path

    @Test("compare writes the format its -o names, and refuses one it does not write")
    func compareFormats() throws {
        let dir = freshFolder("flipbook-compare-formats")
        for (name, magic) in [("c.apng", "\u{89}PNG"), ("c.webp", "RIFF"), ("c.gif", "GIF8")] {
            let out = dir.appendingPathComponent(name).path
            let r = try CLI.run(["compare", demo, "--variants", "default,slow", "-o", out])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let head = Array(try Data(contentsOf: URL(fileURLWithPath: out)).prefix(4))
            #expect(head == Array(magic.unicodeScalars.map { UInt8($0.value) }), "\(name)")
        }
        let bad = try CLI.run(["compare", demo, "--variants", "default,slow", "-o", dir.appendingPathComponent("c.tiff").path])
        #expect(
            bad.status == 2 && bad.stderr.contains(".tiff is not a supported format") && !bad.stderr.contains("--animated"), "\(bad.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.tiff").path))
    }
}
