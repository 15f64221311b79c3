import FlipbookCore
import Foundation

// Mobile Core Services' uniform types (deprecated on iOS 15 for UniformTypeIdentifiers' UTType,
// still in much refresh-header code that plays a GIF).

public var kUTTypeItem: CFString { "public.item" }
public var kUTTypeContent: CFString { "public.content" }
public var kUTTypeData: CFString { "public.data" }
public var kUTTypeImage: CFString { "public.image" }
public var kUTTypeGIF: CFString { "com.compuserve.gif" }
public var kUTTypePNG: CFString { "public.png" }
public var kUTTypeJPEG: CFString { "public.jpeg" }
public var kUTTypeText: CFString { "public.text" }
public var kUTTypePlainText: CFString { "public.plain-text" }
public var kUTTypeJSON: CFString { "public.json" }
public var kUTTypeMovie: CFString { "public.movie" }
public var kUTTypeMPEG4: CFString { "public.mpeg-4" }
public var kUTTypeQuickTimeMovie: CFString { "com.apple.quicktime-movie" }

/// The tag class of filename extensions (`UTTypeCreatePreferredIdentifierForTag`).
public var kUTTagClassFilenameExtension: CFString { "public.filename-extension" }

/// Whether `inUTI` is `inConformsToUTI` or a kind of it (a GIF conforms to public.image).
public func UTTypeConformsTo(_ inUTI: CFString, _ inConformsToUTI: CFString) -> Bool {
    UniformTypes.conforms(inUTI as String, to: inConformsToUTI as String)
}

/// Whether two identifiers name the same type.
public func UTTypeEqual(_ inUTI1: CFString, _ inUTI2: CFString) -> Bool {
    (inUTI1 as String).caseInsensitiveCompare(inUTI2 as String) == .orderedSame
}

/// The type a filename extension names (`kUTTagClassFilenameExtension`), conforming to
/// `inConformingToUTI` when given; a dynamic identifier when none here does, as iOS makes one.
public func UTTypeCreatePreferredIdentifierForTag(
    _ inTagClass: CFString, _ inTag: CFString, _ inConformingToUTI: CFString?
) -> Unmanaged<CFString>? {
    guard (inTagClass as String) == "public.filename-extension" else { return nil }
    if let found = UniformTypes.identifier(forExtension: inTag as String),
        inConformingToUTI.map({ UniformTypes.conforms(found, to: $0 as String) }) ?? true
    {
        return Unmanaged.passRetained(found as NSString)
    }
    return Unmanaged.passRetained("dyn.flipbook-\((inTag as String).lowercased())" as NSString)
}

/// The preferred filename extension of a type; nil when it has none.
public func UTTypeCopyPreferredTagWithClass(_ inUTI: CFString, _ inTagClass: CFString) -> Unmanaged<CFString>? {
    guard (inTagClass as String) == "public.filename-extension", let ext = UniformTypes.entry(inUTI as String)?.extensions.first
    else { return nil }
    return Unmanaged.passRetained(ext as NSString)
}
