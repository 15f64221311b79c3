import FlipbookCore
import Foundation

/// How UIKit's string drawing lays text out (`NSStringDrawingOptions`).
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The point or rect's origin is the top-left of the first line, and lines wrap to the width
    /// (without it: the origin is the first line's baseline, one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Lines are spaced by the font's leading as well (most fonts have none).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Glyph bounds rather than typographic ones (measured as typographic here).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// The last line that fits is truncated (drawn clipped here).
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

extension NSString {
    /// UIKit's spelling of the string drawing options.
    public typealias DrawingOptions = NSStringDrawingOptions
}

/// Scaling for string drawing (`NSStringDrawingContext`): Flipbook draws at the font's own
/// size, so `actualScaleFactor` stays 1; `totalBounds` is the last measured or drawn rect.
open class NSStringDrawingContext {
    open var minimumScaleFactor: CGFloat = 0
    open internal(set) var actualScaleFactor: CGFloat = 1
    open internal(set) var totalBounds: CGRect = .zero
    public init() {}
}

/// A string and its attributes as UIKit's string drawing lays them out: in the attributes'
/// font (Helvetica 12 pt when there is none, as on iOS), its lines `lineHeight` apart.
struct StringDrawingLayout {
    var style: TextStyle
    let font: UIFont
    let color: RGBA?

    init(_ string: String, attributes: TextAttributes, font: UIFont?) {
        let font = font ?? UIFont(name: "Helvetica", size: 12)!
        var style = TextStyle(
            string: string, fontName: font.fontName, alignment: attributes.layerAlignment, isWrapped: false, truncation: .none)
        attributes.apply(to: &style)
        self.style = style
        self.font = font
        color = attributes.foregroundColor
    }

    init(_ string: String, attributes: [NSAttributedString.Key: Any]?) {
        self.init(string, attributes: TextAttributes(attributes ?? [:]), font: attributes?[.font] as? UIFont)
        // One run: drawn by the style alone unless it is underlined, raised or backed.
        style.runs = TextAttributes.coreTextRuns(of: NSAttributedString(string: string, attributes: attributes))
    }

    init(_ text: NSAttributedString) {
        let font = text.length > 0 ? text.attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil
        self.init(text.string, attributes: TextAttributes(of: text), font: font)
        style.runs = TextAttributes.coreTextRuns(of: text)
    }

    /// The size the text takes: its widest line, and its lines `lineHeight` apart or as the
    /// paragraph style spaces them (wrapped to `width` when given; the font's leading added per
    /// line with `usesFontLeading`).
    func size(width: Double? = nil, options: NSStringDrawingOptions = .usesLineFragmentOrigin) -> CGSize {
        let size = Double(font.pointSize)
        guard !style.string.isEmpty, size > 0, size.isFinite, let measurer = TextMeasurement.measurer else { return .zero }
        var measured = style
        measured.isWrapped = width != nil
        let extent = measurer.extent(of: measured, fontSize: size, width: width)
        // A line is as tall as its tallest run's font (each run's own font and size).
        let fonts =
            [font]
            + style.runs.compactMap { run in run.fontSize.flatMap { UIFont(name: run.fontName ?? font.fontName, size: CGFloat($0)) } }
        let tallest = fonts.max { $0.lineHeight < $1.lineHeight } ?? font
        let line = Double(tallest.lineHeight + (options.contains(.usesFontLeading) ? tallest.leading : 0))
        // A paragraph style's line height for the first line, its pitch for each next one.
        let lines = Double(max(1, extent.lines))
        let height = style.lineSpacing.lineHeight(natural: line) + (lines - 1) * style.lineSpacing.pitch(natural: line)
        // Core Text's kern follows every character, the last of a line too; Pango spaces only
        // between them.
        return CGSize(width: CGFloat(extent.width + style.kerning), height: CGFloat(height))
    }

    /// `boundingRect(with:options:…)`: with `usesLineFragmentOrigin` the lines wrapped to the
    /// size's width from a top-left origin; without, one line above its baseline origin.
    func boundingRect(with size: CGSize, options: NSStringDrawingOptions, context: NSStringDrawingContext?) -> CGRect {
        let rect: CGRect
        if options.contains(.usesLineFragmentOrigin) {
            let width = size.width > 0 && size.width.isFinite && size.width < 1e7 ? Double(size.width) : nil
            rect = CGRect(origin: .zero, size: self.size(width: width, options: options))
        } else {
            let line = self.size(options: options)
            rect = CGRect(x: 0, y: -font.ascender, width: line.width, height: style.string.isEmpty ? 0 : font.lineHeight)
        }
        context?.totalBounds = rect
        return rect
    }

    /// Draws the text into the current UIKit context (nothing without one, as on iOS): at
    /// `point` on one line a paragraph, or wrapped in `rect` and clipped to it.
    func draw(at point: CGPoint) {
        // Unbounded on iOS: room past the measured size for ink that overhangs it (an italic's
        // last letter), aligned left as a line as wide as itself is.
        let size = self.size(), room = font.pointSize
        draw(in: CGRect(x: point.x, y: point.y, width: size.width + room, height: size.height + room), wrapped: false, alignment: .left)
    }

    func draw(in rect: CGRect, wrapped: Bool = true, alignment: CATextLayerAlignmentMode? = nil) {
        guard !style.string.isEmpty, let context = UIGraphicsGetCurrentContext() else { return }
        var drawn = style
        drawn.isWrapped = wrapped
        if let alignment { drawn.alignment = alignment }
        context.drawTopDownText(
            drawn, fontSize: Double(font.pointSize), color: color ?? RGBA(red: 0, green: 0, blue: 0, alpha: 1), in: rect)
    }
}

// UIKit's additions to NSString and NSAttributedString (NSStringDrawing), on String too.

extension NSString {
    /// The size of the string drawn on one line a paragraph in `attrs` (its font, kerning).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawingLayout(self as String, attributes: attrs).size()
    }

    /// Draws the string with its first line's top-left at `point`, in the current context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawingLayout(self as String, attributes: attrs).draw(at: point)
    }

    /// Draws the string wrapped within `rect`, in the current context.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawingLayout(self as String, attributes: attrs).draw(in: rect)
    }

    /// The rect the string takes when drawn with `options` within `size`.
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        StringDrawingLayout(self as String, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}

extension StringProtocol {
    /// The size of the string drawn on one line a paragraph in `attrs` (its font, kerning).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawingLayout(String(self), attributes: attrs).size()
    }

    /// Draws the string with its first line's top-left at `point`, in the current context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawingLayout(String(self), attributes: attrs).draw(at: point)
    }

    /// Draws the string wrapped within `rect`, in the current context.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawingLayout(String(self), attributes: attrs).draw(in: rect)
    }

    /// The rect the string takes when drawn with `options` within `size`.
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        StringDrawingLayout(String(self), attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}

extension NSAttributedString {
    /// The size of the string drawn on one line a paragraph (its first character's attributes).
    public func size() -> CGSize { StringDrawingLayout(self).size() }

    /// Draws the string with its first line's top-left at `point`, in the current context.
    public func draw(at point: CGPoint) { StringDrawingLayout(self).draw(at: point) }

    /// Draws the string wrapped within `rect`, in the current context.
    public func draw(in rect: CGRect) { StringDrawingLayout(self).draw(in: rect) }

    /// Draws the string as `boundingRect(with:options:context:)` lays it out in `rect`.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        let layout = StringDrawingLayout(self)
        let bounds = layout.boundingRect(with: rect.size, options: options, context: context)
        layout.draw(in: bounds.offsetBy(dx: rect.minX, dy: rect.minY), wrapped: options.contains(.usesLineFragmentOrigin))
    }

    /// The rect the string takes when drawn with `options` within `size`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        StringDrawingLayout(self).boundingRect(with: size, options: options, context: context)
    }
}
