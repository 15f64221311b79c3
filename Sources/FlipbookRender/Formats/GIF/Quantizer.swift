import Foundation

/// Chooses palettes for GIF frames: exact when the colours fit, median cut otherwise.
/// Colours are packed `0xRRGGBB`.
enum Quantizer {
    /// The distinct colours of `pixels`, sorted, or nil once more than `limit` are seen.
    static func distinctColors(_ pixels: UnsafeBufferPointer<UInt32>, limit: Int) -> [UInt32]? {
        var seen = ColorIndexMap(minimumCapacity: min(limit + 1, 4096))
        var colors: [UInt32] = []
        var last: UInt32 = 0xFFFF_FFFF
        for p in pixels where p != last {
            last = p
            if seen.insert(p, 0) {
                colors.append(p)
                if colors.count > limit { return nil }
            }
        }
        return colors.sorted()
    }

    /// Up to `count` colours for `pixels` by median cut on the colour histogram; each box's
    /// colour is the count-weighted mean of its members.
    static func medianCut(_ pixels: UnsafeBufferPointer<UInt32>, count: Int) -> [UInt32] {
        medianCut(pixels, counts: [count])[0]
    }

    /// Median cut palettes of several sizes from one run: the boxes are split largest first,
    /// so the palette of each size is the state of the same run when it had that many boxes.
    static func medianCut(_ pixels: UnsafeBufferPointer<UInt32>, counts: [Int]) -> [[UInt32]] {
        var boxes: [[(color: UInt32, n: Int)]] = [histogram(pixels).sorted { $0.color < $1.color }]
        func channel(_ c: UInt32, _ k: Int) -> Int { Int((c >> UInt32(16 - 8 * k)) & 0xFF) }
        func range(_ box: [(color: UInt32, n: Int)]) -> (Int, Int) {
            var best = (0, -1)
            for k in 0..<3 {
                var lo = 255, hi = 0
                for e in box {
                    let v = channel(e.color, k)
                    lo = min(lo, v)
                    hi = max(hi, v)
                }
                if hi - lo > best.1 { best = (k, hi - lo) }
            }
            return best
        }
        var scores = [score(boxes[0])]
        var palettes: [[UInt32]] = []
        func means() -> [UInt32] {
            boxes.map { box in
                var r = 0, g = 0, b = 0, n = 0
                for e in box {
                    r += channel(e.color, 0) * e.n
                    g += channel(e.color, 1) * e.n
                    b += channel(e.color, 2) * e.n
                    n += e.n
                }
                n = max(1, n)
                return UInt32((r + n / 2) / n) << 16 | UInt32((g + n / 2) / n) << 8 | UInt32((b + n / 2) / n)
            }
        }
        let targets = counts.sorted()
        for target in targets {
            split(until: target)
            palettes.append(means())
        }
        // In the order asked for.
        return counts.map { c in palettes[targets.firstIndex(of: c)!] }

        func split(until count: Int) {
            while boxes.count < count {
                // Split the box whose colours are furthest from their mean in total (count ×
                // variance along its widest channel): it is where the palette errs most.
                var pick = -1
                var pickScore = 0.0
                for i in boxes.indices where boxes[i].count > 1 {
                    if scores[i] > pickScore {
                        pick = i
                        pickScore = scores[i]
                    }
                }
                if pick < 0 { break }
                let box = boxes[pick]
                let (k, _) = range(box)
                let sorted = box.sorted { (channel($0.color, k), $0.color) < (channel($1.color, k), $1.color) }
                let total = sorted.reduce(0) { $0 + $1.n }
                var acc = 0, cut = 1
                for (i, e) in sorted.enumerated() {
                    acc += e.n
                    if acc * 2 >= total {
                        cut = max(1, min(sorted.count - 1, i + 1))
                        break
                    }
                }
                boxes[pick] = Array(sorted[..<cut])
                scores[pick] = score(boxes[pick])
                boxes.append(Array(sorted[cut...]))
                scores.append(score(boxes[boxes.count - 1]))
            }
        }
    }

    /// Count-weighted squared deviation of a box's colours along its widest channel.
    private static func score(_ box: [(color: UInt32, n: Int)]) -> Double {
        guard box.count > 1 else { return 0 }
        var best = 0.0
        for k in 0..<3 {
            var sum = 0.0, sumSq = 0.0, n = 0.0
            for e in box {
                let v = Double((e.color >> UInt32(16 - 8 * k)) & 0xFF), w = Double(e.n)
                sum += v * w
                sumSq += v * v * w
                n += w
            }
            best = max(best, sumSq - sum * sum / n)
        }
        return best
    }

    /// The index of the palette entry nearest to `c` (squared RGB distance).
    static func nearest(_ c: UInt32, in palette: [UInt32]) -> Int {
        var best = 0, bestD = Int.max
        let r = Int(c >> 16 & 0xFF), g = Int(c >> 8 & 0xFF), b = Int(c & 0xFF)
        for (i, p) in palette.enumerated() {
            let dr = r - Int(p >> 16 & 0xFF), dg = g - Int(p >> 8 & 0xFF), db = b - Int(p & 0xFF)
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if d < bestD {
                bestD = d
                best = i
                if d == 0 { break }
            }
        }
        return best
    }
}

extension Quantizer {
    /// The nearest palette entry other than `excluded`.
    static func nearest(_ c: UInt32, in palette: [UInt32], excluding excluded: Int) -> Int {
        var best = excluded == 0 ? 1 : 0, bestD = Int.max
        for (i, p) in palette.enumerated() where i != excluded {
            let d = Int(squaredError(c, p))
            if d < bestD {
                bestD = d
                best = i
            }
        }
        return best
    }

    /// Squared difference of two packed colours, summed over R, G and B.
    @inline(__always) static func squaredError(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let dr = Int32(a >> 16 & 0xFF) - Int32(b >> 16 & 0xFF)
        let dg = Int32(a >> 8 & 0xFF) - Int32(b >> 8 & 0xFF)
        let db = Int32(a & 0xFF) - Int32(b & 0xFF)
        return UInt32(dr * dr + dg * dg + db * db)
    }
}

extension Quantizer {
    /// Each distinct colour with its pixel count. Runs of one colour are counted at once and
    /// the table is open-addressed in flat arrays (a `Dictionary` cost ~25 ns a pixel).
    static func histogram(_ pixels: UnsafeBufferPointer<UInt32>) -> [(color: UInt32, n: Int)] {
        var size = 1024
        var keys = [UInt32](repeating: 0, count: size), counts = [Int](repeating: 0, count: size)
        var used = 0
        func add(_ color: UInt32, _ n: Int) {
            if (used + 1) * 2 > size {
                let oldKeys = keys, oldCounts = counts
                size *= 2
                keys = [UInt32](repeating: 0, count: size)
                counts = [Int](repeating: 0, count: size)
                used = 0
                for (k, c) in zip(oldKeys, oldCounts) where k != 0 { add(k & 0xFF_FFFF, c) }
            }
            let key = color | 0x100_0000  // 0 marks an empty slot
            var i = Int((key &* 0x9E37_79B1) >> 12) & (size - 1)
            while keys[i] != 0 && keys[i] != key { i = (i + 1) & (size - 1) }
            if keys[i] == 0 {
                keys[i] = key
                used += 1
            }
            counts[i] += n
        }
        var i = 0
        while i < pixels.count {
            let c = pixels[i]
            var j = i + 1
            while j < pixels.count && pixels[j] == c { j += 1 }
            add(c, j - i)
            i = j
        }
        var out: [(color: UInt32, n: Int)] = []
        out.reserveCapacity(used)
        for (k, c) in zip(keys, counts) where k != 0 { out.append((k & 0xFF_FFFF, c)) }
        return out
    }
}
