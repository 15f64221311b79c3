import CGIF
import Foundation

/// Streams frames into an animated GIF. Each frame after the first stores only the
/// rectangle that changed; inside it, unchanged pixels may be transparent or keep their
/// colour, whichever compresses better (see `LZWEncoder`). The global colour table is
/// chosen after looking ahead at the first frames (up to `lookaheadBytes` of changed
/// pixels): when every colour they use fits in 256 entries they all share it, otherwise
/// frames whose colours it lacks get local tables. Bytes go through an `OutputFile`: a
/// regular file is written to a temporary path and renamed on `finish()`.
public final class GIFWriter {
    public let url: URL
    public let width: Int
    public let height: Int
    /// Ordered (Bayer 8×8) dithering for frames whose colours do not fit a palette; exact
    /// palettes are never dithered. Off by default: flat UI art rarely needs it.
    public let dithering: Bool
    /// Frames whose colours do not fit a table exactly may reuse an approximate global
    /// table while every frame as shown stays at least this close to the true frames
    /// (PSNR over RGB, dB); otherwise they get their own table.
    public let minimumPSNR: Double
    /// Number of frames added so far.
    public private(set) var frameCount = 0
    /// Changed pixels held back while the global palette is not chosen yet. The memory
    /// the writer needs is bounded by this, not by the number of frames.
    public static let lookaheadBytes = 16 << 20

    private let output: GIFOutput
    private let loopCount: Int
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var previous: [UInt32] = []
    private var coders: [LZWCoder] = []
    private var global: Palette?
    private var pending: [FrameDelta] = []
    private var pendingBytes = 0
    /// Every colour the pending frames need, while there are at most 256 of them.
    private var pendingColors: ColorIndexMap? = ColorIndexMap(minimumCapacity: 512)

    /// Opens the temporary file; `loopCount` 0 loops forever.
    /// `inputs` are files the output must not replace (see `OutputFile`).
    public convenience init(url: URL, width: Int, height: Int, loopCount: Int = 0, dithering: Bool = false,
                            minimumPSNR: Double = 64, inputs: [URL] = []) throws {
        try self.init(output: try OutputFile(url, inputs: inputs), width: width, height: height, loopCount: loopCount,
                      dithering: dithering, minimumPSNR: minimumPSNR)
    }

    /// Writes into an output already opened (and so already checked); see `OutputFile`.
    public init(output file: OutputFile, width: Int, height: Int, loopCount: Int = 0, dithering: Bool = false,
                minimumPSNR: Double = 64) throws {
        self.dithering = dithering
        // Bad values must not trap in the budget arithmetic: NaN means the default.
        self.minimumPSNR = minimumPSNR.isNaN ? 64 : max(0, min(99, minimumPSNR))
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            file.cancel()
            throw RenderError.invalidArgument("GIF size \(width)×\(height) is out of range")
        }
        self.url = URL(fileURLWithPath: file.path); self.width = width; self.height = height
        self.loopCount = loopCount
        output = GIFOutput(file)
        var err: Int32 = 0
        guard let g = EGifOpen(Unmanaged.passUnretained(output).toOpaque(), gifOutputFunction, &err) else {
            output.file.cancel()
            throw RenderError.gif("EGifOpen failed (\(err))")
        }
        gif = g
        EGifSetGifVersion(g, true)
    }

    deinit { cancel() }

    /// Abandons the file (the target is left as it was).
    public func cancel() {
        if let g = gif {
            var err: Int32 = 0
            EGifCloseFile(g, &err)
            gif = nil
        }
        output.file.cancel()
    }

    /// Adds one frame shown for `delay` centiseconds.
    public func add(_ frame: PixelBuffer, delay: Int) throws {
        try add(frame, delay: delay, change: nil)
    }

    /// Adds a frame whose change from the previous one was already found (on another
    /// thread, see `FrameChange`); it must be the change from the frame added last.
    func add(_ frame: PixelBuffer, delay: Int, change: FrameChange?) throws {
        guard gif != nil else { throw RenderError.gif("writer is closed") }
        guard frame.width == width, frame.height == height, frame.premultipliedARGB.count == width * height else {
            throw RenderError.invalidArgument("frame is \(frame.width)×\(frame.height), GIF is \(width)×\(height)")
        }
        var delta = change?.delta ?? FrameChange(from: frameCount == 0 ? nil : previous, to: frame).delta
        delta.delay = delay
        previous = frame.premultipliedARGB
        frameCount += 1
        if global != nil {
            try write(delta)
            return
        }
        pending.append(delta)
        pendingBytes += delta.pixels.count * 5
        if var colors = pendingColors {
            delta.forEachShownColor { c in
                if colors.count <= 256 { colors.insert(c, 0) }
            }
            pendingColors = colors.count <= 256 ? colors : nil
        }
        if pendingColors == nil || pendingBytes > Self.lookaheadBytes { try chooseGlobalPalette() }
    }

    /// Closes the GIF and moves it over the target.
    public func finish() throws {
        guard let g = gif else { throw RenderError.gif("writer is closed") }
        if global == nil {
            guard !pending.isEmpty else { throw RenderError.gif("no frames were added") }
            try chooseGlobalPalette()
        }
        gif = nil
        var err: Int32 = 0
        if EGifCloseFile(g, &err) == GIF_ERROR {
            output.file.cancel()
            throw output.error ?? RenderError.gif("closing the GIF failed (\(err))")
        }
        if let e = output.error { output.file.cancel(); throw e }
        try output.file.commit()
    }

    /// Delays in centiseconds for `count` frames at `fps`. Each frame starts at its true time
    /// rounded down to a centisecond, so the delays never drift and add up to the exact
    /// duration (30 fps gives 3, 3, 4, …).
    public static func delays(count: Int, fps: Double) -> [Int] {
        func start(_ k: Int) -> Int { Int((Double(k) * 100 / fps + 1e-9).rounded(.down)) }
        return (0..<count).map { start($0 + 1) - start($0) }
    }

    /// Bits per pixel for a palette plus its transparent slot (GIF colour tables are powers of two).
    static func bits(forColors count: Int) -> Int {
        var b = 1
        while (1 << b) < count + 1 && b < 8 { b += 1 }
        return b
    }

    // MARK: - Palettes

    /// A colour table: its colours, their indices, and whether it reproduces every colour
    /// it was made for (exact) or approximates them (median cut).
    struct Palette: Sendable {
        var colors: [UInt32]
        var index: ColorIndexMap
        var isExact: Bool
        /// Table size is 2^bits; the slots after `colors` are free for transparency.
        var bits: Int

        init(colors: [UInt32], isExact: Bool, reserveTransparent: Bool = true) {
            self.colors = colors; self.isExact = isExact
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
    private func chooseGlobalPalette() throws {
        guard let g = gif, let first = pending.first else { return }
        let palette: Palette
        if let colors = pendingColors, colors.count <= 256 {
            var all: [UInt32] = []
            for d in pending { d.forEachShownColor { all.append($0) } }
            let distinct = all.withUnsafeBufferPointer { Quantizer.distinctColors($0, limit: 256) } ?? []
            palette = Palette(colors: distinct, isExact: true)
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
        pending = []; pendingBytes = 0; pendingColors = nil
        for d in frames { try write(d) }
    }

    // MARK: - Frames

    /// One way to code a frame: its table, indices and the error it leaves on screen.
    private struct Coding: Sendable {
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
    private func write(_ d: FrameDelta) throws {
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
        while coders.count < trials.count { coders.append(LZWCoder()) }
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
    private func recordErrors(_ c: Coding, _ d: FrameDelta) {
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

    /// Squared RGB error (summed over channels) of each pixel as shown, once any frame was
    /// coded lossily; nil while everything shown is exact.
    private var screenError: [UInt32]?
    private var screenErrorTotal = 0
    /// The most on-screen squared error a frame may carry: `minimumPSNR` over all channels.
    private var errorBudget: Int {
        Int(Double(3 * width * height) * 65025 / pow(10, minimumPSNR / 10))
    }

    /// Palette indices for the rectangle: changed pixels get their (nearest) colour;
    /// unchanged ones are transparent, marked flexible when the table also has their colour.
    /// With `giveUpAbove`, returns nil as soon as one pixel's squared error exceeds it (the
    /// coding would be refused anyway; most of wave's refused tables fail early).
    private func code(_ d: FrameDelta, palette: Palette, isLocal: Bool, transparent: UInt8?,
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

    private func encode(_ symbols: [UInt8], flexible: [Bool]?, transparent: UInt8, bits: Int) -> [UInt8] {
        if coders.isEmpty { coders.append(LZWCoder()) }
        return coders[0].encode(symbols, flexible: flexible, transparent: transparent, bits: bits)
    }

    /// Whether the table has every colour of `pixels` exactly.
    private static func holds(_ palette: Palette, every pixels: [UInt32]) -> Bool {
        var last: UInt32 = 0xFFFF_FFFF
        for c in pixels where c != last {
            if palette.index.lookup(c) == nil { return false }
            last = c
        }
        return true
    }

    /// The lowest table index no changed pixel is coded with (for the transparent pixel).
    private static func freeIndex(avoiding symbols: [UInt8], changed: [Bool]) -> UInt8? {
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
    private static func colorMap(_ palette: Palette) throws -> UnsafeMutablePointer<ColorMapObject> {
        let size = 1 << palette.bits
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in palette.colors.prefix(size).enumerated() {
            colors[i] = GifColorType(Red: UInt8(c >> 16 & 0xFF), Green: UInt8(c >> 8 & 0xFF), Blue: UInt8(c & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(size), &colors) else { throw RenderError.gif("cannot make a colour map") }
        return map
    }

    private func putLoopExtension(_ g: UnsafeMutablePointer<GifFileType>) throws {
        guard EGifPutExtensionLeader(g, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR else { throw gifError(g, "loop extension") }
        var app = Array("NETSCAPE2.0".utf8)
        guard EGifPutExtensionBlock(g, 11, &app) != GIF_ERROR else { throw gifError(g, "loop extension") }
        var sub: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8((loopCount >> 8) & 0xFF)]
        guard EGifPutExtensionBlock(g, 3, &sub) != GIF_ERROR else { throw gifError(g, "loop extension") }
        guard EGifPutExtensionTrailer(g) != GIF_ERROR else { throw gifError(g, "loop extension") }
    }

    /// Writes the graphic control extension, the image descriptor (giflib also writes the
    /// LZW minimum code size, max(2, table bits), which `blocks` were coded with) and the
    /// compressed sub-blocks.
    private func putImage(_ g: UnsafeMutablePointer<GifFileType>, x: Int, y: Int, width: Int, height: Int,
                          blocks: [UInt8], palette: Palette?, delay: Int, transparent: UInt8?) throws {
        var gcb = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                       DelayTime: Int32(max(0, min(65535, delay))),
                                       TransparentColor: transparent.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var ext = [UInt8](repeating: 0, count: 4)
        let len = EGifGCBToExtension(&gcb, &ext)
        guard EGifPutExtension(g, GRAPHICS_EXT_FUNC_CODE, Int32(len), ext) != GIF_ERROR else { throw gifError(g, "graphics control") }
        var map: UnsafeMutablePointer<ColorMapObject>? = nil
        if let palette { map = try Self.colorMap(palette) }
        defer { if let map { GifFreeMapObject(map) } }
        guard EGifPutImageDesc(g, Int32(x), Int32(y), Int32(width), Int32(height), false, map) != GIF_ERROR else {
            throw gifError(g, "image descriptor")
        }
        try blocks.withUnsafeBufferPointer { b in
            var offset = 0
            while offset < b.count {
                guard EGifPutCodeNext(g, b.baseAddress! + offset) != GIF_ERROR else { throw gifError(g, "image data") }
                offset += Int(b[offset]) + 1
            }
        }
        guard EGifPutCodeNext(g, nil) != GIF_ERROR else { throw gifError(g, "image data") }
    }

    private func gifError(_ g: UnsafeMutablePointer<GifFileType>, _ what: String) -> any Error {
        // A failed write (disk full, file too large) is the real cause; say that.
        output.error ?? RenderError.gif("\(what): \(String(cString: GifErrorString(g.pointee.Error)))")
    }
}
