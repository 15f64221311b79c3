import Foundation

/// The uniform type identifiers Flipbook's ports name (Mobile Core Services' `kUTType…`
/// constants, UniformTypeIdentifiers' `UTType`, ImageIO's `CGImageSourceGetType`): each with
/// its filename extensions and the types it conforms to, as Apple declares them.
package enum UniformTypes {
    package struct Entry: Sendable {
        package let identifier: String
        package let extensions: [String]
        /// Direct parents; conformance follows them.
        package let parents: [String]
    }

    package static let entries: [Entry] = [
        Entry(identifier: "public.item", extensions: [], parents: []),
        Entry(identifier: "public.content", extensions: [], parents: []),
        Entry(identifier: "public.data", extensions: [], parents: ["public.item"]),
        Entry(identifier: "public.image", extensions: [], parents: ["public.data", "public.content"]),
        Entry(identifier: "com.compuserve.gif", extensions: ["gif"], parents: ["public.image"]),
        Entry(identifier: "public.png", extensions: ["png"], parents: ["public.image"]),
        Entry(identifier: "public.jpeg", extensions: ["jpeg", "jpg", "jpe"], parents: ["public.image"]),
        Entry(identifier: "org.webmproject.webp", extensions: ["webp"], parents: ["public.image"]),
        Entry(identifier: "public.heic", extensions: ["heic"], parents: ["public.image"]),
        Entry(identifier: "public.text", extensions: ["txt"], parents: ["public.data", "public.content"]),
        Entry(identifier: "public.plain-text", extensions: ["txt", "text"], parents: ["public.text"]),
        Entry(identifier: "public.json", extensions: ["json"], parents: ["public.text"]),
        Entry(identifier: "public.movie", extensions: [], parents: ["public.data", "public.content"]),
        Entry(identifier: "public.mpeg-4", extensions: ["mp4"], parents: ["public.movie"]),
        Entry(identifier: "com.apple.quicktime-movie", extensions: ["mov"], parents: ["public.movie"])
    ]

    package static func entry(_ identifier: String) -> Entry? {
        entries.first { $0.identifier.caseInsensitiveCompare(identifier) == .orderedSame }
    }

    /// The type a filename extension names (nil when none here does).
    package static func identifier(forExtension ext: String) -> String? {
        entries.first { $0.extensions.contains(ext.lowercased()) }?.identifier
    }

    /// Whether `identifier` is `parent` or conforms to it through its parents.
    package static func conforms(_ identifier: String, to parent: String) -> Bool {
        if identifier.caseInsensitiveCompare(parent) == .orderedSame { return true }
        guard let entry = entry(identifier) else { return false }
        return entry.parents.contains { conforms($0, to: parent) }
    }
}
