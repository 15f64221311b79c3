import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when a file is created in a folder, through inotify: a test waits for the event
/// instead of polling the folder on a timer.
public final class FolderWatch {
    private let descriptor: Int32

    /// Starts watching `folder` for files created or moved into it.
    public init(_ folder: URL) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0,
            inotify_add_watch(descriptor, folder.path, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) >= 0
        else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: folder.path])
        }
    }

    deinit { close(descriptor) }

    /// The name of the first file created since the watch began that `matches`, or nil when none
    /// comes within `limit` seconds (a safety net for a broken program, not a timing bound).
    public func waitForCreation(limit: Double = 120, _ matches: (String) -> Bool) throws -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, Int32(max(1, end.timeIntervalSinceNow * 1000))) > 0 else { return nil }
            let n = read(descriptor, &buffer, buffer.count)
            guard n > 0 else { return nil }
            var offset = 0
            // Each event: wd, mask, cookie, len (4 bytes each), then a NUL-padded name of len bytes.
            while offset + 16 <= n {
                let length = buffer[offset + 12..<offset + 16].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
                let nameBytes = buffer[offset + 16..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if matches(name) { return name }
                offset += 16 + length
            }
        }
        return nil
    }
}
