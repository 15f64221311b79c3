@_exported import FlipbookCore
@_exported import FlipbookLottie
@_exported import FlipbookRender
@_exported import FlipbookScenario
@_exported import FlipbookUIKit
// `import Flipbook` brings what `import UIKit` brings on iOS: Foundation (CGFloat, CGPoint,
// NSValue, sin, …) with the engine, the renderer and scenario files.
@_exported import Foundation
