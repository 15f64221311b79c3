import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Bytes handed to the file readers as a file no other user (nor any later process) can reach:
/// an anonymous in-memory file (`memfd_create`), or failing that an unnamed one in the temporary
/// folder (`O_TMPFILE`), read through `/proc/self/fd/N` while this object lives. Nothing is left
/// behind when the process is killed: the kernel frees it with the last descriptor.
final class MemoryFile {
    private let descriptor: Int32
    /// A path this process can open the bytes by.
    let path: String

    init?(_ data: Data) {
        guard let fd = Self.anonymousFile() else { return nil }
        descriptor = fd
        path = "/proc/self/fd/\(fd)"
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        guard written else {
            close(fd)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// A descriptor of a new file with no name, readable and writable by this process only.
    private static func anonymousFile() -> Int32? {
        #if canImport(Glibc)
            // memfd_create is a GNU extension Swift's Glibc module leaves out.
            typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") {
                let create = unsafeBitCast(symbol, to: MemfdCreate.self)
                let fd = create("flipbook-imageio", 1)  // MFD_CLOEXEC
                if fd >= 0 { return fd }
            }
            // O_TMPFILE (0o20200000 with O_DIRECTORY on Linux): a file in the folder with no name.
            let fd = open(NSTemporaryDirectory(), O_RDWR | 0o20_000_000 | O_CLOEXEC, 0o600)
            return fd >= 0 ? fd : nil
        #else
            return nil
        #endif
    }
}
