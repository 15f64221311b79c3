import FlipbookCore
import FlipbookRender
import FlipbookScenario
import Foundation

/// How two frames differ, in numbers that locate the difference (never only a ratio: a loose
/// share must not hide a small moved icon).
public struct FrameDifference: Sendable, Equatable {
    /// Pixels whose colour distance exceeds the threshold (anti-aliased ones excluded when asked).
    public var differingPixels: Int
    public var totalPixels: Int
    /// The largest distance of any pixel, 0…1 of the largest possible YIQ distance.
    public var largestDistance: Double
    /// Where the largest distance is.
    public var largestAt: (x: Int, y: Int)
    /// The bounding box of every pixel that differs at all (nil when none does).
    public var bounds: (x: Int, y: Int, width: Int, height: Int)?
    /// Whether the sizes differ (then nothing else is compared).
    public var sizeMismatch: Bool

    package init(
        differingPixels: Int, totalPixels: Int, largestDistance: Double, largestAt: (x: Int, y: Int),
        bounds: (x: Int, y: Int, width: Int, height: Int)?, sizeMismatch: Bool
    ) {
        self.differingPixels = differingPixels
        self.totalPixels = totalPixels
        self.largestDistance = largestDistance
        self.largestAt = largestAt
        self.bounds = bounds
        self.sizeMismatch = sizeMismatch
    }

    public var share: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
    public var isIdentical: Bool { !sizeMismatch && largestDistance == 0 }

    public static func == (a: FrameDifference, b: FrameDifference) -> Bool {
        a.differingPixels == b.differingPixels && a.totalPixels == b.totalPixels && a.largestDistance == b.largestDistance
            && a.largestAt == b.largestAt && a.sizeMismatch == b.sizeMismatch
            && a.bounds.map { [$0.x, $0.y, $0.width, $0.height] } == b.bounds.map { [$0.x, $0.y, $0.width, $0.height] }
    }

    /// Whether this difference is within `tolerance` (nil: identical pixels required).
    public func passes(_ tolerance: GoldenSpec.Tolerance?) -> Bool {
        if sizeMismatch { return false }
        guard let tolerance else { return isIdentical }
        return share <= tolerance.share
    }
}

/// Compares frames as pixelmatch does: YIQ colour distance with pixels blended over white,
/// optional anti-aliasing detection, and a highlighted difference image.
public enum ImageComparison {
    /// The largest YIQ squared distance (black against white).
    static let maxDelta = 35215.0

    /// Compares `actual` with `expected`; `tolerance` sets the per-pixel threshold and whether
    /// anti-aliased pixels are ignored (nil: any change counts).
    public static func compare(
        _ expected: PixelBuffer, _ actual: PixelBuffer,
        tolerance: GoldenSpec.Tolerance? = nil
    ) -> FrameDifference {
        let w = expected.width, h = expected.height
        guard w == actual.width, h == actual.height else {
            return FrameDifference(
                differingPixels: max(w * h, actual.width * actual.height), totalPixels: max(w * h, actual.width * actual.height),
                largestDistance: 1, largestAt: (0, 0), bounds: (0, 0, max(w, actual.width), max(h, actual.height)),
                sizeMismatch: true)
        }
        if expected.premultipliedARGB == actual.premultipliedARGB {
            return FrameDifference(
                differingPixels: 0, totalPixels: w * h, largestDistance: 0, largestAt: (0, 0), bounds: nil,
                sizeMismatch: false)
        }
        // Read as premultiplied words: a pixel is turned into straight RGBA only where the
        // words differ (and its neighbours only for the anti-aliasing test), not whole frames.
        let a = expected.premultipliedARGB, b = actual.premultipliedARGB
        let threshold = tolerance.map { maxDelta * $0.threshold * $0.threshold } ?? 0
        var differing = 0, largest = 0.0, at = (0, 0)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                if a[i] == b[i] { continue }
                let p = PixelBuffer.straight(a[i]), q = PixelBuffer.straight(b[i])
                if p == q { continue }
                let delta = colorDelta(p, q)
                if delta == 0 { continue }
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
                if delta > largest {
                    largest = delta
                    at = (x, y)
                }
                guard delta > threshold else { continue }
                if let tolerance, tolerance.ignoreAntialiasing,
                    antialiased(words: a, x, y, w, h, other: b) || antialiased(words: b, x, y, w, h, other: a)
                {
                    continue
                }
                differing += 1
            }
        }
        return FrameDifference(
            differingPixels: differing, totalPixels: w * h, largestDistance: (largest / maxDelta).squareRoot(),
            largestAt: at, bounds: maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1),
            sizeMismatch: false)
    }

    /// `compare(...).differingPixels` alone, for callers that want only the count (compare's
    /// figures, a recording's change profile): a pair of opaque pixels whose channels differ by
    /// at most d cannot be further apart than 1.144 d² in YIQ (the sums of the weights' sizes,
    /// squared and weighted), so such a pair under the threshold is passed over without the
    /// colour arithmetic. A recording's dither moves every pixel a little; this skips it.
    public static func differingPixels(_ expected: PixelBuffer, _ actual: PixelBuffer, tolerance: GoldenSpec.Tolerance? = nil) -> Int {
        let w = expected.width, h = expected.height
        guard w == actual.width, h == actual.height else { return max(w * h, actual.width * actual.height) }
        let a = expected.premultipliedARGB, b = actual.premultipliedARGB
        let threshold = tolerance.map { maxDelta * $0.threshold * $0.threshold } ?? 0
        // The largest channel difference (squared) certain to stay at or under the threshold;
        // 1.1440 rounds the bound's 1.14391 up.
        let quiet = Int((threshold / 1.1440).squareRoot().rounded(.down))
        var differing = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                // Whether pixel i differs, as `compare` counts it.
                func differs(_ i: Int) -> Bool {
                    let p = a[i], q = b[i]
                    if p == q { return false }
                    if p >> 24 == 255 && q >> 24 == 255 {
                        let dr = abs(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF))
                        let dg = abs(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF))
                        let db = abs(Int(p & 0xFF) - Int(q & 0xFF))
                        if max(dr, dg, db) <= quiet { return false }
                    }
                    let delta = colorDelta(PixelBuffer.straight(p), PixelBuffer.straight(q))
                    guard delta > threshold, delta > 0 else { return false }
                    let x = i % w, y = i / w
                    if let tolerance, tolerance.ignoreAntialiasing,
                        antialiased(words: expected.premultipliedARGB, x, y, w, h, other: actual.premultipliedARGB)
                            || antialiased(words: actual.premultipliedARGB, x, y, w, h, other: expected.premultipliedARGB)
                    {
                        return false
                    }
                    return true
                }
                // Eight pixels at a time, passed over together when each is equal or both opaque
                // and within `quiet` in every channel (the same tests `differs` makes first): a
                // dithered recording's frames are mostly such pixels.
                let n = w * h
                let pa = UnsafeRawPointer(a.baseAddress!), pb = UnsafeRawPointer(b.baseAddress!)
                let limit = SIMD8<UInt32>(repeating: UInt32(max(0, min(quiet, 255))))
                let opaque = SIMD8<UInt32>(repeating: 255), byte = SIMD8<UInt32>(repeating: 0xFF)
                var i = 0
                while i + 8 <= n {
                    let p = pa.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<UInt32>.self)
                    let q = pb.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<UInt32>.self)
                    let equal = p .== q
                    if all(equal) {
                        i += 8
                        continue
                    }
                    func channelDifference(_ shift: UInt32) -> SIMD8<UInt32> {
                        let u = (p &>> shift) & byte, v = (q &>> shift) & byte
                        return pointwiseMax(u, v) &- pointwiseMin(u, v)
                    }
                    let quietPair =
                        (p &>> 24 .== opaque) .& (q &>> 24 .== opaque) .& (channelDifference(16) .<= limit)
                        .& (channelDifference(8) .<= limit) .& (channelDifference(0) .<= limit)
                    if !all(equal .| quietPair) {
                        for k in i..<i + 8 where differs(k) { differing += 1 }
                    }
                    i += 8
                }
                for k in i..<n where differs(k) { differing += 1 }
            }
        }
        return differing
    }

    /// `compare(...).share` by way of `differingPixels`.
    public static func differingShare(_ expected: PixelBuffer, _ actual: PixelBuffer, tolerance: GoldenSpec.Tolerance? = nil) -> Double {
        let total = max(expected.width * expected.height, actual.width * actual.height)
        return total == 0 ? 0 : Double(differingPixels(expected, actual, tolerance: tolerance)) / Double(total)
    }

    /// A picture of the difference: the expected frame faded, pixels that differ in red
    /// (anti-aliased ones in yellow when ignored).
    public static func diffImage(_ expected: PixelBuffer, _ actual: PixelBuffer, tolerance: GoldenSpec.Tolerance? = nil) -> PixelBuffer {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        guard expected.width == actual.width, expected.height == actual.height else {
            var out = [UInt8](repeating: 255, count: w * h * 4)
            for i in stride(from: 0, to: out.count, by: 4) {
                out[i + 1] = 0
                out[i + 2] = 0
            }
            return PixelBuffer(width: w, height: h, rgba: out)
        }
        // Read as premultiplied words, as `compare` does: equal words are unchanged pixels, and
        // the faded grey of a run of one colour is worked out once.
        let ew = expected.premultipliedARGB, aw = actual.premultipliedARGB
        let threshold = tolerance.map { maxDelta * $0.threshold * $0.threshold } ?? 0
        var lastWord: UInt32 = 0, lastGrey: UInt32 = 0, haveLast = false
        let words = [UInt32](unsafeUninitializedCapacity: w * h) { dst, initialized in
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * w + x
                    let e = ew[i]
                    if e != aw[i] {
                        let delta = colorDelta(PixelBuffer.straight(e), PixelBuffer.straight(aw[i]))
                        if delta > threshold && delta > 0 {
                            let aa =
                                tolerance?.ignoreAntialiasing == true
                                && (antialiased(words: ew, x, y, w, h, other: aw) || antialiased(words: aw, x, y, w, h, other: ew))
                            dst[i] = aa ? 0xFFFF_FF00 : 0xFFFF_0000  // yellow, red
                            continue
                        }
                    }
                    // Grey, light: where the frame is, for orientation.
                    if !haveLast || e != lastWord {
                        let grey = UInt32(UInt8(255 - (255 - luma(PixelBuffer.straight(e))) * 0.15))
                        (lastWord, lastGrey, haveLast) = (e, 0xFF00_0000 | grey << 16 | grey << 8 | grey, true)
                    }
                    dst[i] = lastGrey
                }
            }
            initialized = w * h
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }

    private static func luma(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
        let alpha = Double(p.a) / 255
        func blend(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * alpha }
        return blend(p.r) * 0.29889531 + blend(p.g) * 0.58662247 + blend(p.b) * 0.11448223
    }

    /// pixelmatch's YIQ squared distance, colours blended over white by their alpha.
    /// Whether pixel `i` of straight RGBA bytes `a` and pixel `j` of `b` differ by more than
    /// `threshold` (pixelmatch's YIQ distance, 0…1).
    public static func differ(_ a: [UInt8], _ i: Int, _ b: [UInt8], _ j: Int, threshold: Double) -> Bool {
        colorDelta(a, b, i * 4, j * 4) > maxDelta * threshold * threshold
    }

    static func colorDelta(_ a: [UInt8], _ b: [UInt8], _ i: Int, _ j: Int, yOnly: Bool = false) -> Double {
        colorDelta((a[i], a[i + 1], a[i + 2], a[i + 3]), (b[j], b[j + 1], b[j + 2], b[j + 3]), yOnly: yOnly)
    }

    /// The same for two straight (r, g, b, a) pixels.
    static func colorDelta(
        _ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), yOnly: Bool = false
    ) -> Double {
        func blended(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> (Double, Double, Double) {
            let alpha = Double(p.a) / 255
            func c(_ v: UInt8) -> Double { 255 + (Double(v) - 255) * alpha }
            return (c(p.r), c(p.g), c(p.b))
        }
        let (r1, g1, b1) = blended(p), (r2, g2, b2) = blended(q)
        let y = (r1 - r2) * 0.29889531 + (g1 - g2) * 0.58662247 + (b1 - b2) * 0.11448223
        if yOnly { return y }
        let iq = (r1 - r2) * 0.59597799 - (g1 - g2) * 0.27417610 - (b1 - b2) * 0.32180189
        let q = (r1 - r2) * 0.21147017 - (g1 - g2) * 0.52261711 + (b1 - b2) * 0.31114694
        return 0.5053 * y * y + 0.299 * iq * iq + 0.1957 * q * q
    }

    /// pixelmatch's test for an anti-aliased pixel: at most two equal neighbours, and its
    /// darkest or brightest neighbour sits in a flat area in both images. Read from premultiplied
    /// words, each pixel turned into straight RGBA as it is read (no whole-frame conversion).
    static func antialiased(words img: [UInt32], _ x1: Int, _ y1: Int, _ w: Int, _ h: Int, other: [UInt32]) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let centre = PixelBuffer.straight(img[y1 * w + x1])
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0, minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = colorDelta(centre, PixelBuffer.straight(img[y * w + x]), yOnly: true)
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
        return (hasManySiblings(words: img, minX, minY, w, h) && hasManySiblings(words: other, minX, minY, w, h))
            || (hasManySiblings(words: img, maxX, maxY, w, h) && hasManySiblings(words: other, maxX, maxY, w, h))
    }

    private static func hasManySiblings(words img: [UInt32], _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let centre = PixelBuffer.straight(img[y1 * w + x1])
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if PixelBuffer.straight(img[y * w + x]) == centre { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
