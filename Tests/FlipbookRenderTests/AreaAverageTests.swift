import Foundation
import Testing

@testable import FlipbookRender

/// PixelBuffer.areaAveraged: each result pixel is the area-weighted mean of the premultiplied
/// pixels it covers, rounded (compared with the same mean computed in floating point).
@Suite("area-averaged pictures")
struct AreaAverageTests {
    /// Random premultiplied pixels: a random alpha, each channel at most it.
    static func picture(width: Int, height: Int, seed: UInt64) -> PixelBuffer {
        var rng = SeededRandom(seed: seed)
        let words = (0..<width * height).map { _ -> UInt32 in
            let a = UInt32(rng.next() % 256)
            func c() -> UInt32 { a == 0 ? 0 : UInt32(rng.next() % UInt64(a + 1)) }
            return a << 24 | c() << 16 | c() << 8 | c()
        }
        return PixelBuffer(width: width, height: height, premultipliedARGB: words)
    }

    /// The same mean in Doubles: source pixel i spans [i, i + 1) scaled by target/count.
    static func reference(_ p: PixelBuffer, width w: Int, height h: Int) -> [[Double]] {
        func weights(_ count: Int, _ target: Int, _ cell: Int) -> [(Int, Double)] {
            let scale = Double(target) / Double(count)
            return (0..<count).compactMap { i in
                let overlap = min(Double(i + 1) * scale, Double(cell + 1)) - max(Double(i) * scale, Double(cell))
                return overlap > 0 ? (i, overlap) : nil
            }
        }
        var out: [[Double]] = []
        for y in 0..<h {
            let ys = weights(p.height, h, y)
            for x in 0..<w {
                var sum = [0.0, 0.0, 0.0, 0.0]
                for (sx, wx) in weights(p.width, w, x) {
                    for (sy, wy) in ys {
                        let v = p.premultipliedARGB[sy * p.width + sx]
                        for (k, shift) in [24, 16, 8, 0].enumerated() { sum[k] += Double(v >> UInt32(shift) & 0xFF) * wx * wy }
                    }
                }
                out.append(sum)
            }
        }
        return out
    }

    static func channels(_ v: UInt32) -> [Int] { [24, 16, 8, 0].map { Int(v >> UInt32($0) & 0xFF) } }

    @Test("halving: each pixel the mean of its 2×2 block, halves rounded up; the halving path and the coverage path agree")
    func halving() {
        let p = Self.picture(width: 40, height: 30, seed: 1)
        let small = p.areaAveraged(width: 20, height: 15)
        #expect(p.halved() == p.averagedByCoverage(width: 20, height: 15))
        let white = PixelBuffer(width: 4, height: 2, premultipliedARGB: [UInt32](repeating: 0xFFFF_FFFF, count: 8))
        #expect(white.halved().premultipliedARGB == [0xFFFF_FFFF, 0xFFFF_FFFF], "no carry between channels")
        for y in 0..<15 {
            for x in 0..<20 {
                let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Self.channels(p.premultipliedARGB[(2 * y + $0.1) * 40 + 2 * x + $0.0]) }
                let expected = (0..<4).map { k in (block.map { $0[k] }.reduce(0, +) + 2) / 4 }
                #expect(Self.channels(small.premultipliedARGB[y * 20 + x]) == expected, "(\(x), \(y))")
            }
        }
    }

    @Test(
        "other ratios: within one level of the exact area-weighted mean, and still premultiplied",
        arguments: [(373, 220, 116, 69), (7, 5, 3, 2), (100, 1, 33, 1), (9, 9, 9, 4), (5, 3, 1, 1)])
    func otherRatios(size: (Int, Int, Int, Int)) {
        let (w, h, tw, th) = size
        let p = Self.picture(width: w, height: h, seed: UInt64(w * 1000 + h))
        let small = p.areaAveraged(width: tw, height: th)
        #expect(small.width == tw && small.height == th)
        let exact = Self.reference(p, width: tw, height: th)
        var worst = 0.0
        for (i, v) in small.premultipliedARGB.enumerated() {
            let c = Self.channels(v)
            for k in 0..<4 { worst = max(worst, abs(Double(c[k]) - exact[i][k])) }
            #expect(c[1] <= c[0] && c[2] <= c[0] && c[3] <= c[0], "pixel \(i) is not premultiplied: \(c)")
        }
        // Rounding to a level (0.5), plus the edges' rounding to 4096ths: each of a pixel's four
        // edges moves at most half a 4096th, shifting at most 255 × 0.5/4096 of weight (0.125).
        #expect(worst <= 0.5 + 0.125, "\(w)×\(h) → \(tw)×\(th): \(worst) levels from the exact mean")
    }

    @Test("a flat picture stays flat; a row far wider than the result (spans rounding to nothing) averages whole")
    func flatAndExtreme() {
        let flat = PixelBuffer(width: 50, height: 40, premultipliedARGB: [UInt32](repeating: 0xFF12_3456, count: 2000))
        #expect(flat.areaAveraged(width: 13, height: 7).premultipliedARGB.allSatisfy { $0 == 0xFF12_3456 })
        // 10000 px into 1: a source pixel is 0.41 of a 4096th; half the pixels black, half white.
        let wide = PixelBuffer(width: 10000, height: 1, premultipliedARGB: (0..<10000).map { $0 < 5000 ? 0xFF00_0000 : 0xFFFF_FFFF })
        let one = wide.areaAveraged(width: 1, height: 1).premultipliedARGB[0]
        #expect(one >> 24 == 255 && abs(Int(one & 0xFF) - 128) <= 1, "\(String(one, radix: 16))")
    }
}
