import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Another program's processes seen from a test: the children a command started (ffmpeg under a
/// render), and the moment one ends, so a test waits for that event rather than for a guess.
public enum ProcessExit {
    /// The processes whose parent is `pid` now, with their command names (from /proc).
    public static func children(of pid: pid_t) -> [(pid: pid_t, name: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (pid: pid_t, name: String)? in
            guard let child = pid_t(entry), let stat = status(of: child), stat.parent == pid else { return nil }
            return (child, stat.name)
        }
    }

    /// The first child of `pid` named `name`, once it has started (no event tells a process's
    /// start, so /proc is looked at until it shows one); nil after `limit` seconds.
    public static func child(of pid: pid_t, named name: String, limit: Double = 120) -> pid_t? {
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            if let child = children(of: pid).first(where: { $0.name == name }) { return child.pid }
            guard status(of: pid).map({ $0.state != "Z" }) == true else { return nil }
            usleep(2_000)
        }
        return nil
    }

    /// Waits until process `pid` has ended (exited, or a zombie nobody has reaped): through a
    /// pidfd, which becomes readable when it ends, where the C library offers one; else by
    /// looking at /proc. False when it still runs after `limit` seconds (a safety net for a
    /// broken program, not a timing bound).
    public static func wait(for pid: pid_t, limit: Double = 120) -> Bool {
        let end = Date().addingTimeInterval(limit)
        if let open = pidfdOpen {
            let descriptor = open(pid, 0)
            guard descriptor >= 0 else { return errno == ESRCH }
            defer { close(descriptor) }
            var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&fd, 1, Int32(limit * 1000)) > 0
        }
        while Date() < end {
            guard let state = status(of: pid)?.state, state != "Z", state != "X" else { return true }
            usleep(2_000)
        }
        return false
    }

    /// glibc's `pidfd_open` (2.36 and later), looked up at run time since Swift's Glibc module
    /// does not declare it.
    private static let pidfdOpen: (@convention(c) (pid_t, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pid_t, UInt32) -> Int32).self)
    }()

    /// A process's command name, state letter and parent, from /proc/PID/stat (the name may hold
    /// spaces and parentheses: the fields after it follow the last ')').
    private static func status(of pid: pid_t) -> (name: String, state: Character, parent: pid_t)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count >= 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (String(text[text.index(after: open)..<close]), state, parent)
    }
}
