// `import QuartzCore` on Linux: Flipbook's Core Animation (layers, animations, transactions,
// transforms) with Foundation.
@_exported import FlipbookCore
@_exported import Foundation
