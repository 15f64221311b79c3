import Foundation

/// Measures laid-out text for `UILabel.sizeThatFits`. FlipbookRender implements it with Pango
/// and registers it (`TextMeasurement.register`) when the program loads, so FlipbookCore needs
/// no C library itself.
public protocol TextMeasuring {
    /// The size of `style` at `fontSize`, wrapped to `width` when given, rounded up to whole points.
    static func size(of style: TextStyle, fontSize: Double, width: Double?) -> CGSize
    /// How far below the top of a text layer's bounds its first baseline is drawn, for
    /// `style` at `fontSize` (`CATextLayer` draws the first line's ascent below the top).
    static func firstBaseline(of style: TextStyle, fontSize: Double) -> Double
    /// How far a capital letter of `style`'s font at `fontSize` reaches above the baseline
    /// (Core Text's `CTFontGetCapHeight`).
    static func capHeight(of style: TextStyle, fontSize: Double) -> Double
    /// The vertical metrics of the face drawn for `fontName` at `fontSize` (`UIFont.ascender`
    /// and the rest); nil when the measurer cannot tell.
    static func fontMetrics(fontName: String, fontSize: Double) -> FontMetrics?
    /// The width of the widest line of `style` at `fontSize` (wrapped to `width` when given),
    /// not rounded, and how many lines it takes (UIKit's string measuring).
    static func extent(of style: TextStyle, fontSize: Double, width: Double?) -> (width: Double, lines: Int)
}

extension TextMeasuring {
    public static func fontMetrics(fontName: String, fontSize: Double) -> FontMetrics? { nil }
    public static func extent(of style: TextStyle, fontSize: Double, width: Double?) -> (width: Double, lines: Int) {
        (Double(size(of: style, fontSize: fontSize, width: width).width), 1)
    }
}

/// A font's vertical metrics at one size, in points, as UIKit reports them: `ascent` above the
/// baseline, `descent` below it (positive), the line's height, and the tops of a capital and of
/// a lower-case x.
public struct FontMetrics: Sendable, Equatable {
    public var ascent: Double
    public var descent: Double
    public var lineHeight: Double
    public var capHeight: Double
    public var xHeight: Double

    public init(ascent: Double, descent: Double, lineHeight: Double, capHeight: Double, xHeight: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
        self.capHeight = capHeight
        self.xHeight = xHeight
    }
}

/// Where FlipbookCore finds the text measurer. The one piece of process-wide state outside a
/// Stage: which renderer is linked in is a fact about the program, set once as it loads.
public enum TextMeasurement {
    private static let slot = RendererSlot<any TextMeasuring.Type>()

    /// Makes `measurer` the one `UILabel.sizeThatFits` uses (FlipbookRender registers Pango's).
    public static func register(_ measurer: any TextMeasuring.Type) { slot.set(measurer) }

    /// The registered measurer; nil when no renderer is linked (labels then measure `.zero`).
    public static var measurer: (any TextMeasuring.Type)? { slot.current }
}
