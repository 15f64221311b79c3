// `import Lottie` on Linux: lottie-ios's names for Flipbook's Lottie support
// (`LottieAnimationView`, `LottieAnimation`, `LottieLoopMode`, value providers), with the
// Core Animation and UIKit they sit on, and Foundation.
@_exported import FlipbookCore
@_exported import FlipbookLottie
@_exported import FlipbookUIKit
@_exported import Foundation
