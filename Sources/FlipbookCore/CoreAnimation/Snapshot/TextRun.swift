/// A stretch of an attributed string drawn in attributes of its own (`TextStyle.runs`): what
/// Core Text draws of each attribute run, where the string's attributes change along it.
/// Values left nil are the text's own: the layer's font size and foreground colour, the
/// style's kerning.
public struct TextRun: Sendable, Hashable {
    /// The run's characters, as UTF-16 offsets into the style's string (as `NSAttributedString`
    /// counts them).
    public var range: Range<Int>
    /// The run's font (a PostScript or family name, as `TextStyle.fontName`).
    public var fontName: String?
    public var fontSize: Double?
    public var color: RGBA?
    /// Points added after each character (`.kern`).
    public var kerning: Double?
    /// Points the glyphs are raised above the baseline (`.baselineOffset`; negative lowers).
    public var baselineOffset = 0.0
    /// `NSUnderlineStyle`'s raw value (0: none).
    public var underline = 0
    /// The underline's colour (nil: the run's).
    public var underlineColor: RGBA?
    /// `NSUnderlineStyle`'s raw value for the line through the glyphs (0: none).
    public var strikethrough = 0
    public var strikethroughColor: RGBA?
    /// Filled behind the run, the line's height (`.backgroundColor`).
    public var backgroundColor: RGBA?

    public init(range: Range<Int>) { self.range = range }

    /// Whether the run draws something a style of its first character alone cannot.
    public var isDecorated: Bool {
        baselineOffset != 0 || underline != 0 || strikethrough != 0 || backgroundColor != nil
    }

    /// The same attributes over another range.
    func attributesEqual(_ other: TextRun) -> Bool {
        var moved = other
        moved.range = range
        return self == moved
    }
}
