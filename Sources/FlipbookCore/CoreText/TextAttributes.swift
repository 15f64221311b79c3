import Foundation

/// What Flipbook draws of an attributed string's attributes, read from its first character
/// (as a `CATextLayer` and a Core Text frame draw it): font, colours, kerning, stroke and the
/// paragraph's alignment and line spacing.
package struct TextAttributes {
    package var fontName: String?
    package var fontSize: Double?
    package var foregroundColor: RGBA?
    package var kerning = 0.0
    package var strokeWidth = 0.0
    package var strokeColor: RGBA?
    package var alignment: NSTextAlignment?
    package var lineSpacing = LineSpacing()

    package init(_ attributes: [NSAttributedString.Key: Any], font fallbackFont: Any? = nil) {
        switch attributes[.font] ?? fallbackFont {
        case let f as any CTFontBridging:
            fontName = f.fontName
            fontSize = Double(f.pointSize)
        case let s as String: fontName = s
        default: break
        }
        foregroundColor = Self.color(attributes[.foregroundColor])
        kerning = Self.number(attributes[.kern]) ?? 0
        strokeWidth = Self.number(attributes[.strokeWidth]) ?? 0
        strokeColor = Self.color(attributes[.strokeColor])
        if let paragraph = attributes[.paragraphStyle] as? NSParagraphStyle {
            alignment = paragraph.alignment
            lineSpacing = LineSpacing(
                lineSpacing: Double(paragraph.lineSpacing), lineHeightMultiple: Double(paragraph.lineHeightMultiple),
                minimumLineHeight: Double(paragraph.minimumLineHeight), maximumLineHeight: Double(paragraph.maximumLineHeight))
        }
    }

    /// Reads `text`'s first character's attributes (none when it is empty).
    package init(of text: NSAttributedString, font: Any? = nil) {
        self.init(text.length > 0 ? text.attributes(at: 0, effectiveRange: nil) : [:], font: font)
    }

    /// Applies the kerning, stroke and line spacing to `style`.
    package func apply(to style: inout TextStyle) {
        style.kerning = kerning
        style.strokeWidth = strokeWidth
        style.strokeColor = strokeColor
        style.lineSpacing = lineSpacing
    }

    /// A text layer's alignment for a paragraph's (natural reads left to right here).
    package var layerAlignment: CATextLayerAlignmentMode {
        switch alignment {
        case .center: .center
        case .right: .right
        case .justified: .justified
        default: .left
        }
    }

    static func color(_ value: Any?) -> RGBA? {
        switch value {
        case let color as any CGColorBridging: color.cgColor.rgba
        case let color as CGColor: color.rgba
        default: nil
        }
    }

    /// An attribute's number, however it was written.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as Double: n.isFinite ? n : nil
        case let n as CGFloat: n.isFinite ? Double(n) : nil
        case let n as Int: Double(n)
        case let n as NSNumber: n.doubleValue.isFinite ? n.doubleValue : nil
        default: nil
        }
    }
}
