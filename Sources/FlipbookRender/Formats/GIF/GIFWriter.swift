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

    let output: GiflibWriteTarget
    let loopCount: Int
    var gif: UnsafeMutablePointer<GifFileType>?
    /// The last frame, kept only while frames come without their change (`add(_:delay:)`):
    /// holding a render loop's frame would make the loop copy the buffer it draws in next.
    var previous: [UInt32]?
    /// The LZW dictionaries frames are coded with on the writer's own thread.
    let coders = Coders()
    /// Threads the writer may use: with more than one, frames held back for the global table are
    /// coded on another thread while frames still come (`Speculation`). The bytes are the same.
    public var threads = 1
    /// Codes each frame once per colour table, with unchanged pixels transparent, instead of also
    /// trying them free to keep their colour: the same pixels, a few bytes more (0.01 % on a noisy
    /// recording's comparison), two fifths less of the writer's time (docs/benchmarks.md).
    public var favoursSpeed = false
    /// Held-back frames being coded ahead with the table they would get (see `Speculation`).
    var speculation: Speculation?
    /// Frames added in a row without a colour the pending frames had not shown yet.
    var framesWithoutNewColours = 0
    /// How many frames went in with the coding made ahead (tests look).
    var framesCodedAhead = 0
    var global: Palette?
    var pending: [FrameDelta] = []
    var pendingBytes = 0
    /// Every colour the pending frames need, while there are at most 256 of them.
    var pendingColors: ColorIndexMap? = ColorIndexMap(minimumCapacity: 512)

    /// Opens the temporary file; `loopCount` 0 loops forever.
    /// `inputs` are files the output must not replace (see `OutputFile`).
    public convenience init(
        url: URL, width: Int, height: Int, loopCount: Int = 0, dithering: Bool = false,
        minimumPSNR: Double = 64, inputs: [URL] = []
    ) throws {
        try self.init(
            output: try OutputFile(url, inputs: inputs), width: width, height: height, loopCount: loopCount,
            dithering: dithering, minimumPSNR: minimumPSNR)
    }

    /// Writes into an output already opened (and so already checked); see `OutputFile`.
    public init(
        output file: OutputFile, width: Int, height: Int, loopCount: Int = 0, dithering: Bool = false,
        minimumPSNR: Double = 64
    ) throws {
        self.dithering = dithering
        // Bad values must not trap in the budget arithmetic: NaN means the default.
        self.minimumPSNR = minimumPSNR.isNaN ? 64 : max(0, min(99, minimumPSNR))
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            file.cancel()
            throw RenderError.invalidArgument("GIF size \(width)×\(height) is out of range")
        }
        self.url = URL(fileURLWithPath: file.path)
        self.width = width
        self.height = height
        self.loopCount = loopCount
        output = GiflibWriteTarget(file)
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
        speculation?.cancel()
        speculation = nil
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
        var delta: FrameDelta
        if let change {
            delta = change.delta
            previous = nil
        } else {
            guard frameCount == 0 || previous != nil else {
                throw RenderError.gif("frame \(frameCount) comes without its change, after frames that came with theirs")
            }
            delta = FrameChange(from: previous, to: frame).delta
            previous = frame.premultipliedARGB
        }
        delta.delay = delay
        frameCount += 1
        if global != nil {
            try write(delta)
            return
        }
        pending.append(delta)
        pendingBytes += delta.pixels.count * 5
        var newColours = false
        if var colors = pendingColors {
            let known = colors.count
            delta.forEachShownColor { c in
                if colors.count <= 256 { colors.insert(c, 0) }
            }
            newColours = colors.count > known
            pendingColors = colors.count <= 256 ? colors : nil
        }
        if newColours { dropSpeculation() }
        if pendingColors == nil || pendingBytes > Self.lookaheadBytes {
            try chooseGlobalPalette()
        } else {
            speculate(afterNewColours: newColours)
        }
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
        if output.error == nil {
            do { try output.flush() } catch { output.error = error }
        }
        if let e = output.error {
            output.file.cancel()
            throw e
        }
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

    /// Squared RGB error (summed over channels) of each pixel as shown, once any frame was
    /// coded lossily; nil while everything shown is exact.
    var screenError: ScreenErrors?
    var screenErrorTotal = 0
}
