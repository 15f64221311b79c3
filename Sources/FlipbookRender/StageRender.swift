import FlipbookCore
import Foundation

/// Where a render's frames go.
public struct RenderOutputs: Sendable {
    /// An animated GIF.
    public var gif: URL?
    /// A filmstrip PNG of sampled frames.
    public var filmstrip: URL?
    /// A directory for one PNG per frame (`frame-0000.png`, …).
    public var framesDirectory: URL?
    /// How many frames the filmstrip samples, evenly spaced, first and last included.
    public var filmstripSamples = 12
    /// Exact times (seconds from the start of the render) for the filmstrip instead of evenly
    /// spaced frames; they need not fall on a frame.
    public var filmstripTimes: [Double]?
    public var filmstripColumns = 4
    /// Ordered dithering in the GIF for frames with more than 255 colours.
    public var dithering = false
    /// Frames with more than 256 colours may reuse approximate colour tables while every
    /// frame stays at least this close to the true frames (PSNR over RGB, dB); 99 keeps
    /// every frame as exact as a 255-colour table allows.
    public var minimumPSNR = 64.0
    /// GIF loop count; 0 loops forever.
    public var loopCount = 0
    /// Files no output may replace (the scenario being rendered); see `OutputFile`.
    public var inputs: [URL] = []

    public init(gif: URL? = nil, filmstrip: URL? = nil, framesDirectory: URL? = nil) {
        self.gif = gif; self.filmstrip = filmstrip; self.framesDirectory = framesDirectory
    }
}

/// Summary of a finished render.
public struct RenderResult: Sendable, Equatable {
    public var frameCount: Int
    public var delays: [Int]
    public var width: Int
    public var height: Int
}

extension Stage {
    /// Number of frames of a render: `round(duration × fps)` (DESIGN.md).
    public static func frameCount(duration: Double, fps: Double) -> Int {
        boundedInt((duration * fps).rounded()) ?? Int(Int32.max)
    }

    /// Renders `duration` seconds at `fps` from the current time: frame k shows t0 + k/fps.
    /// Writes a GIF, or a filmstrip PNG when `url` ends in `.png`.
    public func render(duration: Double, fps: Double, to url: URL) throws {
        let outputs = url.pathExtension.lowercased() == "png" ? RenderOutputs(filmstrip: url) : RenderOutputs(gif: url)
        _ = try render(duration: duration, fps: fps, outputs: outputs)
    }

    /// Renders to every requested output through the one Stage → snapshot → Cairo path.
    /// `threads` rasterize frames in parallel (default: the machine's cores); the bytes
    /// written do not depend on it.
    public func render(duration: Double, fps: Double, outputs: RenderOutputs, background: RGBA? = nil,
                       threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                       progress: ((Int, Int) -> Void)? = nil) throws -> RenderResult {
        guard fps.isFinite, Limits.framesPerSecond.contains(fps) else { throw RenderError.invalidArgument("fps must be in 1…100, got \(fps)") }
        guard duration.isFinite, duration > 0 else { throw RenderError.invalidArgument("duration must be positive, got \(duration)") }
        let count = Stage.frameCount(duration: duration, fps: fps)
        guard count >= 1 else { throw RenderError.invalidArgument("duration \(duration) s at \(fps) fps gives no frames") }
        guard count <= Limits.maximumFrames else { throw RenderError.invalidArgument("\(duration) s at \(fps) fps is more than \(Limits.maximumFrames) frames") }
        let delays = GIFWriter.delays(count: count, fps: fps)
        guard let w = boundedInt((size.width * scale).rounded()), let h = boundedInt((size.height * scale).rounded()),
              w > 0, h > 0, w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels else {
            throw RenderError.invalidArgument("a \(size.width)×\(size.height) pt stage at \(scale)x is outside 1…\(Limits.maximumStagePixels) px")
        }
        let start = currentTime
        // Every target is checked and opened before the first frame: a bad one is refused
        // with nothing written.
        let stripFile = try outputs.filmstrip.map { try OutputFile($0, inputs: outputs.inputs) }
        if let dir = outputs.framesDirectory { try Self.prepareFramesDirectory(dir) }
        var gif: GIFWriter? = try outputs.gif.map {
            try GIFWriter(url: $0, width: w, height: h, loopCount: outputs.loopCount, dithering: outputs.dithering,
                          minimumPSNR: outputs.minimumPSNR, inputs: outputs.inputs)
        }
        let samples = outputs.filmstripTimes == nil
            ? Set(Filmstrip.sampleIndices(frameCount: count, samples: outputs.filmstripSamples)) : []
        if let times = outputs.filmstripTimes {
            guard !times.isEmpty, times.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= duration }) else {
                throw RenderError.invalidArgument("filmstrip times must be within 0…\(duration) s, got \(times)")
            }
        }
        // Filmstrip instants between frames are snapshotted on the way (the clock only moves on).
        var stripTimes = outputs.filmstrip == nil ? [] : (outputs.filmstripTimes ?? []).sorted()
        var stripSnapshots: [(time: Double, snapshot: FrameSnapshot)] = []
        var checkedFonts = Set<String>()
        func takeStripSnapshots(upTo time: Double) {
            while let t = stripTimes.first, t <= time {
                stripTimes.removeFirst()
                advance(to: start + t)
                stripSnapshots.append((t, snapshot()))
            }
        }
        var strip: [(time: Double, pixels: PixelBuffer)] = []
        do {
            // The Stage advances on this thread; snapshots (values) are rasterized in parallel
            // a batch at a time while this thread hands the previous batch to the sinks in
            // frame order. Two batches are alive at once, so memory stays bounded, and the
            // output does not depend on the thread count.
            // While a GIF is written this thread is busy coding it, so one thread fewer rasterizes;
            // that keeps the cores busy with one frame fewer in memory per batch.
            let batchSize = max(1, outputs.gif == nil ? threads : threads - 1)
            func snapshots(from first: Int) -> [FrameSnapshot] {
                (first..<min(count, first + batchSize)).map { index in
                    takeStripSnapshots(upTo: Double(index) / fps)
                    advance(to: start + Double(index) / fps)
                    let snap = snapshot()
                    warnAboutMissingFonts(in: snap.root, checked: &checkedFonts)
                    return snap
                }
            }
            var k = 0
            var lastWritten: [UInt32]?
            let findChanges = gif != nil
            let pool = FrameBufferPool(capacity: batchSize + 1)
            // PNG frames are written beside the rasterizing, one file per frame.
            var pngName: (@Sendable (Int) -> URL)? = nil
            if let dir = outputs.framesDirectory {
                pngName = { @Sendable index in dir.appendingPathComponent(String(format: "frame-%04d.png", index)) }
            }
            var inFlight = RasterBatch(snapshots(from: 0), first: 0, after: nil, findChanges: findChanges, pngName: pngName,
                                       background: background, threads: threads, pool: pool)
            while k < count {
                let rendered = try inFlight.wait()
                let next = k + rendered.count
                if next < count {
                    inFlight = RasterBatch(snapshots(from: next), first: next, after: rendered.last?.pixels, findChanges: findChanges,
                                           pngName: pngName, background: background, threads: threads, pool: pool)
                }
                for (offset, frame) in rendered.enumerated() {
                    let index = k + offset, pixels = frame.pixels
                    try gif?.add(pixels, delay: delays[index], change: frame.change)
                    if outputs.filmstrip != nil, samples.contains(index) { strip.append((Double(index) / fps, pixels)) }
                    progress?(index + 1, count)
                    // The writer now keeps this frame as its previous one; the one before is free.
                    if let earlier = lastWritten { pool.give(earlier) }
                    lastWritten = pixels.premultipliedARGB
                }
                k = next
            }
            try gif?.finish()
            gif = nil
            takeStripSnapshots(upTo: duration)
            for (t, snap) in stripSnapshots {
                strip.append((t, try FrameRasterizer.rasterize(snap, background: background)))
            }
            if let stripFile {
                try stripFile.write(try PNGEncoder.encode(try Filmstrip.compose(strip, columns: outputs.filmstripColumns)))
                try stripFile.commit()
            }
        } catch {
            gif?.cancel()
            stripFile?.cancel()
            throw error
        }
        return RenderResult(frameCount: count, delays: delays, width: w, height: h)
    }
}

extension Stage {
    /// Warns once per font name that a text layer asks for a font that is not installed.
    func warnAboutMissingFonts(in layer: LayerSnapshot, checked: inout Set<String>) {
        if case .text(let style) = layer.content, let name = style.fontName, checked.insert(name).inserted,
           let message = FontCatalog.warning(for: name) {
            warn(message)
        }
        for sub in layer.sublayers { warnAboutMissingFonts(in: sub, checked: &checked) }
        for mask in layer.maskLayers { warnAboutMissingFonts(in: mask, checked: &checked) }
    }

    /// Creates the frames directory (its parent must exist) or checks that it is one.
    static func prepareFramesDirectory(_ dir: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputError(path: dir.path, reason: "is not a directory; --frames names a directory") }
            return
        }
        let parent = dir.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputError(path: dir.path, reason: "the directory \(parent) does not exist")
        }
        do { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false) } catch {
            throw OutputError(path: dir.path, reason: "cannot create the directory (\(error.localizedDescription))")
        }
    }
}

/// Snapshots being rasterized on other threads while the caller encodes earlier frames;
/// each frame's change from the one before is found there too, and PNG frames written.
private final class RasterBatch: @unchecked Sendable {
    typealias Frame = (pixels: PixelBuffer, change: FrameChange?)
    // Written once by the worker before `done` is signalled, read after waiting on it.
    private var result: Result<[Frame], any Error> = .success([])
    private let done = DispatchSemaphore(value: 0)

    /// `previous` is the frame before the first snapshot (nil when it is frame 0).
    init(_ snapshots: [FrameSnapshot], first: Int, after previous: PixelBuffer?, findChanges: Bool,
         pngName: (@Sendable (Int) -> URL)?, background: RGBA?, threads: Int, pool: FrameBufferPool) {
        DispatchQueue.global().async { [self] in
            result = Result {
                let pixels = try FrameRasterizer.rasterize(snapshots, background: background, threads: threads, reusing: pool)
                guard findChanges || pngName != nil else { return pixels.map { ($0, nil) } }
                let changes = ParallelResults<FrameChange?>(count: pixels.count)
                DispatchQueue.concurrentPerform(iterations: pixels.count) { i in
                    changes.set(i, Result {
                        if let pngName { try PNGCodec.write(pixels[i], to: pngName(first + i)) }
                        guard findChanges else { return nil }
                        let before = i == 0 ? previous : pixels[i - 1]
                        return FrameChange(from: before?.premultipliedARGB, to: pixels[i])
                    })
                }
                return zip(pixels, try changes.values()).map { ($0, $1) }
            }
            done.signal()
        }
    }

    func wait() throws -> [Frame] {
        done.wait()
        return try result.get()
    }
}
