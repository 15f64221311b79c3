import Foundation

/// How a colour space's components are read.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1, monochrome, rgb, cmyk, lab, deviceN, indexed, pattern, XYZ
}

/// How a colour outside the destination's gamut is brought in. Flipbook draws every colour
/// space as sRGB, so the intents convert alike.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// A colour space. Flipbook draws in sRGB: colours made in any RGB space keep their components
/// as sRGB ones (Display P3's wider gamut is not modelled), gray spaces spread the gray over red,
/// green and blue (docs/engine-notes.md).
public final class CGColorSpace: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The space's name as text (a String is Sendable where CFString is not).
    private let nameText: String?
    /// Whether the components are gray or red, green and blue.
    public let model: CGColorSpaceModel

    init(nameText: String?, model: CGColorSpaceModel) {
        self.nameText = nameText
        self.model = model
    }

    /// The named colour space, or nil for a name Core Graphics does not know.
    public convenience init?(name: CFString) {
        let text = String(describing: name)
        guard let model = Self.models[text] else { return nil }
        self.init(nameText: text, model: model)
    }

    /// The space's name (`CGColorSpace.sRGB`, …); nil for the device spaces.
    public var name: CFString? { nameText.map { CFString(string: $0) } }

    /// How many colour components (alpha not counted) a colour in this space has.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }
    /// Whether components may go outside 0…1 (the extended spaces).
    public var isWideGamutRGB: Bool { model == .rgb && (nameText?.contains("Extended") ?? false) }

    public static var sRGB: CFString { "kCGColorSpaceSRGB" }
    public static var extendedSRGB: CFString { "kCGColorSpaceExtendedSRGB" }
    public static var linearSRGB: CFString { "kCGColorSpaceLinearSRGB" }
    public static var extendedLinearSRGB: CFString { "kCGColorSpaceExtendedLinearSRGB" }
    public static var displayP3: CFString { "kCGColorSpaceDisplayP3" }
    public static var genericRGBLinear: CFString { "kCGColorSpaceGenericRGBLinear" }
    public static var genericGrayGamma2_2: CFString { "kCGColorSpaceGenericGrayGamma2_2" }
    public static var extendedGray: CFString { "kCGColorSpaceExtendedGray" }
    public static var linearGray: CFString { "kCGColorSpaceLinearGray" }
    public static var extendedLinearGray: CFString { "kCGColorSpaceExtendedLinearGray" }

    private static let models: [String: CGColorSpaceModel] = [
        "kCGColorSpaceSRGB": .rgb, "kCGColorSpaceExtendedSRGB": .rgb, "kCGColorSpaceLinearSRGB": .rgb,
        "kCGColorSpaceExtendedLinearSRGB": .rgb, "kCGColorSpaceDisplayP3": .rgb, "kCGColorSpaceGenericRGBLinear": .rgb,
        "kCGColorSpaceGenericGrayGamma2_2": .monochrome, "kCGColorSpaceExtendedGray": .monochrome,
        "kCGColorSpaceLinearGray": .monochrome, "kCGColorSpaceExtendedLinearGray": .monochrome
    ]

    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool { a.model == b.model && a.nameText == b.nameText }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(nameText)
    }
    public var description: String {
        "CGColorSpace(\(nameText ?? (model == .monochrome ? "kCGColorSpaceDeviceGray" : "kCGColorSpaceDeviceRGB")))"
    }
}

/// The device RGB colour space (drawn as sRGB).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(nameText: nil, model: .rgb) }
/// The device gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(nameText: nil, model: .monochrome) }

extension CGColor {
    /// A colour from `components` in `colorSpace`: (gray, alpha) in a gray space, (red, green,
    /// blue, alpha) in an RGB one. Nil for spaces Flipbook does not draw (CMYK, Lab, …).
    public convenience init?(colorSpace: CGColorSpace, components: UnsafePointer<CGFloat>) {
        switch colorSpace.model {
        case .monochrome: self.init(gray: components[0], alpha: components[1])
        case .rgb: self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
        default: return nil
        }
    }

    /// The colour space the colour was made in: gray or RGB.
    public var colorSpace: CGColorSpace? {
        numberOfComponents == 2 ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
    }

    /// The same colour in `space`: gray becomes red, green and blue alike; RGB becomes gray by
    /// its luminance (Rec. 709 weights, as sRGB's). Nil for spaces Flipbook does not draw.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: CFDictionary?) -> CGColor? {
        switch space.model {
        case .rgb: return CGColor(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
        case .monochrome:
            let gray = 0.2126 * rgba.red + 0.7152 * rgba.green + 0.0722 * rgba.blue
            return CGColor(gray: gray, alpha: rgba.alpha)
        default: return nil
        }
    }
}
