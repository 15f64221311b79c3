import CGIF
import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// GIF image data decoded by GIFLZWDecoder gives the colour indices giflib's own decoder
/// (DGifGetLine, the oracle) gives, for GIFs from giflib's encoder, our writer and the fixtures;
/// broken data is refused with what is wrong, never a crash.
@Suite("GIF LZW decoding")
struct GIFLZWDecoderTests {
    struct GiflibFailed: Error {}

    /// Every image of `path` as giflib decodes it: indices in display order (GiflibFailed when
    /// giflib refuses the file).
    static func giflibImages(_ path: String) throws -> [[UInt8]] {
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else { throw GiflibFailed() }
        defer { DGifCloseFile(gif, &error) }
        var images: [[UInt8]] = []
        var type = UNDEFINED_RECORD_TYPE
        repeat {
            guard DGifGetRecordType(gif, &type) != GIF_ERROR else { throw GiflibFailed() }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) != GIF_ERROR else { throw GiflibFailed() }
                let w = Int(gif.pointee.Image.Width), h = Int(gif.pointee.Image.Height)
                var indices = [UInt8](repeating: 0, count: w * h)
                let rows: [Int] =
                    gif.pointee.Image.Interlace
                    ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Swift.stride(from: start, to: h, by: step) }
                    : Array(0..<h)
                try indices.withUnsafeMutableBufferPointer { buffer in
                    for row in rows {
                        guard DGifGetLine(gif, buffer.baseAddress! + row * w, Int32(w)) != GIF_ERROR else { throw GiflibFailed() }
                    }
                }
                images.append(indices)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) != GIF_ERROR else { throw GiflibFailed() }
                while block != nil { guard DGifGetExtensionNext(gif, &block) != GIF_ERROR else { throw GiflibFailed() } }
            default: break
            }
        } while type != TERMINATE_RECORD_TYPE
        return images
    }

    /// Every image of `path` as GIFRecords decodes it.
    static func ourImages(_ path: String) throws -> [[UInt8]] {
        let records = try GIFRecords(path: path)
        var images: [[UInt8]] = []
        while true {
            switch try records.next() {
            case .image(let d): images.append(try records.readImage(d))
            case .end: return images
            default: continue
            }
        }
    }

    /// A GIF written by giflib's encoder: `frames` images of `width`×`height` indices below
    /// `colours` (a power of two), interlaced or not.
    static func giflibGIF(_ frames: [[UInt8]], width: Int, height: Int, colours: Int, interlaced: Bool) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lzw-\(UUID().uuidString).gif").path
        var error: Int32 = 0
        let gif = try #require(EGifOpenFileName(path, false, &error))
        let palette: [GifColorType] = (0..<colours).map { (i: Int) -> GifColorType in
            let red = UInt8(truncatingIfNeeded: i), green = UInt8(truncatingIfNeeded: i &* 7), blue = UInt8(truncatingIfNeeded: i &* 13)
            return GifColorType(Red: red, Green: green, Blue: blue)
        }
        let map = try #require(GifMakeMapObject(Int32(colours), palette))
        defer { GifFreeMapObject(map) }
        try #require(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map) != GIF_ERROR)
        for frame in frames {
            try #require(EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), interlaced, nil) != GIF_ERROR)
            let rows: [Int] =
                interlaced
                ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Swift.stride(from: start, to: height, by: step) }
                : Array(0..<height)
            var pixels = frame
            try pixels.withUnsafeMutableBufferPointer { buffer in
                for row in rows { try #require(EGifPutLine(gif, buffer.baseAddress! + row * width, Int32(width)) != GIF_ERROR) }
            }
        }
        try #require(EGifCloseFile(gif, &error) != GIF_ERROR)
        return path
    }

    /// Indices below `colours`: noise (short strings), runs (long strings and codes used just as
    /// they are defined) or both, enough of them to fill the 4096-code table and clear it.
    static func picture(width: Int, height: Int, colours: Int, style: Int, rng: inout SeededRandom) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < width * height {
            let value = UInt8(rng.next() % UInt64(colours))
            let run: Int
            switch style {
            case 0: run = 1
            case 1: run = Int(rng.next() % 300) + 1
            default: run = rng.next() % 4 == 0 ? Int(rng.next() % 40) + 1 : 1
            }
            out += repeatElement(value, count: run)
        }
        return Array(out.prefix(width * height))
    }

    @Test(
        "giflib's encoder: the same indices as giflib's decoder, for every code size and style, interlaced or not",
        arguments: [2, 4, 16, 128, 256])
    func matchesGiflib(colours: Int) throws {
        var rng = SeededRandom(seed: UInt64(colours))
        for interlaced in [false, true] {
            for (width, height) in [(1, 1), (7, 3), (97, 41), (300, 120)] {
                let frames = (0..<3).map { style in Self.picture(width: width, height: height, colours: colours, style: style, rng: &rng) }
                let path = try Self.giflibGIF(frames, width: width, height: height, colours: colours, interlaced: interlaced)
                defer { try? FileManager.default.removeItem(atPath: path) }
                let ours = try Self.ourImages(path)
                #expect(ours == frames, "\(colours) colours, \(width)×\(height), interlaced \(interlaced)")
                #expect(ours == (try Self.giflibImages(path)))
            }
        }
    }

    @Test("our writer's GIFs and the fixtures: the same indices as giflib's decoder")
    func matchesGiflibOnFiles() throws {
        var paths = ["recordings/no-trailer", "recordings/interlaced", "disposal/previous", "disposal/background", "disposal/keep"]
            .compactMap { Bundle.module.url(forResource: $0, withExtension: "gif", subdirectory: "Fixtures")?.path }
        #expect(paths.count == 5)
        // Our writer (its own LZW encoder, deferred clears and all) on a frame of every kind.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lzw-writer-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try GIFWriter(url: url, width: 120, height: 80)
        var rng = SeededRandom(seed: 45)
        for k in 0..<6 {
            let words = (0..<(120 * 80)).map { i -> UInt32 in
                k % 2 == 0
                    ? 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next() & 0xFF_FFFF) : (i / 120 + k) % 7 == 0 ? 0xFFFF_0000 : 0xFFFF_FFFF
            }
            try writer.add(PixelBuffer(width: 120, height: 80, premultipliedARGB: words), delay: 5)
        }
        try writer.finish()
        paths.append(url.path)
        for path in paths {
            let ours = try Self.ourImages(path)
            // no-trailer.gif ends without its trailer: giflib's reading stops at the last image.
            let theirs = try? Self.giflibImages(path)
            if let theirs { #expect(ours == theirs, "\(path)") }
            #expect(!ours.isEmpty, "\(path)")
        }
    }

    /// Codes packed as GIF does (least significant bit first), `width` bits each.
    static func pack(_ codes: [(code: Int, width: Int)]) -> [UInt8] {
        var bytes: [UInt8] = [], bits: UInt64 = 0, held = 0
        for (code, width) in codes {
            bits |= UInt64(code) << UInt64(held)
            held += width
            while held >= 8 {
                bytes.append(UInt8(bits & 0xFF))
                bits >>= 8
                held -= 8
            }
        }
        if held > 0 { bytes.append(UInt8(bits & 0xFF)) }
        return bytes
    }

    static func decode(_ data: [UInt8], codeSize: Int, pixels: Int) throws(GIFLZWDecoder.Failure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels)
        var decoder = GIFLZWDecoder()
        try data.withUnsafeBufferPointer { (input) throws(GIFLZWDecoder.Failure) in
            try out.withUnsafeMutableBufferPointer { (output) throws(GIFLZWDecoder.Failure) in
                try decoder.decode(input, minimumCodeSize: codeSize, into: output)
            }
        }
        return out
    }

    @Test("a code used as it is defined (the previous string and its own first index) and a code of a code")
    func definedAsUsed() throws {
        // Code size 2: clear 4, end 5, first free 6; widths 3 bits.
        // 1 → "1"; 6 (being defined: "1"+"1") → "11"; 7 = "11"+"1"... as giflib's encoder writes "1111".
        let data = Self.pack([(4, 3), (1, 3), (6, 3), (1, 3), (5, 3)])
        #expect(try Self.decode(data, codeSize: 2, pixels: 4) == [1, 1, 1, 1])
        // 2, 3, then code 6 ("2 3") and code 7 ("3 2"): 2 3 2 3 3 2.
        let mixed = Self.pack([(4, 3), (2, 3), (3, 3), (6, 3), (7, 4), (5, 4)])
        #expect(try Self.decode(mixed, codeSize: 2, pixels: 6) == [2, 3, 2, 3, 3, 2])
    }

    @Test("code sizes 0 and 1, which no encoder writes but giflib decodes: decoded as giflib does")
    func smallCodeSizes() throws {
        // Code size 0: clear 1, end 2; code size 1: clear 2, end 3 (widths grow from 1 and 2 bits).
        let streams: [(codeSize: Int, codes: [(code: Int, width: Int)], pixels: Int)] = [
            (0, [(1, 1), (0, 1), (3, 2), (0, 3), (2, 3)], 4),
            (1, [(2, 2), (1, 2), (0, 3), (4, 3), (5, 3), (3, 3)], 6)
        ]
        for (codeSize, codes, pixels) in streams {
            let data = Self.pack(codes)
            let path = try Self.wrap(data, codeSize: codeSize, width: pixels, height: 1)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let theirs = try Self.giflibImages(path)
            #expect(theirs.count == 1)
            #expect([try Self.decode(data, codeSize: codeSize, pixels: pixels)] == theirs, "code size \(codeSize)")
        }
    }

    @Test("megabytes of blocks after an image's last pixel are read past, as giflib does; codes past 2 bytes a pixel are refused")
    func dataBeyondThePixels() throws {
        // Code size 2, a 2×2 image: clear, 1, 6 ("1 1"), 1, end; then 400 blocks of junk.
        let picture = Self.pack([(4, 3), (1, 3), (6, 3), (1, 3), (5, 3)])
        let junk = [UInt8](repeating: 0xAB, count: 255 * 400)
        let path = try Self.wrap(picture + junk, codeSize: 2, width: 2, height: 2)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.ourImages(path) == [[1, 1, 1, 1]])
        #expect(try Self.giflibImages(path) == [[1, 1, 1, 1]])
        // 300 clear codes first (a valid stream giflib decodes, but no encoder's): more bytes
        // than 2 a pixel before the last pixel, refused by name rather than kept in memory.
        let padded = Self.pack(Array(repeating: (4, 3), count: 300) + [(1, 3), (6, 3), (1, 3), (5, 3)])
        let long = try Self.wrap(padded, codeSize: 2, width: 2, height: 2)
        defer { try? FileManager.default.removeItem(atPath: long) }
        #expect(try Self.giflibImages(long) == [[1, 1, 1, 1]])
        #expect {
            _ = try Self.ourImages(long)
        } throws: { error in
            "\(error)".contains("frame 1 is corrupt: its data needs more than 2 bytes a pixel (72 bytes for 2×2 px)")
        }
    }

    @Test("broken data: the failure says what is wrong (undefined code, early end, too few bytes, code size)")
    func brokenData() {
        #expect(throws: GIFLZWDecoder.Failure.undefinedCode(7)) {
            try Self.decode(Self.pack([(4, 3), (1, 3), (7, 3)]), codeSize: 2, pixels: 4)
        }
        #expect(throws: GIFLZWDecoder.Failure.undefinedCode(6)) {
            try Self.decode(Self.pack([(4, 3), (6, 3)]), codeSize: 2, pixels: 4)
        }
        #expect(throws: GIFLZWDecoder.Failure.endTooSoon(pixels: 1)) {
            try Self.decode(Self.pack([(4, 3), (1, 3), (5, 3)]), codeSize: 2, pixels: 4)
        }
        // Six bits in one byte: the two left over are not a code.
        #expect(throws: GIFLZWDecoder.Failure.truncated(pixels: 1)) {
            try Self.decode(Self.pack([(4, 3), (1, 3)]), codeSize: 2, pixels: 40)
        }
        #expect(throws: GIFLZWDecoder.Failure.codeSize(9)) { try Self.decode([0, 0], codeSize: 9, pixels: 4) }
        #expect(throws: GIFLZWDecoder.Failure.truncated(pixels: 0)) { try Self.decode([], codeSize: 8, pixels: 4) }
    }

    @Test("random data: never a crash; whenever it decodes, giflib decodes it to the same indices")
    func randomData() throws {
        var rng = SeededRandom(seed: 4545)
        var agreed = 0
        for trial in 0..<400 {
            let codeSize = [2, 3, 8][trial % 3]
            let width = Int(rng.next() % 40) + 1, height = Int(rng.next() % 8) + 1
            var data = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            // A third are random bytes; a third a valid picture's codes with a byte changed; a
            // third a valid picture's codes as they are.
            if trial % 3 != 0 {
                let pixels = Self.picture(width: width, height: height, colours: 1 << codeSize, style: trial % 3, rng: &rng)
                let path = try Self.giflibGIF([pixels], width: width, height: height, colours: 1 << codeSize, interlaced: false)
                defer { try? FileManager.default.removeItem(atPath: path) }
                data = try Self.imageData(path)
                if trial % 3 == 1, !data.isEmpty { data[Int(rng.next() % UInt64(data.count))] ^= UInt8(truncatingIfNeeded: rng.next() | 1) }
            }
            guard let ours = try? Self.decode(data, codeSize: codeSize, pixels: width * height) else {
                #expect(trial % 3 != 2, "a valid picture's codes decode (trial \(trial))")
                continue
            }
            let path = try Self.wrap(data, codeSize: codeSize, width: width, height: height)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(try Self.giflibImages(path) == [ours], "trial \(trial)")
            agreed += 1
        }
        #expect(agreed >= 133, "every valid stream and some broken ones decode to compare")
    }

    /// The first image's data blocks of `path`, joined.
    static func imageData(_ path: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // giflib's encoder writes: header 13, global table, image descriptor 10, code size, blocks.
        let table = 3 << ((Int(bytes[10]) & 7) + 1)
        var at = 13 + table + 10 + 1
        var data: [UInt8] = []
        while at < bytes.count, bytes[at] != 0 {
            let n = Int(bytes[at])
            data += bytes[(at + 1)..<min(bytes.count, at + 1 + n)]
            at += n + 1
        }
        return data
    }

    /// `data` as the only image of a GIF whose table has 2^codeSize entries.
    static func wrap(_ data: [UInt8], codeSize: Int, width: Int, height: Int) throws -> String {
        let tableBits = UInt8(max(1, codeSize) - 1)
        var b =
            Array("GIF89a".utf8) + [UInt8(width & 255), UInt8(width >> 8), UInt8(height & 255), UInt8(height >> 8), 0x80 | tableBits, 0, 0]
        b += [UInt8](repeating: 0x40, count: 3 << (Int(tableBits) + 1))
        b += [0x2C, 0, 0, 0, 0, UInt8(width & 255), UInt8(width >> 8), UInt8(height & 255), UInt8(height >> 8), 0, UInt8(codeSize)]
        var at = 0
        while at < data.count {
            let n = min(255, data.count - at)
            b.append(UInt8(n))
            b += data[at..<at + n]
            at += n
        }
        b += [0, 0x3B]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lzw-random-\(UUID().uuidString).gif").path
        try Data(b).write(to: URL(fileURLWithPath: path))
        return path
    }
}
