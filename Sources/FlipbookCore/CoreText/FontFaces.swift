import Foundation

/// A font face as a name finds it: its family, weight (OpenType's 100…900) and slant.
public struct FontFace: Sendable, Equatable {
    public var family: String
    public var weight: Int
    public var italic: Bool

    public init(family: String, weight: Int, italic: Bool) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }
}

/// The fonts the renderer can draw with: faces found by name as iOS's `CTFontCreateWithName`
/// finds them (a PostScript name first, then a full name, then a family), and font files a
/// document ships (a Lottie animation's fonts folder), made available to the whole process as
/// `CTFontManagerRegisterFontsForURL(_:.process,_:)` makes them. FlipbookRender implements it
/// with fontconfig and registers it when the program loads (as `TextMeasurement`), so
/// FlipbookCore and FlipbookLottie link no C library.
public protocol FontProviding {
    /// Makes the fonts in `files` (TrueType, OpenType) drawable by their names, once each; the
    /// files it could read.
    @discardableResult
    static func register(fontFiles files: [URL]) -> Int
    /// The installed (or registered) face named `name`: by PostScript name (`Oswald-Bold`),
    /// full name (`Oswald Bold`) or family (`Oswald`, its regular face), in that order.
    static func face(named name: String) -> FontFace?
    /// The family drawn for `name` when no face has it, to report; nil when one has, or when
    /// the name is an iOS system font with a documented stand-in (docs/fonts.md).
    static func standIn(for name: String) -> String?
}

/// Where FlipbookCore finds the font provider (see `TextMeasurement`: set once as the program loads).
public enum FontFaces {
    private static let slot = RendererSlot<any FontProviding.Type>()

    /// Makes `provider` the one text layers find fonts with (FlipbookRender registers fontconfig's).
    public static func register(_ provider: any FontProviding.Type) { slot.set(provider) }

    /// The registered provider; nil when no renderer is linked.
    public static var provider: (any FontProviding.Type)? { slot.current }
}
