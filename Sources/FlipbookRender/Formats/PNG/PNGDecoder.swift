import CDeflate
import CZlib

/// Reads the kind of PNG this tool writes (golden frames, artifacts): 8-bit RGB or RGBA, not
/// interlaced, with no colour-space chunks. Its pixels are inflated in one go by libdeflate
/// (0.15 ms a 320×120 golden frame in all against 0.36 ms through Cairo's libpng reader, whose
/// row-by-row inflate was most of a failing test's comparing), then un-filtered here. Any
/// other PNG, any file that does not read cleanly (a bad checksum, short data), and every PNG
/// on a machine without libdeflate is nil: the caller hands it to Cairo, which reads every
/// kind and words the errors.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) -> PixelBuffer? {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    private static func decode(_ file: UnsafeBufferPointer<UInt8>) -> PixelBuffer? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard file.count >= 8, zip(file, signature).allSatisfy({ $0 == $1 }) else { return nil }
        func be32(_ o: Int) -> Int { Int(file[o]) << 24 | Int(file[o + 1]) << 16 | Int(file[o + 2]) << 8 | Int(file[o + 3]) }
        var width = 0, height = 0, channels = 0
        // Where the IDAT chunks' data lie (one, usually: then it is inflated where it is).
        var parts: [Range<Int>] = []
        var at = 8, ended = false
        while !ended {
            guard at + 12 <= file.count else { return nil }
            let length = be32(at)
            guard length <= file.count - at - 12 else { return nil }
            let type = String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self)
            let crc = crc32(crc32(0, nil, 0), file.baseAddress! + at + 4, uInt(length + 4))
            guard UInt32(crc) == UInt32(be32(at + 8 + length)) else { return nil }
            let data = at + 8
            switch type {
            case "IHDR":
                // 8 bits, RGB (2) or RGBA (6), deflate, the standard filters, not interlaced.
                guard length == 13, file[data + 8] == 8, file[data + 9] == 2 || file[data + 9] == 6,
                    file[data + 10] == 0, file[data + 11] == 0, file[data + 12] == 0
                else { return nil }
                (width, height, channels) = (be32(data), be32(data + 4), file[data + 9] == 6 ? 4 : 3)
            case "IDAT":
                guard width > 0 else { return nil }
                parts.append(data..<(data + length))
            case "IEND": ended = true
            // Colour spaces, a palette, transparency: Cairo's reader decides what they mean.
            case "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "PLTE", "tRNS": return nil
            default:
                // An unknown critical chunk (upper-case first letter) changes how pixels read.
                if type.utf8.first.map({ $0 >= 0x41 && $0 <= 0x5A }) ?? true { return nil }
            }
            at = data + length + 4
        }
        guard width > 0, height > 0, width <= Limits.maximumStagePixels, height <= Limits.maximumStagePixels,
            width * height <= Limits.maximumImagePixels
        else { return nil }
        let rowBytes = width * channels
        let rawCount = (rowBytes + 1) * height
        var result: Int32 = -1
        // Every byte is inflated into (or the whole is refused below).
        var raw = [UInt8](unsafeUninitializedCapacity: rawCount) { out, initialized in
            func inflate(_ source: UnsafeRawBufferPointer) {
                result = flipbook_zlib_inflate(source.baseAddress, source.count, out.baseAddress, rawCount)
            }
            if parts.count == 1 {
                inflate(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(file)[parts[0]]))
            } else {
                let joined = parts.flatMap { file[$0] }
                joined.withUnsafeBytes(inflate)
            }
            initialized = result == 0 ? rawCount : 0
        }
        guard raw.count == rawCount else { return nil }
        return unfiltered(&raw, width: width, height: height, channels: channels)
    }

    /// Undoes each row's filter (None, Sub, Up, Average, Paeth) in place and makes the pixels
    /// premultiplied words, as Cairo's reader gives them; nil for an unknown filter.
    private static func unfiltered(_ raw: inout [UInt8], width: Int, height: Int, channels n: Int) -> PixelBuffer? {
        let rowBytes = width * n
        var known = true
        let words = raw.withUnsafeMutableBufferPointer { raw in
            [UInt32](unsafeUninitializedCapacity: width * height) { out, initialized in
                let zeros = [UInt8](repeating: 0, count: rowBytes)
                zeros.withUnsafeBufferPointer { zeros in
                    var above = zeros.baseAddress!
                    for y in 0..<height {
                        let row = raw.baseAddress! + y * (rowBytes + 1) + 1
                        switch row[-1] {
                        case 0: break
                        case 1:
                            // Sub (what PNGEncoder writes): the pixel to the left carried in
                            // registers; through memory, each byte waited for the store before it.
                            var left: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                            var i = 0
                            if n == 3 {
                                while i < rowBytes {
                                    left = (left.0 &+ row[i], left.1 &+ row[i + 1], left.2 &+ row[i + 2], 0)
                                    (row[i], row[i + 1], row[i + 2]) = (left.0, left.1, left.2)
                                    i += 3
                                }
                            } else {
                                while i < rowBytes {
                                    left = (left.0 &+ row[i], left.1 &+ row[i + 1], left.2 &+ row[i + 2], left.3 &+ row[i + 3])
                                    (row[i], row[i + 1], row[i + 2], row[i + 3]) = left
                                    i += 4
                                }
                            }
                        case 2: for i in 0..<rowBytes { row[i] &+= above[i] }
                        case 3:
                            for i in 0..<rowBytes {
                                let left = i >= n ? Int(row[i - n]) : 0
                                row[i] &+= UInt8((left + Int(above[i])) >> 1)
                            }
                        case 4:
                            for i in 0..<rowBytes {
                                let a = i >= n ? Int(row[i - n]) : 0, b = Int(above[i]), c = i >= n ? Int(above[i - n]) : 0
                                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                                row[i] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                            }
                        default: known = false
                        }
                        guard known else { break }
                        let line = out.baseAddress! + y * width
                        if n == 3 {
                            for x in 0..<width {
                                line[x] = 0xFF00_0000 | UInt32(row[3 * x]) << 16 | UInt32(row[3 * x + 1]) << 8 | UInt32(row[3 * x + 2])
                            }
                        } else {
                            for x in 0..<width {
                                line[x] = PixelBuffer.premultiplied(r: row[4 * x], g: row[4 * x + 1], b: row[4 * x + 2], a: row[4 * x + 3])
                            }
                        }
                        above = UnsafePointer(row)
                    }
                }
                initialized = known ? width * height : 0
            }
        }
        return known ? PixelBuffer(width: width, height: height, premultipliedARGB: words) : nil
    }
}
