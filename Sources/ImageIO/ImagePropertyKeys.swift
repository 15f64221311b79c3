import FlipbookCore
import Foundation

// ImageIO's property keys, with the strings Apple's headers give them (so a dictionary read
// with a literal key works too).

public var kCGImagePropertyPixelWidth: CFString { "PixelWidth" }
public var kCGImagePropertyPixelHeight: CFString { "PixelHeight" }
public var kCGImagePropertyDepth: CFString { "Depth" }
public var kCGImagePropertyColorModel: CFString { "ColorModel" }
public var kCGImagePropertyColorModelRGB: CFString { "RGB" }
public var kCGImagePropertyOrientation: CFString { "Orientation" }

public var kCGImagePropertyGIFDictionary: CFString { "{GIF}" }
public var kCGImagePropertyGIFDelayTime: CFString { "DelayTime" }
public var kCGImagePropertyGIFUnclampedDelayTime: CFString { "UnclampedDelayTime" }
public var kCGImagePropertyGIFLoopCount: CFString { "LoopCount" }
public var kCGImagePropertyGIFCanvasPixelWidth: CFString { "CanvasPixelWidth" }
public var kCGImagePropertyGIFCanvasPixelHeight: CFString { "CanvasPixelHeight" }

public var kCGImagePropertyPNGDictionary: CFString { "{PNG}" }
public var kCGImagePropertyAPNGDelayTime: CFString { "DelayTime" }
public var kCGImagePropertyAPNGUnclampedDelayTime: CFString { "UnclampedDelayTime" }
public var kCGImagePropertyAPNGLoopCount: CFString { "LoopCount" }

public var kCGImagePropertyWebPDictionary: CFString { "{WebP}" }
public var kCGImagePropertyWebPDelayTime: CFString { "DelayTime" }
public var kCGImagePropertyWebPUnclampedDelayTime: CFString { "UnclampedDelayTime" }
public var kCGImagePropertyWebPLoopCount: CFString { "LoopCount" }

public var kCGImageSourceShouldCache: CFString { "kCGImageSourceShouldCache" }
public var kCGImageSourceShouldCacheImmediately: CFString { "kCGImageSourceShouldCacheImmediately" }
public var kCGImageSourceTypeIdentifierHint: CFString { "kCGImageSourceTypeIdentifierHint" }
