import FlipbookRender
import FlipbookScenario
import Foundation
import Testing

@testable import FlipbookComparison
@testable import FlipbookGolden

/// `ImageComparison.compare` reads premultiplied words and turns only differing pixels (and the
/// anti-aliasing test's neighbours) into straight RGBA (issue 45): its figures must be the
/// whole-frame straight-RGBA comparison's, for any words.
@Suite("image comparison over premultiplied words")
struct ImageComparisonWordTests {
    /// The comparison as it was: both frames converted to straight RGBA first.
    static func wholeFrame(_ e: PixelBuffer, _ f: PixelBuffer, _ tolerance: GoldenSpec.Tolerance?) -> FrameDifference {
        let w = e.width, h = e.height
        let a = e.rgba, b = f.rgba
        let threshold = tolerance.map { ImageComparison.maxDelta * $0.threshold * $0.threshold } ?? 0
        var differing = 0, largest = 0.0, at = (0, 0)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let delta = ImageComparison.colorDelta(a, b, i, i)
                if delta == 0 { continue }
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                if delta > largest { (largest, at) = (delta, (x, y)) }
                guard delta > threshold else { continue }
                if let tolerance, tolerance.ignoreAntialiasing,
                    Self.antialiased(a, x, y, w, h, b) || Self.antialiased(b, x, y, w, h, a)
                {
                    continue
                }
                differing += 1
            }
        }
        return FrameDifference(
            differingPixels: differing, totalPixels: w * h, largestDistance: (largest / ImageComparison.maxDelta).squareRoot(),
            largestAt: at, bounds: maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1), sizeMismatch: false)
    }

    /// The anti-aliasing test as it was, on straight RGBA bytes (pixelmatch's).
    static func antialiased(_ img: [UInt8], _ x1: Int, _ y1: Int, _ w: Int, _ h: Int, _ other: [UInt8]) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let pos = (y1 * w + x1) * 4
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0, minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = ImageComparison.colorDelta(img, img, pos, (y * w + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = x
                    minY = y
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY, w, h) && hasManySiblings(other, minX, minY, w, h))
            || (hasManySiblings(img, maxX, maxY, w, h) && hasManySiblings(other, maxX, maxY, w, h))
    }

    private static func hasManySiblings(_ img: [UInt8], _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let pos = (y1 * w + x1) * 4
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let p = (y * w + x) * 4
                if img[pos] == img[p] && img[pos + 1] == img[p + 1] && img[pos + 2] == img[p + 2] && img[pos + 3] == img[p + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }


    /// The difference picture as it was: both frames converted to straight RGBA first.
    static func wholeFrameDiffImage(_ e: PixelBuffer, _ f: PixelBuffer, _ tolerance: GoldenSpec.Tolerance?) -> PixelBuffer {
        let w = e.width, h = e.height
        var out = [UInt8](repeating: 255, count: w * h * 4)
        let a = e.rgba, b = f.rgba
        let threshold = tolerance.map { ImageComparison.maxDelta * $0.threshold * $0.threshold } ?? 0
        for i in stride(from: 0, to: w * h * 4, by: 4) {
            let delta = ImageComparison.colorDelta(a, b, i, i)
            let x = i / 4 % w, y = i / 4 / w
            if delta > threshold && delta > 0 {
                let aa = tolerance?.ignoreAntialiasing == true && (Self.antialiased(a, x, y, w, h, b) || Self.antialiased(b, x, y, w, h, a))
                (out[i], out[i + 1], out[i + 2], out[i + 3]) = (255, aa ? 255 : 0, 0, 255)
            } else {
                let alpha = Double(a[i + 3]) / 255
                func blend(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * alpha }
                let luma = blend(a[i]) * 0.29889531 + blend(a[i + 1]) * 0.58662247 + blend(a[i + 2]) * 0.11448223
                let grey = UInt8(255 - (255 - luma) * 0.15)
                (out[i], out[i + 1], out[i + 2], out[i + 3]) = (grey, grey, grey, 255)
            }
        }
        return PixelBuffer(width: w, height: h, rgba: out)
    }

    @Test("random frames (soft edges, transparency, raw words) and changes give the whole-frame figures", arguments: 0..<60)
    func sameAsWholeFrame(seed: Int) {
        var generator = Self.Generator(seed: seed, salt: 1)
        func random(_ n: Int) -> Int { generator.next(below: n) }
        let w = 1 + random(24), h = 1 + random(24)
        var base = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h) {
            let x = i % w, y = i / w
            let v = UInt8(((x / 4 + y / 4) % 2) * 200 + (x % 4 == 0 ? 27 : 0))
            base[i * 4] = v
            base[i * 4 + 1] = UInt8(255 - Int(v))
            base[i * 4 + 2] = UInt8(random(256))
            base[i * 4 + 3] = UInt8([255, 255, 255, 128, 0][random(5)])
        }
        var changed = base
        for _ in 0..<(1 + random(w * h)) {
            let i = random(w * h) * 4
            changed[i] = UInt8(random(256))
            changed[i + 3] = UInt8([255, 200, 0][random(3)])
        }
        var e = PixelBuffer(width: w, height: h, rgba: base), f = PixelBuffer(width: w, height: h, rgba: changed)
        if seed % 5 == 0 {
            // Raw words, premultiplied or not: the two readings must still agree.
            e = PixelBuffer(
                width: w, height: h, premultipliedARGB: (0..<(w * h)).map { _ in UInt32(truncatingIfNeeded: random(Int(Int32.max))) })
            f = PixelBuffer(width: w, height: h, premultipliedARGB: e.premultipliedARGB.map { random(3) == 0 ? $0 ^ 0x0101_0101 : $0 })
        }
        for tolerance in [
            nil, GoldenSpec.Tolerance(threshold: 0.1, share: 1, ignoreAntialiasing: true),
            GoldenSpec.Tolerance(threshold: 0.1, share: 1, ignoreAntialiasing: false)
        ] {
            #expect(ImageComparison.diffImage(e, f, tolerance: tolerance) == Self.wholeFrameDiffImage(e, f, tolerance), "seed \(seed)")
            let got = ImageComparison.compare(e, f, tolerance: tolerance), want = Self.wholeFrame(e, f, tolerance)
            #expect(ImageComparison.differingPixels(e, f, tolerance: tolerance) == want.differingPixels, "seed \(seed)")
            #expect(ImageComparison.differingShare(e, f, tolerance: tolerance) == got.share)
            #expect(got.differingPixels == want.differingPixels && got.largestDistance == want.largestDistance, "seed \(seed) \(w)×\(h)")
            #expect(
                got.largestAt == want.largestAt
                    && got.bounds.map { [$0.x, $0.y, $0.width, $0.height] } == want.bounds.map { [$0.x, $0.y, $0.width, $0.height] })
        }
    }

    @Test("the count alone: dither-like noise around the quiet bound counts as the full comparison does", arguments: 0..<20)
    func countUnderNoise(seed: Int) {
        var generator = Self.Generator(seed: seed, salt: 7)
        func random(_ n: Int) -> Int { generator.next(below: n) }
        // Widths that leave 0 to 7 pixels after the last run of eight (passed over together).
        let w = 40 + seed % 8, h = 29
        let base = (0..<(w * h)).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: random(1 << 24)) }
        // Each channel moved by up to ±40, half the pixels red one way and green and blue the
        // other (the direction YIQ weighs most): on both sides of the bound (17 at threshold 0.1)
        // and of the true distance's threshold (about 25 that way).
        let moved = base.enumerated().map { i, word -> UInt32 in
            guard random(4) > 0 else { return word }
            let d = random(41), opposed = random(2) == 0
            var signs = [1, -1, -1]
            if !opposed { signs = (0..<3).map { _ in random(2) == 0 ? 1 : -1 } }
            var channel = 0
            func shift(_ c: UInt32) -> UInt32 {
                defer { channel += 1 }
                return UInt32(min(255, max(0, Int(c) + signs[channel] * (opposed ? d : random(d + 1)))))
            }
            let alpha: UInt32 = i % 97 == 0 ? 0x8000_0000 : 0xFF00_0000  // a few translucent ones
            let rgb = shift(word >> 16 & 0xFF) << 16 | shift(word >> 8 & 0xFF) << 8 | shift(word & 0xFF)
            guard alpha != 0xFF00_0000 else { return alpha | rgb }
            return PixelBuffer(width: 1, height: 1, rgba: [UInt8(rgb >> 16), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF), 128])
                .premultipliedARGB[0]
        }
        let e = PixelBuffer(width: w, height: h, premultipliedARGB: base), f = PixelBuffer(width: w, height: h, premultipliedARGB: moved)
        for tolerance in [
            nil, GoldenSpec.Tolerance(threshold: 0.1, share: 1, ignoreAntialiasing: false),
            GoldenSpec.Tolerance(threshold: 0.1, share: 1, ignoreAntialiasing: true),
            GoldenSpec.Tolerance(threshold: 0.05, share: 1, ignoreAntialiasing: false)
        ] {
            let want = Self.wholeFrame(e, f, tolerance).differingPixels
            #expect(ImageComparison.differingPixels(e, f, tolerance: tolerance) == want, "seed \(seed), \(String(describing: tolerance))")
            #expect(want > 0)
        }
    }

    @Test("quiet frames with one differing pixel in each run of eight: counted as the full comparison does", arguments: 0..<8)
    func oneLoudPixelAmongQuietOnes(seed: Int) {
        var generator = Self.Generator(seed: seed, salt: 11)
        func random(_ n: Int) -> Int { generator.next(below: n) }
        let w = 64 + seed, h = 16
        let base = (0..<(w * h)).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: random(1 << 24)) & 0x00C0_C0C0 | 0x0020_2020 }
        // Every pixel moved by at most 17 per channel (quiet at threshold 0.1: passed over), and
        // in every run of eight one moved by 26 to 30 with red up and green and blue down (YIQ's
        // largest distance per channel step, 0.5416 d²: past the threshold, 352.15, from 26 on).
        let moved = base.enumerated().map { i, word -> UInt32 in
            let loud = i % 8 == (i / 8 + seed) % 8
            let d = loud ? 26 + random(5) : random(18)
            let r = Int(word >> 16 & 0xFF) + d, g = Int(word >> 8 & 0xFF) - d, b = Int(word & 0xFF) - (loud ? d : random(d + 1))
            return 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
        let e = PixelBuffer(width: w, height: h, premultipliedARGB: base), f = PixelBuffer(width: w, height: h, premultipliedARGB: moved)
        let tolerance = GoldenSpec.Tolerance(threshold: 0.1, share: 1, ignoreAntialiasing: false)
        let want = Self.wholeFrame(e, f, tolerance).differingPixels
        #expect(ImageComparison.differingPixels(e, f, tolerance: tolerance) == want, "seed \(seed)")
        #expect(want == (w * h + 7) / 8 || want == w * h / 8, "one in each run of eight: \(want)")
    }

    /// The tests' seeded generator (a 64-bit LCG; `salt` keeps each test's sequence its own).
    struct Generator {
        var state: UInt64
        init(seed: Int, salt: UInt64) { state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ salt }
        /// The next integer in 0..<n (0 when n ≤ 1).
        mutating func next(below n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, n)))
        }
    }
}
