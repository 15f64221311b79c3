import FlipbookCore
import Foundation

// ImageIO's image-source functions with iOS's names and argument labels (docs/porting.md,
// "ImageIO"). Options dictionaries are accepted and not read: every source decodes fully.

/// A source over image bytes (GIF, PNG/APNG, WebP, JPEG); nil for other data.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    // Flipbook's readers read files: the bytes go to an anonymous in-memory file for as long as
    // the source lives (MemoryFile: nothing in /tmp for other users to read or to be left behind).
    guard let file = MemoryFile(Data(referencing: data)) else { return nil }
    return CGImageSource(file: URL(fileURLWithPath: file.path), keeping: file)
}

/// A source over an image file; nil when it cannot be read or is no image.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let path = url.path else { return nil }
    return CGImageSource(file: URL(fileURLWithPath: path), keeping: nil)
}

/// How many frames the source has (1 for a still image).
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { isrc.count }

/// The source's uniform type identifier (`com.compuserve.gif`, `public.png`, …).
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? { isrc.type as NSString }

/// Frame `index`'s pixels; nil past the last frame.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    isrc.image(at: index)
}

/// Frame `index`'s properties: its pixel size and, per format, its delay
/// (`kCGImagePropertyGIFDictionary` → `kCGImagePropertyGIFDelayTime`, clamped to at least
/// 0.1 s as Apple documents, and `kCGImagePropertyGIFUnclampedDelayTime`, as stored).
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard index >= 0, index < isrc.count else { return nil }
    var properties: [String: Any] = [
        kCGImagePropertyPixelWidth as String: isrc.width, kCGImagePropertyPixelHeight as String: isrc.height,
        kCGImagePropertyColorModel as String: kCGImagePropertyColorModelRGB as String, kCGImagePropertyDepth as String: 8
    ]
    if let format = ImageFormatKeys.of(isrc.type), isrc.loopCount != nil || isrc.type == "com.compuserve.gif" {
        let delay = isrc.delays[index]
        properties[format.dictionary] = [format.delay: max(delay, 0.1), format.unclampedDelay: delay] as [String: Any]
    }
    return properties as NSDictionary
}

/// The whole file's properties: for an animation, its loop count in the format's dictionary
/// (`kCGImagePropertyGIFLoopCount`; 0 plays for ever).
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    var properties: [String: Any] = [:]
    if let format = ImageFormatKeys.of(isrc.type) {
        var inner: [String: Any] = [:]
        if let loops = isrc.loopCount { inner[format.loopCount] = loops }
        if isrc.type == "com.compuserve.gif" {
            inner[kCGImagePropertyGIFCanvasPixelWidth as String] = isrc.width
            inner[kCGImagePropertyGIFCanvasPixelHeight as String] = isrc.height
        }
        if !inner.isEmpty { properties[format.dictionary] = inner }
    }
    return properties as NSDictionary
}

/// How far a source has read: here always complete.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus { .statusComplete }

/// ImageIO's source states.
public enum CGImageSourceStatus: Int32, Sendable {
    case statusUnexpectedEOF = -5, statusInvalidData = -4, statusUnknownType = -3
    case statusReadingHeader = -2, statusIncomplete = -1, statusComplete = 0
}

/// The types image sources read.
public func CGImageSourceCopyTypeIdentifiers() -> CFArray {
    ["com.compuserve.gif", "public.png", "org.webmproject.webp", "public.jpeg"] as NSArray
}

/// The dictionary and delay keys of each animated format.
enum ImageFormatKeys {
    case gif, png, webp

    static func of(_ type: String) -> ImageFormatKeys? {
        switch type {
        case "com.compuserve.gif": return .gif
        case "public.png": return .png
        case "org.webmproject.webp": return .webp
        default: return nil
        }
    }

    var dictionary: String {
        switch self {
        case .gif: return kCGImagePropertyGIFDictionary as String
        case .png: return kCGImagePropertyPNGDictionary as String
        case .webp: return kCGImagePropertyWebPDictionary as String
        }
    }
    var delay: String {
        switch self {
        case .gif: return kCGImagePropertyGIFDelayTime as String
        case .png: return kCGImagePropertyAPNGDelayTime as String
        case .webp: return kCGImagePropertyWebPDelayTime as String
        }
    }
    var unclampedDelay: String {
        switch self {
        case .gif: return kCGImagePropertyGIFUnclampedDelayTime as String
        case .png: return kCGImagePropertyAPNGUnclampedDelayTime as String
        case .webp: return kCGImagePropertyWebPUnclampedDelayTime as String
        }
    }
    var loopCount: String {
        switch self {
        case .gif: return kCGImagePropertyGIFLoopCount as String
        case .png: return kCGImagePropertyAPNGLoopCount as String
        case .webp: return kCGImagePropertyWebPLoopCount as String
        }
    }
}
