import Foundation

/// Chooses palettes for GIF frames: exact when the colours fit, median cut otherwise.
/// Colours are packed `0xRRGGBB`.
enum Quantizer {
    /// The distinct colours of `pixels`, sorted, or nil once more than `limit` are seen.
    static func distinctColors(_ pixels: UnsafeBufferPointer<UInt32>, limit: Int) -> [UInt32]? {
        var seen = Set<UInt32>()
        seen.reserveCapacity(limit + 1)
        var last: UInt32 = 0xFFFF_FFFF
        for p in pixels where p != last {
            last = p
            if seen.insert(p).inserted, seen.count > limit { return nil }
        }
        return seen.sorted()
    }

    /// Up to `count` colours for `pixels` by median cut on the colour histogram; each box's
    /// colour is the count-weighted mean of its members.
    static func medianCut(_ pixels: UnsafeBufferPointer<UInt32>, count: Int) -> [UInt32] {
        var histogram: [UInt32: Int] = [:]
        for p in pixels { histogram[p, default: 0] += 1 }
        var boxes: [[(color: UInt32, n: Int)]] = [histogram.map { ($0.key, $0.value) }.sorted { $0.color < $1.color }]
        func channel(_ c: UInt32, _ k: Int) -> Int { Int((c >> UInt32(16 - 8 * k)) & 0xFF) }
        func range(_ box: [(color: UInt32, n: Int)]) -> (Int, Int) {
            var best = (0, -1)
            for k in 0..<3 {
                var lo = 255, hi = 0
                for e in box { let v = channel(e.color, k); lo = min(lo, v); hi = max(hi, v) }
                if hi - lo > best.1 { best = (k, hi - lo) }
            }
            return best
        }
        while boxes.count < count {
            // Split the box with the largest extent in any channel.
            var pick = -1, pickScore = 0
            for (i, b) in boxes.enumerated() where b.count > 1 {
                let (_, r) = range(b)
                let score = r
                if score > pickScore { pick = i; pickScore = score }
            }
            if pick < 0 { break }
            let box = boxes[pick]
            let (k, _) = range(box)
            let sorted = box.sorted { (channel($0.color, k), $0.color) < (channel($1.color, k), $1.color) }
            let total = sorted.reduce(0) { $0 + $1.n }
            var acc = 0, cut = 1
            for (i, e) in sorted.enumerated() {
                acc += e.n
                if acc * 2 >= total { cut = max(1, min(sorted.count - 1, i + 1)); break }
            }
            boxes[pick] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        return boxes.map { box in
            var r = 0, g = 0, b = 0, n = 0
            for e in box { r += channel(e.color, 0) * e.n; g += channel(e.color, 1) * e.n; b += channel(e.color, 2) * e.n; n += e.n }
            n = max(1, n)
            return UInt32((r + n / 2) / n) << 16 | UInt32((g + n / 2) / n) << 8 | UInt32((b + n / 2) / n)
        }
    }

    /// The index of the palette entry nearest to `c` (squared RGB distance).
    static func nearest(_ c: UInt32, in palette: [UInt32]) -> Int {
        var best = 0, bestD = Int.max
        let r = Int(c >> 16 & 0xFF), g = Int(c >> 8 & 0xFF), b = Int(c & 0xFF)
        for (i, p) in palette.enumerated() {
            let dr = r - Int(p >> 16 & 0xFF), dg = g - Int(p >> 8 & 0xFF), db = b - Int(p & 0xFF)
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if d < bestD { bestD = d; best = i; if d == 0 { break } }
        }
        return best
    }
}
