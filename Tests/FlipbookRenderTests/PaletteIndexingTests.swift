import FlipbookCore
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
}
