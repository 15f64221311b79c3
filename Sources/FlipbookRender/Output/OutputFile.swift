import Foundation

/// One output being written: the single path every writer (GIF, PNG frames, filmstrips, and
/// whatever comes later) goes through, so an output lands where it is pointed and nowhere else.
///
/// - A regular file (new or existing) is written to a temporary sibling and renamed over the
///   target on `commit()`, keeping an existing file's permissions: never a partial file. The
///   sibling has an unpredictable name and is created exclusively (O_EXCL|O_NOFOLLOW), so a
///   file or link planted beforehand cannot redirect the output.
/// - A symlink is followed: its target is written that way, and the link stays a link.
/// - A device node, FIFO or socket is written straight into, never renamed onto.
/// - `-` is standard output.
///
/// Bad targets are refused before anything is written (`OutputError`): a directory, a path in
/// a missing directory, one of the inputs, a read-only file. A failed write throws
/// `RenderError.io`; `cancel()` (or `deinit`) removes the temporary file and leaves an
/// existing target as it was.
public final class OutputFile {
    /// The path as given (`-` for standard output).
    public let path: String
    /// Where the bytes finally land (a symlink's target, resolved).
    public let destination: String
    /// The file written until `commit()` (the destination itself for streams).
    public let writingPath: String
    private let kind: Kind
    private var fd: Int32
    private var finished = false
    /// The temporary file's entry in `PendingWrites` (removed if the command is interrupted).
    private var pending: Int?

    enum Kind { case regular, stream, standardOutput }

    /// Standard output as an output URL (`-` on the command line). It is written through the
    /// process's descriptor 1, so a redirect to a regular file is written in place, not renamed.
    public static let standardOutput = URL(fileURLWithPath: "/dev/stdout")

    /// The start of the name of a temporary sibling a regular output at `destination` is written
    /// to: `.NAME.PID.` followed by 16 random hex digits and `.tmp`, created with
    /// O_CREAT|O_EXCL|O_NOFOLLOW (as mkstemp does), so nobody can plant a file or link there
    /// beforehand.
    static func temporaryPrefix(for destination: String) -> (directory: String, prefix: String) {
        let url = URL(fileURLWithPath: destination)
        return (url.deletingLastPathComponent().path, ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).")
    }

    /// The temporary files an output at `path` may be written through while this process has it
    /// open (nil for standard output and streams): the directory and the start of their names,
    /// what to remove if the process is interrupted.
    public static func temporaryFiles(forOutput path: String) -> (directory: String, prefix: String)? {
        guard path != "-", path != standardOutput.path, let target = try? resolveLinks(path) else { return nil }
        var st = stat()
        if stat(target, &st) == 0, st.st_mode & S_IFMT != S_IFREG { return nil }
        return temporaryPrefix(for: target)
    }

    /// Whether `name` (in a directory) is a temporary file of this process's outputs.
    public static func isTemporaryName(_ name: String, prefix: String = "") -> Bool {
        name.hasPrefix(".") && name.hasPrefix(prefix) && name.hasSuffix(".tmp")
            && name.contains(".\(ProcessInfo.processInfo.processIdentifier).")
    }

    /// Creates a new temporary file for `destination` exclusively: a name that exists (a planted
    /// file or symbolic link) makes it try another name, never write through it.
    private static func createTemporary(for destination: String) -> (fd: Int32, path: String)? {
        let (directory, prefix) = temporaryPrefix(for: destination)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let path = directory + "/" + prefix + hexadecimal(generator.next() as UInt64) + ".tmp"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, path) }
            guard errno == EEXIST else { return nil }
        }
        errno = EEXIST
        return nil
    }

    /// `value` as 16 lower-case hexadecimal digits (`String(format:)` costs a fifth of a
    /// millisecond on first use, once per output written).
    private static func hexadecimal(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Checks the target and opens it for writing. `inputs` are files the output must not
    /// replace (the scenario being rendered). With `followingLinks: false` (golden stores, whose
    /// folders arrive from other people) a symbolic link, device or FIFO at the path is refused
    /// instead of written through.
    public convenience init(_ url: URL, inputs: [URL] = [], followingLinks: Bool = true) throws {
        try self.init(path: url.path, inputs: inputs, followingLinks: followingLinks)
    }

    public init(path: String, inputs: [URL] = [], followingLinks: Bool = true) throws {
        self.path = path
        if path == "-" || path == Self.standardOutput.path {
            kind = .standardOutput
            destination = "-"
            writingPath = "-"
            fd = dup(STDOUT_FILENO)
            guard fd >= 0 else { throw OutputError(path: path, reason: "cannot write to standard output") }
            return
        }
        guard !path.isEmpty else { throw OutputError(path: path, reason: "an output path is empty") }
        if !followingLinks {
            var own = stat()
            if lstat(path, &own) == 0 {
                let type = own.st_mode & S_IFMT
                if type == S_IFLNK { throw OutputError(path: path, reason: "is a symbolic link; it is not followed (remove it)") }
                if type != S_IFREG { throw OutputError(path: path, reason: "is not a regular file; nothing was written") }
            }
        }
        let target = followingLinks ? try Self.resolveLinks(path) : path
        destination = target
        var st = stat()
        let exists = stat(target, &st) == 0
        let type = st.st_mode & S_IFMT
        if exists && type == S_IFDIR { throw OutputError(path: path, reason: "is a directory; name a file to write") }
        if exists && (type == S_IFCHR || type == S_IFBLK || type == S_IFIFO || type == S_IFSOCK) {
            kind = .stream
            writingPath = target
            fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw OutputError(path: path, reason: "cannot open for writing (\(String(cString: strerror(errno))))") }
            return
        }
        let directory = URL(fileURLWithPath: target).deletingLastPathComponent().path
        var dirStat = stat()
        guard stat(directory, &dirStat) == 0, dirStat.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError(path: path, reason: "the directory \(directory) does not exist")
        }
        for input in inputs where Self.sameFile(target, input.path) {
            throw OutputError(path: path, reason: "is an input of this command; writing it would destroy it")
        }
        if exists && st.st_mode & 0o222 == 0 {
            throw OutputError(path: path, reason: "is read-only; nothing was written")
        }
        kind = .regular
        guard
            let (temporary, token) = PendingWrites.shared.create({
                Self.createTemporary(for: target).map { ($0, .file($0.path)) }
            })
        else {
            throw OutputError(path: path, reason: "cannot create a file in \(directory) (\(String(cString: strerror(errno))))")
        }
        writingPath = temporary.path
        fd = temporary.fd
        pending = token
        // Created 0600: an existing file's permissions are kept exactly, a new one gets 0666
        // less the umask, as open() would give it.
        _ = fchmod(fd, exists ? mode_t(st.st_mode & 0o7777) : 0o666 & ~Self.umaskValue)
    }

    /// The process's file mode creation mask (read once: umask can only be read by setting it).
    private static let umaskValue: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    deinit { cancel() }

    /// The open file itself, for a writer in another process (ffmpeg writes a video through it,
    /// so an interrupted render's temporary file is never created again by name).
    var descriptor: Int32 { fd }

    /// Whether the bytes go to a temporary file renamed on `commit()`.
    var isRenamedOnCommit: Bool { kind == .regular }

    /// Appends bytes; a short or failed write (disk full, file too large) throws.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !finished else { throw RenderError.io("\(path): the output is already closed") }
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw RenderError.io("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Finishes the output: a regular file is renamed over its target.
    public func commit() throws {
        guard !finished else { return }
        finished = true
        let closed = close(fd)
        guard kind == .regular else { return }
        if closed != 0 {
            let reason = String(cString: strerror(errno))
            unlink(writingPath)
            pending.map(PendingWrites.shared.remove)
            throw RenderError.io("cannot write \(path): \(reason)")
        }
        defer { pending.map(PendingWrites.shared.remove) }
        if rename(writingPath, destination) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(writingPath)
            throw RenderError.io("cannot move the finished output to \(path): \(reason)")
        }
    }

    /// Abandons the output: the temporary file is removed and the target left as it was.
    public func cancel() {
        guard !finished else { return }
        finished = true
        close(fd)
        if kind == .regular { unlink(writingPath) }
        pending.map(PendingWrites.shared.remove)
    }

    /// Writes `bytes` to `url` in one go.
    public static func write(_ bytes: [UInt8], to url: URL, inputs: [URL] = [], followingLinks: Bool = true) throws {
        let out = try OutputFile(url, inputs: inputs, followingLinks: followingLinks)
        do {
            try out.write(bytes)
            try out.commit()
        } catch {
            out.cancel()
            throw error
        }
    }

    /// Refuses, before anything is written, two outputs of one command that land in the same
    /// file: the same device and inode when the file exists (a link to it, another spelling),
    /// else the same path once links and `.`/`..` are resolved. `outputs` pairs each path with
    /// the option that named it, for the message; nil paths are skipped; `-` is standard output.
    public static func refuseSharedTargets(_ outputs: [(option: String, path: String?)]) throws {
        var seen: [(option: String, key: String)] = []
        for (option, path) in outputs {
            guard let path else { continue }
            let key: String
            if path == "-" || path == standardOutput.path {
                key = "standard output"
            } else {
                let resolved = (try? resolveLinks(path)) ?? path
                var st = stat()
                key =
                    stat(resolved, &st) == 0
                    ? "inode \(st.st_dev):\(st.st_ino)"
                    : URL(fileURLWithPath: resolved).standardizedFileURL.resolvingSymlinksInPath().path
            }
            if let earlier = seen.first(where: { $0.key == key }) {
                throw OutputError(path: path, reason: "\(earlier.option) and \(option) would write the same file; name two different files")
            }
            seen.append((option, key))
        }
    }

    /// The path a symlink chain ends at (the path itself when it is not a link).
    private static func resolveLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw OutputError(path: path, reason: "cannot read the symbolic link") }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                target.hasPrefix("/")
                ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        throw OutputError(path: path, reason: "too many levels of symbolic links")
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

/// An output that cannot be written as asked; nothing was written (exit code 2).
public struct OutputError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}
