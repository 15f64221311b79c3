import CGIF
import FlipbookCore
import Foundation

/// A GIF's frames composited as browsers show them, one at a time: each frame drawn over what
/// the previous one's disposal left (GIF89a: none/keep, restore to background, which clears to
/// transparent as browsers do, restore to previous), with transparent indices and local colour
/// tables. Opening reads the file once without decoding pixels, for the frame times.
public final class GIFFrameStream: RecordingStream {
    public let width: Int
    public let height: Int
    public let starts: [Double]
    public let duration: Double
    /// Delays in centiseconds, one per frame, as stored.
    public let delays: [Int]
    /// Loop count from the NETSCAPE2.0 extension (0 = forever), nil when absent.
    public let loopCount: Int?
    /// Entries in the global colour table (0: none).
    public let globalTableSize: Int
    /// Each frame decoded so far: its image rectangle and its local table's entries (0: global).
    public private(set) var frameRects: [(x: Int, y: Int, width: Int, height: Int)] = []
    public private(set) var localTableSizes: [Int] = []

    private enum Disposal { case keep, clear(x: Int, y: Int, width: Int, height: Int), restore([UInt32]) }

    private let records: GIFRecords
    /// The screen as premultiplied ARGB words (what PixelBuffer holds, so a frame is handed
    /// out without converting it): a GIF's colours are opaque or wholly transparent (0).
    private var canvas: [UInt32]
    /// The last image's colour indices (its buffer reused by the next).
    private var indices: [UInt8] = []
    /// The part of the screen composed (`limitComposition`; the whole screen unless limited).
    private var composed: (xs: Range<Int>, ys: Range<Int>)
    private var disposal = Disposal.keep
    private var control: GraphicsControlBlock?
    private var finished = false

    private let url: URL

    public convenience init(url: URL) throws {
        // First pass: the timing, with every image's pixels skipped undecoded.
        let scan = try GIFRecords(path: url.path)
        var delays: [Int] = [], pendingDelay = 0, loop: Int?
        scanning: while true {
            switch try scan.next() {
            case .control(let gcb): pendingDelay = Int(gcb.DelayTime)
            case .loop(let n): loop = n
            case .image:
                try scan.skipImage()
                delays.append(pendingDelay)
                pendingDelay = 0
            case .end: break scanning
            }
        }
        guard !delays.isEmpty else { throw RenderError.gif("\(url.path) has no frames") }
        try self.init(url: url, delays: delays, loopCount: loop)
    }

    /// The file with its frame times already read (`reopened`).
    private init(url: URL, delays: [Int], loopCount loop: Int?) throws {
        self.url = url
        self.delays = delays
        loopCount = loop
        (starts, duration) = RecordingLimits.starts(fromDurations: delays.map { Double($0) / 100 })
        records = try GIFRecords(path: url.path)
        width = records.width
        height = records.height
        try RecordingLimits.checkWhole(url.path, width: width, height: height, frames: delays.count)
        globalTableSize = records.globalTableSize
        canvas = [UInt32](repeating: 0, count: width * height)
        composed = (0..<width, 0..<height)
    }

    /// Composes only `region` from the next frame on (clipped to the screen): the rest of each
    /// frame keeps what it had. An image's codes are decoded down to the region's last row only
    /// (not at all for an image beside it), so a fault in its data below goes unnoticed.
    public func limitComposition(to region: (x: Int, y: Int, width: Int, height: Int)) {
        composed = (
            max(0, region.x)..<max(max(0, region.x), min(width, region.x + region.width)),
            max(0, region.y)..<max(max(0, region.y), min(height, region.y + region.height))
        )
    }

    /// The same file from its first frame, its frame times kept (a 48 MB recording's scan
    /// took 25 ms, and `compare` reads a recording four times). Should the file have changed
    /// since, its frames still decode as they are, each checked as it is read.
    public func reopened() throws -> (any RecordingStream)? {
        try GIFFrameStream(url: url, delays: delays, loopCount: loopCount)
    }

    public func nextFrame() throws -> PixelBuffer? {
        try advance() ? PixelBuffer(width: width, height: height, premultipliedARGB: canvas) : nil
    }

    /// The next frame composed but not handed out (later frames are drawn over it).
    public func skipFrame() throws -> Bool { try advance() }

    /// Composes the next frame onto the canvas; false after the last.
    private func advance() throws -> Bool {
        guard !finished else { return false }
        while true {
            switch try records.next() {
            case .control(let gcb): control = gcb
            case .loop: break
            case .end:
                finished = true
                return false
            case .image(let d):
                apply(disposal)
                let gcb =
                    control
                    ?? GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
                control = nil
                let x0 = Int(d.Left), y0 = Int(d.Top), iw = Int(d.Width), ih = Int(d.Height)
                // Only the rows down to the composed part's last are decoded (none when the image
                // misses it): a cropped recording's lower rows are never looked at.
                let misses =
                    composed.xs.isEmpty || composed.ys.isEmpty || x0 >= composed.xs.upperBound || x0 + iw <= composed.xs.lowerBound
                    || y0 >= composed.ys.upperBound || y0 + ih <= composed.ys.lowerBound
                try records.readImage(d, into: &indices, rows: misses ? 0 : composed.ys.upperBound - y0)
                frameRects.append((x0, y0, iw, ih))
                localTableSizes.append(Int(d.ColorMap?.pointee.ColorCount ?? 0))
                // Restore to previous: keep what this frame covers, to put back after it is shown.
                switch gcb.DisposalMode {
                case DISPOSE_BACKGROUND: disposal = .clear(x: x0, y: y0, width: iw, height: ih)
                case DISPOSE_PREVIOUS: disposal = .restore(canvas)
                default: disposal = .keep
                }
                draw(
                    indices, x0: x0, y0: y0, width: iw, height: ih, colors: d.ColorMap ?? records.globalColorMap,
                    transparent: Int(gcb.TransparentColor))
                return true
            }
        }
    }

    private func draw(
        _ indices: [UInt8], x0: Int, y0: Int, width iw: Int, height ih: Int,
        colors: UnsafeMutablePointer<ColorMapObject>?, transparent: Int
    ) {
        guard let colors else { return }
        // Per index, the opaque word it draws (low half) and which of the canvas's bits it keeps
        // (high half): none for a colour, all for the transparent index and for indices past the
        // table's end, which leave the canvas as it is. Drawing is then the same two operations
        // for every pixel (a screen recording's transparent pixels, where nothing changed, fall
        // in no pattern a branch could predict).
        let keep: UInt64 = 0xFFFF_FFFF << 32
        var table = [UInt64](repeating: keep, count: 256)
        for i in 0..<min(256, Int(colors.pointee.ColorCount)) where i != transparent {
            let c = colors.pointee.Colors[i]
            table[i] = 0xFF00_0000 | UInt64(c.Red) << 16 | UInt64(c.Green) << 8 | UInt64(c.Blue)
        }
        // The image rectangle clipped to the part of the screen composed.
        // (An image placed off the screen draws nothing.)
        let left = max(composed.xs.lowerBound, x0), right = min(composed.xs.upperBound, x0 + iw)
        let top = max(composed.ys.lowerBound, y0), bottom = min(composed.ys.upperBound, y0 + ih)
        guard left < right, top < bottom else { return }
        let w = width, count = right - left
        table.withUnsafeBufferPointer { table in
            indices.withUnsafeBufferPointer { src in
                canvas.withUnsafeMutableBufferPointer { dst in
                    let table = table.baseAddress!
                    for y in top..<bottom {
                        let from = src.baseAddress! + (y - y0) * iw + (left - x0), to = dst.baseAddress! + y * w + left
                        for x in 0..<count {
                            let entry = table[Int(from[x])]
                            to[x] = to[x] & UInt32(truncatingIfNeeded: entry >> 32) | UInt32(truncatingIfNeeded: entry)
                        }
                    }
                }
            }
        }
    }

    private func apply(_ disposal: Disposal) {
        switch disposal {
        case .keep: break
        case .restore(let saved): canvas = saved
        case .clear(let x0, let y0, let w, let h):
            // Clipped to the screen; cleared to transparent.
            let left = max(0, x0), right = min(width, x0 + w), top = max(0, y0), bottom = min(height, y0 + h)
            guard left < right, top < bottom else { return }
            let xs = left..<right, ys = top..<bottom
            canvas.withUnsafeMutableBufferPointer { dst in
                for y in ys { for x in xs { dst[y * width + x] = 0 } }
            }
        }
    }
}
