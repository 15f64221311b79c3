import CGIF
import Foundation

/// A GIF file's bytes, read in large chunks: giflib reads headers and extensions through it
/// (`DGifOpen`'s input function), and image data is gathered or read past here, walking the
/// sub-blocks' length bytes in the buffer. Through stdio, giflib read the file 4 KB a system
/// call and copied every block out, even to skip it: finding a 48 MB recording's frame times
/// took 40 ms, and `compare` opens a recording several times.
final class GIFFileInput {
    private let descriptor: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    private static let capacity = 1 << 16
    /// The bytes read from the file but not yet used: `buffer[start..<end]`.
    private var start = 0, end = 0

    /// Opens a regular file only, checked on the descriptor opened (without waiting for a
    /// writer): a FIFO, even one swapped in for the file, never blocks the open or a read.
    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { throw RenderError.gif("no such file: \(path)") }
            throw RenderError.gif("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw RenderError.gif("\(path) is not a regular file")
        }
        descriptor = fd
        buffer = .allocate(capacity: Self.capacity)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// Opens the file with giflib reading through `input` (kept alive by the caller as long
    /// as the handle).
    static func openGIF(_ input: GIFFileInput, error: inout Int32) -> UnsafeMutablePointer<GifFileType>? {
        DGifOpen(
            Unmanaged.passUnretained(input).toOpaque(),
            { gif, bytes, count in
                guard let user = gif?.pointee.UserData, let bytes, count > 0 else { return 0 }
                return Int32(Unmanaged<GIFFileInput>.fromOpaque(user).takeUnretainedValue().read(into: bytes, count: Int(count)))
            }, &error)
    }

    /// Copies up to `count` bytes; fewer only at the file's end (or a read error).
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        var copied = 0
        while copied < count {
            if start == end && !refill() { break }
            let n = min(count - copied, end - start)
            (destination + copied).update(from: buffer + start, count: n)
            start += n
            copied += n
        }
        return copied
    }

    /// Reads image data sub-blocks (a length byte, then that many bytes) through the
    /// zero-length one that ends them, appending their bytes to `data` until it holds `keep`
    /// (with `keep` 0, nothing is kept: the image is read past). nil when the file ends first;
    /// else whether bytes were passed over for `keep`.
    func readSubBlocks(appendingTo data: inout [UInt8], keep: Int) -> Bool? {
        var passedOver = false
        while true {
            if start == end && !refill() { return nil }
            let length = Int(buffer[start])
            start += 1
            if length == 0 { return passedOver }
            var left = length
            while left > 0 {
                if start == end && !refill() { return nil }
                let n = min(left, end - start)
                let kept = min(n, keep - data.count)
                if kept > 0 { data.append(contentsOf: UnsafeBufferPointer(start: buffer + start, count: kept)) }
                passedOver = passedOver || kept < n
                start += n
                left -= n
            }
        }
    }

    /// Reads the next chunk (called when everything read is used); false at the file's end.
    private func refill() -> Bool {
        start = 0
        end = 0
        while true {
            let n = Foundation.read(descriptor, buffer, Self.capacity)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            end = n
            return true
        }
    }
}
