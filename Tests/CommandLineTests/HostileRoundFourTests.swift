import Foundation
import ProcessTestSupport
import Testing

/// The fourth attack round's inputs through the command (issue 63): refused at their position
/// with exit 2, or bounded, never a crash, a hang or exit 3. Inputs are made here.
@Suite("hostile inputs, fourth round")
struct HostileRoundFourTests {
    func tmp() -> URL { freshFolder("flipbook-hostile4") }

    /// `levels` layers nested one inside the next (flow style).
    static func nested(_ levels: Int) -> String {
        var layer = "{ id: deepest, frame: [0, 0, 5, 5], backgroundColor: \"#ff0000\" }"
        for level in (1..<levels).reversed() { layer = "{ id: l\(level), frame: [0, 0, 20, 20], sublayers: [\(layer)] }" }
        return "canvas: { width: 20, height: 20, scale: 1 }\nduration: 0.2\nfps: 10\nlayers:\n  - \(layer)\n"
    }

    /// Runs `flipbook` with a safety net: killed after `limit` seconds (a hang is a failure, not a
    /// stuck suite); `stderr` holds both of its streams.
    static func run(_ arguments: [String], in folder: URL, limit: Double = 120) throws -> (status: Int32, stderr: String, hung: Bool) {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        process.environment = environment
        // Both streams into one file (test reports on standard output, the others on standard error).
        let errors = folder.appendingPathComponent(".output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let handle = try FileHandle(forWritingTo: errors)
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        let hung = done.wait(timeout: .now() + limit) == .timedOut
        if hung {
            process.terminate()
            process.waitUntilExit()
        }
        try handle.close()
        let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: errors)
        return (process.terminationStatus, text, hung)
    }

    @Test("layers nested 256 deep go through every command; 420 deep are refused at the 257th's line and column by each")
    func deepScenes() throws {
        let dir = tmp()
        try Self.nested(256).write(to: dir.appendingPathComponent("fine.yaml"), atomically: true, encoding: .utf8)
        try Self.nested(420).write(to: dir.appendingPathComponent("deep.yaml"), atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["validate", "FILE"], ["still", "FILE", "--at", "0.1", "-o", "s.png"], ["render", "FILE", "-o", "r.gif"],
            ["inspect", "FILE"], ["compare", "FILE", "FILE", "-o", "c.gif"], ["test", "FILE", "--record", "missing", "--golden-dir", "g"]
        ]
        for command in commands {
            let fine = try Self.run(command.map { $0 == "FILE" ? "fine.yaml" : $0 }, in: dir)
            #expect(fine.status == 0 && !fine.hung, "\(command[0]): \(fine.stderr)")
            let deep = try Self.run(command.map { $0 == "FILE" ? "deep.yaml" : $0 }, in: dir)
            #expect(
                deep.status == 2 && deep.stderr.contains("deep.yaml:5:") && deep.stderr.contains("levels deep"),
                "\(command[0]): \(deep.stderr)")
        }
    }

    @Test("a Lottie file of 240 nested groups is refused by every command at its line and column")
    func deepLottie() throws {
        let dir = tmp()
        let transform =
            #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        var group = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}},"# + transform + "]}"
        for _ in 1..<240 { group = #"{"ty":"gr","it":["# + group + "," + transform + "]}" }
        let json =
            #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":20,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"shapes":["#
            + group + "]}]}"
        try json.write(to: dir.appendingPathComponent("groups.json"), atomically: true, encoding: .utf8)
        for command in [["validate"], ["still", "--at", "0", "-o", "s.png"], ["render", "-o", "r.gif"], ["compare", "-o", "c.gif"]] {
            let r = try Self.run([command[0], "groups.json"] + command.dropFirst(), in: dir)
            #expect(r.status == 2 && r.stderr.contains("groups.json:1:") && r.stderr.contains("nest"), "\(command[0]): \(r.stderr)")
        }
    }

    @Test(
        "limits of sizes, durations and counts exit 2 with what to change, not 3",
        arguments: [
            (["still", "big.json", "--at", "0", "--scale", "2", "-o", "s.png"], "give a smaller --scale or --size"),
            (["render", "big.json", "--scale", "1", "-o", "r.gif"], "at most 4096 px a side are drawn"),
            (["still", "small.json", "--at", "0", "--size", "16384x16384", "--scale", "2", "-o", "s.png"], "32768×32768 px"),
            (["still", "small.json", "--at", "0", "--scale", "1e-9", "-o", "s.png"], "a frame needs at least 1×1 px"),
            (["render", "scene.yaml", "--scale", "1e-9", "-o", "r.gif"], "a frame needs at least 1×1 px"),
            (["render", "long.json", "-o", "r.gif"], "at most 3600 s and 36000 frames are rendered"),
            (["compare"] + Array(repeating: "scene.yaml", count: 17) + ["-o", "c.gif"], "at most 16 inputs"),
            (
                ["compare", "scene.yaml", "scene.yaml", "-o", "c.gif"] + (0..<17).flatMap { ["--track", "t\($0)=0,0,5,5"] },
                "--track is given 17 times"
            )
        ])
    func limitsExitTwo(_ arguments: [String], _ expected: String) throws {
        let dir = tmp()
        try #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":16384,"h":16384,"layers":[]}"#.write(
            to: dir.appendingPathComponent("big.json"), atomically: true, encoding: .utf8)
        try #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":20,"h":20,"layers":[]}"#.write(
            to: dir.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        try #"{"v":"5.7.0","fr":1,"ip":0,"op":100000,"w":20,"h":20,"layers":[]}"#.write(
            to: dir.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
        try Self.nested(2).write(to: dir.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let r = try Self.run(arguments, in: dir)
        #expect(r.status == 2 && r.stderr.contains(expected), "\(r.stderr)")
    }

    @Test("render --frames with a FIFO planted under a frame's name: exit 2, not a wait for a reader")
    func fifoFrame() throws {
        let dir = tmp()
        try Self.nested(2).write(to: dir.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("frames"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.appendingPathComponent("frames/frame-0001.png").path, 0o600) == 0)
        let r = try Self.run(["render", "scene.yaml", "--frames", "frames"], in: dir, limit: 60)
        #expect(!r.hung && r.status == 2 && r.stderr.contains("frame-0001.png: is not a regular file"), "\(r.stderr)")
    }

    @Test("contents in JPEG and WebP are drawn by the commands as scenario-format.md says; a damaged one exits 2")
    func contentsFormats() throws {
        let dir = tmp()
        for ext in ["jpg", "webp"] {
            let made = try CLI.spawn(
                URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                [
                    "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1",
                    dir.appendingPathComponent("red.\(ext)").path
                ])
            try #require(made.status == 0, "\(made.stderr)")
            let scene =
                "canvas: { width: 16, height: 16, scale: 1 }\nduration: 0.2\nfps: 10\nlayers:\n  - { id: a, frame: [0, 0, 16, 16], contents: red.\(ext) }\n"
            try scene.write(to: dir.appendingPathComponent("\(ext).yaml"), atomically: true, encoding: .utf8)
            let r = try Self.run(["still", "\(ext).yaml", "--at", "0", "-o", "\(ext).png"], in: dir)
            #expect(r.status == 0, "\(ext): \(r.stderr)")
            let png = FileManager.default.contents(atPath: dir.appendingPathComponent("\(ext).png").path) ?? Data()
            #expect(png.count > 50, "\(ext): a picture was written")
        }
        // A JPEG cut after its header: the size reads, the pixels do not.
        let whole = FileManager.default.contents(atPath: dir.appendingPathComponent("red.jpg").path) ?? Data()
        try whole.prefix(whole.count / 2).write(to: dir.appendingPathComponent("red.jpg"))
        let r = try Self.run(["validate", "jpg.yaml"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("red.jpg"), "\(r.stderr)")
    }

    @Test("compare against a GIF lasting 15 days looks for the scene in its first 10 minutes: done, in bounded memory")
    func longRecording() throws {
        let dir = tmp()
        // 2,000 frames of 655.35 s each on a 64 × 24 screen, one pixel each.
        var gif = Array("GIF89a".utf8) + [64, 0, 24, 0, 0, 0, 0]
        for i in 0..<2000 {
            gif += [0x21, 0xF9, 0x04, 0x00, 0xFF, 0xFF, 0x00, 0x00]
            gif += [
                0x2C, UInt8(i % 64), 0, UInt8(i / 64 % 24), 0, 1, 0, 1, 0, 0x80, UInt8(i & 255), 0, 0, 255, 255, 255, 0x02, 0x02, 0x44,
                0x01, 0x00
            ]
        }
        try Data(gif + [0x3B]).write(to: dir.appendingPathComponent("days.gif"))
        let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path
        let r = try CLI.peakMemory(
            [
                "compare", demo, "--against", dir.appendingPathComponent("days.gif").path, "--crop", "0,0,64,24", "--scale", "5",
                "-o", dir.appendingPathComponent("c.gif").path
            ])
        #expect(r.status == 0)
        #expect(r.peakKilobytes < 600_000, "\(r.peakKilobytes) kB")
    }
}
