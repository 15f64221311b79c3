import Foundation

/// How a paragraph of attributed text is set, as UIKit names it. Core Text frames, text layers,
/// labels and string drawing follow its `alignment` and line spacing (`lineSpacing`,
/// `lineHeightMultiple`, `minimumLineHeight`, `maximumLineHeight`); paragraph spacing and indents
/// are kept and read back, not drawn (docs/porting.md).
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    /// The style with every value at its default.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    var storedAlignment = NSTextAlignment.natural
    var storedLineBreakMode = NSLineBreakMode.byWordWrapping
    var storedSpacing = ParagraphSpacing()

    open var alignment: NSTextAlignment { storedAlignment }
    open var lineBreakMode: NSLineBreakMode { storedLineBreakMode }
    open var lineSpacing: CGFloat { storedSpacing.lineSpacing }
    open var paragraphSpacing: CGFloat { storedSpacing.paragraphSpacing }
    open var paragraphSpacingBefore: CGFloat { storedSpacing.paragraphSpacingBefore }
    open var lineHeightMultiple: CGFloat { storedSpacing.lineHeightMultiple }
    open var minimumLineHeight: CGFloat { storedSpacing.minimumLineHeight }
    open var maximumLineHeight: CGFloat { storedSpacing.maximumLineHeight }
    open var firstLineHeadIndent: CGFloat { storedSpacing.firstLineHeadIndent }
    open var headIndent: CGFloat { storedSpacing.headIndent }
    open var tailIndent: CGFloat { storedSpacing.tailIndent }

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(into: NSMutableParagraphStyle()) }

    private func copyValues<Style: NSParagraphStyle>(into style: Style) -> Style {
        style.storedAlignment = storedAlignment
        style.storedLineBreakMode = storedLineBreakMode
        style.storedSpacing = storedSpacing
        return style
    }
}

/// A paragraph style whose values can be set.
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment {
        get { storedAlignment }
        set { storedAlignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { storedLineBreakMode }
        set { storedLineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { storedSpacing.lineSpacing }
        set { storedSpacing.lineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { storedSpacing.paragraphSpacing }
        set { storedSpacing.paragraphSpacing = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { storedSpacing.paragraphSpacingBefore }
        set { storedSpacing.paragraphSpacingBefore = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { storedSpacing.lineHeightMultiple }
        set { storedSpacing.lineHeightMultiple = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { storedSpacing.minimumLineHeight }
        set { storedSpacing.minimumLineHeight = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { storedSpacing.maximumLineHeight }
        set { storedSpacing.maximumLineHeight = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { storedSpacing.firstLineHeadIndent }
        set { storedSpacing.firstLineHeadIndent = newValue }
    }
    open override var headIndent: CGFloat {
        get { storedSpacing.headIndent }
        set { storedSpacing.headIndent = newValue }
    }
    open override var tailIndent: CGFloat {
        get { storedSpacing.tailIndent }
        set { storedSpacing.tailIndent = newValue }
    }
}

/// A paragraph style's spacing and indents, in points (0: the font's own).
struct ParagraphSpacing: Equatable, Sendable {
    var lineSpacing: CGFloat = 0
    var paragraphSpacing: CGFloat = 0
    var paragraphSpacingBefore: CGFloat = 0
    var lineHeightMultiple: CGFloat = 0
    var minimumLineHeight: CGFloat = 0
    var maximumLineHeight: CGFloat = 0
    var firstLineHeadIndent: CGFloat = 0
    var headIndent: CGFloat = 0
    var tailIndent: CGFloat = 0
}

/// How a label's text breaks and truncates, as UIKit names it.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// Text alignment, as UIKit names it.
public enum NSTextAlignment: Int, Sendable { case left = 0, center, right, justified, natural }
