/// A frame's pixels as indices into its own colours, in the order they first appear, when it
/// has at most 256 (flat UI art usually does): what a palette PNG stores. A dictionary lookup
/// per pixel cost more than deflating the result; runs of one colour (most of a UI frame) are
/// checked against the pixel before, the rest in a small open-addressed table.
enum PaletteIndexing {
    /// The palette (premultiplied ARGB words) and one index per pixel, or nil past 256 colours.
    static func index(_ pixels: PixelBuffer) -> (palette: [UInt32], indices: [UInt8])? {
        let count = pixels.premultipliedARGB.count
        // 1024 slots for at most 256 colours: probes stay short. A slot holds index + 1 (0: empty).
        var slots = [UInt16](repeating: 0, count: 1024)
        var keys = [UInt32](repeating: 0, count: 1024)
        var palette: [UInt32] = []
        palette.reserveCapacity(256)
        var overflow = false
        let indices = [UInt8](unsafeUninitializedCapacity: count) { dst, written in
            written = 0
            pixels.premultipliedARGB.withUnsafeBufferPointer { src in
                var lastWord: UInt32 = 0
                var lastIndex: UInt8 = 0
                var haveLast = false
                for i in 0..<count {
                    let word = src[i]
                    if haveLast && word == lastWord {
                        dst[i] = lastIndex
                        continue
                    }
                    // Fibonacci hashing onto 10 bits.
                    var slot = Int(truncatingIfNeeded: (word &* 0x9E37_79B1) >> 22)
                    var found: UInt8?
                    while slots[slot] != 0 {
                        if keys[slot] == word {
                            found = UInt8(truncatingIfNeeded: slots[slot] - 1)
                            break
                        }
                        slot = (slot + 1) & 1023
                    }
                    if found == nil {
                        guard palette.count < 256 else {
                            overflow = true
                            return
                        }
                        found = UInt8(truncatingIfNeeded: palette.count)
                        slots[slot] = UInt16(palette.count + 1)
                        keys[slot] = word
                        palette.append(word)
                    }
                    dst[i] = found!
                    lastWord = word
                    lastIndex = found!
                    haveLast = true
                }
            }
            written = overflow ? 0 : count
        }
        return overflow ? nil : (palette, indices)
    }
}
