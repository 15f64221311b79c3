import FlipbookCore
import Foundation

/// A uniform type, as UniformTypeIdentifiers' `UTType`: the image, data and text types iOS
/// code checks files against, with their filename extensions and conformance.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The type's identifier (`com.compuserve.gif`).
    public let identifier: String

    /// The type with `identifier`; nil when Flipbook does not know it.
    public init?(_ identifier: String) {
        guard let entry = UniformTypes.entry(identifier) else { return nil }
        self.identifier = entry.identifier
    }

    /// The type a filename extension names (`gif`); nil when none here does.
    public init?(filenameExtension: String) {
        guard let identifier = UniformTypes.identifier(forExtension: filenameExtension) else { return nil }
        self.identifier = identifier
    }

    /// As above, when that type conforms to `supertype`.
    public init?(filenameExtension: String, conformingTo supertype: UTType) {
        guard let type = UTType(filenameExtension: filenameExtension), type.conforms(to: supertype) else { return nil }
        self = type
    }

    private init(known identifier: String) { self.identifier = identifier }

    /// The extension files of this type usually have.
    public var preferredFilenameExtension: String? { UniformTypes.entry(identifier)?.extensions.first }

    /// Whether this type is `type` or a kind of it.
    public func conforms(to type: UTType) -> Bool { UniformTypes.conforms(identifier, to: type.identifier) }
    public func isSubtype(of type: UTType) -> Bool { self != type && conforms(to: type) }
    public func isSupertype(of type: UTType) -> Bool { self != type && type.conforms(to: self) }

    /// Every type this one conforms to, itself left out.
    public var supertypes: Set<UTType> {
        var out: Set<UTType> = []
        var pending = UniformTypes.entry(identifier)?.parents ?? []
        while let next = pending.popLast() {
            if out.insert(UTType(known: next)).inserted { pending += UniformTypes.entry(next)?.parents ?? [] }
        }
        return out
    }

    public var description: String { identifier }

    public static let item = UTType(known: "public.item")
    public static let content = UTType(known: "public.content")
    public static let data = UTType(known: "public.data")
    public static let image = UTType(known: "public.image")
    public static let gif = UTType(known: "com.compuserve.gif")
    public static let png = UTType(known: "public.png")
    public static let jpeg = UTType(known: "public.jpeg")
    public static let webP = UTType(known: "org.webmproject.webp")
    public static let heic = UTType(known: "public.heic")
    public static let text = UTType(known: "public.text")
    public static let plainText = UTType(known: "public.plain-text")
    public static let json = UTType(known: "public.json")
    public static let movie = UTType(known: "public.movie")
    public static let mpeg4Movie = UTType(known: "public.mpeg-4")
    public static let quickTimeMovie = UTType(known: "com.apple.quicktime-movie")
}
