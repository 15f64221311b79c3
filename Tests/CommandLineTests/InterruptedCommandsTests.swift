import Foundation
import ProcessTestSupport
import Testing

/// Every command stopped by SIGINT, SIGTERM or SIGHUP exits 3 and leaves what it was replacing as
/// it was, with no temporary file or staging folder behind (issue 63, items 3, 5 and 15).
@Suite("interrupted commands")
struct InterruptedCommandsTests {
    /// Every file under `folder` with its bytes, by relative path (hidden ones included).
    static func contents(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? [] {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = FileManager.default.contents(atPath: url.path)
            }
        }
        return files
    }

    /// Starts `flipbook` with `arguments` in `folder` (its messages thrown away).
    static func start(_ arguments: [String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits until `process` is blocked opening a file (a FIFO with no reader): the system call
    /// it waits in, as /proc tells (openat is 257 on x86-64, 56 on arm64).
    static func waitUntilBlockedOpening(_ process: Process) -> Bool {
        let calls: Set<String> = ["257", "56"]
        for _ in 0..<12_000 {
            let text =
                (try? String(
                    contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/syscall", encoding: .utf8)) ?? ""
            if let number = text.split(separator: " ").first, calls.contains(String(number)) { return true }
            if !process.isRunning { return false }
            usleep(10_000)
        }
        return false
    }

    @Test(
        "test --record all, interrupted mid-recording: exit 3, every scene's old goldens byte for byte, nothing beside them",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func recording(_ signalNumber: Int32) throws {
        let dir = freshFolder("flipbook-interrupted-record")
        let scenes = dir.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("scenarios/bench-wave.yaml"), to: scenes.appendingPathComponent("\(name).yaml"))
        }
        #expect(try CLI.run(["test", "--record", "missing"], in: dir).status == 0)
        let golden = dir.appendingPathComponent("golden")
        let before = Self.contents(golden)
        for name in ["a", "b", "c"] {
            let file = scenes.appendingPathComponent("\(name).yaml")
            try (try String(contentsOf: file, encoding: .utf8) + "\n# changed\n").write(to: file, atomically: true, encoding: .utf8)
        }
        let watch = try FolderWatch(golden)
        let process = try Self.start(["test", "--record", "all", "--jobs", "1"], in: dir)
        let staging = try watch.waitForCreation { $0.hasPrefix(".") }
        #expect(staging != nil, "the recording made no staging folder")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        #expect(Self.contents(golden) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted() == ["a", "b", "c"])
    }

    @Test("compare --html, interrupted while it writes: exit 3, no temporary file, the old outputs as they were")
    func compare() throws {
        let dir = freshFolder("flipbook-interrupted-compare")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("earlier".utf8).write(to: out.appendingPathComponent("c.gif"))
        // The page is a FIFO no one reads: compare stops there, writing.
        #expect(mkfifo(out.appendingPathComponent("c.html").path, 0o600) == 0)
        let wave = packageRoot.appendingPathComponent("scenarios/bench-wave.yaml").path
        let process = try Self.start(["compare", wave, wave, "-o", "out/c.gif", "--html", "out/c.html"], in: dir)
        #expect(Self.waitUntilBlockedOpening(process))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["c.gif", "c.html"])
        // The GIF is the old one or the whole new one (finished before the page), never a part.
        let gif = FileManager.default.contents(atPath: out.appendingPathComponent("c.gif").path) ?? Data()
        #expect(gif == Data("earlier".utf8) || (gif.starts(with: Data("GIF89a".utf8)) && gif.last == 0x3B))
    }

    @Test("test, interrupted while it writes a failing scene's artifacts: exit 3, no temporary file among them")
    func testArtifacts() throws {
        let dir = freshFolder("flipbook-interrupted-artifacts")
        let scene = dir.appendingPathComponent("dots.yaml")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("scenarios/demo.yaml"), to: scene)
        #expect(try CLI.run(["test", "dots.yaml", "--record", "missing"], in: dir).status == 0)
        try (try String(contentsOf: scene, encoding: .utf8)).replacingOccurrences(of: "pulse: 0.35", with: "pulse: 0.45")
            .write(to: scene, atomically: true, encoding: .utf8)
        let artifacts = dir.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        #expect(mkfifo(artifacts.appendingPathComponent("report.html").path, 0o600) == 0)
        let process = try Self.start(["test", "dots.yaml", "--artifacts", "art"], in: dir)
        #expect(Self.waitUntilBlockedOpening(process))
        kill(process.processIdentifier, SIGHUP)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        let left = ((FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String]) ?? []).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("still and test merge, interrupted: exit 3, not the signal's death", arguments: [["still"], ["test", "merge"]])
    func stillAndMerge(_ command: [String]) throws {
        let dir = freshFolder("flipbook-interrupted")
        let arguments: [String]
        if command == ["still"] {
            #expect(mkfifo(dir.appendingPathComponent("still.png").path, 0o600) == 0)
            arguments = ["still", packageRoot.appendingPathComponent("scenarios/demo.yaml").path, "--at", "0.2", "-o", "still.png"]
        } else {
            // A shard's results, merged into a folder whose report is a FIFO no one reads.
            let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path
            #expect(try CLI.run(["test", demo, "--shard", "1/1", "--record", "missing", "--artifacts", "s1"], in: dir).status == 0)
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("merged"), withIntermediateDirectories: true)
            #expect(mkfifo(dir.appendingPathComponent("merged/report.html").path, 0o600) == 0)
            arguments = ["test", "merge", "s1", "--artifacts", "merged"]
        }
        let process = try Self.start(arguments, in: dir)
        #expect(Self.waitUntilBlockedOpening(process))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 3)
        let left = ((FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String]) ?? []).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }
}
