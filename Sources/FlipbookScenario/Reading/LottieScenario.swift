import FlipbookCore
import FlipbookLottie
import Foundation

/// A Lottie file given where a scenario goes (`test`, `compare`, `preview`): a scene of one
/// `lottie` layer the composition's size, played once from its first frame at its own frame
/// rate (at most 100 fps), at 2 pixels a point, on a clear background.
enum LottieScenario {
    /// Golden instants a second when the frames fit the golden limits (as a scenario's default).
    static let goldenFPS = 10.0

    /// The scene for `animation` (read from `file`), or a `LottieError` naming what is out of
    /// bounds. What Core Animation cannot show of it is in the scenario's warnings.
    static func scenario(for animation: LottieAnimation, file: String) throws -> Scenario {
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
        // 2x, unless the composition would be wider or taller than a canvas may be.
        let side = max(animation.width, animation.height)
        let scale = min(2, Double(Limits.maximumCanvasPixels) / side)
        if scale < 2 {
            warnings.append(
                Diagnostic(
                    file: file, line: 1, column: 1,
                    message: String(
                        format: "drawn at %.3gx: at 2x its %g pt side would pass %d px", scale, side, Limits.maximumCanvasPixels),
                    severity: .warning))
        }
        let probe = try LottieAnimationLayer(animation: animation)
        warnings += probe.warnings.map { Diagnostic(file: file, line: 1, column: 1, message: $0, severity: .warning) }
        var layer = LayerSpec(
            id: "animation", type: .lottie, frame: CGRect(x: 0, y: 0, width: animation.width, height: animation.height),
            properties: [], options: LayerOptions(), sublayers: [], mask: [])
        layer.lottie = LottieLayerSpec(animation: animation)
        let canvas = Scenario.Canvas(width: animation.width, height: animation.height, scale: scale, background: nil)
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
