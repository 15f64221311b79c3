import Foundation
import ProcessTestSupport
import Testing

/// Outputs land where they are pointed and nowhere else (issue: "-o /dev/null" replaced the
/// device with a file): devices, FIFOs, symlinks, standard output, refused targets, write
/// errors and interruptions.
@Suite("outputs never destroy what they point at")
struct OutputSafetyTests {
    let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path
    let wave = packageRoot.appendingPathComponent("scenarios/bench-wave.yaml").path

    func tmp() -> URL { freshFolder("flipbook-out") }

    func fileType(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    @Test("-o /dev/null writes into the device and leaves it a device")
    func devNull() throws {
        let r = try CLI.run(["render", demo, "-o", "/dev/null", "--fps", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType("/dev/null") == S_IFCHR)
    }

    @Test("a FIFO is written into, not replaced")
    func fifo() throws {
        let dir = tmp()
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(fifo)' > '\(dir.path)/read.gif'"]
        try reader.run()
        let r = try CLI.run(["render", demo, "-o", fifo, "--fps", "5"])
        reader.waitUntilExit()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType(fifo) == S_IFIFO)
        let bytes = try Data(contentsOf: dir.appendingPathComponent("read.gif"))
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
    }

    @Test("a symlink's target is written and the link stays a link, keeping the target's permissions")
    func symlink() throws {
        let dir = tmp()
        let target = dir.appendingPathComponent("real.gif").path, link = dir.appendingPathComponent("link.gif").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o600) == 0)
        #expect(Foundation.symlink("real.gif", link) == 0)
        let r = try CLI.run(["render", demo, "-o", link, "--fps", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType(link) == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).starts(with: Array("GIF89a".utf8)))
        var st = stat()
        #expect(stat(target, &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test("-o - writes the GIF to standard output, messages to standard error; same bytes as a file")
    func standardOutput() throws {
        let dir = tmp()
        let file = dir.appendingPathComponent("d.gif").path
        #expect(try CLI.run(["render", demo, "-o", file, "--fps", "5"]).status == 0)
        let r = try CLI.run(["render", demo, "-o", "-", "--fps", "5"])
        #expect(r.status == 0)
        #expect(Data(r.stdout.utf8).count > 0)
        let piped = try CLI.runBytes(["render", demo, "-o", "-", "--fps", "5"])
        #expect(piped.stdout == (try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(piped.stderr.contains("wrote standard output"))
        let still = try CLI.runBytes(["still", demo, "--at", "0.1", "-o", "-"])
        #expect(still.status == 0 && still.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// Yams prints a notice to standard output when YAMS_DEFAULT_ENCODING chooses its encoding;
    /// the loader names UTF-8 itself, so the variable neither changes the reading nor lands after
    /// the GIF's trailer.
    @Test("YAMS_DEFAULT_ENCODING in the environment leaves -o - the same bytes")
    func yamsEncodingVariable() throws {
        let plain = try CLI.runBytes(["render", demo, "-o", "-", "--fps", "5", "--quiet"])
        let withVariable = try CLI.runBytes(
            ["render", demo, "-o", "-", "--fps", "5", "--quiet"],
            environment: ["YAMS_DEFAULT_ENCODING": "UTF16"])
        #expect(plain.status == 0 && withVariable.status == 0)
        #expect(withVariable.stdout == plain.stdout, "\(withVariable.stdout.count) bytes against \(plain.stdout.count)")
    }

    @Test("a directory, a missing directory, the input itself and a read-only file: exit 2, nothing written", arguments: [0, 1, 2, 3])
    func refused(_ which: Int) throws {
        let dir = tmp()
        let input = dir.appendingPathComponent("scene.yaml")
        try FileManager.default.copyItem(atPath: demo, toPath: input.path)
        let readOnly = dir.appendingPathComponent("ro.gif")
        try Data("keep".utf8).write(to: readOnly)
        #expect(chmod(readOnly.path, 0o444) == 0)
        let cases: [(target: String, says: String)] = [
            (dir.path, "is a directory"),
            (dir.appendingPathComponent("missing/out.gif").path, "the directory \(dir.path)/missing does not exist"),
            (input.path, "is an input of this command"),
            (readOnly.path, "is read-only")
        ]
        let (target, says) = cases[which]
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let r = try CLI.run(["render", input.path, "-o", target])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("flipbook: error: \(target): \(says)"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        #expect(try String(contentsOf: input, encoding: .utf8) == (try String(contentsOfFile: demo, encoding: .utf8)))
        #expect(try Data(contentsOf: readOnly) == Data("keep".utf8))
    }

    /// The GIF writer gathers giflib's small writes and writes 64 KB at a time: wave's GIF fails
    /// mid-render, pulse3's (21 KB) only when the last bytes are written.
    @Test(
        "a write error (file-size limit), mid-render or at the end: exit 3, no temporary file, the old output untouched",
        arguments: ["bench-wave.yaml", "bench-pulse3.yaml"])
    func writeError(scene: String) throws {
        let dir = tmp()
        let out = dir.appendingPathComponent("keep.gif").path
        let file = packageRoot.appendingPathComponent("scenarios").appendingPathComponent(scene).path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: out))
        let r = try CLI.run(
            ["/bin/sh", "-c", "ulimit -f 8; exec \"$0\" \"$@\"", CLI.executable.path, "render", file, "-o", out],
            viaShell: true)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("File too large"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("earlier".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.gif"])
    }

    @Test(
        "SIGINT, SIGTERM and SIGHUP mid-render, GIF or video: exit 3, no temporary file (not even ffmpeg's), the old output untouched",
        arguments: [(SIGINT, "gif"), (SIGTERM, "gif"), (SIGHUP, "gif"), (SIGHUP, "apng"), (SIGTERM, "mp4"), (SIGHUP, "webm")])
    func interrupted(_ signalNumber: Int32, _ ext: String) throws {
        let dir = tmp()
        let out = dir.appendingPathComponent("keep.\(ext)").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: out))
        // Watch the folder before the render starts, so the temporary file's creation is seen.
        let watch = try FolderWatch(dir)
        let p = Process()
        p.executableURL = CLI.executable
        p.arguments = ["render", wave, "-o", out, "--quiet"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Interrupt it once it is writing its temporary file.
        let created = try watch.waitForCreation { $0.hasSuffix(".tmp") }
        #expect(created != nil, "the render made no temporary file")
        // A video render's ffmpeg: interrupted while it encodes.
        let encoder = ext == "mp4" || ext == "webm" ? ProcessExit.child(of: p.processIdentifier, named: "ffmpeg") : nil
        #expect((encoder != nil) == (ext == "mp4" || ext == "webm"), "a video render runs ffmpeg")
        kill(p.processIdentifier, signalNumber)
        p.waitUntilExit()
        #expect(p.terminationStatus == 3)
        // ffmpeg goes on until it sees its input end: what is there once it has ended counts.
        if let encoder { #expect(ProcessExit.wait(for: encoder), "ffmpeg \(encoder) still runs") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("earlier".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.\(ext)"])
    }
}

extension CLI {
    /// Runs the command and keeps stdout as bytes.
    static func runBytes(_ args: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: Data, stderr: String) {
        try spawn(executable, args, environment: environment)
    }

    /// Runs `args[0]` with the rest (a shell wrapping the command).
    static func run(_ args: [String], viaShell: Bool) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try spawn(URL(fileURLWithPath: args[0]), Array(args.dropFirst()))
        return (r.status, String(decoding: r.stdout, as: UTF8.self), r.stderr)
    }
}
