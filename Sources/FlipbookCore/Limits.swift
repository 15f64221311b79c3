extension Stage {
    /// Number of frames of a render: `round(duration × fps)`, 0 for nonsense (the one rule,
    /// for renders and scenario files alike; docs/engine-notes.md, docs/limits.md).
    public static func frameCount(duration: Double, fps: Double) -> Int {
        let n = (duration * fps).rounded()
        return n.isFinite ? Int(min(max(n, 0), Double(Int32.max))) : 0
    }
}

/// Every bound Flipbook enforces, in one place; docs/limits.md lists them with the error each
/// gives. They keep hostile or mistaken input from exhausting memory or time.
public enum Limits {
    /// Frame rates a render accepts.
    public static let framesPerSecond: ClosedRange<Double> = 1...100
    /// Frame rates `inspect --sample` accepts (no pixels are drawn).
    public static let sampleRate: ClosedRange<Double> = 1...1000
    /// Samples one `inspect --sample` run prints.
    public static let maximumSamples = 1_000_000
    /// Frames in one render.
    public static let maximumFrames = 36_000
    /// Seconds a scenario may last.
    public static let maximumDuration = 3600.0
    /// A scenario canvas's longer side, in pixels (points × scale).
    public static let maximumCanvasPixels = 4096
    /// A Stage's longer side in pixels through the Swift API, and any decoded image's side.
    public static let maximumStagePixels = 16_384
    /// A 3-D (perspective) layer drawn offscreen, per side in pixels.
    public static let maximumOffscreenPixels = 8192
    /// Layers in one scenario, sublayers and masks included.
    public static let maximumLayers = 10_000
    /// Levels of layers one inside another in a scenario or Lottie file, masks included (a
    /// Lottie file's levels are those of the layers it becomes): files nesting deeper are
    /// refused. Real screens and Lottie files stay far below it (a Lottie layer becomes 3 to 6
    /// levels).
    public static let maximumLayerDepth = 256
    /// Levels a Stage draws: a file's and the few the engine puts around them (the root layer,
    /// the window, a table's cells). Layers deeper are not drawn, with a warning; every walk of
    /// the tree holds this many on any thread (`NestedWalk`).
    public static let maximumDrawnLayerDepth = maximumLayerDepth + 32
    /// Elements of one path in a scenario file.
    public static let maximumPathElements = 100_000
    /// Path elements in one scene file, all paths together (a validate error past it).
    public static let maximumScenePathElements = 400_000
    /// Path elements drawn in one frame, replicated copies included (past it: not drawn, a warning).
    public static let maximumPathElementsDrawnPerFrame = 2_000_000
    /// Emitter particles drawn in one frame, all emitters and their copies together (~1.5 s).
    public static let maximumParticlesDrawnPerFrame = 50_000
    /// Pixels layers paint in one frame (each layer's box on screen, clipped): a thousand
    /// full-screen layers, about a second of fills (10,000 replicated 2000 px layers were 30 s).
    public static let maximumPaintedPixelsPerFrame = 1 << 30
    /// Pixels blurred for shadows in one frame (each shadow blurs the clip it is drawn in: 64
    /// full-screen shadows on a phone canvas, about 2 s of blurring).
    public static let maximumShadowPixelsPerFrame = 64 << 20
    /// Emitter cells in one scene file, nested cells included.
    public static let maximumEmitterCells = 1000
    /// Characters of one text in a scenario file.
    public static let maximumTextLength = 10_000
    /// Rows a scenario's table may declare (a table costs what its screenful costs, but the
    /// titles are kept).
    public static let maximumTableRows = 100_000
    /// Pixels of all frames of one decoded recording together (a GIF read for `--against`).
    public static let maximumDecodedPixels = 1 << 30
    /// Golden instants of one scenario (each is a frame kept for comparison).
    public static let maximumGoldenInstants = 2000
    /// Pixels of all golden instants of one scenario together (4 bytes each in memory).
    public static let maximumGoldenPixels = 512 << 20
    /// Cells of one table on screen at once (rows of 0.001 pt would otherwise all be).
    public static let maximumVisibleRows = 1000
    /// The largest row number a table's `first` may give (`first` ± this).
    public static let maximumRowNumber = 1_000_000_000
    /// YAML nodes of one scenario file, aliases expanded.
    public static let maximumYAMLNodes = 2_000_000
    /// Cubic pieces of one arc (a sweep of many turns is drawn with at most this many).
    public static let maximumArcPieces = 4096
    /// Bytes of one input file read whole (an image, a golden frame, manifest or trace).
    public static let maximumInputBytes = 256 << 20
    /// Pixels decoded from one recording, every frame once (2 Gi: 20 s of a full-resolution
    /// iPhone screen recording at 40 fps; ~10 s of decoding here).
    public static let maximumRecordingPixels = 1 << 31
    /// Frames in one recording.
    public static let maximumRecordingFrames = 100_000
    /// Pixels of one decoded image (a 16,384 × 16,384 image is 1 GiB of RGBA: too much for one
    /// frame); checked from the file's header before anything is decoded.
    public static let maximumImagePixels = 64 << 20
    /// Pixels of every image one scene shows, together (a scenario's `contents` and its Lottie
    /// animations' images, each file once): what the renderer keeps decoded (256 MB) and
    /// scales each frame.
    public static let maximumSceneImagePixels = 64 << 20
}
