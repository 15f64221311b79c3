/// GIF's variable-length-code LZW (GIF89a appendix F) decoded into colour indices, with
/// giflib's schedule of code widths and table growth, so every image giflib decodes comes out
/// the same (GIFLZWDecoderTests check it against giflib's own decoder and encoder).
///
/// Why not giflib's `DGifGetLine`: it rebuilds each code's string by walking the code's prefix
/// chain onto a stack, a pixel at a time (9 ns a pixel on a dithered screen recording, most of a
/// recording comparison's time). Every code's string is already in the output, where the code
/// was last written out, so here a code is its place and length there, and decoding it is a copy.
/// giflib still reads the file; only the image data's codes are decoded here.
struct GIFLZWDecoder {
    /// What is wrong with an image's data.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// The minimum code size byte is over 8 (or under 1).
        case codeSize(Int)
        /// A code that names no string yet.
        case undefinedCode(Int)
        /// The end-of-information code before every pixel.
        case endTooSoon(pixels: Int)
        /// The data ran out before every pixel.
        case truncated(pixels: Int)

        var description: String {
            switch self {
            case .codeSize(let n): return "its LZW minimum code size is \(n), not 1 to 8"
            case .undefinedCode(let c): return "its data uses LZW code \(c) before defining it"
            case .endTooSoon(let n): return "its data ends (end-of-information code) after \(n) of its pixels"
            case .truncated(let n): return "its data runs out after \(n) of its pixels"
            }
        }
    }

    /// The largest code (12-bit codes).
    private static let maximumCode = 4095

    /// Decodes `data` (the image's sub-blocks joined, lengths left out) into `output`, which it
    /// fills: codes after the last pixel are ignored, as giflib ignores them.
    static func decode(
        _ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(Failure) {
        guard (1...8).contains(minimumCodeSize) else { throw .codeSize(minimumCodeSize) }
        guard let out = output.baseAddress, !output.isEmpty else { return }
        // For each code past the end-of-information code: where its string starts in the output
        // (low 32 bits) and how long it is (high 32 bits).
        let failure = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: maximumCode + 1) { table in
            run(data, minimumCodeSize: minimumCodeSize, out: out, total: output.count, table: table.baseAddress!)
        }
        if let failure { throw failure }
    }

    private static func run(
        _ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, out: UnsafeMutablePointer<UInt8>, total: Int,
        table: UnsafeMutablePointer<UInt64>
    ) -> Failure? {
        let clear = 1 << minimumCodeSize, endOfInformation = clear + 1
        // giflib's counters: `running` moves on every code read and sets the width; `nextFree` is
        // the next code to define (equal to `running` − 2 once a code follows a clear).
        var running = endOfInformation + 1, width = minimumCodeSize + 1, widthLimit = 1 << width
        var nextFree = endOfInformation + 1
        // The string the previous code wrote (none right after a clear).
        var lastStart = -1, lastLength = 0
        var bits: UInt64 = 0, held = 0, read = 0
        let bytes = data.count
        guard let input = data.baseAddress else { return .truncated(pixels: 0) }
        var written = 0
        while written < total {
            if held < width {
                if read + 8 <= bytes {
                    // Eight bytes at once; the bytes that do not fit are read again next time.
                    bits |= UInt64(littleEndian: UnsafeRawPointer(input + read).loadUnaligned(as: UInt64.self)) << UInt64(held)
                    read += (63 - held) >> 3
                    held |= 56
                } else {
                    while held < width {
                        guard read < bytes else { return .truncated(pixels: written) }
                        bits |= UInt64(input[read]) << UInt64(held)
                        read += 1
                        held += 8
                    }
                }
            }
            let code = Int(bits & UInt64(widthLimit - 1))
            bits >>= UInt64(width)
            held -= width
            if running < maximumCode + 2 {
                running += 1
                if running > widthLimit && width < 12 {
                    widthLimit <<= 1
                    width += 1
                }
            }
            if code == clear {
                running = endOfInformation + 1
                width = minimumCodeSize + 1
                widthLimit = 1 << width
                nextFree = endOfInformation + 1
                lastStart = -1
                continue
            }
            if code == endOfInformation { return .endTooSoon(pixels: written) }
            // The previous string and this one's first index: it ends where this one starts.
            if lastStart >= 0 && nextFree <= maximumCode {
                table[nextFree] = UInt64(lastStart) | UInt64(lastLength + 1) << 32
                nextFree += 1
            }
            if code < clear {
                out[written] = UInt8(truncatingIfNeeded: code)
                lastStart = written
                lastLength = 1
                written += 1
            } else if code < nextFree {
                let entry = table[code]
                let from = Int(entry & 0xFFFF_FFFF), length = Int(entry >> 32)
                let count = min(length, total - written)
                // The code just defined ends with its own first index (the string is the previous
                // one and its first index again): that one goes first. Every other byte it needs
                // was written before.
                out[written] = out[from]
                if count <= 9 && written + 9 <= total {
                    // Short strings (most, in a dithered picture): the rest of the string as one
                    // word; bytes past the string are written over by the codes after it.
                    let word = UnsafeRawPointer(out + from + 1).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(out + written + 1).storeBytes(of: word, as: UInt64.self)
                } else if count > 1 {
                    (out + written + 1).update(from: out + from + 1, count: count - 1)
                }
                lastStart = written
                lastLength = length
                written += count
            } else {
                return .undefinedCode(code)
            }
        }
        return nil
    }
}
