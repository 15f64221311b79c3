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
        /// Whether some pixel it writes is not its exact colour (an approximate table). Each
        /// pixel's error is worked out again for the coding chosen (`recordErrors`), rather than
        /// kept for every candidate: 4 bytes a pixel for each of up to four candidates.
        var isLossy: Bool
        /// Change of the on-screen error total if this coding is used.
        var errorDelta: Int
        /// The largest squared error of any pixel this coding writes.
        var worstError: UInt32 = 0

        /// Within the frame budget, and no single pixel visibly off.
        func acceptable(onScreen total: Int, budget: Int) -> Bool {
            worstError <= GIFWriter.worstPixelError && (errorDelta <= 0 || total + errorDelta <= budget)
        }
    }

    /// A frame coded and ready to go into the stream.
    struct CodedFrame: Sendable {
        var x: Int, y: Int, width: Int, height: Int
        var blocks: [UInt8]
        /// The frame's own table, when it has one.
        var localPalette: Palette?
        var delay: Int
        var transparent: UInt8?
        /// The coding chosen (nil for an unchanged frame's one transparent pixel).
        var coding: Coding?
    }

    /// LZW dictionaries for one thread's codings, one per trial of a frame.
    final class Coders: @unchecked Sendable {
        // Used by one `coded` call at a time; each concurrent trial gets a different coder.
        private var coders: [LZWTrialCoder] = []
        func atLeast(_ n: Int) -> [LZWTrialCoder] {
            while coders.count < n { coders.append(LZWTrialCoder()) }
            return coders
        }
    }

    /// Codes the frame's changed rectangle (see `GIFFrameCoder.coded`) and puts it in the stream.
    func write(_ d: FrameDelta) throws {
        // Two statements: the coder's reference to the error map is gone before `put` changes
        // it in place (a reference still held would make that a copy of the whole map).
        let c = try frameCoder().coded(d, coders: coders)
        try put(c, d)
    }

    /// Puts a coded frame into the stream and keeps the error map in step.
    func put(_ c: CodedFrame, _ d: FrameDelta) throws {
        guard let g = gif else { return }
        try putImage(
            g, x: c.x, y: c.y, width: c.width, height: c.height, blocks: c.blocks, palette: c.localPalette, delay: c.delay,
            transparent: c.transparent)
        if let coding = c.coding { recordErrors(coding, d) }
    }

    /// What coding a frame reads of the writer, as a value another thread can use.
    func frameCoder() throws -> GIFFrameCoder {
        guard let global else { throw RenderError.gif("no global colour table yet") }
        return GIFFrameCoder(
            global: global, dithering: dithering, screenError: screenError,
            screenErrorTotal: screenErrorTotal, errorBudget: errorBudget, frameNumber: frameCount,
            triesKeptColours: !favoursSpeed)
    }

    /// Keeps the per-pixel error map in step with what the decoder now shows.
    func recordErrors(_ c: Coding, _ d: FrameDelta) {
        // Exact codings only matter once something was lossy: written pixels are right again.
        guard c.isLossy || screenError != nil else { return }
        var map = screenError ?? ScreenErrors(width: width, height: height)
        screenError = nil  // keep `map` the only reference, so it is changed in place
        var total = screenErrorTotal
        let lossy = c.isLossy
        // Every pixel of the rectangle is written when the delta has no mask (a first frame).
        let everyPixel = d.changed == nil ? [Bool](repeating: true, count: d.pixels.count) : []
        d.pixels.withUnsafeBufferPointer { pixels in
            c.symbols.withUnsafeBufferPointer { symbols in
                c.palette.colors.withUnsafeBufferPointer { colors in
                    (d.changed ?? everyPixel).withUnsafeBufferPointer { written in
                        // What the coding measured for a pixel (a changed pixel never gets the
                        // transparent index): the distance to the colour of the entry it was given.
                        func error(_ i: Int) -> UInt32 { lossy ? Quantizer.squaredError(pixels[i], colors[Int(symbols[i])]) : 0 }
                        for ry in 0..<d.height {
                            let y = d.y + ry, start = ry * d.width
                            // A row that holds no error and gets none stays unstored.
                            if !map.isStored(row: y) && !(start..<start + d.width).contains(where: { written[$0] && error($0) > 0 }) {
                                continue
                            }
                            map.withRow(y) { row in
                                let screen = row.baseAddress! + d.x
                                for rx in 0..<d.width where written[start + rx] {
                                    let e = error(start + rx)
                                    total += Int(e) - Int(screen[rx])
                                    screen[rx] = e
                                }
                            }
                        }
                    }
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
