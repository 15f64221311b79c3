import Flipbook
import Foundation
import Testing

@testable import ImageIO

/// ImageIO's image sources over hostile input (issue 63, items 1 and 11): the bytes never land
/// in a file other users can read, and a small file of many large frames is read a frame at a
/// time.
@Suite("image sources within bounds")
struct ImageSourceBoundsTests {
    /// A GIF whose `frames` frames each change one pixel of a `side` × `side` screen: a few bytes
    /// a frame, `side`² × 4 bytes a composed frame.
    static func tinyFramesGIF(side: Int, frames: Int) -> Data {
        var gif = Array("GIF89a".utf8) + [UInt8(side & 255), UInt8(side >> 8), UInt8(side & 255), UInt8(side >> 8), 0, 0, 0]
        for i in 0..<frames {
            // A graphic control block (10 cs, no disposal), then a 1×1 image at (i, 0) with a
            // local table of two colours: index 0 = (i, 0, 0).
            gif += [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00]
            gif += [0x2C, UInt8(i & 255), UInt8(i >> 8), 0, 0, 1, 0, 1, 0, 0x80, UInt8(i & 255), 0, 0, 255, 255, 255]
            gif += [0x02, 0x02, 0x44, 0x01, 0x00]
        }
        return Data(gif + [0x3B])
    }

    /// Resident memory of this process, in bytes.
    static func residentBytes() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    @Test("a source's bytes live in a file with no name: not in the temporary folder, gone with the source")
    func noTemporaryFile() throws {
        let data = Self.tinyFramesGIF(side: 8, frames: 3)
        let file = try #require(MemoryFile(data))
        #expect(file.path.hasPrefix("/proc/self/fd/"))
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) ?? ""
        // memfd: "/memfd:flipbook-imageio (deleted)"; O_TMPFILE: "/tmp/#123 (deleted)": no name to open.
        #expect(target.hasPrefix("/memfd:") || target.hasSuffix(" (deleted)"), "\(target)")
        #expect(FileManager.default.contents(atPath: file.path) == data)
        let folder = FileManager.default.temporaryDirectory.path
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetCount(source) == 3 && CGImageSourceCreateImageAtIndex(source, 2, nil)?.width == 8)
        let named = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("imageio") }
        #expect(named.isEmpty, "\(named)")
    }

    @Test("frames are made as they are asked for, in any order, and only the last is kept: 40 frames of 16 MB stay under 200 MB")
    func framesOneAtATime() throws {
        let side = 2000, frames = 40
        let source = try #require(CGImageSourceCreateWithData(Self.tinyFramesGIF(side: side, frames: frames) as CFData, nil))
        #expect(CGImageSourceGetCount(source) == frames)
        let start = Self.residentBytes()
        var peak = start
        for index in [0, 1, 39, 2, 20] {
            let image = try #require(CGImageSourceCreateImageAtIndex(source, index, nil))
            // Frame i has set pixels 0…i to (k, 0, 0) for each earlier frame k.
            #expect(image.width == side && image.rgba[index * 4] == UInt8(index) && image.rgba[index * 4 + 3] == 255)
            #expect(image.rgba[(index + 1) * 4 + 3] == 0, "frame \(index) does not hold later frames' pixels")
            peak = max(peak, Self.residentBytes())
        }
        #expect(peak - start < 200 << 20, "\((peak - start) >> 20) MB")
    }
}
