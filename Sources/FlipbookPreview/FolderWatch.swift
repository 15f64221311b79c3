import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Wakes the preview the moment a file in the scene's folder is written and closed or renamed
/// into place (inotify on the folder, not the file: editors that save by writing a new file and
/// renaming it replace the file a watch would follow). The 0.1 s poll stays underneath for file
/// systems without inotify (network mounts); this only makes a save show sooner.
final class FolderWatch: @unchecked Sendable {
    // `fd` and `source` are set in init and cancelled once in `stop`; the source's handler runs on
    // the queue given.
    private let fd: Int32
    private let source: any DispatchSourceRead

    /// Watches the folder of `file`, calling `changed` on `queue` after each write-and-close or
    /// rename into it. Nil where inotify is not available (the poll alone then notices saves).
    init?(file: String, queue: DispatchQueue, changed: @escaping @Sendable () -> Void) {
        #if os(Linux)
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return nil }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
            guard inotify_add_watch(fd, folder, mask) >= 0 else {
                close(fd)
                return nil
            }
            self.fd = fd
            source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler {
                // Drain the events: which file changed does not matter, the read that follows
                // compares the scene's bytes with the last ones.
                var buffer = [UInt8](repeating: 0, count: 4096)
                while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
                changed()
            }
            source.setCancelHandler { close(fd) }
            source.resume()
        #else
            return nil
        #endif
    }

    func stop() { source.cancel() }
}
