import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation

/// A Lottie file given where a scenario goes (every command: `render`, `still`, `test`,
/// `compare`, `preview`, `inspect`, `validate`): a scene of one `lottie` layer the composition's
/// size (or `Options.size`, aspect fit), played once from its first frame at its own frame rate
/// (at most 100 fps), on a clear background. The one route a Lottie file takes, with the
/// scenario's limits.
public enum LottieScenario {
    /// Golden instants a second when the frames fit the golden limits (as a scenario's default).
    static let goldenFPS = 10.0
    /// The longer side of a Lottie scene in pixels when no scale is given: 2 pixels a point up to
    /// it, fewer past it, as lottie-ios's snapshots fit a composition within 500 pt at 2x (a
    /// full-screen 1080 × 1920 file is 563 × 1000 px, not 2160 × 3840).
    public static let defaultLongestSide = 1000.0

    /// What the command line changes about the scene: its size and scale, lottie-ios's value
    /// providers and viewport, the folders images and fonts may be in, and a frame to pause at (`still`).
    public struct Options: Sendable {
        public var size: CGSize?
        public var scale: Double?
        public var valueProviders: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = []
        public var viewport: CGRect?
        /// Texts for its text layers by keypath (`--text`).
        public var texts: [(keypath: AnimationKeypath, text: String)] = []
        public var imageDirectories: [URL] = []
        /// How the animation's images fill their layers (`--image-gravity`).
        public var imageContentsGravity: CALayerContentsGravity = .resize
        /// Folders of font files its text may use, besides the `fonts` folder beside it.
        public var fontDirectories: [URL] = []
        /// Paused at this frame (lottie-ios's `currentFrame`) instead of playing.
        public var pausedFrame: Double?

        public init(
            size: CGSize? = nil, scale: Double? = nil, valueProviders: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = [],
            viewport: CGRect? = nil, imageDirectories: [URL] = [], fontDirectories: [URL] = [], pausedFrame: Double? = nil
        ) {
            self.fontDirectories = fontDirectories
            self.size = size
            self.scale = scale
            self.valueProviders = valueProviders
            self.viewport = viewport
            self.imageDirectories = imageDirectories
            self.pausedFrame = pausedFrame
        }
    }

    /// The scale a scene of `size` points is drawn at when none is given.
    public static func defaultScale(for size: CGSize) -> Double {
        min(2, defaultLongestSide / max(size.width, size.height, 1e-9))
    }

    /// The scene for `animation` (read from `file`), or a `LottieError` naming what is out of
    /// bounds. What Core Animation cannot show of it is in the scenario's warnings.
    static func scenario(for loaded: LottieAnimation, file: String, options: Options = Options()) throws -> Scenario {
        var animation = loaded
        animation.imageDirectories += options.imageDirectories
        animation.fontDirectories += options.fontDirectories
        let fps = min(animation.framerate, Limits.framesPerSecond.upperBound)
        let duration = animation.duration
        guard duration <= Limits.maximumDuration, Stage.frameCount(duration: duration, fps: fps) <= Limits.maximumFrames else {
            throw LottieError(
                file: file, path: "op",
                message: String(
                    format: "the animation lasts %g s (%g frames at %g fps); at most %g s and %d frames are rendered", duration,
                    (duration * fps).rounded(), fps, Limits.maximumDuration, Limits.maximumFrames))
        }
        var warnings: [Diagnostic] = []
        let size = options.size ?? CGSize(width: animation.width, height: animation.height)
        let scale = options.scale ?? defaultScale(for: size)
        // Never past the canvas's bound: an explicit scale past it (or under a pixel) is refused.
        if options.scale != nil {
            let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
            let shown = String(format: "%g×%g pt at %gx is %g×%g px", size.width, size.height, scale, w, h)
            if w < 1 || h < 1 {
                throw LottieError(file: file, path: "", message: "\(shown); a frame needs at least 1×1 px: give a larger --scale or --size")
            }
            if w > Double(Limits.maximumCanvasPixels) || h > Double(Limits.maximumCanvasPixels) {
                throw LottieError(
                    file: file, path: "",
                    message: "\(shown); at most \(Limits.maximumCanvasPixels) px a side are drawn: give a smaller --scale or --size")
            }
        }
        let probe = try LottieAnimationLayer(animation: animation)
        // A warning is placed at its JSON path in the file (an archive's animation is not the file).
        warnings += probe.warnings.map { warning in
            let at = animation.file == file ? animation.location(ofWarning: warning) : nil
            return Diagnostic(file: file, line: at?.line ?? 1, column: at?.column ?? 1, message: warning, severity: .warning)
        }
        var layer = LayerSpec(
            id: "animation", type: .lottie, frame: CGRect(origin: .zero, size: size), properties: [], options: LayerOptions(),
            sublayers: [], mask: [])
        var lottie = LottieLayerSpec(animation: animation)
        lottie.valueProviders = options.valueProviders
        lottie.viewport = options.viewport
        lottie.texts = options.texts
        lottie.imageContentsGravity = options.imageContentsGravity
        lottie.pausedFrame = options.pausedFrame
        layer.lottie = lottie
        // A size of a fraction of a pixel gets a canvas rounded up, the view at its top-left, as
        // an image renderer draws a view on iOS (500 × 223.05 pt at 2x is 1000 × 447 px).
        func whole(_ points: Double) -> Double { (points * scale - 1e-6).rounded(.up) / scale }
        let canvas = Scenario.Canvas(width: whole(size.width), height: whole(size.height), scale: scale, background: nil)
        var scenario = Scenario(
            file: file, title: animation.name, canvas: canvas, fps: fps, duration: duration, layers: [layer], animations: [:],
            script: [], chains: [], variantNames: [], golden: GoldenSpec(fps: goldenFPS(duration: duration, canvas: canvas)))
        scenario.warnings = warnings
        return scenario
    }

    /// `goldenFPS`, lowered until the instants stay within the golden limits (count and pixels).
    static func goldenFPS(duration: Double, canvas: Scenario.Canvas) -> Double {
        let pixels = (canvas.width * canvas.scale).rounded() * (canvas.height * canvas.scale).rounded()
        let instants = min(Double(Limits.maximumGoldenInstants), (Double(Limits.maximumGoldenPixels) / max(pixels, 1)).rounded(.down))
        // The first and last instants come whatever the rate.
        return min(goldenFPS, max(instants - 2, 1) / duration)
    }
}
