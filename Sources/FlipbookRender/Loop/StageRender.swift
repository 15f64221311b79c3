import FlipbookCore
import Foundation

/// Where a render's frames go.
public struct RenderOutputs: Sendable {
    /// An animation in one of `OutputFormat.all`'s formats.
    public struct Animation: Sendable {
        public var url: URL
        public var format: OutputFormat

        /// `format` nil: the one `url`'s extension names (a GIF when it names none).
        public init(url: URL, format: OutputFormat? = nil) {
            self.url = url
            self.format = format ?? OutputFormat.forExtension(url.pathExtension, animated: true) ?? .gif
        }
    }

    /// The animations to write (usually one).
    public var animations: [Animation] = []
    /// Quality 0…100 for the formats that have one (a WebP's lossy quality, a JPEG's); nil: their default.
    public var quality: Double?
    /// A filmstrip PNG of sampled frames.
    public var filmstrip: URL?
    /// A directory for one picture per frame (`frame-0000.png`, …).
    public var framesDirectory: URL?
    /// The frames' picture format (`OutputFormat.writesPictures`: PNG, JPEG).
    public var framesFormat: OutputFormat = .png
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

    /// `animation`'s format is the one its extension names (`.gif`, `.apng`, `.webp`, `.mp4`,
    /// `.webm`; a GIF when it names none), or `format`.
    public init(animation: URL? = nil, format: OutputFormat? = nil, filmstrip: URL? = nil, framesDirectory: URL? = nil) {
        animations = animation.map { [Animation(url: $0, format: format)] } ?? []
        self.filmstrip = filmstrip
        self.framesDirectory = framesDirectory
    }

    /// The sink request for `animation`, carrying the settings given here.
    func request(for animation: Animation) -> OutputFormat.SinkRequest {
        var request = OutputFormat.SinkRequest(url: animation.url, inputs: inputs)
        request.loopCount = loopCount
        request.quality = quality
        request.dithering = dithering
        request.minimumPSNR = minimumPSNR
        return request
    }

    /// The frame rate the render runs at: an animation that keeps fewer frames (a GIF, 50 fps)
    /// caps it unless another output wants every frame, so its frames are not drawn as extra
    /// instants one by one.
    func renderRate(_ fps: Double) -> Double {
        let caps = animations.map { $0.format.maximumFramesPerSecond ?? .infinity }
        guard let cap = caps.min(), cap.isFinite, framesDirectory == nil, caps.allSatisfy({ $0.isFinite }) else { return fps }
        return min(fps, cap)
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
    /// Renders `duration` seconds at `fps` from the Stage's current time t0: frame k shows
    /// t0 + k/fps, so after `advance(to: 0.5)` frame 0 is the scene at 0.5 s (render before
    /// advancing to start at 0). Writes the format `url`'s extension names (`OutputFormat.all`: a
    /// filmstrip for `.png`), a GIF when it names none.
    public func render(duration: Double, fps: Double, to url: URL) throws {
        let format = OutputFormat.forExtension(url.pathExtension) ?? .gif
        let outputs = format.animates ? RenderOutputs(animation: url, format: format) : RenderOutputs(filmstrip: url)
        _ = try render(duration: duration, fps: fps, outputs: outputs)
    }

    /// Renders to every requested output through the one Stage → snapshot → Cairo path, from
    /// the Stage's current time (frame k shows `currentTime + k / fps`).
    /// `threads` rasterize frames in parallel (default: the machine's cores); the bytes
    /// written do not depend on it.
    public func render(
        duration: Double, fps: Double, outputs: RenderOutputs, background: RGBA? = nil,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: ((Int, Int) -> Void)? = nil
    ) throws -> RenderResult {
        // Every target is checked and opened before the first frame: a bad one is refused with
        // nothing written. Sinks made so far are cancelled if a later one fails.
        var sinks: [any RenderSink] = []
        do {
            if let url = outputs.filmstrip {
                sinks.append(
                    try FilmstripSink(
                        url: url, samples: outputs.filmstripSamples, times: outputs.filmstripTimes,
                        columns: outputs.filmstripColumns, quality: outputs.quality, inputs: outputs.inputs))
            }
            if let dir = outputs.framesDirectory {
                sinks.append(try FrameFilesSink(directory: dir, format: outputs.framesFormat, quality: outputs.quality))
            }
            for animation in outputs.animations {
                sinks.append(try animation.format.sink(outputs.request(for: animation)))
            }
        } catch {
            for s in sinks { s.cancel() }
            throw error
        }
        let rate = outputs.renderRate(fps)
        return try render(duration: duration, fps: rate, sinks: sinks, background: background, threads: threads, progress: progress)
    }

    /// The render loop: advances the Stage frame by frame from the current time, rasterizes the
    /// snapshots in parallel and feeds every sink (see `RenderSink` for the order of calls).
    /// Frame k shows `currentTime + k / fps`; a render of duration D has round(D × fps) frames.
    public func render(
        duration: Double, fps: Double, sinks: [any RenderSink], background: RGBA? = nil,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: ((Int, Int) -> Void)? = nil
    ) throws -> RenderResult {
        do {
            return try renderFrames(
                duration: duration, fps: fps, sinks: sinks, background: background,
                threads: max(1, threads), progress: progress, threading: .automatic, redraw: .damaged)
        } catch {
            for s in sinks { s.cancel() }
            throw error
        }
    }

    /// The render loop with its strategies chosen (tests pin them; the bytes never depend on them).
    func renderFrames(
        duration: Double, fps: Double, sinks: [any RenderSink], background: RGBA?, threads: Int,
        progress: ((Int, Int) -> Void)?, threading: LoopThreading, redraw: LoopRedraw
    ) throws -> RenderResult {
        guard fps.isFinite, Limits.framesPerSecond.contains(fps) else {
            throw RenderError.invalidArgument("fps must be in 1…100, got \(fps)")
        }
        guard duration.isFinite, duration > 0 else { throw RenderError.invalidArgument("duration must be positive, got \(duration)") }
        let count = Stage.frameCount(duration: duration, fps: fps)
        guard count >= 1 else { throw RenderError.invalidArgument("duration \(duration) s at \(fps) fps gives no frames") }
        guard count <= Limits.maximumFrames else {
            throw RenderError.invalidArgument("\(duration) s at \(fps) fps is more than \(Limits.maximumFrames) frames")
        }
        guard let w = boundedInt((size.width * scale).rounded()), let h = boundedInt((size.height * scale).rounded()),
            w > 0, h > 0, w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels
        else {
            throw RenderError.invalidArgument(
                "a \(size.width)×\(size.height) pt stage at \(scale)x is outside 1…\(Limits.maximumStagePixels) px")
        }
        let plan = RenderPlan(
            frameCount: count, fps: fps, duration: duration, width: w, height: h,
            delays: GIFWriter.delays(count: count, fps: fps), start: currentTime, threads: threads)
        for s in sinks { try s.begin(plan) }
        let loop = FrameLoop(stage: self, plan: plan, sinks: sinks, background: background, threads: threads, redraw: redraw)
        try loop.run(threading: threading, progress: progress)
        for message in loop.drawLimits.messages { warnOnce("draw limit: " + message, message) }
        for s in sinks { try s.finish() }
        return RenderResult(frameCount: count, delays: plan.delays, width: w, height: h)
    }
}

extension Stage {
    /// Warns once for each thing a layer asks for that is not drawn as asked: a font that is
    /// not installed, a gradient type or contents gravity the renderer does not know (set
    /// through the Swift API's raw values). Nothing accepted is ever dropped silently.
    func reportWhatIsNotDrawnAsAsked(in layer: LayerSnapshot, checked: inout Set<String>) {
        switch layer.content {
        case .text(let style):
            if let name = style.fontName, checked.insert("font " + name).inserted, let message = FontCatalog.warning(for: name) {
                warn(message, kind: .fontSubstituted)
            }
        case .gradient(let style) where ![.axial, .radial, .conic].contains(style.type):
            if checked.insert("gradient " + style.type.rawValue).inserted {
                warn(
                    "gradient type '\(style.type.rawValue)' is not one the renderer draws (axial, radial, conic); it is drawn as axial",
                    kind: .notDrawnAsAsked)
            }
        default: break
        }
        if layer.state.contents != nil, !Self.knownGravities.contains(layer.contentsGravity),
            checked.insert("gravity " + layer.contentsGravity.rawValue).inserted
        {
            warn(
                "contents gravity '\(layer.contentsGravity.rawValue)' is not one the renderer knows; the image is centred",
                kind: .notDrawnAsAsked)
        }
        if let filter = layer.compositingFilter, CompositingOperator.of(filter) == nil, checked.insert("filter " + filter).inserted {
            warn("compositing filter '\(filter)' is not one the renderer knows; the layer is composited normally", kind: .notDrawnAsAsked)
        }
        for sub in layer.sublayers { reportWhatIsNotDrawnAsAsked(in: sub, checked: &checked) }
        for mask in layer.maskLayers { reportWhatIsNotDrawnAsAsked(in: mask, checked: &checked) }
    }

    static let knownGravities: Set<CALayerContentsGravity> = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight,
        .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill
    ]
}
