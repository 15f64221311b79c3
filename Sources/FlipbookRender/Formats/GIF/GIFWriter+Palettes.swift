import CGIF
import Foundation

/// Choosing colour tables: one global table when the colours allow, reused approximate tables
/// above 256 colours (see GIFWriter).
extension GIFWriter {

    /// A colour table: its colours, their indices, and whether it reproduces every colour
    /// it was made for (exact) or approximates them (median cut).
    struct Palette: Sendable {
        var colors: [UInt32]
        var index: ColorIndexMap
        var isExact: Bool
        /// Table size is 2^bits; the slots after `colors` are free for transparency.
        var bits: Int

        init(colors: [UInt32], isExact: Bool, reserveTransparent: Bool = true) {
            self.colors = colors
            self.isExact = isExact
            index = ColorIndexMap(palette: colors)
            bits = GIFWriter.bits(forColors: max(0, colors.count - (reserveTransparent ? 0 : 1)))
        }

        /// An exact palette for `pixels` when they have at most `limit` colours, else a
        /// median cut of 255.
        static func fitting(_ pixels: [UInt32], limit: Int = 255) -> Palette {
            pixels.withUnsafeBufferPointer { p in
                if let exact = Quantizer.distinctColors(p, limit: limit) { return Palette(colors: exact, isExact: true) }
                return Palette(colors: Quantizer.medianCut(p, count: 255), isExact: false)
            }
        }
    }

    /// Picks the global table from the pending frames, writes the header and them.
    func chooseGlobalPalette() throws {
        guard let g = gif, let first = pending.first else { return }
        let palette: Palette
        if let ahead = speculation, pendingColors != nil {
            // No frame brought a new colour since the speculation made its table from them, so
            // it is the table these frames get (the same colours, in the order they showed).
            palette = ahead.palette
        } else if let colors = pendingColors, colors.count <= 256 {
            palette = Self.exactPalette(of: pending)
        } else {
            palette = Palette.fitting(first.pixels)
        }
        global = palette
        let map = try Self.colorMap(palette)
        defer { GifFreeMapObject(map) }
        guard EGifPutScreenDesc(g, Int32(width), Int32(height), Int32(palette.bits), 0, map) != GIF_ERROR else {
            throw gifError(g, "screen descriptor")
        }
        try putLoopExtension(g)
        let frames = pending
        pending = []
        pendingBytes = 0
        pendingColors = nil
        let ahead = speculation
        speculation = nil
        if let ahead, palette.isExact, ahead.palette.colors == palette.colors {
            // Coded with this very table (the frames' colours did not change since), each frame
            // exactly, so on its own: the same codings as coding them now.
            let coded = ahead.results(coders: coders)
            for (i, d) in frames.enumerated() {
                if i < coded.count, let c = coded[i] {
                    try put(c, d)
                    framesCodedAhead += 1
                } else {
                    try write(d)
                }
            }
        } else {
            ahead?.cancel()
            for d in frames { try write(d) }
        }
    }

    /// The exact table of every colour the frames show, in the order they first show them.
    static func exactPalette(of frames: [FrameDelta]) -> Palette {
        var all: [UInt32] = []
        for d in frames { d.forEachShownColor { all.append($0) } }
        let distinct = all.withUnsafeBufferPointer { Quantizer.distinctColors($0, limit: 256) } ?? []
        return Palette(colors: distinct, isExact: true)
    }
}
