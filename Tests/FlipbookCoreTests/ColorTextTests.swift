import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// ColorText: the one grammar for colours written as text (scenario files, `--value`, `--track`,
/// a Lottie solid's `sc`): docs/scenario-format.md, "Values".
@Suite("Colour text")
struct ColorTextTests {
    @Test(
        "#rgb, #rgba, #rrggbb and #rrggbbaa, not premultiplied",
        arguments: [
            ("#f80", RGBA(red: 1, green: 136.0 / 255, blue: 0, alpha: 1)),
            ("#f808", RGBA(red: 1, green: 136.0 / 255, blue: 0, alpha: 136.0 / 255)),
            ("#3C3C3C", RGBA(red: 60.0 / 255, green: 60.0 / 255, blue: 60.0 / 255, alpha: 1)),
            ("#3c3c3c80", RGBA(red: 60.0 / 255, green: 60.0 / 255, blue: 60.0 / 255, alpha: 128.0 / 255))
        ])
    func hex(_ text: String, _ expected: RGBA) {
        #expect(ColorText.parse(text) == expected)
    }

    @Test("UIKit's names; a name is not hex, and hex digits need the # unless asked for alone")
    func names() {
        #expect(ColorText.parse("systemBlue") == RGBA(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        #expect(ColorText.parse("clear") == .clear)
        #expect(ColorText.parse("#red") == nil)
        #expect(ColorText.parse("ff0000") == nil)
        #expect(ColorText.hex("ff0000") == RGBA(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test(
        "wrong lengths, signs and non-digits are refused",
        arguments: ["#", "#ff", "#fffff", "#fffffff", "#+fffff", "#ggg", "#ff00001", " #fff"])
    func refused(_ text: String) {
        #expect(ColorText.parse(text) == nil)
    }

    @Test("the expected text names the forms and every colour name")
    func expected() {
        #expect(ColorText.expected.contains("\"#3c3c3c80\"") && ColorText.names.keys.allSatisfy { ColorText.expected.contains($0) })
    }
}
