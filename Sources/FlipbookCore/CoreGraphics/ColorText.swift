import Foundation

/// The one grammar for colours written as text, in scenario files and on the command line:
/// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (sRGB, not premultiplied) or a UIKit colour name.
public enum ColorText {
    /// What a colour may be, for messages: "expected \(ColorText.expected), found …".
    public static let expected =
        "a colour such as \"#3c3c3c\", \"#3c3c3c80\" or a name (\(names.keys.sorted().joined(separator: ", ")))"

    /// The UIKit colours a file may name, with their sRGB components.
    public static let names: [String: RGBA] = [
        "black": RGBA(red: 0, green: 0, blue: 0, alpha: 1), "white": RGBA(red: 1, green: 1, blue: 1, alpha: 1),
        "clear": .clear, "red": RGBA(red: 1, green: 0, blue: 0, alpha: 1), "green": RGBA(red: 0, green: 1, blue: 0, alpha: 1),
        "blue": RGBA(red: 0, green: 0, blue: 1, alpha: 1), "gray": RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1),
        "lightGray": RGBA(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3, alpha: 1),
        "darkGray": RGBA(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3, alpha: 1),
        "yellow": RGBA(red: 1, green: 1, blue: 0, alpha: 1), "orange": RGBA(red: 1, green: 0.5, blue: 0, alpha: 1),
        "systemBlue": RGBA(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    ]

    /// The colour `text` writes, or nil when it is none of the forms above.
    public static func parse(_ text: String) -> RGBA? {
        if let named = names[text] { return named }
        guard text.hasPrefix("#") else { return nil }
        return hex(text.dropFirst())
    }

    /// Hex digits alone (`rgb`, `rgba`, `rrggbb`, `rrggbbaa`), as Lottie files write a solid's colour.
    public static func hex<Digits: StringProtocol>(_ digits: Digits) -> RGBA? {
        var hex = String(digits)
        if hex.count == 3 || hex.count == 4 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let v = UInt64(hex, radix: 16) else { return nil }
        let value = hex.count == 8 ? v : v << 8 | 0xFF
        func component(_ shift: UInt64) -> Double { Double((value >> shift) & 0xFF) / 255 }
        return RGBA(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }
}
