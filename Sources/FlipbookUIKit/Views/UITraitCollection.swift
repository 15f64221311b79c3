import FlipbookCore
import Foundation

/// The environment a view is drawn for, as UIKit describes it: display scale, idiom, size
/// classes, appearance. Snapshot strategies read `displayScale` (the pixels per point of the
/// image); the other traits are kept for source compatibility and change nothing drawn here
/// (docs/api-coverage.md).
public final class UITraitCollection: Sendable {
    /// Pixels per point; 0 leaves it to the screen (the running Stage's scale).
    public let displayScale: CGFloat
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let forceTouchCapability: UIForceTouchCapability

    /// A collection with every trait unspecified.
    public convenience init() { self.init(fields: Fields()) }

    /// Each trait the last collection in `traitsFrom` specifies, as UIKit merges them.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        var merged = Fields()
        for c in collections {
            if c.displayScale != 0 { merged.displayScale = c.displayScale }
            if c.userInterfaceIdiom != .unspecified { merged.userInterfaceIdiom = c.userInterfaceIdiom }
            if c.horizontalSizeClass != .unspecified { merged.horizontalSizeClass = c.horizontalSizeClass }
            if c.verticalSizeClass != .unspecified { merged.verticalSizeClass = c.verticalSizeClass }
            if c.userInterfaceStyle != .unspecified { merged.userInterfaceStyle = c.userInterfaceStyle }
            if c.layoutDirection != .unspecified { merged.layoutDirection = c.layoutDirection }
            if c.preferredContentSizeCategory != .unspecified { merged.preferredContentSizeCategory = c.preferredContentSizeCategory }
            if c.forceTouchCapability != .unknown { merged.forceTouchCapability = c.forceTouchCapability }
        }
        self.init(fields: merged)
    }

    public convenience init(displayScale scale: CGFloat) { self.init(fields: Fields(displayScale: scale)) }
    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) { self.init(fields: Fields(userInterfaceIdiom: idiom)) }
    public convenience init(horizontalSizeClass sizeClass: UIUserInterfaceSizeClass) {
        self.init(fields: Fields(horizontalSizeClass: sizeClass))
    }
    public convenience init(verticalSizeClass sizeClass: UIUserInterfaceSizeClass) {
        self.init(fields: Fields(verticalSizeClass: sizeClass))
    }
    public convenience init(userInterfaceStyle style: UIUserInterfaceStyle) { self.init(fields: Fields(userInterfaceStyle: style)) }
    public convenience init(layoutDirection direction: UITraitEnvironmentLayoutDirection) {
        self.init(fields: Fields(layoutDirection: direction))
    }
    public convenience init(preferredContentSizeCategory category: UIContentSizeCategory) {
        self.init(fields: Fields(preferredContentSizeCategory: category))
    }
    public convenience init(forceTouchCapability capability: UIForceTouchCapability) {
        self.init(fields: Fields(forceTouchCapability: capability))
    }

    /// The traits of the running code: the screen's scale, a phone, light, left to right.
    public static var current: UITraitCollection {
        UITraitCollection(
            fields: Fields(
                displayScale: UIScreen.main.scale, userInterfaceIdiom: .phone, horizontalSizeClass: .compact, verticalSizeClass: .regular,
                userInterfaceStyle: .light, layoutDirection: .leftToRight, preferredContentSizeCategory: .large))
    }

    /// Whether every trait `other` specifies has the same value here.
    public func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let o = other else { return true }
        return (o.displayScale == 0 || o.displayScale == displayScale)
            && (o.userInterfaceIdiom == .unspecified || o.userInterfaceIdiom == userInterfaceIdiom)
            && (o.horizontalSizeClass == .unspecified || o.horizontalSizeClass == horizontalSizeClass)
            && (o.verticalSizeClass == .unspecified || o.verticalSizeClass == verticalSizeClass)
            && (o.userInterfaceStyle == .unspecified || o.userInterfaceStyle == userInterfaceStyle)
            && (o.layoutDirection == .unspecified || o.layoutDirection == layoutDirection)
            && (o.preferredContentSizeCategory == .unspecified || o.preferredContentSizeCategory == preferredContentSizeCategory)
            && (o.forceTouchCapability == .unknown || o.forceTouchCapability == forceTouchCapability)
    }

    private struct Fields {
        var displayScale: CGFloat = 0
        var userInterfaceIdiom = UIUserInterfaceIdiom.unspecified
        var horizontalSizeClass = UIUserInterfaceSizeClass.unspecified
        var verticalSizeClass = UIUserInterfaceSizeClass.unspecified
        var userInterfaceStyle = UIUserInterfaceStyle.unspecified
        var layoutDirection = UITraitEnvironmentLayoutDirection.unspecified
        var preferredContentSizeCategory = UIContentSizeCategory.unspecified
        var forceTouchCapability = UIForceTouchCapability.unknown
    }

    private init(fields f: Fields) {
        displayScale = f.displayScale
        userInterfaceIdiom = f.userInterfaceIdiom
        horizontalSizeClass = f.horizontalSizeClass
        verticalSizeClass = f.verticalSizeClass
        userInterfaceStyle = f.userInterfaceStyle
        layoutDirection = f.layoutDirection
        preferredContentSizeCategory = f.preferredContentSizeCategory
        forceTouchCapability = f.forceTouchCapability
    }
}

/// The kind of device an interface is for.
public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6 }
/// Compact or regular width or height, as size classes describe a screen.
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }
/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
/// The direction text runs in.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight, rightToLeft }
/// Whether the screen senses pressure.
public enum UIForceTouchCapability: Int, Sendable { case unknown, unavailable, available }

/// The user's preferred text size, as UIKit names the Dynamic Type sizes.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")
}
