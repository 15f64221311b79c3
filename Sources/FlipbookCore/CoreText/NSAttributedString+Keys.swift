import Foundation

/// UIKit's attribute names (Foundation on Linux leaves them out). Text layers, labels, string
/// drawing and Core Text frames draw each run of an attributed string in its own font, size,
/// colour, kerning, baseline offset, underline, strikethrough and background; the paragraph
/// style and the stroke are the first character's.
extension NSAttributedString.Key {
    /// A `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Points added after each character (a number).
    public static let kern = NSAttributedString.Key("NSKern")
    /// A number: the stroke's width in percent of the font size.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// A `UIColor`.
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// An `NSParagraphStyle`: the text's alignment (Core Text frames and text layers follow it).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// A number: 0 no ligatures, 1 the font's usual ones (kept; Pango applies the font's own).
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// A number or `NSUnderlineStyle`: the line under the run.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A `UIColor` (the text's colour when left out).
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// A number or `NSUnderlineStyle`: the line through the run.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A `UIColor` (the text's colour when left out).
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// A number: points the run is raised above the baseline (negative lowers it).
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// A `UIColor` filled behind the run, the line's height.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
}
