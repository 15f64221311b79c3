/// A hash map from packed `0xRRGGBB` colours to palette indices, with open addressing in
/// flat arrays: the GIF writer looks up every pixel of every changed rectangle, where
/// `Dictionary` hashing cost more than the rest of the encoder.
struct ColorIndexMap: Sendable {
    /// Colour with bit 24 set (so black is not the empty slot); 0 marks an empty slot.
    private var keys: [UInt32]
    private var values: [UInt8]
    private var mask: Int
    private(set) var count = 0

    init(minimumCapacity: Int = 256) {
        var size = 16
        while size < minimumCapacity * 2 { size <<= 1 }
        keys = [UInt32](repeating: 0, count: size)
        values = [UInt8](repeating: 0, count: size)
        mask = size - 1
    }

    /// The map holding `palette[i] → i`.
    init(palette: [UInt32]) {
        self.init(minimumCapacity: palette.count)
        for (i, c) in palette.enumerated() { insert(c, UInt8(truncatingIfNeeded: i)) }
    }

    @inline(__always) private static func slot(_ key: UInt32, _ mask: Int) -> Int {
        Int((key &* 0x9E37_79B1) >> 15) & mask
    }

    @inline(__always) func lookup(_ color: UInt32) -> UInt8? {
        let key = color | 0x100_0000
        var i = Self.slot(key, mask)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// Adds `color → value`; returns false (and keeps the old value) if it was present.
    @discardableResult
    mutating func insert(_ color: UInt32, _ value: UInt8) -> Bool {
        if (count + 1) * 2 > keys.count { grow() }
        let key = color | 0x100_0000
        var i = Self.slot(key, mask)
        while true {
            let k = keys[i]
            if k == key { return false }
            if k == 0 { break }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = value
        count += 1
        return true
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt32](repeating: 0, count: oldKeys.count * 2)
        values = [UInt8](repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != 0 { insert(k & 0xFF_FFFF, v) }
    }
}
