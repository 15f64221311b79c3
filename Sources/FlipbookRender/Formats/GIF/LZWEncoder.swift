/// GIF's variable-length-code LZW compressor. It is written here instead of going through
/// giflib's `EGifPutLine` so that a pixel left unchanged from the previous frame can be
/// coded as either its own colour or the transparent index, whichever continues the string
/// being matched: gifsicle's -O2/-O3 idea (choose transparency where it makes longer
/// repeats), done greedily inside the encoder in one pass. giflib still writes the file.
struct LZWEncoder {
    /// Dictionary as an open-addressing hash table that fits a core's L1 cache (32 KB): each
    /// entry is `(prefix << 8 | symbol) << 12 | code`, 0 when empty (no code is 0). Emptied
    /// when the dictionary starts over.
    private var table: UnsafeMutablePointer<UInt32>
    /// The entry made last for each prefix code, `symbol << 12 | code` (0: none), checked
    /// before the table (16 KB).
    private var recent: UnsafeMutablePointer<UInt32>
    fileprivate static let tableBits = 13

    init() {
        table = .allocate(capacity: 1 << Self.tableBits)
        table.initialize(repeating: 0, count: 1 << Self.tableBits)
        recent = .allocate(capacity: 4096)
        recent.initialize(repeating: 0, count: 4096)
    }

    /// Frees the dictionary (the encoder is owned by one writer; see `GIFWriter.deinit`).
    func deallocate() {
        table.deallocate()
        recent.deallocate()
    }

    /// Compresses `symbols` (each < 2^minCodeSize) into GIF image data sub-blocks (each a
    /// length byte and up to 255 bytes; the zero-length terminator is not included).
    /// Where `flexible[i]` is true, the pixel may be coded as `alternative` instead of
    /// `symbols[i]` (both show the same colour); the encoder picks per pixel.
    mutating func encode(
        _ symbols: UnsafeBufferPointer<UInt8>, flexible: UnsafeBufferPointer<Bool>? = nil,
        alternative: UInt8 = 0, minCodeSize: Int
    ) -> [UInt8] {
        precondition(minCodeSize >= 2 && minCodeSize <= 8)
        precondition(flexible == nil || flexible!.count == symbols.count)
        // Worst case every pixel is its own 12-bit code; the clear codes add little.
        var codes = CodeWriter(capacity: symbols.count * 2 + 64)
        defer { codes.deallocate() }
        let clear = 1 << minCodeSize
        let strings = StringTable(table: table, recent: recent)
        strings.empty()
        var codeSize = minCodeSize + 1
        var maxCode = clear + 1
        codes.put(clear, codeSize)
        if !symbols.isEmpty {
            var current = Int(symbols[0])
            var previousSymbol = current
            let alt = Int(alternative)
            let flex = flexible?.baseAddress
            for i in 1..<symbols.count {
                let own = Int(symbols[i])
                var next = own
                // Where the new string goes when the match ends here (the table's empty slot).
                var slot: Int
                if let flex, flex[i], own != alt {
                    // Both codings show the same colour: continue the match with either,
                    // preferring the one that continues a run; new strings follow the same rule.
                    let first = previousSymbol == own ? own : alt
                    let second = first == own ? alt : own
                    let k = strings.child(current, first)
                    if k >= 0 {
                        current = k
                        previousSymbol = first
                        continue
                    }
                    let k2 = strings.child(current, second)
                    if k2 >= 0 {
                        current = k2
                        previousSymbol = second
                        continue
                    }
                    slot = -1 - k
                    next = first
                } else {
                    let k = strings.child(current, own)
                    if k >= 0 {
                        current = k
                        previousSymbol = own
                        continue
                    }
                    slot = -1 - k
                }
                codes.put(current, codeSize)
                maxCode += 1
                strings.insert(current, next, maxCode, at: slot)
                if maxCode >= 1 << codeSize { codeSize += 1 }
                if maxCode == 4095 {
                    // The dictionary is full: start over (the decoder resets on the clear code).
                    codes.put(clear, codeSize)
                    strings.empty()
                    codeSize = minCodeSize + 1
                    maxCode = clear + 1
                }
                current = next
                previousSymbol = next
            }
            codes.put(current, codeSize)
        }
        codes.put(clear + 1, codeSize)
        return Self.subBlocks(codes.finish())
    }

    /// Packs variable-length codes into bytes, least significant bit first (GIF's order).
    private struct CodeWriter {
        let out: UnsafeMutablePointer<UInt8>
        var written = 0
        var bitBuffer: UInt64 = 0
        var bitCount = 0

        init(capacity: Int) { out = .allocate(capacity: capacity) }

        func deallocate() { out.deallocate() }

        @inline(__always) mutating func put(_ code: Int, _ size: Int) {
            bitBuffer |= UInt64(code) << UInt64(bitCount)
            bitCount += size
            while bitCount >= 8 {
                out[written] = UInt8(truncatingIfNeeded: bitBuffer)
                written += 1
                bitBuffer >>= 8
                bitCount -= 8
            }
        }

        /// The bytes written, the last partial byte included.
        mutating func finish() -> UnsafeBufferPointer<UInt8> {
            if bitCount > 0 {
                out[written] = UInt8(truncatingIfNeeded: bitBuffer)
                written += 1
            }
            return UnsafeBufferPointer(start: out, count: written)
        }
    }

    /// The dictionary's lookups over the encoder's table (see `table` and `recent`).
    private struct StringTable {
        let table: UnsafeMutablePointer<UInt32>
        let recent: UnsafeMutablePointer<UInt32>
        static let mask = (1 << LZWEncoder.tableBits) - 1

        /// No strings but the single symbols (which need no entry).
        func empty() {
            table.update(repeating: 0, count: 1 << LZWEncoder.tableBits)
            recent.update(repeating: 0, count: 4096)
        }

        @inline(__always) func slot(_ key: Int) -> Int {
            Int(truncatingIfNeeded: (UInt32(key) &* 2_654_435_761) >> 19) & Self.mask
        }

        /// The code of `prefix` followed by `symbol`, or −1 − the empty slot where that string
        /// would go. The latest child of each code is tried before the hash table: runs and
        /// repeated patterns usually continue the string just made.
        @inline(__always) func child(_ prefix: Int, _ symbol: Int) -> Int {
            let r = recent[prefix]
            if r != 0 && Int(r >> 12) == symbol { return Int(r & 0xFFF) }
            let key = UInt32(truncatingIfNeeded: prefix << 8 | symbol)
            var i = slot(Int(key))
            while true {
                let v = table[i]
                if v == 0 { return -1 - i }
                if v >> 12 == key { return Int(v & 0xFFF) }
                i = (i + 1) & Self.mask
            }
        }

        /// Adds `prefix` followed by `symbol` as `code` at `slot` (the empty slot `child` found).
        @inline(__always) func insert(_ prefix: Int, _ symbol: Int, _ code: Int, at slot: Int) {
            table[slot] = UInt32(truncatingIfNeeded: (prefix << 8 | symbol) << 12 | code)
            recent[prefix] = UInt32(truncatingIfNeeded: symbol << 12 | code)
        }
    }

    /// Splits data into GIF sub-blocks: a length byte (1…255) before each piece.
    static func subBlocks(_ data: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let pieces = (data.count + 254) / 255
        return [UInt8](unsafeUninitializedCapacity: data.count + pieces) { buffer, initialized in
            var i = 0, o = 0
            while i < data.count {
                let n = min(255, data.count - i)
                buffer[o] = UInt8(n)
                UnsafeMutableRawPointer(buffer.baseAddress! + o + 1).copyMemory(from: data.baseAddress! + i, byteCount: n)
                o += n + 1
                i += n
            }
            initialized = o
        }
    }
}
