import CGIF
import Foundation

/// Streams frames into an animated GIF: a global palette from the first frame, a local one
/// for frames whose changed colours it does not hold, only the changed rectangle of each
/// frame with unchanged pixels transparent, and the NETSCAPE2.0 loop. The file is written to
/// a temporary path and renamed on `finish()`.
public final class GIFWriter {
    public let url: URL
    public let width: Int
    public let height: Int
    private let tmpURL: URL
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var previous: [UInt32]?
    private var globalPalette: [UInt32] = []
    private var globalIndex: [UInt32: UInt8] = [:]
    private var globalIsExact = false
    /// Number of frames written so far.
    public private(set) var frameCount = 0

    /// The transparent index of a palette: the slot after its colours.
    private static func transparentIndex(for palette: [UInt32]) -> UInt8 { UInt8(min(palette.count, 255)) }

    /// Bits per pixel for a palette plus its transparent slot (GIF colour tables are powers of two).
    static func bits(forColors count: Int) -> Int {
        var b = 1
        while (1 << b) < count + 1 { b += 1 }
        return b
    }

    /// Ordered (Bayer 8×8) dithering for frames whose colours do not fit a palette; exact
    /// palettes are never dithered. Off by default: flat UI art rarely needs it.
    public let dithering: Bool

    /// Opens the temporary file; `loopCount` 0 loops forever.
    public init(url: URL, width: Int, height: Int, loopCount: Int = 0, dithering: Bool = false) throws {
        self.dithering = dithering
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw RenderError.invalidArgument("GIF size \(width)×\(height) is out of range")
        }
        self.url = url; self.width = width; self.height = height
        let dir = url.deletingLastPathComponent()
        if !dir.path.isEmpty { try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
        tmpURL = AtomicFile.temporaryURL(for: url)
        let fd = open(tmpURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw RenderError.io("cannot create \(tmpURL.path): \(String(cString: strerror(errno)))") }
        var err: Int32 = 0
        guard let g = EGifOpenFileHandle(fd, &err) else {
            close(fd)
            throw RenderError.gif("EGifOpenFileHandle failed (\(err))")
        }
        gif = g
        EGifSetGifVersion(g, true)
        self.loopCount = loopCount
    }

    private let loopCount: Int

    deinit { cancel() }

    /// Abandons the file (the target is left as it was).
    public func cancel() {
        if let g = gif {
            var err: Int32 = 0
            EGifCloseFile(g, &err)
            gif = nil
            try? FileManager.default.removeItem(at: tmpURL)
        }
    }

    /// Adds one frame shown for `delay` centiseconds.
    public func add(_ frame: PixelBuffer, delay: Int) throws {
        guard let g = gif else { throw RenderError.gif("writer is closed") }
        guard frame.width == width, frame.height == height else {
            throw RenderError.invalidArgument("frame is \(frame.width)×\(frame.height), GIF is \(width)×\(height)")
        }
        let packed = Self.pack(frame)
        defer { previous = packed; frameCount += 1 }
        if previous == nil {
            try writeFirstFrame(g, packed, delay: delay)
        } else {
            try writeDelta(g, packed, delay: delay)
        }
    }

    /// Closes the GIF and moves it over the target.
    public func finish() throws {
        guard let g = gif else { throw RenderError.gif("writer is closed") }
        gif = nil
        var err: Int32 = 0
        if EGifCloseFile(g, &err) == GIF_ERROR {
            try? FileManager.default.removeItem(at: tmpURL)
            throw RenderError.gif("closing the GIF failed (\(err))")
        }
        if rename(tmpURL.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: tmpURL)
            throw RenderError.io("cannot move \(tmpURL.path) to \(url.path)")
        }
    }

    /// Delays in centiseconds for `count` frames at `fps`. Each frame starts at its true time
    /// rounded down to a centisecond, so the delays never drift and add up to the exact
    /// duration (30 fps gives 3, 3, 4, …).
    public static func delays(count: Int, fps: Double) -> [Int] {
        func start(_ k: Int) -> Int { Int((Double(k) * 100 / fps + 1e-9).rounded(.down)) }
        return (0..<count).map { start($0 + 1) - start($0) }
    }

    // MARK: - Frames

    private static func pack(_ frame: PixelBuffer) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: frame.width * frame.height)
        frame.rgba.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<dst.count {
                    var r = UInt32(src[i * 4]), g = UInt32(src[i * 4 + 1]), b = UInt32(src[i * 4 + 2])
                    let a = UInt32(src[i * 4 + 3])
                    if a < 255 {
                        // GIF has no partial alpha: composite over white.
                        r = (r * a + 255 * (255 - a) + 127) / 255
                        g = (g * a + 255 * (255 - a) + 127) / 255
                        b = (b * a + 255 * (255 - a) + 127) / 255
                    }
                    dst[i] = r << 16 | g << 8 | b
                }
            }
        }
        return out
    }

    private func writeFirstFrame(_ g: UnsafeMutablePointer<GifFileType>, _ pixels: [UInt32], delay: Int) throws {
        let exact = pixels.withUnsafeBufferPointer { Quantizer.distinctColors($0, limit: 255) }
        globalIsExact = exact != nil
        globalPalette = exact ?? pixels.withUnsafeBufferPointer { Quantizer.medianCut($0, count: 255) }
        for (i, c) in globalPalette.enumerated() { globalIndex[c] = UInt8(i) }
        let globalMap = try Self.colorMap(globalPalette)
        defer { GifFreeMapObject(globalMap) }
        guard EGifPutScreenDesc(g, Int32(width), Int32(height), Int32(Self.bits(forColors: globalPalette.count)), 0, globalMap) != GIF_ERROR else { throw gifError(g, "screen descriptor") }
        try putLoopExtension(g)
        let indices = map(pixels, palette: globalPalette, index: globalIndex, exact: globalIsExact, origin: (0, 0), width: width)
        try putImage(g, rect: (0, 0, width, height), indices: indices, localPalette: nil, delay: delay, transparent: nil)
    }

    private func writeDelta(_ g: UnsafeMutablePointer<GifFileType>, _ pixels: [UInt32], delay: Int) throws {
        let prev = previous!
        var minX = width, minY = height, maxX = -1, maxY = -1
        let w = width
        pixels.withUnsafeBufferPointer { cur in
            prev.withUnsafeBufferPointer { old in
                for y in 0..<height {
                    let row = y * w
                    var x = 0
                    // Skip the unchanged start and end of the row, then widen the box.
                    while x < w && cur[row + x] == old[row + x] { x += 1 }
                    guard x < w else { continue }
                    var last = w - 1
                    while last > x && cur[row + last] == old[row + last] { last -= 1 }
                    if x < minX { minX = x }
                    if last > maxX { maxX = last }
                    if y < minY { minY = y }
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else {
            // Nothing changed: a single transparent pixel keeps the frame and its delay.
            try putImage(g, rect: (0, 0, 1, 1), indices: [Self.transparentIndex(for: globalPalette)], localPalette: nil,
                         delay: delay, transparent: Self.transparentIndex(for: globalPalette))
            return
        }
        let rw = maxX - minX + 1, rh = maxY - minY + 1
        var rectPixels = [UInt32](); rectPixels.reserveCapacity(rw * rh)
        var changedPixels = [UInt32](); changedPixels.reserveCapacity(rw * rh)
        var changed = [Bool](); changed.reserveCapacity(rw * rh)
        for y in minY...maxY {
            for x in minX...maxX {
                let i = y * width + x
                rectPixels.append(pixels[i])
                let c = pixels[i] != prev[i]
                changed.append(c)
                if c { changedPixels.append(pixels[i]) }
            }
        }
        var fitsGlobal = true
        var lastChecked: UInt32 = 0xFFFF_FFFF
        for p in changedPixels where p != lastChecked {
            lastChecked = p
            if globalIndex[p] == nil { fitsGlobal = false; break }
        }
        // With the global table usable, a local one only helps if it needs fewer bits: stop
        // counting colours as soon as it cannot.
        let globalBits = Self.bits(forColors: globalPalette.count)
        let limit = fitsGlobal ? min(255, (1 << (globalBits - 1)) - 1) : 255
        let exact = limit > 0 ? changedPixels.withUnsafeBufferPointer { Quantizer.distinctColors($0, limit: limit) } : nil
        // A local table pays for itself when its smaller codes save more than it costs.
        var useLocal = !fitsGlobal
        if fitsGlobal, let exact {
            let saved = rw * rh * (Self.bits(forColors: globalPalette.count) - Self.bits(forColors: exact.count)) / 8
            useLocal = saved > 3 * (1 << Self.bits(forColors: exact.count)) + 64
        }
        var indices: [UInt8]
        var isExact = true
        var palette = globalPalette
        var local: [UInt32]? = nil
        if useLocal {
            let full = exact ?? changedPixels.withUnsafeBufferPointer { Quantizer.distinctColors($0, limit: 255) }
            isExact = full != nil
            palette = full ?? changedPixels.withUnsafeBufferPointer { Quantizer.medianCut($0, count: 255) }
            var index: [UInt32: UInt8] = [:]
            for (i, c) in palette.enumerated() { index[c] = UInt8(i) }
            indices = map(rectPixels, palette: palette, index: index, exact: isExact, origin: (minX, minY), width: rw)
            local = palette
        } else {
            indices = map(rectPixels, palette: globalPalette, index: globalIndex, exact: true, origin: (minX, minY), width: rw)
        }
        let transparent = Self.transparentIndex(for: palette)
        for i in 0..<indices.count where !changed[i] { indices[i] = transparent }
        try putImage(g, rect: (minX, minY, rw, rh), indices: indices, localPalette: local, delay: delay, transparent: transparent)
    }

    /// 8×8 Bayer thresholds, 0…63.
    private static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    private func map(_ pixels: [UInt32], palette: [UInt32], index: [UInt32: UInt8], exact: Bool,
                     origin: (Int, Int), width rowWidth: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count)
        var cache = index
        if dithering && !exact {
            // Thresholds tied to canvas coordinates, so the pattern is stable frame to frame.
            let strength = 24
            for (i, p) in pixels.enumerated() {
                let x = origin.0 + i % rowWidth, y = origin.1 + i / rowWidth
                let offset = (Self.bayer[(y & 7) * 8 + (x & 7)] * strength) / 64 - strength / 2
                func ch(_ shift: UInt32) -> UInt32 { UInt32(max(0, min(255, Int((p >> shift) & 0xFF) + offset))) }
                let adjusted = ch(16) << 16 | ch(8) << 8 | ch(0)
                if let hit = cache[adjusted] { out[i] = hit; continue }
                let idx = UInt8(Quantizer.nearest(adjusted, in: palette))
                cache[adjusted] = idx
                out[i] = idx
            }
            return out
        }
        var last: UInt32 = 0xFFFF_FFFF, lastIndex: UInt8 = 0
        for (i, p) in pixels.enumerated() {
            if p == last { out[i] = lastIndex; continue }
            let idx: UInt8
            if let hit = cache[p] { idx = hit } else {
                idx = UInt8(Quantizer.nearest(p, in: palette))
                cache[p] = idx
            }
            out[i] = idx; last = p; lastIndex = idx
        }
        return out
    }

    /// A colour table of the smallest power-of-two size that holds the palette and the
    /// transparent slot after it.
    private static func colorMap(_ palette: [UInt32]) throws -> UnsafeMutablePointer<ColorMapObject> {
        let size = 1 << bits(forColors: palette.count)
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in palette.prefix(255).enumerated() {
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

    private func putImage(_ g: UnsafeMutablePointer<GifFileType>, rect: (Int, Int, Int, Int), indices: [UInt8],
                          localPalette: [UInt32]?, delay: Int, transparent: UInt8?) throws {
        var gcb = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                       DelayTime: Int32(max(0, min(65535, delay))),
                                       TransparentColor: transparent.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var ext = [UInt8](repeating: 0, count: 4)
        let len = EGifGCBToExtension(&gcb, &ext)
        guard EGifPutExtension(g, GRAPHICS_EXT_FUNC_CODE, Int32(len), ext) != GIF_ERROR else { throw gifError(g, "graphics control") }
        var map: UnsafeMutablePointer<ColorMapObject>? = nil
        if let localPalette { map = try Self.colorMap(localPalette) }
        defer { if let map { GifFreeMapObject(map) } }
        guard EGifPutImageDesc(g, Int32(rect.0), Int32(rect.1), Int32(rect.2), Int32(rect.3), false, map) != GIF_ERROR else {
            throw gifError(g, "image descriptor")
        }
        var data = indices
        let ok = data.withUnsafeMutableBufferPointer { EGifPutLine(g, $0.baseAddress, Int32($0.count)) }
        guard ok != GIF_ERROR else { throw gifError(g, "image data") }
    }

    private func gifError(_ g: UnsafeMutablePointer<GifFileType>, _ what: String) -> RenderError {
        RenderError.gif("\(what): \(String(cString: GifErrorString(g.pointee.Error)))")
    }
}
