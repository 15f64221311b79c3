import Flipbook
import Foundation
import Testing

/// `UIFont`'s vertical metrics (`ascender`, `descender`, `lineHeight`, `capHeight`, `xHeight`,
/// `leading`) and Core Text's getters: the system font's are San Francisco's as iOS reports
/// them; a named font's are its own face's, as on iOS, where a shipped font reports what its
/// file says (lottie-ios anchors its text at `CTFontGetAscent`, and layouts size rows by
/// `lineHeight`).
@Suite("font metrics")
struct FontMetricsTests {
    @Test("the system font has San Francisco's metrics as iOS reports them at 17 pt")
    func systemFont() {
        let font = UIFont.systemFont(ofSize: 17)
        #expect(abs(font.ascender - 16.19) < 0.01 && abs(font.descender + 4.10) < 0.01)
        #expect(abs(font.lineHeight - 20.29) < 0.01 && font.leading == 0)
    }

    @Test("a named font's metrics are its face's: DejaVu Sans's head and hhea tables at 100 pt")
    func namedFontIsItsFace() {
        // DejaVu Sans: 2,048 units an em, ascender 1,901, descender 483, capital 1,493, x 1,120.
        let font = UIFont(name: "DejaVu Sans", size: 100)!
        #expect(abs(font.ascender - 92.82) < 0.5, "ascender \(font.ascender)")
        #expect(abs(font.descender + 23.58) < 0.5, "descender \(font.descender)")
        #expect(abs(font.lineHeight - (font.ascender - font.descender)) < 0.01)
        #expect(abs(font.capHeight - 72.9) < 1, "capHeight \(font.capHeight)")
        #expect(abs(font.xHeight - 54.7) < 1, "xHeight \(font.xHeight)")
        #expect(CTFontGetAscent(CTFontCreateWithName("DejaVu Sans" as CFString, 100, nil)) == font.ascender)
        #expect(CTFontGetDescent(CTFontCreateWithName("DejaVu Sans" as CFString, 100, nil)) == -font.descender)
    }

    @Test("two faces measure apart, and a font's metrics scale with its size")
    func facesDiffer() {
        let sans = UIFont(name: "DejaVu Sans", size: 40)!
        let serif = UIFont(name: "Liberation Serif", size: 40)!
        #expect(abs(sans.ascender - serif.ascender) > 1, "\(sans.ascender) against \(serif.ascender)")
        #expect(abs(sans.withSize(80).ascender - 2 * sans.ascender) < 0.05)
    }

    @Test("sizes no face can be set at still answer, in proportion: 0 pt, a billion points, NaN")
    func extremeSizes() {
        #expect(UIFont(name: "DejaVu Sans", size: 0)!.ascender == 0)
        let huge = UIFont(name: "DejaVu Sans", size: 1e9)!
        #expect(abs(huge.ascender / 1e9 - 0.9282) < 0.005, "\(huge.ascender)")
        #expect(UIFont(name: "DejaVu Sans", size: .nan)!.lineHeight.isNaN)
    }

    @Test("UIKit's other system fonts: italic, monospaced digits, monospaced, and every weight's raw value")
    func systemFontVariants() throws {
        #expect(UIFont.Weight.ultraLight.rawValue == -0.8 && UIFont.Weight.thin.rawValue == -0.6 && UIFont.Weight.black.rawValue == 0.62)
        #expect(UIFont.monospacedDigitSystemFont(ofSize: 17, weight: .regular) == UIFont.systemFont(ofSize: 17))
        #expect(UIFont.systemFont(ofSize: 17, weight: .black).withSize(20) == UIFont.boldSystemFont(ofSize: 20))
        let italic = UIFont.italicSystemFont(ofSize: 17)
        #expect(italic.withSize(30).fontName == italic.fontName && italic.ascender == UIFont.systemFont(ofSize: 17).ascender)
        // Drawn: monospaced i's are as wide as m's; the italic leans (its ink starts further right at the top).
        func ink(_ text: String, _ font: UIFont) throws -> (minX: Int, maxX: Int, topRowMinX: Int) {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let image = UIGraphicsImageRenderer(size: CGSize(width: 300, height: 60), format: format).image { _ in
                text.draw(at: CGPoint(x: 10, y: 5), withAttributes: [.font: font, .foregroundColor: UIColor.black])
            }
            let pixels = image.layerImage
            let rgba = pixels.rgba
            var xs: [Int] = [], top: (row: Int, minX: Int)?
            for y in 0..<pixels.height {
                for x in 0..<pixels.width where rgba[(y * pixels.width + x) * 4 + 3] > 128 {
                    xs.append(x)
                    if top == nil || top!.row == y { top = (y, min(top?.minX ?? x, x)) }
                }
            }
            return (try #require(xs.min()), try #require(xs.max()), try #require(top?.minX))
        }
        let mono = UIFont.monospacedSystemFont(ofSize: 30, weight: .regular)
        let i = try ink("iiii", mono), m = try ink("mmmm", mono)
        #expect(abs((i.maxX - i.minX) - (m.maxX - m.minX)) <= 12, "monospaced: \(i) against \(m)")
        let upright = try ink("l", UIFont.systemFont(ofSize: 40)), leaning = try ink("l", UIFont.italicSystemFont(ofSize: 40))
        #expect(leaning.topRowMinX - leaning.minX >= 3 && upright.topRowMinX - upright.minX <= 1, "\(upright) against \(leaning)")
    }
}
