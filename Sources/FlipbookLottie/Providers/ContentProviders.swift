import FlipbookCore
import FlipbookUIKit
import Foundation

/// What the app gives an animation's layers besides value providers, as lottie-ios's
/// `LottieAnimationView` holds them: pictures, texts and fonts. Nil: the animation's own
/// (its image files, its texts, the fonts it names).
struct ContentProviders {
    var image: (any AnimationImageProvider)?
    /// How the animation's own images fill their layers when no image provider is set.
    var imageGravity: CALayerContentsGravity = .resize
    var text: (any AnimationKeypathTextProvider)?
    var font: (any AnimationFontProvider)?
}
