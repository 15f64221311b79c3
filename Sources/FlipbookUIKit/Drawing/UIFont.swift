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

    /// The system font's (San Francisco's) vertical metrics as iOS reports them, per point of
    /// size: 17 pt has an ascender of 16.18, a descender of −4.10 and a line height of 20.29.
    /// Other fonts are given the same proportions (Flipbook does not read font files here).
    public var ascender: CGFloat { pointSize * 0.9521 }
    public var descender: CGFloat { -pointSize * 0.2412 }
    public var lineHeight: CGFloat { ascender - descender }
    public var capHeight: CGFloat { pointSize * 0.7046 }
    public var xHeight: CGFloat { pointSize * 0.5278 }

    /// The font's family: the system font's, or the name before its style (`Avenir-Heavy` → `Avenir`).
    public var familyName: String {
        fontName.hasPrefix(".SFUI") ? ".SF UI Text" : String(fontName.split(separator: "-").first ?? Substring(fontName))
    }

    public func withSize(_ fontSize: CGFloat) -> UIFont {
        fontName.hasPrefix(".SFUI") ? UIFont(systemSize: fontSize, bold: isBold) : UIFont(name: fontName, size: fontSize)!
    }

    /// Font weights, as UIKit names them.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let regular = Weight(rawValue: 0), medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3), bold = Weight(rawValue: 0.4)
        public static let light = Weight(rawValue: -0.4), heavy = Weight(rawValue: 0.56)
    }

    public static func == (a: UIFont, b: UIFont) -> Bool { a.fontName == b.fontName && a.pointSize == b.pointSize }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }
    public var description: String { "UIFont(\(fontName), \(pointSize))" }
}
