import Flipbook
import Foundation
import Testing

/// A paragraph style's line spacing (`lineSpacing`, `lineHeightMultiple`, `minimumLineHeight`,
/// `maximumLineHeight`) as Core Text and UIKit apply it to attributed text: Core Text frames'
/// line origins, text layers' and labels' drawn lines, and the sizes measured
/// (timing-model.md 12.11).
@Suite("paragraph line spacing")
struct ParagraphLineSpacingTests {
    let font = UIFont(name: "DejaVu Sans", size: 20)!

    func text(_ string: String = "one\ntwo\nthree", _ set: (NSMutableParagraphStyle) -> Void) -> NSAttributedString {
        let paragraph = NSMutableParagraphStyle()
        set(paragraph)
        return NSAttributedString(string: string, attributes: [.font: font, .paragraphStyle: paragraph])
    }

    /// The baselines (y up, from the box's bottom) of `text` set in a 200 × 300 pt frame.
    func origins(_ text: NSAttributedString) -> [Double] {
        let frame = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(text), CFRangeMake(0, 0),
            CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 300), transform: nil), nil)
        let count = CFArrayGetCount(CTFrameGetLines(frame))
        var origins = [CGPoint](repeating: .zero, count: count)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
        return origins.map { Double($0.y) }
    }

    @Test("a Core Text frame's lines: the font's own pitch, plus lineSpacing, or the line height held by the minimum and maximum")
    func frameOrigins() throws {
        let natural = origins(text { _ in })
        try #require(natural.count == 3)
        let pitch = natural[0] - natural[1]
        #expect(abs(natural[1] - natural[2] - pitch) < 0.01)
        #expect(pitch > 20 && pitch < 26, "DejaVu Sans's line at 20 pt: \(pitch)")

        let spaced = origins(text { $0.lineSpacing = 10 })
        #expect(abs(spaced[0] - natural[0]) < 0.01, "the first baseline stays")
        #expect(abs(spaced[0] - spaced[1] - (pitch + 10)) < 0.01 && abs(spaced[1] - spaced[2] - (pitch + 10)) < 0.01)

        // A taller line puts its extra height above the glyphs: the first baseline moves down too.
        let tall = origins(text { $0.minimumLineHeight = 40 })
        #expect(abs(tall[0] - tall[1] - 40) < 0.01)
        #expect(abs(natural[0] - tall[0] - (40 - pitch)) < 0.01, "\(natural[0]) against \(tall[0])")

        let doubled = origins(text { $0.lineHeightMultiple = 2 })
        #expect(abs(doubled[0] - doubled[1] - 2 * pitch) < 0.01)
        let capped = origins(
            text {
                $0.lineHeightMultiple = 2
                $0.maximumLineHeight = 30
            })
        #expect(abs(capped[0] - capped[1] - 30) < 0.01, "the multiple, then the maximum")

        // lineSpacing is never negative: a negative one spaces lines as none does.
        let negative = origins(text { $0.lineSpacing = -8 })
        #expect(abs(negative[0] - negative[1] - pitch) < 0.01)
    }

    @Test("the size suggested for a frame grows by what the paragraph style adds")
    func suggestedSize() {
        func height(_ text: NSAttributedString) -> CGFloat {
            CTFramesetterSuggestFrameSizeWithConstraints(
                CTFramesetterCreateWithAttributedString(text), CFRangeMake(0, 0), nil, CGSize(width: 200, height: 1000), nil
            ).height
        }
        let natural = height(text { _ in })
        #expect(abs(height(text { $0.lineSpacing = 10 }) - (natural + 20)) < 0.01, "two gaps of 10 pt")
        // Core Text's sizes are not rounded: the first line's height and two pitches.
        let baselines = origins(text { _ in })
        #expect(abs(natural - 3 * (baselines[0] - baselines[1])) < 0.01, "\(natural)")
        #expect(natural != natural.rounded(.up))
    }

    /// The rows holding ink (alpha over half) of a text layer showing `text` in 200 × 300 pt.
    func inkRows(_ text: NSAttributedString) throws -> (top: Int, bottom: Int) { try #require(try ink(text)) }

    /// The same, nil when nothing is drawn.
    func ink(_ text: NSAttributedString) throws -> (top: Int, bottom: Int)? {
        let stage = Stage(size: CGSize(width: 200, height: 300), scale: 1)
        let layer = CATextLayer()
        layer.string = text
        layer.foregroundColor = UIColor.black.cgColor
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
        stage.rootLayer.addSublayer(layer)
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let rgba = picture.rgba
        let rows = (0..<picture.height).filter { y in (0..<picture.width).contains { rgba[(y * picture.width + $0) * 4 + 3] > 128 } }
        guard let top = rows.first, let bottom = rows.last else { return nil }
        return (top, bottom)
    }

    @Test("a text layer draws its attributed string's lines as the paragraph style spaces them")
    func layerLines() throws {
        let natural = try inkRows(text { _ in })
        let spaced = try inkRows(text { $0.lineSpacing = 15 })
        #expect(spaced.top == natural.top)
        #expect(abs(spaced.bottom - natural.bottom - 30) <= 1, "\(natural) against \(spaced)")
        let tall = try inkRows(text { $0.minimumLineHeight = 45 })
        let baselines = origins(text { _ in })
        let pitch = baselines[0] - baselines[1]
        #expect(abs(Double(tall.top - natural.top) - (45 - pitch)) <= 1, "the first line moves down by the extra height")
    }

    @Test("a label measures and draws attributed text with its paragraph style's spacing")
    func labelSize() {
        let label = UILabel()
        label.numberOfLines = 0
        label.attributedText = text { _ in }
        let natural = label.sizeThatFits(CGSize(width: 200, height: 1000))
        label.attributedText = text { $0.lineSpacing = 12 }
        let spaced = label.sizeThatFits(CGSize(width: 200, height: 1000))
        #expect(abs(spaced.height - natural.height - 24) <= 1, "\(natural) against \(spaced)")
        let bounding = text { $0.lineSpacing = 12 }.boundingRect(
            with: CGSize(width: 200, height: 1000), options: .usesLineFragmentOrigin, context: nil)
        let plain = text { _ in }.boundingRect(with: CGSize(width: 200, height: 1000), options: .usesLineFragmentOrigin, context: nil)
        #expect(abs(bounding.height - plain.height - 24) < 0.01, "\(plain) against \(bounding)")
    }

    @Test("line heights and spacing no frame can hold are drawn as a million points, and text still draws")
    func hostileValues() throws {
        let huge = LineSpacing(lineSpacing: 1e308, lineHeightMultiple: 1e308)
        #expect(huge.lineHeight(natural: 20) == LineSpacing.largest && huge.pitch(natural: 20) == 2 * LineSpacing.largest)
        #expect(LineSpacing(lineHeightMultiple: .infinity).lineHeight(natural: 20) == 20, "not finite: the font's own")
        #expect(LineSpacing().lineHeight(natural: 1e9) == 1e9 && huge.lineHeight(natural: 1e9) == 1e9, "a font's own height stands")
        for set in [
            { (p: NSMutableParagraphStyle) in p.lineHeightMultiple = 1e308 }, { $0.lineSpacing = .nan }, { $0.minimumLineHeight = 1e300 }
        ] {
            let rows = try ink(text("A", set))
            #expect(rows.map { $0.top >= 0 } ?? true, "drawn, or pushed off the layer; never a crash")
            let baselines = origins(text("one\ntwo", set))
            #expect(baselines.allSatisfy { $0.isFinite }, "line origins stay finite: \(baselines)")
        }
    }
}
