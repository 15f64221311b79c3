import Foundation

// What tests that run programs share: the package's folder, fresh temporary folders, and the
// built `flipbook` (and example) executables.

/// The package's root folder (this file is Tests/ProcessTestSupport/ProcessTestSupport.swift).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A new empty folder in the test process's own temporary folder.
public func freshFolder(_ prefix: String) -> URL {
    let u = testProcessFolder.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}

/// One folder for all of a test process's fresh folders, removed when the process exits, so a
/// run leaves nothing behind in the temporary directory (a test that fails keeps its files for
/// as long as the process runs).
public let testProcessFolder: URL = {
    let folder = URL(fileURLWithPath: testProcessFolderPath(), isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: testProcessFolderPath()) }
    return folder
}()

/// The process's folder, from its process id (an exit handler cannot capture values).
private func testProcessFolderPath() -> String {
    (NSTemporaryDirectory() as NSString).appendingPathComponent("flipbook-test-process-\(getpid())")
}

/// Runs the built `flipbook` executable (swift test builds it beside the test runner).
public enum CLI {
    /// `flipbook` in the build folder the running tests came from.
    public static var executable: URL {
        var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("flipbook")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/flipbook")
    }

    /// Another product built beside `flipbook` (an example program).
    public static func built(_ name: String) -> URL { executable.deletingLastPathComponent().appendingPathComponent(name) }

    public static func run(
        _ args: [String], in directory: URL? = nil,
        environment extra: [String: String] = [:]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try spawn(executable, args, in: directory, environment: extra)
        return (r.status, String(decoding: r.stdout, as: UTF8.self), r.stderr)
    }

    /// Runs `program` with `args` (CI=true, so no progress output, and `extra` over the
    /// environment); stdout as bytes.
    public static func spawn(
        _ program: URL, _ args: [String], in directory: URL? = nil,
        environment extra: [String: String] = [:]
    ) throws -> (status: Int32, stdout: Data, stderr: String) {
        let p = Process()
        p.executableURL = program
        p.arguments = args
        if let directory { p.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"
        env.merge(extra) { $1 }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Both pipes are read at once: read one to its end first and a child that fills the
        // other's buffer (64 KiB) waits for a reader that never comes.
        let e = PipeDrain(err.fileHandleForReading)
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: e.wait(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, o, errorText)
    }
}

/// A pipe read to its end on a thread of its own.
final class PipeDrain: @unchecked Sendable {
    // Written by the reading thread before `done` is signalled, read after: no race.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe held, once its writer closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}

extension CLI {
    /// Runs `flipbook` with `args` (output discarded) and returns its exit status and peak
    /// resident memory in kB, as GNU time measures it (Debian's `time`, which `make test`
    /// installs). Not wait4's rusage of a child spawned from here: Linux counts the spawning
    /// process's own peak into a child's `ru_maxrss` when the child comes from posix_spawn
    /// (which shares this test process's memory until exec), so a test process already at
    /// 300 MB would make every child "use" 300 MB. time forks flipbook from its own small process.
    public static func peakMemory(_ args: [String]) throws -> (status: Int32, peakKilobytes: Int) {
        let report = freshFolder("flipbook-peak").appendingPathComponent("peak.txt")
        let r = try spawn(URL(fileURLWithPath: "/usr/bin/time"), ["-f", "%M", "-o", report.path, executable.path] + args)
        let text = try String(contentsOf: report, encoding: .utf8)
        // With a failing command, time writes "Command exited with non-zero status N" first.
        return (r.status, text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0)
    }
}
