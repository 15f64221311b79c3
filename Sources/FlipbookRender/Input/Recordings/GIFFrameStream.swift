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

    private enum Disposal { case keep, clear(x: Int, y: Int, width: Int, height: Int), restore([UInt8]) }

    private let records: GIFRecords
    private var canvas: [UInt8]
    private var disposal = Disposal.keep
    private var control: GraphicsControlBlock?
    private var finished = false

    public init(url: URL) throws {
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
        self.delays = delays
        loopCount = loop
        (starts, duration) = RecordingLimits.starts(fromDurations: delays.map { Double($0) / 100 })
        records = try GIFRecords(path: url.path)
        width = records.width
        height = records.height
        try RecordingLimits.checkWhole(url.path, width: width, height: height, frames: delays.count)
        globalTableSize = records.globalTableSize
        canvas = [UInt8](repeating: 0, count: width * height * 4)
    }

    public func nextFrame() throws -> PixelBuffer? {
        guard !finished else { return nil }
        while true {
            switch try records.next() {
            case .control(let gcb): control = gcb
            case .loop: break
            case .end:
                finished = true
                return nil
            case .image(let d):
                apply(disposal)
                let gcb =
                    control
                    ?? GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
                control = nil
                let indices = try records.readImage(d)
                let x0 = Int(d.Left), y0 = Int(d.Top), iw = Int(d.Width), ih = Int(d.Height)
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
                return PixelBuffer(width: width, height: height, rgba: canvas)
            }
        }
    }

    private func draw(
        _ indices: [UInt8], x0: Int, y0: Int, width iw: Int, height ih: Int,
        colors: UnsafeMutablePointer<ColorMapObject>?, transparent: Int
    ) {
        guard let colors else { return }
        let count = Int(colors.pointee.ColorCount)
        let w = width
        for y in 0..<ih where y0 + y < height {
            for x in 0..<iw where x0 + x < w {
                let idx = Int(indices[y * iw + x])
                guard idx != transparent, idx < count else { continue }
                let c = colors.pointee.Colors[idx]
                let o = ((y0 + y) * w + x0 + x) * 4
                canvas[o] = c.Red
                canvas[o + 1] = c.Green
                canvas[o + 2] = c.Blue
                canvas[o + 3] = 255
            }
        }
    }

    private func apply(_ disposal: Disposal) {
        switch disposal {
        case .keep: break
        case .restore(let saved): canvas = saved
        case .clear(let x0, let y0, let w, let h):
            // Clipped to the screen; cleared to transparent.
            let xs = max(0, x0)..<min(width, x0 + w), ys = max(0, y0)..<min(height, y0 + h)
            guard !xs.isEmpty, !ys.isEmpty else { return }
            for y in ys { for x in xs { for c in 0..<4 { canvas[(y * width + x) * 4 + c] = 0 } } }
        }
    }
}
