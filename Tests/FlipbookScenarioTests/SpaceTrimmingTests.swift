import Foundation
import Testing

@testable import FlipbookScenario

/// The reader trims scalars without Foundation's character sets (SpaceTrimming.swift); what it
/// keeps must be what `trimmingCharacters(in: .whitespaces)` kept, or values would read
/// differently.
@Suite("trimming spaces as Foundation does")
struct SpaceTrimmingTests {
    static let samples: [String] = [
        "", " ", "\t", "1.5", " 1.5 ", "\t-2\t", "  90deg ", "0.5 pi", "\u{A0}3\u{A0}", "\u{2003}#ff0000\u{3000}",
        "\u{202F}x\u{205F}", "\n1\n", " \r\n2 ", "\u{2028}3", "a b", " \u{200B}4", "é ", " 🙂 ", "\u{1680}5\u{180E}",
        "scale(1.5) rotate(45deg)  "
    ]

    @Test("the same text as trimmingCharacters(in: .whitespaces)", arguments: samples)
    func sameAsFoundation(_ text: String) {
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
        let inside = Substring("[" + text + "]").dropFirst().dropLast()
        #expect(inside.trimmingSpaces() == inside.trimmingCharacters(in: .whitespaces))
    }

    @Test("every scalar up to U+3000, the last space separator: spaces and the tab go, line breaks stay")
    func everySeparator() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "7" + String(scalar)
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
        }
    }
}
