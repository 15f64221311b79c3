import FlipbookCore
import Foundation

// Core Text's font functions over UIFont. On iOS the two are toll-free bridged (`font as CTFont`
// and back), so here a CTFont is a UIFont: what one side makes, the other reads.

/// Core Text's font: the same object as a `UIFont`.
public typealias CTFont = UIFont

/// The font named `name` (PostScript, full or family name, as `UIFont(name:size:)` finds it) at
/// `size` points; 12 points when `size` is 0, as Core Text does. The matrix is not applied.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let points = size == 0 ? 12 : size
    return UIFont(name: String(describing: name), size: points) ?? UIFont.systemFont(ofSize: points)
}

/// The font's size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.pointSize }
/// How far the font reaches above the baseline.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.ascender }
/// How far the font reaches below the baseline, as a positive distance (UIKit's `descender` is negative).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { -font.descender }
/// The gap between lines beyond ascent and descent.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { font.leading }
/// The height of a capital letter above the baseline.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.capHeight }
/// The height of a lower-case x above the baseline.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.xHeight }
/// The font's name.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { CFString(string: font.fontName) }
/// The font's family name.
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { CFString(string: font.familyName) }
/// The same font at another size.
public func CTFontCreateCopyWithAttributes(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: AnyObject?
) -> CTFont {
    size == 0 ? font : font.withSize(size)
}
