import Foundation

// What tests that run programs share: the package's folder, fresh temporary folders, and the
// built `flipbook` (and example) executables.

/// The package's root folder (this file is Tests/ProcessTestSupport/ProcessTestSupport.swift).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A new empty folder under the temporary directory.
public func freshFolder(_ prefix: String) -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
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

    public static func run(_ args: [String], in directory: URL? = nil,
                           environment extra: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try spawn(executable, args, in: directory, environment: extra)
        return (r.status, String(decoding: r.stdout, as: UTF8.self), r.stderr)
    }

    /// Runs `program` with `args` (CI=true, so no progress output, and `extra` over the
    /// environment); stdout as bytes.
    public static func spawn(_ program: URL, _ args: [String], in directory: URL? = nil,
                             environment extra: [String: String] = [:]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let p = Process()
        p.executableURL = program
        p.arguments = args
        if let directory { p.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"
        env.merge(extra) { $1 }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, o, String(decoding: e, as: UTF8.self))
    }
}

extension CLI {
    /// Runs `flipbook` with `args` (output discarded) and returns its exit status and peak
    /// resident memory in kB, measured by the kernel for that process alone (wait4's rusage).
    public static func peakMemory(_ args: [String]) -> (status: Int32, peakKilobytes: Int) {
        let argv = ([executable.path] + args).map { strdup($0) } + [nil]
        let variables: [String] =
            ProcessInfo.processInfo.environment.filter { $0.key != "CI" }.map { "\($0.key)=\($0.value)" } + ["CI=true"]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable.path, &actions, nil, argv, envp) == 0 else { return (-1, 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), usage.ru_maxrss)
    }
}
