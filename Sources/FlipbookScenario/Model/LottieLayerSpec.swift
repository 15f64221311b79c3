import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation

/// A `lottie` layer's animation and how it plays, under lottie-ios's names: paused at
/// `progress`, or playing from `fromProgress` to `toProgress` as `loopMode` says at
/// `animationSpeed`, from the scene's first instant.
public struct LottieLayerSpec: Sendable {
    public var animation: LottieAnimation
    /// Paused at this share of the animation (`currentProgress`); nil: playing.
    public var progress: Double?
    public var fromProgress: Double = 0
    public var toProgress: Double = 1
    public var loopMode: LottieLoopMode = .playOnce
    public var animationSpeed: Double = 1
    /// Paused at this frame (`currentFrame`), which `progress` cannot give exactly.
    public var pausedFrame: Double?
    /// lottie-ios's value providers, the last set winning, and its `viewportFrame`.
    public var valueProviders: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = []
    public var viewport: CGRect?
    /// Texts for its text layers by keypath (`KeypathTextProvider`), the last matching winning.
    public var texts: [(keypath: AnimationKeypath, text: String)] = []
    /// How the animation's own images fill their layers (an app's image provider's
    /// `contentsGravity(for:)`); `.resize` stretches them, as lottie-ios's default does.
    public var imageContentsGravity: CALayerContentsGravity = .resize

    public init(animation: LottieAnimation) { self.animation = animation }
}
