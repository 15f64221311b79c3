// `import CoreText` in lottie-ios resolves here: Flipbook's engine offers the names on Linux
// (FlipbookEngine, not Flipbook, whose own Lottie module would clash with lottie-ios's names).
@_exported import FlipbookEngine
@_exported import QuartzCore
