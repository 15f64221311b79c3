import FlipbookCore
import Foundation

/// iOS's system and semantic colours as the light appearance shows them (iOS 15 and later,
/// when `systemMint` and `systemCyan` came and `systemTeal` changed): what a screenshot of an
/// app in light mode has. Flipbook draws in the light appearance only.
extension UIColor {
    /// A colour of 0…255 components, as Apple's tables give them.
    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ alpha: Double = 1) -> UIColor {
        UIColor(red: CGFloat(r / 255), green: CGFloat(g / 255), blue: CGFloat(b / 255), alpha: CGFloat(alpha))
    }

    public static let systemBlue = rgb(0, 122, 255)
    public static let systemBrown = rgb(162, 132, 94)
    public static let systemCyan = rgb(50, 173, 230)
    public static let systemGreen = rgb(52, 199, 89)
    public static let systemIndigo = rgb(88, 86, 214)
    public static let systemMint = rgb(0, 199, 190)
    public static let systemOrange = rgb(255, 149, 0)
    public static let systemPink = rgb(255, 45, 85)
    public static let systemPurple = rgb(175, 82, 222)
    public static let systemRed = rgb(255, 59, 48)
    public static let systemTeal = rgb(48, 176, 199)
    public static let systemYellow = rgb(255, 204, 0)
    public static let systemGray = rgb(142, 142, 147)
    public static let systemGray2 = rgb(174, 174, 178)
    public static let systemGray3 = rgb(199, 199, 204)
    public static let systemGray4 = rgb(209, 209, 214)
    public static let systemGray5 = rgb(229, 229, 234)
    public static let systemGray6 = rgb(242, 242, 247)

    // Text.
    public static let label = rgb(0, 0, 0)
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    public static let tertiaryLabel = rgb(60, 60, 67, 0.3)
    public static let quaternaryLabel = rgb(60, 60, 67, 0.18)
    public static let placeholderText = rgb(60, 60, 67, 0.3)
    public static let link = rgb(0, 122, 255)

    // Backgrounds.
    public static let systemBackground = rgb(255, 255, 255)
    public static let secondarySystemBackground = rgb(242, 242, 247)
    public static let tertiarySystemBackground = rgb(255, 255, 255)
    public static let systemGroupedBackground = rgb(242, 242, 247)
    public static let secondarySystemGroupedBackground = rgb(255, 255, 255)
    public static let tertiarySystemGroupedBackground = rgb(242, 242, 247)

    // Separators and fills.
    public static let separator = rgb(60, 60, 67, 0.29)
    public static let opaqueSeparator = rgb(198, 198, 200)
    public static let systemFill = rgb(120, 120, 128, 0.2)
    public static let secondarySystemFill = rgb(120, 120, 128, 0.16)
    public static let tertiarySystemFill = rgb(118, 118, 128, 0.12)
    public static let quaternarySystemFill = rgb(116, 116, 128, 0.08)
}
