import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// The LZW coder and the writer's choices of table and transparency, checked by decoding
/// with giflib (issue 4: round trip, colours within the palette error, frame differencing).
@Suite("GIF compression")
struct GIFCompressionTests {
    /// A deterministic pseudo-random stream (the tests must not depend on a seed source).
    struct Lcg {
        var state: UInt64
        mutating func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
    }

    /// A one-image GIF around our code blocks, written by hand so giflib's decoder checks them.
    static func singleImageGIF(width: Int, height: Int, bits: Int, blocks: [UInt8]) -> Data {
        var d = Data("GIF89a".utf8)
        d += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80 | UInt8(bits - 1), 0, 0]
        for i in 0..<(1 << bits) { d += [UInt8(i), UInt8(i), UInt8(i)] }  // entry i is grey i
        d += [0x2C, 0, 0, 0, 0, UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0]
        d.append(UInt8(max(2, bits)))
        d += blocks
        d += [0, 0x3B]
        return d
    }

    func decodeSymbols(_ blocks: [UInt8], width: Int, height: Int, bits: Int) throws -> [Int] {
        let url = temporaryDirectory().appendingPathComponent("lzw.gif")
        try Self.singleImageGIF(width: width, height: height, bits: bits, blocks: blocks).write(to: url)
        let frame = try GIFReader.read(url).frames[0]
        return (0..<(width * height)).map { Int(frame.pixel(x: $0 % width, y: $0 / width).r) }
    }

    @Test("LZW output decodes to the same symbols for every code size, across dictionary resets", arguments: [1, 2, 3, 5, 8])
    func lzwRoundTrip(bits: Int) throws {
        var rng = Lcg(state: UInt64(bits))
        // Runs, repeats and noise; 300×100 symbols fill the 4,096-code dictionary several times.
        let (w, h) = (300, 100)
        var symbols = [UInt8]()
        while symbols.count < w * h {
            let kind = rng.next() % 3, n = 1 + rng.next() % 40, s = UInt8(rng.next() % (1 << bits))
            for j in 0..<n {
                symbols.append(kind == 0 ? s : kind == 1 ? UInt8((Int(s) + j) % (1 << bits)) : UInt8(rng.next() % (1 << bits)))
            }
        }
        symbols = Array(symbols.prefix(w * h))
        var encoder = LZWEncoder()
        defer { encoder.deallocate() }
        let blocks = symbols.withUnsafeBufferPointer { encoder.encode($0, minCodeSize: max(2, bits)) }
        #expect(try decodeSymbols(blocks, width: w, height: h, bits: bits) == symbols.map(Int.init))
        // Sub-blocks are at most 255 bytes, each behind its length.
        var offset = 0, pieces = 0
        while offset < blocks.count {
            #expect(blocks[offset] > 0)
            offset += Int(blocks[offset]) + 1
            pieces += 1
        }
        #expect(offset == blocks.count && pieces > 1)
    }

    @Test("flexible pixels decode as their own symbol or the alternative, never anything else")
    func lzwFlexible() throws {
        var rng = Lcg(state: 7)
        let (w, h, bits) = (200, 60, 4)
        let alternative: UInt8 = 15
        var symbols = [UInt8](), flexible = [Bool]()
        for i in 0..<(w * h) {
            let region = (i / 37) % 3
            symbols.append(region == 0 ? 3 : UInt8(rng.next() % 15))
            flexible.append(region != 2 && rng.next() % 5 != 0)
        }
        var encoder = LZWEncoder()
        defer { encoder.deallocate() }
        let blocks = symbols.withUnsafeBufferPointer { s in
            flexible.withUnsafeBufferPointer { f in encoder.encode(s, flexible: f, alternative: alternative, minCodeSize: bits) }
        }
        let decoded = try decodeSymbols(blocks, width: w, height: h, bits: bits)
        var usedAlternative = 0
        for i in 0..<(w * h) {
            if flexible[i] {
                #expect(decoded[i] == Int(symbols[i]) || decoded[i] == Int(alternative))
                if decoded[i] == Int(alternative) && symbols[i] != alternative { usedAlternative += 1 }
            } else {
                #expect(decoded[i] == Int(symbols[i]))
            }
        }
        #expect(usedAlternative > 0)
    }

    /// A frame of `w`×`h` with a moving disc of changing colour over stripes.
    static func frame(_ k: Int, w: Int, h: Int, colours: Int) -> PixelBuffer {
        var words = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var c: UInt32 = (x / 8) % 2 == 0 ? 0xFFF0F0F0 : 0xFF2040A0
                let dx = x - (10 + 3 * k), dy = y - h / 2
                if dx * dx + dy * dy < 64 { c = 0xFF000000 | UInt32((k * 37) % colours) << 16 | 0x3300 | UInt32(k % 7) }
                words[y * w + x] = c
            }
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }

    @Test("frames whose colours together fit 256 share the global table and decode exactly")
    func sharedGlobalTable() throws {
        let url = temporaryDirectory().appendingPathComponent("shared.gif")
        let (w, h) = (120, 40)
        let writer = try GIFWriter(url: url, width: w, height: h)
        let frames = (0..<30).map { Self.frame($0, w: w, h: h, colours: 200) }
        for f in frames { try writer.add(f, delay: 3) }
        try writer.finish()
        let gif = try GIFReader.read(url)
        #expect(gif.frames.count == 30)
        // The global table holds every colour of the animation (32); a frame carries a local
        // table only when a smaller one pays for itself.
        #expect(gif.globalTableSize >= 32)
        #expect(gif.localTableSizes.allSatisfy { $0 < gif.globalTableSize }, "local tables: \(gif.localTableSizes)")
        for (k, f) in frames.enumerated() { #expect(gif.frames[k] == f, "frame \(k) differs") }
        // Only the disc's neighbourhood is stored after the first frame.
        #expect(gif.frameRects[5].width < 30 && gif.frameRects[5].height <= 17)
    }

    /// PSNR over RGB of a decoded frame against its source (99 when identical).
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        var sum = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b)] {
                    let d = Double(u) - Double(v)
                    sum += d * d
                }
            }
        }
        let mse = sum / Double(3 * a.width * a.height)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// Twelve frames of a sliding gradient: about 1,500 colours each, new ones every frame.
    static let gradientFrames: [PixelBuffer] = (0..<12).map { k in
        let (w, h) = (96, 64)
        var words = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let r = UInt32((x * 2 + k * 5) & 0xFF), g = UInt32((y / 4 * 16) & 0xFF), b = UInt32(0x40 + k)
                words[y * w + x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }

    func writeGradient(_ name: String, minimumPSNR: Double, frames: [PixelBuffer] = gradientFrames) throws -> DecodedGIF {
        let url = temporaryDirectory().appendingPathComponent(name)
        let writer = try GIFWriter(url: url, width: frames[0].width, height: frames[0].height, minimumPSNR: minimumPSNR)
        for f in frames { try writer.add(f, delay: 5) }
        try writer.finish()
        return try GIFReader.read(url)
    }

    /// The largest squared RGB distance between two frames' pixels.
    static func worstError(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                let dr = Int(p.r) - Int(q.r), dg = Int(p.g) - Int(q.g), db = Int(p.b) - Int(q.b)
                worst = max(worst, dr * dr + dg * dg + db * db)
            }
        }
        return worst
    }

    @Test(
        "reusing an approximate table never drops a frame below the PSNR floor, or below what its own table gives", arguments: [30.0, 64.0])
    func psnrFloor(minimum: Double) throws {
        let gif = try writeGradient("floor-\(Int(minimum)).gif", minimumPSNR: minimum)
        for (k, f) in Self.gradientFrames.enumerated() {
            let alone = try writeGradient("alone-\(k).gif", minimumPSNR: minimum, frames: [f]).frames[0]
            let q = Self.psnr(gif.frames[k], f), qAlone = Self.psnr(alone, f)
            #expect(q >= min(minimum, qAlone) - 0.01, "frame \(k): \(q) dB, alone \(qAlone) dB")
            // And no pixel is pushed visibly further off than 12 levels a channel allow
            // (unless the frame's own table already was).
            let worst = Self.worstError(gif.frames[k], f)
            #expect(worst <= max(Int(GIFWriter.worstPixelError), Self.worstError(alone, f)), "frame \(k): worst \(worst)")
        }
    }

    @Test("a lower PSNR floor lets frames reuse the global table and makes a smaller file")
    func floorTradesBytes() throws {
        let loose = try writeGradient("loose.gif", minimumPSNR: 30), strict = try writeGradient("strict.gif", minimumPSNR: 64)
        #expect(loose.localTableSizes.filter { $0 == 0 }.count > strict.localTableSizes.filter { $0 == 0 }.count)
        #expect(loose.byteCount < strict.byteCount)
    }

    @Test("a NaN, infinite or negative PSNR floor is clamped instead of trapping", arguments: [Double.nan, .infinity, -.infinity, -1e9])
    func hostileFloor(minimum: Double) throws {
        let gif = try writeGradient("hostile.gif", minimumPSNR: minimum)
        #expect(gif.frames.count == Self.gradientFrames.count)
    }
}
