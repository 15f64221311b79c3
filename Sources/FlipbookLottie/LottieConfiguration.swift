import FlipbookCore
import FlipbookUIKit
import Foundation

/// Which of lottie-ios's engines draws an animation (lottie-ios's `RenderingEngine`).
public enum RenderingEngine: String, Hashable, Sendable {
    case mainThread = "Main Thread"
    case coreAnimation = "Core Animation"
}

/// The engine an animation view asks for (lottie-ios's `RenderingEngineOption`). Flipbook has
/// one: Core Animation's, which lottie-ios's `.automatic` picks for every file it supports.
public enum RenderingEngineOption: Hashable, Sendable {
    case automatic
    case specific(RenderingEngine)

    public static var mainThread: RenderingEngineOption { .specific(.mainThread) }
    public static var coreAnimation: RenderingEngineOption { .specific(.coreAnimation) }
}

/// How an animation view draws (lottie-ios's `LottieConfiguration`). Only the rendering engine
/// applies here: asking for the main-thread engine draws with Core Animation's all the same,
/// and says so in `LottieAnimationLayer.warnings`.
public struct LottieConfiguration: Hashable, Sendable {
    public var renderingEngine: RenderingEngineOption

    public init(renderingEngine: RenderingEngineOption = .automatic) {
        self.renderingEngine = renderingEngine
    }

    /// The configuration views take when given none (lottie-ios's `LottieConfiguration.shared`).
    /// A constant here: a process-wide setting would be state shared by every Stage, so code
    /// that sets `LottieConfiguration.shared` passes its configuration to each view instead
    /// (docs/porting.md).
    public static let shared = LottieConfiguration()
}

extension LottieAnimationView {
    /// A view showing `animation` drawn as `configuration` asks (see `LottieConfiguration`).
    public convenience init(animation: LottieAnimation?, configuration: LottieConfiguration) {
        self.init(animation: animation)
        if configuration.renderingEngine == .mainThread {
            animationLayer.note("the main-thread rendering engine is not available; drawn by the Core Animation engine")
        }
    }
}

extension UIColor {
    /// This colour as lottie-ios's value providers take it.
    public var lottieColorValue: LottieColor {
        let c = cgColor.rgba
        return LottieColor(r: c.red, g: c.green, b: c.blue, a: c.alpha)
    }
}

extension LottieAnimationLayer {
    /// The frame shown now, also while playing (lottie-ios's `realtimeAnimationFrame`).
    public var realtimeAnimationFrame: AnimationFrameTime { CGFloat(currentFrame) }

    /// The share of the animation shown now, clamped to 0…1 (lottie-ios's `realtimeAnimationProgress`).
    public var realtimeAnimationProgress: AnimationProgressTime {
        guard let animation else { return 0 }
        return CGFloat(animation.progress(atFrame: currentFrame))
    }
}

extension LottieAnimationView {
    /// The frame shown now, also while playing.
    public var realtimeAnimationFrame: AnimationFrameTime { animationLayer.realtimeAnimationFrame }

    /// The share of the animation shown now, clamped to 0…1.
    public var realtimeAnimationProgress: AnimationProgressTime { animationLayer.realtimeAnimationProgress }
}
