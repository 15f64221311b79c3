// `import QuartzCore` on Linux: Flipbook's Core Animation (layers, animations, transactions,
// transforms) with Foundation.
@_exported import FlipbookCore
// UIKit-lite too: on iOS QuartzCore alone has no views, but ported files written against
// Flipbook's QuartzCore before UIKit had a module of its own keep building.
@_exported import FlipbookUIKit
@_exported import Foundation
