import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// The page PNGs' palette indexing (encodeCompact): the same palette, in the same order, and
/// the same indices as a dictionary keyed by colour (the first implementation, kept here as
/// the oracle), so pages keep their bytes.
@Suite("Palette indexing")
struct PaletteIndexingTests {
    /// The first implementation: colours in the order they first appear, nil past 256.
    static func oracle(_ pixels: PixelBuffer) -> (palette: [UInt32], indices: [UInt8])? {
        var index: [UInt32: UInt8] = [:]
        var palette: [UInt32] = []
        for word in pixels.premultipliedARGB where index[word] == nil {
            guard palette.count < 256 else { return nil }
            index[word] = UInt8(palette.count)
            palette.append(word)
        }
        return (palette, pixels.premultipliedARGB.map { index[$0]! })
    }

    /// A frame of `colours` random colours laid in runs (as UI art is), some translucent.
    static func frame(colours: Int, width: Int = 97, height: Int = 41, seed: UInt64) -> PixelBuffer {
        var rng = SeededRandom(seed: seed)
        let palette = (0..<colours).map { _ in UInt32(truncatingIfNeeded: rng.next()) | (rng.next() % 3 == 0 ? 0 : 0xFF00_0000) }
        var words: [UInt32] = []
        while words.count < width * height {
            let run = Int(rng.next() % 9) + 1
            words += Array(repeating: palette[Int(rng.next() % UInt64(colours))], count: run)
        }
        // Every colour at least once, so the count is exact.
        for (i, c) in palette.enumerated() { words[(i * 7919) % (width * height)] = c }
        return PixelBuffer(width: width, height: height, premultipliedARGB: Array(words.prefix(width * height)))
    }

    @Test("Up to 256 colours: palette and indices as the dictionary gives them", arguments: [1, 2, 17, 200, 255, 256])
    func matchesOracle(colours: Int) throws {
        for seed in 0..<8 as Range<UInt64> {
            let pixels = Self.frame(colours: colours, seed: seed &* 31 &+ UInt64(colours))
            let expected = try #require(Self.oracle(pixels))
            let got = try #require(PaletteIndexing.index(pixels))
            #expect(got.palette == expected.palette)
            #expect(got.indices == expected.indices)
        }
    }

    @Test("Past 256 colours there is no palette, and the page PNG is a full-colour one at the frames' level")
    func overflow() throws {
        let pixels = Self.frame(colours: 300, seed: 5)
        #expect(Self.oracle(pixels) == nil)
        #expect(PaletteIndexing.index(pixels) == nil)
        let png = try PNGEncoder.encodeCompact(pixels)
        #expect(png[25] == 6 || png[25] == 2)  // IHDR colour type: RGBA or RGB, not palette (3)
        #expect(png == (try PNGEncoder.encode(pixels)), "the frames' own fast level, not a slower one")
        let small = try PNGEncoder.encodeCompact(Self.frame(colours: 256, seed: 5))
        #expect(small[25] == 3)
    }

    /// The IDAT chunk's data (the only one encodeCompact writes) from a PNG.
    static func imageData(_ png: [UInt8]) -> [UInt8] {
        var at = 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[at + 4..<at + 8].elementsEqual("IDAT".utf8) { return Array(png[at + 8..<at + 8 + length]) }
            at += 12 + length
        }
        return []
    }

    @Test("Palette pictures: zlib's best level when a fast pass shrinks them under a quarter (flat art), the fast one for dither")
    func paletteLevel() throws {
        func raw(_ pixels: PixelBuffer) throws -> [UInt8] {
            let indices = try #require(PaletteIndexing.index(pixels)).indices
            return (0..<pixels.height).flatMap { y in [0] + indices[(y * pixels.width)..<((y + 1) * pixels.width)] }
        }
        // Flat: long runs of few colours.
        let flat = PixelBuffer(
            width: 120, height: 60,
            premultipliedARGB: (0..<7200).map { $0 % 120 < 40 ? 0xFF00_7AFF : $0 / 120 % 9 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF })
        let flatRaw = try raw(flat)
        #expect(try PNGEncoder.deflate(flatRaw, level: PNGEncoder.defaultLevel, what: "").count * 4 < flatRaw.count)
        #expect(Self.imageData(try PNGEncoder.encodeCompact(flat)) == (try PNGEncoder.deflate(flatRaw, level: 9, what: "")))
        // Not thorough (pictures looked at once): the fast level only.
        #expect(
            Self.imageData(try PNGEncoder.encodeCompact(flat, thorough: false))
                == (try PNGEncoder.deflate(flatRaw, level: PNGEncoder.defaultLevel, what: "")))
        // Dither: 64 greys in a pseudo-random order barely compress.
        var rng = SeededRandom(seed: 7)
        let dither = PixelBuffer(
            width: 120, height: 60, premultipliedARGB: (0..<7200).map { _ in 0xFF00_0000 | UInt32(rng.next() % 64) * 0x0001_0101 })
        let ditherRaw = try raw(dither)
        #expect(
            Self.imageData(try PNGEncoder.encodeCompact(dither))
                == (try PNGEncoder.deflate(ditherRaw, level: PNGEncoder.defaultLevel, what: "")))
        #expect(
            try PNGEncoder.deflate(ditherRaw, level: 9, what: "") != PNGEncoder.deflate(ditherRaw, level: PNGEncoder.defaultLevel, what: "")
        )
    }
}
