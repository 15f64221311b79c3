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
}
