import CPangoCairo
import FlipbookCore
import Foundation

/// Faces by name and font files a document ships, through fontconfig (registered with
/// FlipbookCore's `FontFaces` when the program loads).
///
/// Registered files are the process's, as iOS's `.process` scope: fontconfig's application
/// fonts. Pango keeps a font map per thread, so each drawing thread catches up with the files
/// registered since it last drew (`catchUp`) before it lays out text.
public enum FontconfigFaces: FontProviding {
    /// What fontconfig has been asked: the files registered and the faces looked up (by name).
    private final class Known: @unchecked Sendable {
        let lock = NSLock()
        var files = Set<String>()
        var faces: [String: FontFace?] = [:]
        /// Bumped by every registration that added a font.
        var generation = 0
    }

    /// The registration a thread's Pango font map last saw.
    private final class Seen {
        var generation = 0
    }

    private static let known = Known()
    private static let seen = ThreadLocal<Seen>()

    @discardableResult
    public static func register(fontFiles files: [URL]) -> Int {
        known.lock.lock()
        defer { known.lock.unlock() }
        var added = 0
        for file in files {
            let path = file.resolvingSymlinksInPath().path
            guard !known.files.contains(path) else { continue }
            guard FcConfigAppFontAddFile(FcConfigGetCurrent(), path) != 0 else { continue }
            known.files.insert(path)
            added += 1
        }
        if added > 0 {
            // Faces looked up before may be found now.
            known.faces = [:]
            known.generation += 1
        }
        return added
    }

    /// Brings this thread's Pango font map up to the fonts registered so far; whether it had
    /// fallen behind (layouts it made before may show other faces).
    @discardableResult
    static func catchUp() -> Bool {
        known.lock.lock()
        let generation = known.generation
        known.lock.unlock()
        let seen = self.seen.value { Seen() }
        guard seen.generation != generation else { return false }
        seen.generation = generation
        flipbook_pango_fonts_changed()
        return true
    }

    public static func standIn(for name: String) -> String? { FontCatalog.substitute(for: name) }

    public static func face(named name: String) -> FontFace? {
        known.lock.lock()
        defer { known.lock.unlock() }
        if let found = known.faces[name] { return found }
        let face = lookUp(name)
        known.faces[name] = face
        return face
    }

    /// As Core Text matches a name: the face with that PostScript name, else that full name,
    /// else the family's face closest to regular and upright.
    private static func lookUp(_ name: String) -> FontFace? {
        guard !name.isEmpty else { return nil }
        for object in ["postscriptname", "fullname", "family"] {
            let faces = list(object, name)
            let best = faces.min { a, b in
                (abs(a.weight - 400), a.italic ? 1 : 0) < (abs(b.weight - 400), b.italic ? 1 : 0)
            }
            if let best { return best }
        }
        return nil
    }

    /// The faces fontconfig lists whose `object` is `value`: each one's family (the first name
    /// it gives), weight and slant.
    private static func list(_ object: String, _ value: String) -> [FontFace] {
        guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
        defer {
            FcPatternDestroy(pattern)
            FcObjectSetDestroy(objects)
        }
        _ = FcPatternAddString(pattern, object, value)
        for object in ["family", "weight", "slant"] { _ = FcObjectSetAdd(objects, object) }
        guard let set = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        guard let fonts = set.pointee.fonts else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { index in
            guard let face = fonts[index] else { return nil }
            var family: UnsafeMutablePointer<UInt8>?
            guard FcPatternGetString(face, "family", 0, &family) == FcResultMatch, let family else { return nil }
            var weight: Int32 = 80, slant: Int32 = 0
            _ = FcPatternGetInteger(face, "weight", 0, &weight)
            _ = FcPatternGetInteger(face, "slant", 0, &slant)
            return FontFace(family: String(cString: family), weight: Int(FcWeightToOpenType(weight)), italic: slant != 0)
        }
    }
}
