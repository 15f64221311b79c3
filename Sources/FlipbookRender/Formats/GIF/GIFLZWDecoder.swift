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
        /// The minimum code size byte is over 8.
        case codeSize(Int)
        /// A code that names no string yet.
        case undefinedCode(Int)
        /// The end-of-information code before every pixel.
        case endTooSoon(pixels: Int)
        /// The data ran out before every pixel.
        case truncated(pixels: Int)

        /// Whether the data ran out before every pixel.
        var isTruncated: Bool {
            if case .truncated = self { return true }
            return false
        }

        var description: String {
            switch self {
            case .codeSize(let n): return "its LZW minimum code size is \(n), over 8"
            case .undefinedCode(let c): return "its data uses LZW code \(c) before defining it"
            case .endTooSoon(let n): return "its data ends (end-of-information code) after \(n) of its pixels"
            case .truncated(let n): return "its data runs out after \(n) of its pixels"
            }
        }
    }

    /// The largest code (12-bit codes).
    private static let maximumCode = 4095
    /// Where the output starts in `buffer`: before it, byte i is i, so that a single index
    /// (a literal code) is a string in the buffer like any other and every code is decoded alike.
    private static let literals = 256
    /// Bytes after the output: a short string is copied as one 8-byte word, which may run past it.
    private static let slack = 16

    /// The literal bytes, the output, and the slack; kept from image to image.
    private var buffer: [UInt8] = []
    /// For each code: where its string starts in `buffer` (low 32 bits) and how long it is.
    private var table = [UInt64](repeating: 0, count: maximumCode + 1)

    /// Decodes `data` (the image's sub-blocks joined, lengths left out) into `output`, which it
    /// fills: codes after the last pixel are ignored, as giflib ignores them.
    mutating func decode(
        _ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(Failure) {
        // 0 and 1 are below what encoders write (2), but giflib decodes them: so does this.
        guard (0...8).contains(minimumCodeSize) else { throw .codeSize(minimumCodeSize) }
        guard let destination = output.baseAddress, !output.isEmpty else { return }
        let total = output.count
        if buffer.count < Self.literals + total + Self.slack {
            buffer = [UInt8](repeating: 0, count: Self.literals + total + Self.slack)
            for i in 0..<Self.literals { buffer[i] = UInt8(i) }
        }
        let failure = buffer.withUnsafeMutableBufferPointer { buffer in
            table.withUnsafeMutableBufferPointer { table in
                Self.run(data, minimumCodeSize: minimumCodeSize, buffer: buffer.baseAddress!, total: total, table: table.baseAddress!)
            }
        }
        if let failure { throw failure }
        buffer.withUnsafeBufferPointer { buffer in
            destination.update(from: buffer.baseAddress! + Self.literals, count: total)
        }
    }

    private static func run(
        _ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, buffer: UnsafeMutablePointer<UInt8>, total: Int,
        table: UnsafeMutablePointer<UInt64>
    ) -> Failure? {
        let clear = 1 << minimumCodeSize, endOfInformation = clear + 1
        for i in 0..<clear { table[i] = UInt64(i) | 1 << 32 }
        // giflib's counters: `running` moves on every code read and sets the width; `nextFree` is
        // the next code to define (equal to `running` − 2 once a code follows a clear).
        var running = endOfInformation + 1, width = minimumCodeSize + 1, widthLimit = 1 << width
        var nextFree = endOfInformation + 1
        // The string the previous code wrote (none right after a clear).
        var lastStart = -1, lastLength = 0
        var bits: UInt64 = 0, held = 0, read = 0
        let bytes = data.count
        guard let input = data.baseAddress else { return .truncated(pixels: 0) }
        var written = literals
        let end = literals + total
        while written < end {
            if held < width {
                if read + 8 <= bytes {
                    // Eight bytes at once; the bytes that do not fit are read again next time.
                    bits |= UInt64(littleEndian: UnsafeRawPointer(input + read).loadUnaligned(as: UInt64.self)) << UInt64(held)
                    read &+= (63 &- held) >> 3
                    held |= 56
                } else {
                    while held < width {
                        guard read < bytes else { return .truncated(pixels: written - literals) }
                        bits |= UInt64(input[read]) << UInt64(held)
                        read += 1
                        held += 8
                    }
                }
            }
            let code = Int(bits & UInt64(widthLimit &- 1))
            bits >>= UInt64(width)
            held &-= width
            if running < maximumCode + 2 {
                running &+= 1
                if running > widthLimit && width < 12 {
                    widthLimit <<= 1
                    width &+= 1
                }
            }
            // The clear and end codes, rare: one unsigned comparison for both.
            if UInt(bitPattern: code &- clear) < 2 {
                if code == endOfInformation { return .endTooSoon(pixels: written - literals) }
                running = endOfInformation + 1
                width = minimumCodeSize + 1
                widthLimit = 1 << width
                nextFree = endOfInformation + 1
                lastStart = -1
                continue
            }
            // The previous string and this one's first index: it ends where this one starts.
            if lastStart >= 0 && nextFree <= maximumCode {
                table[nextFree] = UInt64(truncatingIfNeeded: lastStart) | UInt64(truncatingIfNeeded: lastLength &+ 1) << 32
                nextFree &+= 1
            }
            guard code < nextFree else { return .undefinedCode(code) }
            let entry = table[code]
            let from = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF), length = Int(truncatingIfNeeded: entry >> 32)
            // The code just defined ends with its own first index (the string is the previous one
            // and its first index again): that one goes first. Every other byte it needs was
            // written before.
            buffer[written] = buffer[from]
            if length <= 9 {
                // Short strings (most, in a dithered picture): the rest as one word; bytes past
                // the string land in the slack or are written over by the codes after it.
                let word = UnsafeRawPointer(buffer + (from &+ 1)).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(buffer + (written &+ 1)).storeBytes(of: word, as: UInt64.self)
            } else {
                (buffer + (written &+ 1)).update(from: buffer + (from &+ 1), count: min(length, end &- written) &- 1)
            }
            lastStart = written
            lastLength = length
            written &+= length
        }
        return nil
    }
}
