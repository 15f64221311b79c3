import CGIF
import Foundation

/// What giflib's output function writes to, and the first write error it met. giflib hands
/// over every header and 255-byte sub-block on its own: the bytes are gathered here and written
/// in pieces of `flushSize` (a 21 KB GIF was 1,375 `write` calls).
final class GiflibWriteTarget {
    let file: OutputFile
    var error: (any Error)?
    private var pending: [UInt8] = []
    static let flushSize = 64 << 10

    init(_ file: OutputFile) {
        self.file = file
        pending.reserveCapacity(Self.flushSize)
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.flushSize { try flush() }
    }

    /// Writes what is gathered (before the file is committed).
    func flush() throws {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        try file.write(pending)
    }
}

/// giflib's output callback: hands the bytes to the `OutputFile`; a short count tells giflib
/// that the write failed.
func gifOutputFunction(
    _ gif: UnsafeMutablePointer<GifFileType>?, _ bytes: UnsafePointer<GifByteType>?,
    _ count: Int32
) -> Int32 {
    guard let gif, let user = gif.pointee.UserData else { return 0 }
    let output = Unmanaged<GiflibWriteTarget>.fromOpaque(user).takeUnretainedValue()
    guard output.error == nil else { return 0 }
    guard let bytes, count > 0 else { return count }
    do {
        try output.append(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
        return count
    } catch {
        output.error = error
        return 0
    }
}
