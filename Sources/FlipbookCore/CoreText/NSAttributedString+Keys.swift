import Foundation

/// UIKit's attribute names (Foundation on Linux leaves them out). A `CATextLayer` given an
/// attributed string draws it in the font and with the kerning of its first character.
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
}
