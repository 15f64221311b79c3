import Foundation

/// Animated PNG chunks (the APNG specification: acTL, fcTL, IDAT/fdAT), written on
/// `PNGEncoder`'s row filtering and zlib: Debian's libpng lacks the APNG patch. Frames are RGBA;
/// each after the first covers only the rectangle that changed. When every changed pixel is
/// opaque, the rectangle's unchanged pixels are written transparent and blended over what is
/// there when that deflates smaller (ffmpeg's encoder also tries both); otherwise the rectangle
/// replaces what was there (blend source). Either way the picture is exact.
enum APNGEncoder {
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
        let a = frame.premultipliedARGB
        if let previous, previous.width == frame.width, previous.height == frame.height {
            let w = frame.width
            let b = previous.premultipliedARGB
            var minX = w, minY = frame.height, maxX = -1, maxY = -1
            changedAreOpaque = true
            for y in 0..<frame.height {
                let row = y * w
                var x = 0
                while x < w {
                    if a[row + x] != b[row + x] {
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, y)
                        maxY = y
                        if a[row + x] >> 24 != 0xFF { changedAreOpaque = false }
                    }
                    x += 1
                }
            }
            if maxX < 0 { (x0, y0, x1, y1) = (0, 0, 1, 1) } else { (x0, y0, x1, y1) = (minX, minY, maxX + 1, maxY + 1) }
            if changedAreOpaque, maxX >= 0 {
                // The rectangle with its unchanged pixels cleared: blended over, they leave the canvas as it is.
                var words = [UInt32](repeating: 0, count: (x1 - x0) * (y1 - y0))
                for y in y0..<y1 {
                    for x in x0..<x1 where a[y * w + x] != b[y * w + x] { words[(y - y0) * (x1 - x0) + x - x0] = a[y * w + x] }
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
