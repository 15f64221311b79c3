// `import UniformTypeIdentifiers` on Linux: UTType (iOS 14) with Foundation.
@_exported import FlipbookCore
@_exported import Foundation
