import Foundation

/// Animated PNG chunks (the APNG specification: acTL, fcTL, IDAT/fdAT), written on
/// `PNGEncoder`'s row filtering and zlib: Debian's libpng lacks the APNG patch. Frames are RGBA;
/// each after the first covers only the rectangle that changed. When every changed pixel is
/// opaque, the rectangle's unchanged pixels are written transparent and blended over what is
/// there when that deflates smaller (ffmpeg's encoder also tries both); otherwise the rectangle
/// replaces what was there (blend source). Either way the picture is exact.
package enum APNGEncoder {
    /// zlib level for animation frames (see APNGSink.prepare).
    static let level: Int32 = 6

    /// The PNG signature, IHDR (8-bit RGBA) and acTL for `frames` frames played `plays` times (0 = forever).
    static func header(width: Int, height: Int, frames: Int, plays: Int) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr = PNGEncoder.bigEndian(UInt32(width)) + PNGEncoder.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        PNGEncoder.appendChunk("IHDR", ihdr[...], to: &png)
        let actl = PNGEncoder.bigEndian(UInt32(frames)) + PNGEncoder.bigEndian(UInt32(plays))
        PNGEncoder.appendChunk("acTL", actl[...], to: &png)
        return png
    }

    /// One frame's region, deflated (the part that may run on any thread).
    struct Region: Sendable {
        var x: Int, y: Int, width: Int, height: Int
        var data: [UInt8]
        /// Blend over (unchanged pixels transparent) rather than source.
        var blendsOver = false
    }

    /// The changed rectangle of `frame` against `previous` (the whole frame when there is none;
    /// one pixel when nothing changed, as a frame needs a region), deflated.
    static func region(_ frame: PixelBuffer, previous: PixelBuffer?, level: Int32 = PNGEncoder.defaultLevel) throws -> Region {
        var x0 = 0, y0 = 0, x1 = frame.width, y1 = frame.height
        var changedAreOpaque = false
        if let previous, previous.width == frame.width, previous.height == frame.height {
            let w = frame.width
            let box = changedBox(frame, previous)
            changedAreOpaque = box.changedAreOpaque
            if let b = box.rectangle { (x0, y0, x1, y1) = (b.x0, b.y0, b.x1, b.y1) } else { (x0, y0, x1, y1) = (0, 0, 1, 1) }
            if changedAreOpaque, box.rectangle != nil {
                // The rectangle with its unchanged pixels cleared: blended over, they leave the canvas as it is.
                let rw = x1 - x0
                let words = [UInt32](unsafeUninitializedCapacity: rw * (y1 - y0)) { dst, count in
                    frame.premultipliedARGB.withUnsafeBufferPointer { a in
                        previous.premultipliedARGB.withUnsafeBufferPointer { b in
                            for y in y0..<y1 {
                                for x in x0..<x1 {
                                    let here = a[y * w + x]
                                    dst[(y - y0) * rw + x - x0] = here != b[y * w + x] ? here : 0
                                }
                            }
                        }
                    }
                    count = rw * (y1 - y0)
                }
                let sparse = PixelBuffer(width: x1 - x0, height: y1 - y0, premultipliedARGB: words)
                let raw = PNGEncoder.filteredRows(sparse, x0: 0, y0: 0, width: x1 - x0, height: y1 - y0, alpha: true)
                let over = try PNGEncoder.deflate(raw, level: level, what: "a \(x1 - x0)×\(y1 - y0) APNG region")
                let rows = PNGEncoder.filteredRows(frame, x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, alpha: true)
                let whole = try PNGEncoder.deflate(rows, level: level, what: "a \(x1 - x0)×\(y1 - y0) APNG region")
                // The smaller of the two: holes between changed pixels break the row filter's runs on some frames.
                return Region(
                    x: x0, y: y0, width: x1 - x0, height: y1 - y0, data: over.count < whole.count ? over : whole,
                    blendsOver: over.count < whole.count)
            }
        }
        let raw = PNGEncoder.filteredRows(frame, x0: x0, y0: y0, width: x1 - x0, height: y1 - y0, alpha: true)
        let data = try PNGEncoder.deflate(raw, level: level, what: "a \(x1 - x0)×\(y1 - y0) APNG region")
        return Region(x: x0, y: y0, width: x1 - x0, height: y1 - y0, data: data)
    }

    /// The smallest rectangle holding every pixel where `frame` and `previous` (same size)
    /// differ (nil: none), and whether each of those pixels is opaque in `frame`. Rows are
    /// searched from both ends, so unchanged stretches cost one comparison a pixel.
    static func changedBox(_ frame: PixelBuffer, _ previous: PixelBuffer) -> (
        rectangle: (x0: Int, y0: Int, x1: Int, y1: Int)?, changedAreOpaque: Bool
    ) {
        let w = frame.width, h = frame.height
        var minX = w, minY = h, maxX = -1, maxY = -1
        var opaque = true
        frame.premultipliedARGB.withUnsafeBufferPointer { a in
            previous.premultipliedARGB.withUnsafeBufferPointer { b in
                for y in 0..<h {
                    let row = y * w
                    var first = 0
                    while first < w && a[row + first] == b[row + first] { first += 1 }
                    guard first < w else { continue }
                    var last = w - 1
                    while a[row + last] == b[row + last] { last -= 1 }
                    minX = min(minX, first)
                    maxX = max(maxX, last)
                    if minY == h { minY = y }
                    maxY = y
                    if opaque {
                        for x in first...last where a[row + x] != b[row + x] && a[row + x] >> 24 != 0xFF {
                            opaque = false
                            break
                        }
                    }
                }
            }
        }
        return (maxX < 0 ? nil : (minX, minY, maxX + 1, maxY + 1), opaque)
    }

    /// fcTL and the frame's data (IDAT for the first frame, fdAT after), numbered from `sequence`.
    static func frameChunks(
        _ region: Region, delay: (numerator: UInt16, denominator: UInt16), first: Bool,
        sequence: inout UInt32
    ) -> [UInt8] {
        var out: [UInt8] = []
        var fctl = PNGEncoder.bigEndian(sequence)
        fctl += PNGEncoder.bigEndian(UInt32(region.width)) + PNGEncoder.bigEndian(UInt32(region.height))
        fctl += PNGEncoder.bigEndian(UInt32(region.x)) + PNGEncoder.bigEndian(UInt32(region.y))
        fctl += [UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF), UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xFF)]
        fctl += [0, region.blendsOver ? 1 : 0]  // dispose none; blend over (transparent keeps) or source (replaces)
        PNGEncoder.appendChunk("fcTL", fctl[...], to: &out)
        sequence += 1
        if first {
            PNGEncoder.appendChunk("IDAT", region.data[...], to: &out)
        } else {
            PNGEncoder.appendChunk("fdAT", (PNGEncoder.bigEndian(sequence) + region.data)[...], to: &out)
            sequence += 1
        }
        return out
    }

    /// A whole animated PNG of `frames` (equal sizes) at `fps`, played forever.
    package static func encode(_ frames: [PixelBuffer], fps: Double) throws -> [UInt8] {
        guard let first = frames.first else { throw RenderError.invalidArgument("an animated PNG needs at least one frame") }
        var png = header(width: first.width, height: first.height, frames: frames.count, plays: 0)
        var sequence: UInt32 = 0
        var previous: PixelBuffer?
        for frame in frames {
            let region = try region(frame, previous: previous, level: level)
            png += frameChunks(region, delay: delay(fps: fps), first: previous == nil, sequence: &sequence)
            previous = frame
        }
        return png + end()
    }

    static func end() -> [UInt8] {
        var out: [UInt8] = []
        PNGEncoder.appendChunk("IEND", [][...], to: &out)
        return out
    }

    /// A frame's delay as a fraction of a second: 1/fps in hundredths of a frame (exact for
    /// rates with two decimals).
    static func delay(fps: Double) -> (numerator: UInt16, denominator: UInt16) {
        let denominator = min(65535, max(1, (fps * 100).rounded()))
        return (100, UInt16(denominator))
    }
}
