import Foundation
import Testing

@testable import FlipbookRender

/// Text put into pages and reports (TextSafety.forXML): the five XML specials escaped, characters
/// XML cannot hold written as \u{…}, everything else kept; plain text passes through unchanged.
@Suite("text made safe for XML and HTML")
struct TextSafetyXMLTests {
    /// The rule, scalar by scalar, without the fast path.
    static func oracle(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                let allowed = v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF)
                out += allowed ? String(scalar) : String(format: "\\u{%X}", v)
            }
        }
        return out
    }

    @Test("specials, control characters and non-ASCII text")
    func examples() {
        #expect(TextSafety.forXML("a<b>&\"c\"'d'") == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;")
        #expect(TextSafety.forXML("tab\there\nline\u{1}\u{FFFE}") == "tab\there\nline\\u{1}\\u{FFFE}")
        #expect(TextSafety.forXML("Flipbook — 动画 ✓") == "Flipbook — 动画 ✓")
        let url = "data:image/png;base64,iVBORw0KGgo+/=="
        #expect(TextSafety.forXML(url) == url)
        #expect(TextSafety.forXML("") == "")
    }

    @Test("random text from a small alphabet of plain and special characters: as the rule says")
    func matchesOracle() {
        let alphabet: [Character] = [
            "a", "Z", "0", " ", "/", "=", "&", "<", ">", "\"", "'", "\t", "\n", "\u{7F}", "\u{1B}", "é", "\u{FFFF}"
        ]
        var state: UInt64 = 7
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(state % 23) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1
            #expect(TextSafety.forXML(text) == Self.oracle(text), "\(text.debugDescription)")
        }
    }
}
