import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// `compare --against` on recordings as cameras, encoders and GIF writers make them, by ffmpeg
/// from the scene's own frames (docs/compare.md, "How sure the offset is"): the offset is found
/// within a recording frame, or the note says it is unsure and 0 is used; never a confident
/// wrong one.
@Suite("recordings as cameras make them")
struct CameraRecordingTests {
    /// A 2 s spring (200 × 120 pt at 1x, 30 fps) that starts at 0.2 s.
    static let spring = """
        canvas: { width: 200, height: 120, scale: 1, background: "#ffffff" }
        duration: 2
        fps: 30
        layers:
          - { id: dot, frame: [10, 40, 40, 40], backgroundColor: "#d0302a", cornerRadius: 20 }
        animations:
          go: { type: spring, keyPath: position.x, from: 30, to: 160, damping: 8, stiffness: 100, mass: 1, fillMode: forwards, removedOnCompletion: false }
        script:
          - { at: 0.2, add: go, to: dot, key: move }

        """

    /// The scene written to `dir`, and its frames rendered as PNGs.
    static func frames(of text: String, in dir: URL) throws -> (scene: String, frames: String) {
        let scene = dir.appendingPathComponent("scene.yaml").path
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let frames = dir.appendingPathComponent("frames").path
        try #require(try CLI.run(["render", scene, "--frames", frames, "--quiet"]).status == 0)
        return (scene, frames)
    }

    /// ffmpeg makes `output` from the frames at 30 fps through `filters`, with `codec` arguments.
    static func ffmpeg(_ frames: String, filters: String, codec: [String], output: String) throws {
        let made = try CLI.spawn(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-v", "error", "-y", "-framerate", "30", "-i", frames + "/frame-%04d.png", "-vf", filters] + codec + [output])
        try #require(made.status == 0, "\(made.stderr)")
    }

    /// The offset compare uses for `recording` and its note. `--until` keeps the comparison
    /// after the search short: the search always covers the whole scene.
    static func offset(_ scene: String, against recording: String, in dir: URL) throws -> (offset: Double, note: String) {
        let r = try CLI.run(["compare", scene, "--against", recording, "--until", "0.1s", "-o", dir.path + "/c.gif", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]]) ?? []
        let offset = try #require(rows.first?["offset"] as? Double, "\(r.stdout)")
        let note = r.stderr.split(separator: "\n").first { $0.contains("offset") }.map(String.init) ?? ""
        return (offset, note)
    }

    @Test(
        "0.3 s of still frames in front, H.264 at crf 20 with a camera's noise (alls=8): −0.3 s within a frame",
        arguments: [3, 8])
    func cameraNoise(strength: Int) throws {
        let dir = freshFolder("flipbook-camera-\(strength)")
        let (scene, frames) = try Self.frames(of: Self.spring, in: dir)
        let video = dir.appendingPathComponent("camera.mp4").path
        try Self.ffmpeg(
            frames, filters: "tpad=start_duration=0.3:start_mode=clone,noise=alls=\(strength):allf=t",
            codec: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "20"], output: video)
        let found = try Self.offset(scene, against: video, in: dir)
        #expect(abs(found.offset - -0.3) <= 1.0 / 30 + 0.001, "\(found)")
        #expect(found.note.contains("offset -0.3") && found.note.contains("found by matching camera.mp4's frames"), "\(found.note)")
    }

    @Test("a clean GIF whose identical frames were merged (the still start one frame of 0.53 s) is placed within a frame")
    func mergedGIF() throws {
        let dir = freshFolder("flipbook-merged-gif")
        let (scene, frames) = try Self.frames(of: Self.spring, in: dir)
        let gif = dir.appendingPathComponent("merged.gif").path
        try Self.ffmpeg(
            frames, filters: "tpad=start_duration=0.3:start_mode=clone,mpdecimate=hi=1:lo=1:frac=0", codec: ["-fps_mode", "vfr"],
            output: gif)
        let found = try Self.offset(scene, against: gif, in: dir)
        #expect(abs(found.offset - -0.3) <= 1.0 / 30 + 0.001, "\(found)")
    }

    @Test("a small dot moving in a large noisy frame is placed within a frame or reported unsure, never elsewhere")
    func smallMovingRegion() throws {
        let dir = freshFolder("flipbook-small-region")
        let small = """
            canvas: { width: 375, height: 667, scale: 1, background: "#ffffff" }
            duration: 2
            fps: 30
            layers:
              - { id: list, frame: [0, 100, 375, 500], backgroundColor: "#f2f2f7" }
              - { id: dot, frame: [20, 40, 8, 8], backgroundColor: "#2a6fd0", cornerRadius: 4 }
            animations:
              go: { type: spring, keyPath: position.x, from: 24, to: 64, damping: 8, stiffness: 120, mass: 1, fillMode: forwards, removedOnCompletion: false }
            script:
              - { at: 0.4, add: go, to: dot, key: move }

            """
        let (scene, frames) = try Self.frames(of: small, in: dir)
        let video = dir.appendingPathComponent("phone.mp4").path
        try Self.ffmpeg(
            frames, filters: "tpad=start_duration=0.3:start_mode=clone,noise=alls=8:allf=t,pad=ceil(iw/2)*2:ceil(ih/2)*2",
            codec: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "23"], output: video)
        let found = try Self.offset(scene, against: video, in: dir)
        let placed = abs(found.offset - -0.3) <= 1.0 / 30 + 0.001
        let unsure = found.offset == 0 && found.note.contains("offset unsure") && found.note.contains("give --offset")
        #expect(placed || unsure, "\(found)")
    }

    @Test("a pulse that loops, recorded from its middle for longer than the scene: unsure, 0 used, two places named")
    func loopIsUnsure() throws {
        let dir = freshFolder("flipbook-loop")
        let loop = """
            canvas: { width: 80, height: 80, scale: 1, background: "#ffffff" }
            duration: 4
            fps: 30
            layers:
              - { id: dot, frame: [25, 25, 30, 30], backgroundColor: "#d0302a", cornerRadius: 15 }
            animations:
              pulse: { keyPath: transform.scale, from: 1, to: 0.4, duration: 0.25, autoreverses: true, repeatCount: inf }
            script:
              - { at: 0, add: pulse, to: dot, key: pulse }

            """
        let (_, frames) = try Self.frames(of: loop, in: dir)
        // The recording: seconds 0.5–3.5 of the loop; the scene compared: its first 2 s.
        let video = dir.appendingPathComponent("loop.mp4").path
        try Self.ffmpeg(
            frames, filters: "trim=start=0.5:end=3.5,setpts=PTS-STARTPTS", codec: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18"],
            output: video)
        let scene = dir.appendingPathComponent("short.yaml").path
        try loop.replacingOccurrences(of: "duration: 4", with: "duration: 2").write(toFile: scene, atomically: true, encoding: .utf8)
        let found = try Self.offset(scene, against: video, in: dir)
        #expect(found.offset == 0 && found.note.contains("explain loop.mp4 about equally"), "\(found)")
    }
}
