import CGIF
import Foundation

/// What giflib's output function writes to, and the first write error it met.
final class GiflibWriteTarget {
    let file: OutputFile
    var error: (any Error)?
    init(_ file: OutputFile) { self.file = file }
}

/// giflib's output callback: hands the bytes to the `OutputFile`; a short count tells giflib
/// that the write failed.
func gifOutputFunction(_ gif: UnsafeMutablePointer<GifFileType>?, _ bytes: UnsafePointer<GifByteType>?,
                               _ count: Int32) -> Int32 {
    guard let gif, let user = gif.pointee.UserData else { return 0 }
    let output = Unmanaged<GiflibWriteTarget>.fromOpaque(user).takeUnretainedValue()
    guard output.error == nil else { return 0 }
    guard let bytes, count > 0 else { return count }
    do {
        try output.file.write(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
        return count
    } catch {
        output.error = error
        return 0
    }
}
