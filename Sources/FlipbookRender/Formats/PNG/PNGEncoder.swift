import CZlib
import Foundation

/// Writes PNG bytes with zlib directly: rows Sub-filtered (cheap, and good on UI art's flat
/// runs and gradients) and deflated at a low level. Cairo's writer (libpng's adaptive filters,
/// level 6) spent ~28 ms on each 750×1334 frame; the frames are often only looked at once.
public enum PNGEncoder {
    /// zlib level for frames: fast, and still small on flat art.
    public static let defaultLevel: Int32 = 2

    /// The PNG file bytes for `pixels`: 8-bit RGB when every pixel is opaque, else RGBA
    /// (straight alpha, as PNG requires).
    static func encode(_ pixels: PixelBuffer, level: Int32 = defaultLevel) throws -> [UInt8] {
        let w = pixels.width, h = pixels.height
        guard w > 0, h > 0 else { throw RenderError.invalidArgument("cannot write an empty \(w)×\(h) PNG") }
        guard pixels.premultipliedARGB.count == w * h else {
            throw RenderError.invalidArgument("a \(w)×\(h) frame needs \(w * h) pixels, it has \(pixels.premultipliedARGB.count)")
        }
        let opaque = pixels.premultipliedARGB.allSatisfy { $0 >> 24 == 255 }
        let raw = filteredRows(pixels, x0: 0, y0: 0, width: w, height: h, alpha: !opaque)
        let compressed = try deflate(raw, level: level, what: "a \(w)×\(h) frame")
        let compressedSize = compressed.count
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(Int(compressedSize) + 64)
        var header = [UInt8]()
        header += bigEndian(UInt32(w)) + bigEndian(UInt32(h))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header[...], to: &png)
        appendChunk("IDAT", compressed[...], to: &png)
        appendChunk("IEND", [][...], to: &png)
        return png
    }

    /// Rows `y0..<y0+height` of columns `x0..<x0+width`, straight RGB(A), each row Sub-filtered
    /// behind its filter byte: what PNG's IDAT (and APNG's fdAT) deflate. Without `alpha`,
    /// every pixel must be opaque.
    static func filteredRows(_ pixels: PixelBuffer, x0: Int, y0: Int, width w: Int, height h: Int, alpha: Bool) -> [UInt8] {
        guard alpha else { return filteredOpaqueRows(pixels, x0: x0, y0: y0, width: w, height: h) }
        let rowBytes = 1 + w * 4
        let stride = pixels.width
        // Every byte is written below (a filter byte and the row): no zeroing first.
        return [UInt8](unsafeUninitializedCapacity: rowBytes * h) { dst, count in
            pixels.premultipliedARGB.withUnsafeBufferPointer { src in
                for y in 0..<h {
                    let row = y * rowBytes
                    dst[row] = 1  // filter type Sub: each byte minus the byte one pixel to the left
                    var left: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                    for x in 0..<w {
                        let p = PixelBuffer.straight(src[(y0 + y) * stride + x0 + x])
                        let o = row + 1 + x * 4
                        dst[o] = p.r &- left.0
                        dst[o + 1] = p.g &- left.1
                        dst[o + 2] = p.b &- left.2
                        dst[o + 3] = p.a &- left.3
                        left = (p.r, p.g, p.b, p.a)
                    }
                }
            }
            count = rowBytes * h
        }
    }

    /// `filteredRows` of opaque pixels, whose words are their straight bytes: each pixel minus
    /// the one to its left, the three channels at once (bytes subtracted without borrows
    /// between them), without unpremultiplying each pixel.
    static func filteredOpaqueRows(_ pixels: PixelBuffer, x0: Int, y0: Int, width w: Int, height h: Int) -> [UInt8] {
        let rowBytes = 1 + w * 3
        let stride = pixels.width
        return [UInt8](unsafeUninitializedCapacity: rowBytes * h) { dst, count in
            pixels.premultipliedARGB.withUnsafeBufferPointer { src in
                let high: UInt32 = 0x8080_8080
                for y in 0..<h {
                    let out = dst.baseAddress! + y * rowBytes
                    let row = src.baseAddress! + (y0 + y) * stride + x0
                    out[0] = 1  // filter type Sub
                    var left: UInt32 = 0
                    for x in 0..<w {
                        let v = row[x]
                        // Byte-wise v - left, modulo 256 in each byte.
                        let d = ((v | high) &- (left & ~high)) ^ ((v ^ ~left) & high)
                        out[1 + 3 * x] = UInt8(truncatingIfNeeded: d >> 16)
                        out[2 + 3 * x] = UInt8(truncatingIfNeeded: d >> 8)
                        out[3 + 3 * x] = UInt8(truncatingIfNeeded: d)
                        left = v
                    }
                }
            }
            count = rowBytes * h
        }
    }

    /// zlib's compress2 of `raw` at `level`.
    static func deflate(_ raw: [UInt8], level: Int32, what: String) throws -> [UInt8] {
        var status = Z_OK
        // zlib writes the first `compressedSize` bytes; only those are kept, so none is zeroed.
        let compressed = [UInt8](unsafeUninitializedCapacity: Int(compressBound(uLong(raw.count)))) { out, count in
            var compressedSize = uLong(out.count)
            status = raw.withUnsafeBufferPointer { inp in
                compress2(out.baseAddress, &compressedSize, inp.baseAddress, uLong(inp.count), level)
            }
            count = status == Z_OK ? Int(compressedSize) : 0
        }
        guard status == Z_OK else { throw RenderError.io("zlib could not compress \(what) (\(status))") }
        return compressed
    }

    /// Smaller PNG bytes for pictures kept in a page (they are encoded once and downloaded by
    /// every reader): a palette image when the frame has at most 256 colours (flat UI art
    /// usually does), zlib at its best level when a fast pass shrinks it to under a quarter;
    /// otherwise `encode` at its default level. (A frame of more colours is mostly a dithered
    /// recording's, which barely compresses: level 6 took 3.6 times as long for 22 % fewer bytes
    /// on compare's recording row. A recording's dither of at most 256 colours took 50 times as
    /// long at level 9 as at 2, for 19 % fewer bytes; flat art, 4 times as long for 14 %.)
    /// Without `thorough`, zlib stays at the fast level: for pictures looked at once (a failing
    /// test's), where a palette alone makes them smaller and quicker than `encode`.
    public static func encodeCompact(_ pixels: PixelBuffer, thorough: Bool = true) throws -> [UInt8] {
        let w = pixels.width, h = pixels.height
        guard w > 0, h > 0 else { throw RenderError.invalidArgument("cannot write an empty \(w)×\(h) PNG") }
        guard let (palette, indices) = PaletteIndexing.index(pixels) else { return try encode(pixels) }
        let raw = [UInt8](unsafeUninitializedCapacity: (1 + w) * h) { dst, count in
            indices.withUnsafeBufferPointer { src in
                for y in 0..<h {
                    dst[y * (1 + w)] = 0  // filter None: indices do not predict
                    UnsafeMutableRawPointer(dst.baseAddress! + y * (1 + w) + 1)
                        .copyMemory(from: src.baseAddress! + y * w, byteCount: w)
                }
            }
            count = (1 + w) * h
        }
        let fast = try deflate(raw, level: defaultLevel, what: "a \(w)×\(h) frame")
        let compressed = thorough && fast.count * 4 < raw.count ? try deflate(raw, level: 9, what: "a \(w)×\(h) frame") : fast
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = bigEndian(UInt32(w)) + bigEndian(UInt32(h)) + [8, 3, 0, 0, 0]  // 8-bit palette indices
        appendChunk("IHDR", header[...], to: &png)
        let straight = palette.map(PixelBuffer.straight)
        appendChunk("PLTE", straight.flatMap { [$0.r, $0.g, $0.b] }[...], to: &png)
        if straight.contains(where: { $0.a != 255 }) { appendChunk("tRNS", straight.map(\.a)[...], to: &png) }
        appendChunk("IDAT", compressed[...], to: &png)
        appendChunk("IEND", [][...], to: &png)
        return png
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        png += bigEndian(UInt32(crc))
    }
}
