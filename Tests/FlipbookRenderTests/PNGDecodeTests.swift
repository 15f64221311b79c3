import CZlib
import FlipbookCore
import FlipbookUIKit
import Testing

@testable import FlipbookRender

/// PNGCodec.decode: 8-bit RGB(A) PNGs read by PNGDecoder (libdeflate), every other kind by
/// Cairo, whose surface is copied as it is when it reads ARGB32 or RGB24 and painted onto ARGB32
/// otherwise; every kind of PNG gives the same premultiplied words.
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

    /// `rows` (straight RGB or RGBA bytes) filtered row by row with `filters` (cycled), as a
    /// PNG whose data is split into IDAT chunks of `split` bytes.
    static func filtered(width: Int, rows: [[UInt8]], channels n: Int, filters: [UInt8], split: Int = 1 << 30) throws -> [UInt8] {
        var raw: [UInt8] = []
        var above = [UInt8](repeating: 0, count: width * n)
        for (y, row) in rows.enumerated() {
            let f = filters[y % filters.count]
            raw.append(f)
            for i in 0..<row.count {
                let a = i >= n ? Int(row[i - n]) : 0, b = Int(above[i]), c = i >= n ? Int(above[i - n]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predicted = [0, a, b, (a + b) / 2, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][Int(f)]
                raw.append(row[i] &- UInt8(predicted & 0xFF))
            }
            above = row
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = PNGEncoder.bigEndian(UInt32(width)) + PNGEncoder.bigEndian(UInt32(rows.count)) + [8, n == 4 ? 6 : 2, 0, 0, 0]
        PNGEncoder.appendChunk("IHDR", header[...], to: &png)
        PNGEncoder.appendChunk("tEXt", Array("Comment\u{0}ancillary, skipped".utf8)[...], to: &png)
        let data = try PNGEncoder.deflate(raw, level: 6, what: "test rows")
        for start in stride(from: 0, to: data.count, by: split) {
            PNGEncoder.appendChunk("IDAT", data[start..<min(data.count, start + split)], to: &png)
        }
        PNGEncoder.appendChunk("IEND", [][...], to: &png)
        return png
    }

    @Test("every filter, RGB and RGBA, data in one IDAT or many: the same words as Cairo's reader", arguments: [3, 4])
    func matchesCairo(channels: Int) throws {
        var rng = SeededRandom(seed: UInt64(channels))
        for width in [1, 2, 7, 33] {
            // Noise and flat runs, with some clear and some translucent pixels.
            let rows = (0..<10).map { y in
                (0..<(width * channels)).map { i -> UInt8 in
                    if channels == 4 && i % 4 == 3 { return [0, 255, 128, 255, 1][(i / 4 + y) % 5] }
                    return y % 3 == 0 ? UInt8(i * 7 & 0xFF) : UInt8(truncatingIfNeeded: rng.next())
                }
            }
            for filters: [UInt8] in [[0], [1], [2], [3], [4], [0, 1, 2, 3, 4]] {
                for split in [1 << 30, 5] {
                    let png = try Self.filtered(width: width, rows: rows, channels: channels, filters: filters, split: split)
                    let fast = try #require(PNGDecoder.decode(png), "filters \(filters) width \(width)")
                    #expect(
                        fast == (try PNGCodec.decodeThroughCairo(png, name: "oracle")), "filters \(filters) width \(width) split \(split)")
                }
            }
        }
        // What PNGEncoder writes reads back as it was.
        let frame = PixelBuffer(
            width: 9, height: 4, premultipliedARGB: (0..<36).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 })
        #expect(PNGDecoder.decode(try PNGEncoder.encode(frame)) == frame)
    }

    @Test("other kinds and damaged files are left to Cairo, which reads or refuses them")
    func leftToCairo() throws {
        let grey = try Self.png(width: 2, height: 1, colourType: 0, rows: [[0, 200]])
        let deep = try Self.png(width: 1, height: 1, colourType: 2, depth: 16, rows: [[1, 2, 3, 4, 5, 6]])
        #expect(PNGDecoder.decode(grey) == nil && PNGDecoder.decode(deep) == nil)
        var damaged = try Self.filtered(width: 4, rows: [[UInt8](repeating: 9, count: 12)], channels: 3, filters: [1])
        #expect(PNGDecoder.decode(damaged) != nil)
        damaged[damaged.count - 20] ^= 0x40  // inside the IDAT: its checksum no longer matches
        #expect(PNGDecoder.decode(damaged) == nil)
        #expect(throws: RenderError.self) { try PNGCodec.decode(damaged, name: "damaged.png") }
        let truncated = Array(try Self.filtered(width: 4, rows: [[UInt8](repeating: 9, count: 12)], channels: 3, filters: [1]).dropLast(12))
        #expect(PNGDecoder.decode(truncated) == nil)
    }

    @Test("damaged files (bytes changed, lengths too) never crash it: nil, or the words Cairo reads")
    func mutations() throws {
        var rng = SeededRandom(seed: 99)
        let rows = (0..<6).map { y in (0..<(8 * 4)).map { UInt8(truncatingIfNeeded: $0 * 31 + y * 7) } }
        let good = try Self.filtered(width: 8, rows: rows, channels: 4, filters: [0, 1, 2, 3, 4], split: 40)
        for _ in 0..<400 {
            var bytes = good
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let i = 8 + Int(rng.next() % UInt64(bytes.count - 8))
                bytes[i] = rng.next() % 4 == 0 ? 0xFF : UInt8(truncatingIfNeeded: rng.next())
            }
            if rng.next() % 5 == 0 { bytes.removeLast(Int(rng.next() % 30)) }
            if let fast = PNGDecoder.decode(bytes) {
                #expect(fast == (try? PNGCodec.decodeThroughCairo(bytes, name: "damaged")))
            }
        }
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
