import CZlib
import FlipbookCore
import Testing

@testable import FlipbookRender

/// PNGCodec.decode: Cairo's surface is copied as it is when Cairo reads the PNG as ARGB32 or
/// RGB24, and painted onto ARGB32 otherwise; every kind of PNG gives the same premultiplied words.
@Suite("PNG decoding")
struct PNGDecodeTests {
    /// A PNG of `colourType` and `depth` whose rows (filter None) are `rows`.
    static func png(width: Int, height: Int, colourType: UInt8, depth: UInt8 = 8, rows: [[UInt8]], palette: [UInt8]? = nil) throws
        -> [UInt8]
    {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = PNGEncoder.bigEndian(UInt32(width)) + PNGEncoder.bigEndian(UInt32(height)) + [depth, colourType, 0, 0, 0]
        PNGEncoder.appendChunk("IHDR", header[...], to: &png)
        if let palette { PNGEncoder.appendChunk("PLTE", palette[...], to: &png) }
        let raw: [UInt8] = rows.flatMap { row -> [UInt8] in [0] + row }
        PNGEncoder.appendChunk("IDAT", try PNGEncoder.deflate(raw, level: 6, what: "test rows")[...], to: &png)
        PNGEncoder.appendChunk("IEND", [][...], to: &png)
        return png
    }

    @Test("opaque RGB (Cairo's RGB24): every word opaque, the colours exact")
    func rgb() throws {
        let bytes = try Self.png(width: 2, height: 1, colourType: 2, rows: [[10, 20, 30, 250, 0, 7]])
        #expect(try PNGCodec.decode(bytes, name: "rgb").premultipliedARGB == [0xFF0A_141E, 0xFFFA_0007])
    }

    @Test("RGBA (Cairo's ARGB32): premultiplied")
    func rgba() throws {
        let bytes = try Self.png(width: 2, height: 1, colourType: 6, rows: [[255, 0, 0, 128, 0, 0, 0, 0]])
        #expect(try PNGCodec.decode(bytes, name: "rgba").premultipliedARGB == [0x8080_0000, 0])
    }

    @Test("grey, palette and 16-bit PNGs decode to the same words as their 8-bit RGB twins")
    func otherKinds() throws {
        let grey = try Self.png(width: 2, height: 1, colourType: 0, rows: [[0, 200]])
        #expect(try PNGCodec.decode(grey, name: "grey").premultipliedARGB == [0xFF00_0000, 0xFFC8_C8C8])
        let indexed = try Self.png(width: 2, height: 1, colourType: 3, rows: [[1, 0]], palette: [1, 2, 3, 200, 100, 50])
        #expect(try PNGCodec.decode(indexed, name: "palette").premultipliedARGB == [0xFFC8_6432, 0xFF01_0203])
        let deep = try Self.png(width: 1, height: 1, colourType: 2, depth: 16, rows: [[0x12, 0x34, 0xAB, 0xCD, 0xFF, 0xFF]])
        #expect(try PNGCodec.decode(deep, name: "16-bit").premultipliedARGB == [0xFF12_ABFF])
    }
}
