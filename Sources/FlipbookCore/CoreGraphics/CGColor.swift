import Foundation

/// A colour as four sRGB components, not premultiplied (timing-model.md 9.2).
public struct RGBA: Equatable, Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
    /// Fully transparent black: what a nil colour counts as when interpolating.
    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = RGBA(red: 0, green: 0, blue: 0, alpha: 1)
}

/// An immutable colour in the sRGB colour space.
public final class CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The colour's components.
    public let rgba: RGBA
    private let isGray: Bool

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        rgba = RGBA(red: red, green: green, blue: blue, alpha: alpha)
        isGray = false
    }

    public init(gray: CGFloat, alpha: CGFloat) {
        rgba = RGBA(red: gray, green: gray, blue: gray, alpha: alpha)
        isGray = true
    }

    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    package init(_ rgba: RGBA) {
        self.rgba = rgba
        isGray = false
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public var alpha: CGFloat { rgba.alpha }
    public var numberOfComponents: Int { isGray ? 2 : 4 }

    /// The components, as Core Graphics gives them: (gray, alpha) or (r, g, b, a).
    public var components: [CGFloat]? {
        isGray ? [rgba.red, rgba.alpha] : [rgba.red, rgba.green, rgba.blue, rgba.alpha]
    }

    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(RGBA(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: alpha))
    }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.rgba == b.rgba }
    public func hash(into hasher: inout Hasher) { hasher.combine(rgba) }

    public var description: String {
        String(format: "CGColor(r: %.4g, g: %.4g, b: %.4g, a: %.4g)", rgba.red, rgba.green, rgba.blue, rgba.alpha)
    }
}
