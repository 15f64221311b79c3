import FlipbookCore
import FlipbookUIKit
import Testing

@testable import FlipbookRender

/// The PNG rows of opaque frames (PNGEncoder.filteredOpaqueRows): each byte minus the byte one
/// pixel to its left (filter Sub), as the general loop over straight components gives them.
@Suite("PNG rows of opaque frames")
struct PNGFilterTests {
    /// Sub-filtered straight RGB rows, byte by byte: the oracle.
    static func oracle(_ pixels: PixelBuffer, x0: Int, y0: Int, width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = []
        for y in y0..<(y0 + height) {
            out.append(1)
            var left: [UInt8] = [0, 0, 0]
            for x in x0..<(x0 + width) {
                let p = pixels.pixel(x: x, y: y)
                let here = [p.r, p.g, p.b]
                out += (0..<3).map { here[$0] &- left[$0] }
                left = here
            }
        }
        return out
    }

    @Test("random opaque frames, whole and cropped, every byte as the oracle's; decoded back the same", arguments: [1, 2, 7, 64])
    func matchesOracle(width: Int) throws {
        var rng = SeededRandom(seed: UInt64(width))
        let height = 5
        let pixels = PixelBuffer(
            width: width, height: height,
            premultipliedARGB: (0..<(width * height)).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0x00FF_FFFF })
        #expect(
            PNGEncoder.filteredRows(pixels, x0: 0, y0: 0, width: width, height: height, alpha: false)
                == Self.oracle(pixels, x0: 0, y0: 0, width: width, height: height))
        let x0 = width / 2, w = width - x0
        #expect(
            PNGEncoder.filteredRows(pixels, x0: x0, y0: 1, width: w, height: 3, alpha: false)
                == Self.oracle(pixels, x0: x0, y0: 1, width: w, height: 3))
        #expect(try PNGCodec.decode(try PNGEncoder.encode(pixels), name: "frame") == pixels)
    }
}
