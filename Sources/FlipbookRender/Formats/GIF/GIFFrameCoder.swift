import Foundation

/// Codes frames for a `GIFWriter`: what a frame's coding reads of the writer (its global table,
/// the error shown on screen, its settings) as a value, so that frames can be coded on another
/// thread while the writer goes on (see `GIFWriter.Speculation`).
struct GIFFrameCoder: Sendable {
    typealias Palette = GIFWriter.Palette
    typealias Coding = GIFWriter.Coding
    typealias CodedFrame = GIFWriter.CodedFrame
    typealias Coders = GIFWriter.Coders

    let global: Palette
    let dithering: Bool
    /// Squared error of each pixel as shown (nil while everything shown is exact).
    let screenError: ScreenErrors?
    let screenErrorTotal: Int
    let errorBudget: Int
    /// For messages: the number of the frame being coded.
    let frameNumber: Int
    /// Whether each table is also tried with unchanged pixels free to keep their colour (else
    /// they are transparent only: one LZW trial a table).
    var triesKeptColours = true

    /// Codes one frame's changed rectangle against the global table or a local one, whichever
    /// is smaller once coded, among those whose error stays within budget. `coders` are this
    /// call's own LZW dictionaries.
    func coded(_ d: FrameDelta, coders: Coders) throws -> CodedFrame {
        if d.isEmpty {
            // Nothing changed: one transparent pixel keeps the frame and its delay.
            let t = UInt8(min(global.colors.count, (1 << global.bits) - 1))
            let blocks = coders.atLeast(1)[0].encode([t], flexible: nil, transparent: t, bits: global.bits)
            return CodedFrame(
                x: 0, y: 0, width: 1, height: 1, blocks: blocks, localPalette: nil, delay: d.delay, transparent: t,
                coding: nil)
        }
        let codings = candidates(d, shown: d.shownPixels())
        let chosen = try smallest(codings, of: d, coders: coders)
        return CodedFrame(
            x: d.x, y: d.y, width: d.width, height: d.height, blocks: chosen.blocks,
            localPalette: chosen.coding.isLocal ? chosen.coding.palette : nil, delay: d.delay,
            transparent: chosen.coding.transparent, coding: chosen.coding)
    }

    /// The codings worth trying for a frame: the global table (always for the first frame, which
    /// it was made from; else with a transparent index, when its error stays in budget) and a
    /// local table of the shown colours (or their smallest median cut in budget).
    private func candidates(_ d: FrameDelta, shown: [UInt32]) -> [Coding] {
        var codings: [Coding] = []
        if d.changed == nil {
            codings.append(code(d, palette: global, isLocal: false, transparent: nil)!)
        } else if !global.isExact || GIFWriter.holds(global, every: shown) {
            // Transparency takes a spare slot, or in a full table an entry no changed pixel uses.
            var t: UInt8? = global.colors.count < 1 << global.bits ? UInt8(global.colors.count) : nil
            if t == nil {
                let probe = code(d, palette: global, isLocal: false, transparent: 0, keepTransparentFree: false)!
                t = GIFWriter.freeIndex(avoiding: probe.symbols, changed: d.changed!)
            }
            if let t {
                if let c = code(d, palette: global, isLocal: false, transparent: t, giveUpAbove: GIFWriter.worstPixelError),
                    c.acceptable(onScreen: screenErrorTotal, budget: errorBudget)
                {
                    codings.append(c)
                }
            }
        }
        // A local table: needed when the global one does not serve, worth trying when its
        // shorter codes might pay for it.
        guard codings.isEmpty || (global.bits > 1 && shown.count >= 64) else { return codings }
        let limit = codings.isEmpty ? 255 : (1 << (global.bits - 1)) - 1
        let transparentSlot: (Palette) -> UInt8? = { d.changed == nil ? nil : UInt8(min($0.colors.count, 255)) }
        if let exact = shown.withUnsafeBufferPointer({ Quantizer.distinctColors($0, limit: limit) }) {
            let local = Palette(colors: exact, isExact: true)
            codings.append(code(d, palette: local, isLocal: true, transparent: transparentSlot(local))!)
        } else if codings.isEmpty {
            // Too many colours: the smallest median-cut table whose error stays in budget.
            let sizes = [63, 127, 255]
            let cuts = shown.withUnsafeBufferPointer { Quantizer.medianCut($0, counts: sizes) }
            for (n, colors) in cuts.enumerated() {
                let local = Palette(colors: colors, isExact: false)
                let last = n == cuts.count - 1
                guard
                    let c = code(
                        d, palette: local, isLocal: true, transparent: transparentSlot(local),
                        giveUpAbove: last ? nil : GIFWriter.worstPixelError)
                else { continue }
                if last || c.acceptable(onScreen: screenErrorTotal, budget: errorBudget) {
                    codings.append(c)
                    break
                }
            }
        }
        return codings
    }

    /// Codes each candidate with unchanged pixels transparent, and with them free to keep their
    /// colour, and keeps the smallest (a local table's size counted). Large frames code their
    /// trials on several threads (one dictionary each); the choice does not depend on which
    /// finishes first.
    private func smallest(_ codings: [Coding], of d: FrameDelta, coders: Coders) throws -> (coding: Coding, blocks: [UInt8]) {
        let trials = codings.indices.flatMap { i -> [(Int, Bool)] in
            codings[i].flexible == nil || !triesKeptColours ? [(i, false)] : [(i, false), (i, true)]
        }
        let dictionaries = coders.atLeast(trials.count)
        let results = ParallelResults<[UInt8]>(count: trials.count)
        let runTrial: @Sendable (Int) -> Void = { j in
            let (i, useFlexible) = trials[j], c = codings[i]
            results.set(
                j,
                .success(
                    dictionaries[j].encode(
                        c.symbols, flexible: useFlexible ? c.flexible : nil,
                        transparent: c.transparent ?? 0, bits: c.palette.bits)))
        }
        if trials.count > 1 && d.pixels.count >= 1 << 13 {
            DispatchQueue.concurrentPerform(iterations: trials.count, execute: runTrial)
        } else {
            for j in trials.indices { runTrial(j) }
        }
        var best: (coding: Coding, blocks: [UInt8], size: Int)? = nil
        for (j, blocks) in try results.values().enumerated() {
            let c = codings[trials[j].0]
            let size = blocks.count + (c.isLocal ? 3 << c.palette.bits : 0)
            if best == nil || size < best!.size { best = (c, blocks, size) }
        }
        guard let chosen = best else { throw RenderError.gif("no colour table fits frame \(frameNumber)") }
        return (chosen.coding, chosen.blocks)
    }

    /// Palette indices for the rectangle: changed pixels get their (nearest) colour;
    /// unchanged ones are transparent, marked flexible when the table also has their colour.
    /// With `giveUpAbove`, returns nil as soon as one pixel's squared error exceeds it (the
    /// coding would be refused anyway; most of wave's refused tables fail early).
    func code(
        _ d: FrameDelta, palette: Palette, isLocal: Bool, transparent: UInt8?,
        keepTransparentFree: Bool = true, giveUpAbove: UInt32? = nil
    ) -> Coding? {
        let limit = giveUpAbove ?? .max
        var gaveUp = false
        var cache = palette.index
        var ditherCache = ColorIndexMap(minimumCapacity: 256)
        let ditherThis = dithering && !palette.isExact
        let n = d.pixels.count
        var symbols = [UInt8](repeating: 0, count: n)
        var flex = [Bool](repeating: false, count: transparent == nil ? 0 : n)
        let measure = !palette.isExact
        var errorDelta = 0
        var worst: UInt32 = 0
        let screen = screenError
        let t = transparent ?? 0
        let colors = palette.colors
        // Runs are common: remember the last shown and the last unchanged colour's index.
        var last: UInt32 = 0xFFFF_FFFF, lastIndex: UInt8 = 0
        var lastKept: UInt32 = 0xFFFF_FFFF, lastKeptIndex: UInt8? = nil
        symbols.withUnsafeMutableBufferPointer { symbols in
            flex.withUnsafeMutableBufferPointer { flex in
                d.pixels.withUnsafeBufferPointer { pixels in
                    for ry in 0..<d.height {
                        let y = d.y + ry
                        for rx in 0..<d.width {
                            let i = ry * d.width + rx
                            let p = pixels[i]
                            if let changed = d.changed, !changed[i] {
                                if p != lastKept {
                                    lastKept = p
                                    lastKeptIndex = palette.index.lookup(p)
                                }
                                // Transparent, or free to keep its colour when the table has it.
                                symbols[i] = t
                                if let own = lastKeptIndex, own != t {
                                    symbols[i] = own
                                    flex[i] = true
                                }
                                continue
                            }
                            if p != last {
                                last = p
                                lastIndex = Self.nearestIndex(p, in: colors, cache: &cache)
                            }
                            var idx = lastIndex
                            // Dither only colours the table misses by more than a few levels: flat
                            // areas near an entry stay flat (and look the same under every table).
                            if ditherThis, Quantizer.squaredError(p, colors[Int(idx)]) > Self.ditherThreshold {
                                idx = Self.ditheredIndex(p, x: d.x + rx, y: y, colors: colors, cache: &ditherCache)
                            }
                            if keepTransparentFree, transparent != nil, idx == t {
                                // The transparent slot cannot show a colour: take the nearest other entry.
                                idx = UInt8(Quantizer.nearest(p, in: colors, excluding: Int(t)))
                            }
                            symbols[i] = idx
                            if measure {
                                let e = Quantizer.squaredError(p, colors[Int(idx)])
                                worst = max(worst, e)
                                if e > limit {
                                    gaveUp = true
                                    return
                                }
                                errorDelta += Int(e) - Int(screen?.error(x: d.x + rx, y: y) ?? 0)
                            }
                        }
                    }
                }
            }
        }
        if gaveUp { return nil }
        return Coding(
            palette: palette, isLocal: isLocal, transparent: transparent, symbols: symbols,
            flexible: transparent == nil ? nil : flex, isLossy: measure, errorDelta: errorDelta,
            worstError: worst)
    }

    /// The table entry for `p` moved by the Bayer threshold at (x, y), ±12 levels a channel.
    @inline(__always)
    private static func ditheredIndex(_ p: UInt32, x: Int, y: Int, colors: [UInt32], cache: inout ColorIndexMap) -> UInt8 {
        let offset = (bayer[(y & 7) * 8 + (x & 7)] * 24) / 64 - 12
        func ch(_ shift: UInt32) -> UInt32 { UInt32(max(0, min(255, Int((p >> shift) & 0xFF) + offset))) }
        return nearestIndex(ch(16) << 16 | ch(8) << 8 | ch(0), in: colors, cache: &cache)
    }

    /// The entry nearest `p`, remembered in `cache`.
    @inline(__always)
    private static func nearestIndex(_ p: UInt32, in colors: [UInt32], cache: inout ColorIndexMap) -> UInt8 {
        if let hit = cache.lookup(p) { return hit }
        let idx = UInt8(Quantizer.nearest(p, in: colors))
        cache.insert(p, idx)
        return idx
    }

    /// Squared RGB distance (3 levels a channel) within which a colour is drawn with its
    /// nearest entry even when dithering.
    static let ditherThreshold: UInt32 = 27

    /// 8×8 Bayer thresholds, 0…63.
    private static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21
    ]
}
