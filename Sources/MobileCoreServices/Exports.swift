// `import MobileCoreServices` on Linux: the uniform type constants and functions iOS code of
// before iOS 14 names (kUTTypeGIF, UTTypeConformsTo), with Foundation.
@_exported import FlipbookCore
@_exported import Foundation
