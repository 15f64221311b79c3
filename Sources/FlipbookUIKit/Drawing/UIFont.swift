import FlipbookCore
import Foundation

/// A font by family name and size; drawn through Pango by the renderer.
public final class UIFont: CTFontBridging, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let fontName: String
    public let pointSize: CGFloat
    /// Whether to draw with a bold weight.
    public let isBold: Bool

    public init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.fontName = fontName
        pointSize = fontSize
        isBold = fontName.lowercased().contains("bold")
    }

    init(systemSize: CGFloat, bold: Bool) {
        fontName = bold ? ".SFUI-Bold" : ".SFUI-Regular"
        pointSize = systemSize
        isBold = bold
    }

    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(systemSize: fontSize, bold: false) }
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(systemSize: fontSize, bold: true) }
    public static func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(systemSize: fontSize, bold: weight.rawValue >= UIFont.Weight.semibold.rawValue)
    }
    /// The system font's italic (drawn with its stand-in's italic, docs/fonts.md).
    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(name: ".SFUI-Italic", size: fontSize)! }
    /// The system font with digits all one width (the stand-in's digits already are).
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }
    /// The system's monospaced font, SF Mono (drawn with Liberation Mono, docs/fonts.md).
    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(name: weight.rawValue >= UIFont.Weight.semibold.rawValue ? ".SFMono-Bold" : ".SFMono-Regular", size: fontSize)!
    }

    /// The font's vertical metrics, as UIKit reports them. The system font has San Francisco's
    /// as iOS reports them, per point of size (17 pt: an ascender of 16.18, a descender of −4.10,
    /// a line height of 20.29), though another face stands in for it when drawn; a named font
    /// has its own face's, as the renderer measures the face it draws (a font shipped with the
    /// app is its file's; an iOS typeface not installed here is its stand-in's, docs/fonts.md),
    /// or San Francisco's proportions when no renderer is linked.
    public var ascender: CGFloat { CGFloat(metrics.ascent) }
    public var descender: CGFloat { CGFloat(-metrics.descent) }
    public var lineHeight: CGFloat { CGFloat(metrics.lineHeight) }
    public var capHeight: CGFloat { CGFloat(metrics.capHeight) }
    public var xHeight: CGFloat { CGFloat(metrics.xHeight) }
    /// The gap between lines beyond the ascender and descender (rounding's crumbs are none).
    public var leading: CGFloat {
        let gap = lineHeight - ascender + descender
        return gap > 1e-9 ? gap : 0
    }

    private var isSystemFont: Bool { fontName.hasPrefix(".SFUI") }
    private let measured = MeasuredFontMetrics()

    private var metrics: FontMetrics {
        measured.value {
            // Measured at 100 pt and scaled (unhinted metrics are proportional to the size), so a
            // size Pango cannot set (0, 1e9, NaN) is still answered.
            if !isSystemFont, let face = TextMeasurement.measurer?.fontMetrics(fontName: fontName, fontSize: 100) {
                let k = Double(pointSize) / 100
                return FontMetrics(
                    ascent: face.ascent * k, descent: face.descent * k, lineHeight: face.lineHeight * k, capHeight: face.capHeight * k,
                    xHeight: face.xHeight * k)
            }
            let (size, ascent, descent) = (Double(pointSize), Double(pointSize) * 0.9521, Double(pointSize) * 0.2412)
            return FontMetrics(
                ascent: ascent, descent: descent, lineHeight: ascent + descent, capHeight: size * 0.7046, xHeight: size * 0.5278)
        }
    }

    /// The font's family: the system font's, or the name before its style (`Avenir-Heavy` → `Avenir`).
    public var familyName: String {
        isSystemFont ? ".SF UI Text" : String(fontName.split(separator: "-").first ?? Substring(fontName))
    }

    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(name: fontName, size: fontSize)!
    }

    /// Font weights, as UIKit names them.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8), thin = Weight(rawValue: -0.6)
        public static let regular = Weight(rawValue: 0), medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3), bold = Weight(rawValue: 0.4)
        public static let light = Weight(rawValue: -0.4), heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    public static func == (a: UIFont, b: UIFont) -> Bool { a.fontName == b.fontName && a.pointSize == b.pointSize }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }
    public var description: String { "UIFont(\(fontName), \(pointSize))" }
}

/// A font's metrics, measured once when first asked for (measuring sets a line of text).
private final class MeasuredFontMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: FontMetrics?

    func value(_ measure: () -> FontMetrics) -> FontMetrics {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let measured = measure()
        stored = measured
        return measured
    }
}
