// `import FlipbookEngine`: Core Animation, UIKit-lite and the renderer without the scenario
// reader (Yams) and Lottie, for packages that build scenes in Swift and want the shorter first
// build (README, "Quick start"). `import Flipbook` is this plus scenario files and Lottie.
@_exported import FlipbookCore
@_exported import FlipbookRender
@_exported import FlipbookUIKit
@_exported import Foundation
