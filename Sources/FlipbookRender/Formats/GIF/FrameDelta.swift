import Foundation

/// The rectangle of a frame that changed since the previous frame, as GIF colours.
/// Pixels are packed `0xRRGGBB`, composited over white (GIF has no partial alpha).
struct FrameDelta: Sendable {
    let x: Int, y: Int, width: Int, height: Int
    /// The rectangle's pixels, row by row.
    var pixels: [UInt32]
    /// Which pixels differ from the previous frame; nil for the first frame (all shown).
    var changed: [Bool]?
    var delay: Int

    /// True when nothing changed (the frame only carries its delay).
    var isEmpty: Bool { width == 0 || height == 0 }

    /// A premultiplied ARGB word composited over white: c + (255 − a) per channel.
    @inline(__always) static func overWhite(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        if a == 255 { return v & 0xFF_FFFF }
        let k = 255 - a
        return ((v >> 16 & 0xFF) + k) << 16 | ((v >> 8 & 0xFF) + k) << 8 | ((v & 0xFF) + k)
    }

    /// The whole first frame.
    static func whole(_ words: [UInt32], width: Int, height: Int, delay: Int) -> FrameDelta {
        let packed = [UInt32](unsafeUninitializedCapacity: words.count) { dst, n in
            words.withUnsafeBufferPointer { src in
                for i in 0..<src.count { dst[i] = overWhite(src[i]) }
            }
            n = words.count
        }
        return FrameDelta(x: 0, y: 0, width: width, height: height, pixels: packed, changed: nil, delay: delay)
    }

    /// The bounding box of the pixels that differ between two frames of the same size, looking
    /// only at `rows` (the others are known to be the same).
    static func between(
        _ old: [UInt32], _ new: [UInt32], width w: Int, height h: Int, rows: Range<Int>? = nil,
        delay: Int
    ) -> FrameDelta {
        var minX = w, minY = h, maxX = -1, maxY = -1
        let rows = rows.map { $0.clamped(to: 0..<h) } ?? 0..<h
        old.withUnsafeBufferPointer { o in
            new.withUnsafeBufferPointer { n in
                for y in rows {
                    let a = o.baseAddress! + y * w, b = n.baseAddress! + y * w
                    // Whole equal rows are the common case: compare them as memory first.
                    if memcmp(a, b, w * 4) == 0 { continue }
                    // Only pixels outside the columns found so far can widen them.
                    if minX > 0, let x = firstDifference(a, b, in: 0..<minX) { minX = x }
                    if maxX < w - 1, let x = lastDifference(a, b, in: (maxX + 1)..<w) { maxX = x }
                    if y < minY { minY = y }
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return FrameDelta(x: 0, y: 0, width: 0, height: 0, pixels: [], changed: [], delay: delay) }
        let rw = maxX - minX + 1, rh = maxY - minY + 1
        var pixels = [UInt32](repeating: 0, count: rw * rh)
        var changed = [Bool](repeating: false, count: rw * rh)
        old.withUnsafeBufferPointer { o in
            new.withUnsafeBufferPointer { n in
                for ry in 0..<rh {
                    let src = (minY + ry) * w + minX, dst = ry * rw
                    for rx in 0..<rw {
                        let v = n[src + rx]
                        pixels[dst + rx] = overWhite(v)
                        changed[dst + rx] = v != o[src + rx]
                    }
                }
            }
        }
        return FrameDelta(x: minX, y: minY, width: rw, height: rh, pixels: pixels, changed: changed, delay: delay)
    }

    /// The first index in `range` where the rows differ: equal stretches are skipped 64 pixels
    /// at a time with `memcmp` (vectorized), the last stretch looked at pixel by pixel.
    @inline(__always)
    static func firstDifference(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, in range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i + 64 <= range.upperBound && memcmp(a + i, b + i, 256) == 0 { i += 64 }
        while i < range.upperBound {
            if a[i] != b[i] { return i }
            i += 1
        }
        return nil
    }

    /// The last index in `range` where the rows differ (see `firstDifference`).
    @inline(__always)
    static func lastDifference(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, in range: Range<Int>) -> Int? {
        var end = range.upperBound
        while end - 64 >= range.lowerBound && memcmp(a + end - 64, b + end - 64, 256) == 0 { end -= 64 }
        while end > range.lowerBound {
            end -= 1
            if a[end] != b[end] { return end }
        }
        return nil
    }

    /// Calls `body` with the colour of each pixel that must be shown (changed, or all in the
    /// first frame), skipping repeats of the previous one.
    func forEachShownColor(_ body: (UInt32) -> Void) {
        var last: UInt32 = 0xFFFF_FFFF
        for i in 0..<pixels.count {
            if let changed, !changed[i] { continue }
            let p = pixels[i]
            if p != last {
                body(p)
                last = p
            }
        }
    }

    /// The colours of the pixels that must be shown, in order.
    func shownPixels() -> [UInt32] {
        guard let changed else { return pixels }
        var out = [UInt32]()
        out.reserveCapacity(pixels.count)
        for i in 0..<pixels.count where changed[i] { out.append(pixels[i]) }
        return out
    }
}

/// The change between two consecutive frames, found where the frames are drawn (in the sink's
/// `prepare`, on a worker when the render loop runs in parallel) so the GIF writer only codes it.
struct FrameChange: Sendable {
    let delta: FrameDelta

    /// The change from `previous` (nil: `frame` is the first) to `frame`, which can only differ
    /// in `rows` (nil: anywhere).
    init(from previous: [UInt32]?, to frame: PixelBuffer, rows: Range<Int>? = nil) {
        if let previous {
            delta = FrameDelta.between(
                previous, frame.premultipliedARGB, width: frame.width, height: frame.height, rows: rows,
                delay: 0)
        } else {
            delta = FrameDelta.whole(frame.premultipliedARGB, width: frame.width, height: frame.height, delay: 0)
        }
    }
}
