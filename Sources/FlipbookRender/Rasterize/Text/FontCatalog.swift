import CCairo
import CPangoCairo
import FlipbookCore
import Foundation

/// Which installed font draws a requested font name.
///
/// iOS font names map to families (`Avenir-Book` → `Avenir`); the iOS system fonts (San
/// Francisco, Helvetica, PingFang, Arial, `system…`) are not free and map on purpose to Liberation
/// Sans (Helvetica's metrics; DejaVu Sans where it is missing) with WenQuanYi Micro Hei for
/// Chinese, SF Mono and Menlo to Liberation Mono (docs/fonts.md). Any other family that fontconfig does not
/// have falls back to the same list; `substitute(for:)` says so.
public enum FontCatalog {
    /// The family actually used for `fontName` when it is not installed; nil when it is, or when
    /// the name is an iOS system font with a documented stand-in.
    public static func substitute(for fontName: String) -> String? {
        // A PostScript name of an installed (or shipped) face is that face.
        if FontconfigFaces.face(named: fontName) != nil { return nil }
        let (families, _) = TextPainter.families(for: fontName)
        guard families != TextPainter.fallbackFamilies, let wanted = families.split(separator: ",").first else { return nil }
        let requested = wanted.trimmingCharacters(in: .whitespaces)
        guard let used = installedFamily(matching: requested) else { return nil }
        guard used.caseInsensitiveCompare(requested) != .orderedSame else { return nil }
        // Pango goes on down the family list: the first fallback that is installed draws it.
        for fallback in TextPainter.fallbackFamilies.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
        where installedFamily(matching: fallback)?.caseInsensitiveCompare(fallback) == .orderedSame {
            return fallback
        }
        return used
    }

    /// The family fontconfig picks for `family` (its best match, which is another family when
    /// `family` is not installed).
    static func installedFamily(matching family: String) -> String? {
        guard let map = pango_cairo_font_map_get_default(), let context = pango_font_map_create_context(map) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard let desc = pango_font_description_new() else { return nil }
        defer { pango_font_description_free(desc) }
        pango_font_description_set_family(desc, family)
        pango_font_description_set_absolute_size(desc, 17 * Double(PANGO_SCALE))
        guard let font = pango_font_map_load_font(map, context, desc) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        guard let described = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) }
    }

    /// The warning for a font name that is not installed, or nil.
    public static func warning(for fontName: String) -> String? {
        substitute(for: fontName).map { "font '\(fontName)' is not installed; \($0) is used instead (see docs/fonts.md)" }
    }
}

extension FontCatalog {
    /// The font file fontconfig uses for `family`, or nil.
    public static func file(forFamily family: String) -> String? {
        guard let pattern = FcNameParse(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<UInt8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    /// The families text in `fontName` is drawn with, in fallback order, and the file
    /// fontconfig gives each here ("(none)" when it finds none).
    public static func files(forFontName fontName: String?) -> [(family: String, file: String)] {
        let face = fontName.flatMap { FontconfigFaces.face(named: $0) }
        let families = face.map { "\($0.family), \(TextPainter.fallbackFamilies)" } ?? TextPainter.families(for: fontName).family
        return families.split(separator: ",").map { part in
            let family = part.trimmingCharacters(in: .whitespaces)
            return (family, file(forFamily: family) ?? "(none)")
        }
    }

    /// Cairo's version, without loading Pango (`flipbook --version`).
    public static var cairoVersion: String { String(cString: cairo_version_string()) }

    /// The versions of the libraries that decide pixels.
    public static var libraryVersions: [String: String] {
        [
            "cairo": String(cString: cairo_version_string()), "pango": String(cString: pango_version_string()),
            "fontconfig": {
                let v = Int(FcGetVersion())
                return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
            }()
        ]
    }
}
