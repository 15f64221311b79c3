import CGIF
import Foundation

/// Coding one frame: its changed rectangle, its table, trials, LZW (see GIFWriter).
extension GIFWriter {

    /// One way to code a frame: its table, indices and the error it leaves on screen.
    struct Coding: Sendable {
        var palette: Palette
        var isLocal: Bool
        var transparent: UInt8?
        var symbols: [UInt8]
        var flexible: [Bool]?
        /// Squared RGB error of each rectangle pixel this coding writes (nil: all exact).
        var errors: [UInt32]?
        /// Change of the on-screen error total if this coding is used.
        var errorDelta: Int
        /// The largest squared error of any pixel this coding writes.
        var worstError: UInt32 = 0

        /// Within the frame budget, and no single pixel visibly off.
        func acceptable(onScreen total: Int, budget: Int) -> Bool {
            worstError <= GIFWriter.worstPixelError && (errorDelta <= 0 || total + errorDelta <= budget)
        }
    }

    /// Encodes one frame's changed rectangle against the global table or a local one,
    /// whichever is smaller once coded, among those whose error stays within budget.
    func write(_ d: FrameDelta) throws {
        guard let g = gif, let global else { return }
        if d.isEmpty {
            // Nothing changed: one transparent pixel keeps the frame and its delay.
            let t = UInt8(min(global.colors.count, (1 << global.bits) - 1))
            try putImage(g, x: 0, y: 0, width: 1, height: 1, blocks: encode([t], flexible: nil, transparent: t, bits: global.bits),
                         palette: nil, delay: d.delay, transparent: t)
            return
        }
        let shown = d.shownPixels()
        var codings: [Coding] = []
        // The first frame always uses the global table, which was made from it.
        if d.changed == nil {
            codings.append(code(d, palette: global, isLocal: false, transparent: nil)!)
        } else if !global.isExact || Self.holds(global, every: shown) {
            // Transparency takes a spare slot, or in a full table an entry no changed pixel uses.
            var t: UInt8? = global.colors.count < 1 << global.bits ? UInt8(global.colors.count) : nil
            if t == nil {
                let probe = code(d, palette: global, isLocal: false, transparent: 0, keepTransparentFree: false)!
                t = Self.freeIndex(avoiding: probe.symbols, changed: d.changed!)
            }
            if let t {
                if let c = code(d, palette: global, isLocal: false, transparent: t, giveUpAbove: Self.worstPixelError),
                   c.acceptable(onScreen: screenErrorTotal, budget: errorBudget) { codings.append(c) }
            }
        }
        // A local table: needed when the global one does not serve, worth trying when its
        // shorter codes might pay for it.
        if codings.isEmpty || (global.bits > 1 && shown.count >= 64) {
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
                    guard let c = code(d, palette: local, isLocal: true, transparent: transparentSlot(local),
                                       giveUpAbove: last ? nil : Self.worstPixelError) else { continue }
                    if last || c.acceptable(onScreen: screenErrorTotal, budget: errorBudget) {
                        codings.append(c)
                        break
                    }
                }
            }
        }
        // Code each candidate with unchanged pixels transparent, and with them free to keep
        // their colour; keep the smallest.
        // Large frames code their trials on several threads (one dictionary each); the
        // choice does not depend on which finishes first.
        let trials = codings.indices.flatMap { i in codings[i].flexible == nil ? [(i, false)] : [(i, false), (i, true)] }
        while coders.count < trials.count { coders.append(LZWTrialCoder()) }
        let coded = ParallelResults<[UInt8]>(count: trials.count)
        let runTrial: @Sendable (Int) -> Void = { [coders, codings] j in
            let (i, useFlexible) = trials[j], c = codings[i]
            coded.set(j, .success(coders[j].encode(c.symbols, flexible: useFlexible ? c.flexible : nil,
                                                   transparent: c.transparent ?? 0, bits: c.palette.bits)))
        }
        if trials.count > 1 && d.pixels.count >= 1 << 13 {
            DispatchQueue.concurrentPerform(iterations: trials.count, execute: runTrial)
        } else {
            for j in trials.indices { runTrial(j) }
        }
        var best: (coding: Coding, blocks: [UInt8], size: Int)? = nil
        for (j, blocks) in try coded.values().enumerated() {
            let c = codings[trials[j].0]
            let size = blocks.count + (c.isLocal ? 3 << c.palette.bits : 0)
            if best == nil || size < best!.size { best = (c, blocks, size) }
        }
        guard let chosen = best else { throw RenderError.gif("no colour table fits frame \(frameCount)") }
        try putImage(g, x: d.x, y: d.y, width: d.width, height: d.height, blocks: chosen.blocks,
                     palette: chosen.coding.isLocal ? chosen.coding.palette : nil, delay: d.delay,
                     transparent: chosen.coding.transparent)
        recordErrors(chosen.coding, d)
    }

    /// Keeps the per-pixel error map in step with what the decoder now shows.
    func recordErrors(_ c: Coding, _ d: FrameDelta) {
        // Exact codings only matter once something was lossy: written pixels are right again.
        guard c.errors != nil || screenError != nil else { return }
        var map = screenError ?? [UInt32](repeating: 0, count: width * height)
        screenError = nil   // keep `map` the only reference, so it is changed in place
        var total = screenErrorTotal
        let w = width
        map.withUnsafeMutableBufferPointer { map in
            for ry in 0..<d.height {
                let row = (d.y + ry) * w + d.x
                for rx in 0..<d.width where d.changed?[ry * d.width + rx] ?? true {
                    let e = c.errors?[ry * d.width + rx] ?? 0
                    total += Int(e) - Int(map[row + rx])
                    map[row + rx] = e
                }
            }
        }
        screenError = map
        screenErrorTotal = total
    }

    /// A reused or smaller approximate table is refused when any pixel would be further than
    /// this from its colour (squared RGB distance; 12 levels in each channel): a PSNR floor
    /// alone allows a few pixels to be visibly wrong.
    static let worstPixelError: UInt32 = 3 * 12 * 12

    /// The most on-screen squared error a frame may carry: `minimumPSNR` over all channels.
    var errorBudget: Int {
        Int(Double(3 * width * height) * 65025 / pow(10, minimumPSNR / 10))
    }

    /// Palette indices for the rectangle: changed pixels get their (nearest) colour;
    /// unchanged ones are transparent, marked flexible when the table also has their colour.
    /// With `giveUpAbove`, returns nil as soon as one pixel's squared error exceeds it (the
    /// coding would be refused anyway; most of wave's refused tables fail early).
    func code(_ d: FrameDelta, palette: Palette, isLocal: Bool, transparent: UInt8?,
                      keepTransparentFree: Bool = true, giveUpAbove: UInt32? = nil) -> Coding? {
        let limit = giveUpAbove ?? .max
        var gaveUp = false
        var cache = palette.index
        var ditherCache = ColorIndexMap(minimumCapacity: 256)
        let ditherThis = dithering && !palette.isExact
        let n = d.pixels.count
        var symbols = [UInt8](repeating: 0, count: n)
        var flex = [Bool](repeating: false, count: transparent == nil ? 0 : n)
        var errors = [UInt32](repeating: 0, count: palette.isExact ? 0 : n)
        let measure = !palette.isExact
        var errorDelta = 0
        var worst: UInt32 = 0
        let screen = screenError ?? [], screenWidth = width
        let t = transparent ?? 0
        let colors = palette.colors
        // Runs are common: remember the last shown and the last unchanged colour's index.
        var last: UInt32 = 0xFFFF_FFFF, lastIndex: UInt8 = 0
        var lastKept: UInt32 = 0xFFFF_FFFF, lastKeptIndex: UInt8? = nil
        symbols.withUnsafeMutableBufferPointer { symbols in
        flex.withUnsafeMutableBufferPointer { flex in
        errors.withUnsafeMutableBufferPointer { errors in
        d.pixels.withUnsafeBufferPointer { pixels in
            for ry in 0..<d.height {
                let y = d.y + ry
                for rx in 0..<d.width {
                    let i = ry * d.width + rx
                    let p = pixels[i]
                    if let changed = d.changed, !changed[i] {
                        if p != lastKept { lastKept = p; lastKeptIndex = palette.index.lookup(p) }
                        if let own = lastKeptIndex, own != t {
                            symbols[i] = own
                            flex[i] = true
                        } else {
                            symbols[i] = t
                        }
                        continue
                    }
                    var idx: UInt8
                    if p == last {
                        idx = lastIndex
                    } else {
                        if let hit = cache.lookup(p) { idx = hit } else {
                            idx = UInt8(Quantizer.nearest(p, in: colors))
                            cache.insert(p, idx)
                        }
                        last = p; lastIndex = idx
                    }
                    // Dither only colours the table misses by more than a few levels: flat
                    // areas near an entry stay flat (and look the same under every table).
                    if ditherThis, Quantizer.squaredError(p, colors[Int(idx)]) > Self.ditherThreshold {
                        let x = d.x + rx
                        let offset = (Self.bayer[(y & 7) * 8 + (x & 7)] * 24) / 64 - 12
                        func ch(_ shift: UInt32) -> UInt32 { UInt32(max(0, min(255, Int((p >> shift) & 0xFF) + offset))) }
                        let adjusted = ch(16) << 16 | ch(8) << 8 | ch(0)
                        if let hit = ditherCache.lookup(adjusted) { idx = hit } else {
                            idx = UInt8(Quantizer.nearest(adjusted, in: colors))
                            ditherCache.insert(adjusted, idx)
                        }
                    }
                    if keepTransparentFree, transparent != nil, idx == t {
                        // The transparent slot cannot show a colour: take the nearest other entry.
                        idx = UInt8(Quantizer.nearest(p, in: colors, excluding: Int(t)))
                    }
                    symbols[i] = idx
                    if measure {
                        let e = Quantizer.squaredError(p, colors[Int(idx)])
                        errors[i] = e
                        worst = max(worst, e)
                        if e > limit { gaveUp = true; return }
                        errorDelta += Int(e) - (screen.isEmpty ? 0 : Int(screen[y * screenWidth + d.x + rx]))
                    }
                }
            }
        }
        }
        }
        }
        if gaveUp { return nil }
        return Coding(palette: palette, isLocal: isLocal, transparent: transparent, symbols: symbols,
                      flexible: transparent == nil ? nil : flex, errors: measure ? errors : nil, errorDelta: errorDelta,
                      worstError: worst)
    }

    func encode(_ symbols: [UInt8], flexible: [Bool]?, transparent: UInt8, bits: Int) -> [UInt8] {
        if coders.isEmpty { coders.append(LZWTrialCoder()) }
        return coders[0].encode(symbols, flexible: flexible, transparent: transparent, bits: bits)
    }

    /// Whether the table has every colour of `pixels` exactly.
    static func holds(_ palette: Palette, every pixels: [UInt32]) -> Bool {
        var last: UInt32 = 0xFFFF_FFFF
        for c in pixels where c != last {
            if palette.index.lookup(c) == nil { return false }
            last = c
        }
        return true
    }

    /// The lowest table index no changed pixel is coded with (for the transparent pixel).
    static func freeIndex(avoiding symbols: [UInt8], changed: [Bool]) -> UInt8? {
        var used = [Bool](repeating: false, count: 256)
        for i in 0..<symbols.count where changed[i] { used[Int(symbols[i])] = true }
        return used.firstIndex(of: false).map { UInt8($0) }
    }

    /// Squared RGB distance (3 levels a channel) within which a colour is drawn with its
    /// nearest entry even when dithering.
    static let ditherThreshold: UInt32 = 27

    /// 8×8 Bayer thresholds, 0…63.
    private static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// A colour table of 2^bits entries holding the palette (unused slots black).
    static func colorMap(_ palette: Palette) throws -> UnsafeMutablePointer<ColorMapObject> {
        let size = 1 << palette.bits
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in palette.colors.prefix(size).enumerated() {
            colors[i] = GifColorType(Red: UInt8(c >> 16 & 0xFF), Green: UInt8(c >> 8 & 0xFF), Blue: UInt8(c & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(size), &colors) else { throw RenderError.gif("cannot make a colour map") }
        return map
    }
}
