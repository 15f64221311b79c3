// `import ImageIO` on Linux: image sources over Flipbook's GIF, PNG/APNG, WebP and JPEG
// readers, with Core Graphics' names (CGImage is a layer's image) and Foundation.
@_exported import FlipbookCore
@_exported import Foundation
