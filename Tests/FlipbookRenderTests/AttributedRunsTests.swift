import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// An attributed string whose attributes change along it is drawn run by run, as Core Text
/// draws it: each run in its own font, size, colour, kerning and baseline offset, with its
/// underline, strikethrough and background (timing-model.md 12.14).
@Suite("attributed string runs")
struct AttributedRunsTests {
    static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1), blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 240 × 60 text layer of `text` (DejaVu Sans 30 pt, green, as the layer's own) on white.
    func draw(_ text: NSAttributedString, alignment: CATextLayerAlignmentMode = .left, transparent: Bool = false) throws -> PixelBuffer {
        let stage = Stage(size: CGSize(width: 240, height: 60), scale: 1)
        let layer = CATextLayer()
        layer.string = text
        layer.font = "DejaVu Sans"
        layer.fontSize = 30
        layer.foregroundColor = UIColor(red: 0, green: 0.5, blue: 0, alpha: 1).cgColor
        layer.alignmentMode = alignment
        layer.frame = CGRect(x: 0, y: 0, width: 240, height: 60)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        let background = transparent ? RGBA(red: 0, green: 0, blue: 0, alpha: 0) : RGBA(red: 1, green: 1, blue: 1, alpha: 1)
        return try FrameRasterizer.rasterize(stage.snapshot(), background: background)
    }

    /// "IIII" then "IIII", the halves in their own attributes.
    func halves(_ first: [NSAttributedString.Key: Any], _ second: [NSAttributedString.Key: Any]) -> NSAttributedString {
        let text = NSMutableAttributedString(string: "IIII", attributes: first)
        text.append(NSAttributedString(string: "IIII", attributes: second))
        return text
    }

    /// Summed red, green and blue ink (255 − channel where the pixel is not white) in columns `xs`.
    func ink(_ pixels: PixelBuffer, columns xs: Range<Int>) -> (red: Int, green: Int, blue: Int) {
        var sums = (red: 0, green: 0, blue: 0)
        for y in 0..<pixels.height {
            for x in xs {
                let p = pixels.rgb(x, y)
                guard p != [255, 255, 255] else { continue }
                // Coloured ink keeps its own channel high and lowers the others.
                sums.red += p[0] - (p[1] + p[2]) / 2
                sums.green += p[1] - (p[0] + p[2]) / 2
                sums.blue += p[2] - (p[0] + p[1]) / 2
            }
        }
        return sums
    }

    /// The columns holding `text`'s ink, left to right.
    func inkColumns(_ pixels: PixelBuffer) -> Range<Int> {
        let bounds = pixels.inkBounds!
        return bounds.minX..<(bounds.maxX + 1)
    }

    @Test("each run is drawn in its own colour; a run without one in the layer's")
    func colours() throws {
        let pixels = try draw(halves([.foregroundColor: Self.red], [.foregroundColor: Self.blue]))
        let columns = inkColumns(pixels), middle = (columns.lowerBound + columns.upperBound) / 2
        let left = ink(pixels, columns: columns.lowerBound..<middle), right = ink(pixels, columns: middle..<columns.upperBound)
        #expect(left.red > 0 && left.blue < 0, "\(left)")
        #expect(right.blue > 0 && right.red < 0, "\(right)")
        let plain = try draw(halves([.foregroundColor: Self.red], [:]))
        let rest = ink(plain, columns: middle..<columns.upperBound)
        #expect(rest.green > 0 && rest.red < 0, "the second half is the layer's green: \(rest)")
    }

    @Test("glyphs drawn run by run stand where the whole line puts them, kerned and centred too")
    func samePlaces() throws {
        for (kern, alignment) in [(0.0, CATextLayerAlignmentMode.left), (3.5, .center), (0, .right)] {
            let whole = try draw(
                NSAttributedString(string: "Wavy, Tif", attributes: [.foregroundColor: Self.red, .kern: kern]), alignment: alignment,
                transparent: true)
            let text = NSMutableAttributedString(string: "Wavy, Tif", attributes: [.foregroundColor: Self.red, .kern: kern])
            text.addAttribute(.foregroundColor, value: Self.blue, range: NSRange(location: 2, length: 4))
            let runs = try draw(text, alignment: alignment, transparent: true)
            // The coverage (alpha) in the same places: its centroid within a hundredth of a pixel,
            // each pixel within a few levels (the rasterizer's 1/256 px grid meets the runs'
            // origins at other fractions; a glyph a tenth of a pixel off moves edges 25 levels).
            let a = whole.premultipliedARGB.map { Int($0 >> 24) }, b = runs.premultipliedARGB.map { Int($0 >> 24) }
            let largest = zip(a, b).map { abs($0 - $1) }.max() ?? 0
            #expect(largest <= 4, "kern \(kern), \(alignment.rawValue): coverage differs by \(largest)")
            func centroid(_ alpha: [Int]) -> (x: Double, y: Double) {
                let total = Double(alpha.reduce(0, +))
                let x = alpha.enumerated().reduce(0.0) { $0 + Double($1.element * ($1.offset % 240)) }
                let y = alpha.enumerated().reduce(0.0) { $0 + Double($1.element * ($1.offset / 240)) }
                return (x / total, y / total)
            }
            let (p, q) = (centroid(a), centroid(b))
            #expect(abs(p.x - q.x) < 0.01 && abs(p.y - q.y) < 0.01, "kern \(kern), \(alignment.rawValue): \(p) against \(q)")
            #expect(a.reduce(0, +) > 10_000, "the text is drawn")
        }
    }

    @Test("a run's own font size sets its glyphs and the line's height")
    func sizes() throws {
        let pixels = try draw(halves([.foregroundColor: Self.red], [.font: UIFont(name: "DejaVu Sans", size: 15)!]))
        // The first glyph and the last.
        let columns = inkColumns(pixels), first = columns.lowerBound..<columns.lowerBound + 4
        let last = columns.upperBound - 2..<columns.upperBound
        func height(_ xs: Range<Int>) -> Int {
            let rows = (0..<pixels.height).filter { y in xs.contains { pixels.rgb($0, y) != [255, 255, 255] } }
            return rows.count
        }
        let large = height(first), small = height(last)
        #expect(abs(Double(large) / Double(small) - 2) < 0.25, "30 pt against 15 pt: \(large) and \(small) rows")
        // Both on one baseline: the glyphs' bottoms meet.
        let bottoms = [first, last].map { xs in
            (0..<pixels.height).last { y in xs.contains { pixels.rgb($0, y) != [255, 255, 255] } }!
        }
        #expect(abs(bottoms[0] - bottoms[1]) <= 1, "\(bottoms)")

        let label = UILabel()
        label.font = UIFont(name: "DejaVu Sans", size: 15)
        label.text = "ab"
        let small15 = label.sizeThatFits(.zero)
        let mixed = NSMutableAttributedString(string: "a", attributes: [.font: UIFont(name: "DejaVu Sans", size: 15)!])
        mixed.append(NSAttributedString(string: "b", attributes: [.font: UIFont(name: "DejaVu Sans", size: 45)!]))
        label.attributedText = mixed
        let measured = label.sizeThatFits(.zero)
        #expect(measured.height > small15.height * 2.5, "the 45 pt run's line: \(small15) -> \(measured)")
        #expect(measured.width > small15.width * 1.8, "\(small15) -> \(measured)")
    }

    @Test("a baseline offset raises its run by that many points")
    func baselineOffset() throws {
        let pixels = try draw(halves([.foregroundColor: Self.red], [.baselineOffset: 8, .foregroundColor: Self.blue]))
        let columns = inkColumns(pixels), middle = (columns.lowerBound + columns.upperBound) / 2
        let tops = [columns.lowerBound..<middle, middle..<columns.upperBound].map { xs in
            (0..<pixels.height).first { y in xs.contains { pixels.rgb($0, y) != [255, 255, 255] } }!
        }
        #expect(tops[0] - tops[1] == 8, "\(tops)")
    }

    @Test("an underline runs under its run only, in its own colour; a strikethrough through the glyphs")
    func lines() throws {
        let text = NSMutableAttributedString(string: "xxxx", attributes: [.foregroundColor: Self.red])
        text.append(
            NSAttributedString(
                string: "xxxx",
                attributes: [.underlineStyle: NSUnderlineStyle.single.rawValue, .underlineColor: Self.blue, .foregroundColor: Self.red]))
        let pixels = try draw(text)
        let columns = inkColumns(pixels), middle = (columns.lowerBound + columns.upperBound) / 2
        // Below the x's bottoms: a blue line under the second half alone.
        let xBottom = (0..<pixels.height).last { y in pixels.rgb(columns.lowerBound + 2, y) != [255, 255, 255] }!
        let underline = ((xBottom + 1)..<pixels.height).filter { y in
            pixels.rgb(middle + 20, y)[2] > 200 && pixels.rgb(middle + 20, y)[0] < 100
        }
        #expect(!underline.isEmpty, "a blue row below the glyphs")
        if let row = underline.first {
            #expect(pixels.rgb(columns.lowerBound + 3, row) == [255, 255, 255], "not under the first half")
        }

        let struck = try draw(NSAttributedString(string: "xxxx", attributes: [.strikethroughStyle: 1, .foregroundColor: Self.red]))
        let x = try draw(NSAttributedString(string: "xxxx", attributes: [.foregroundColor: Self.red]))
        // The gap between two x's, half-way up them, is inked only when struck through.
        let bounds = x.inkBounds!
        let gaps = (bounds.minX..<bounds.maxX).filter { column in
            (bounds.minY...bounds.maxY).allSatisfy { x.rgb(column, $0) == [255, 255, 255] }
        }
        let gap = try #require(gaps.first)
        let middleRow = (bounds.minY + bounds.maxY) / 2
        #expect((middleRow - 3...middleRow + 3).contains { struck.rgb(gap, $0)[1] < 128 }, "struck through between the glyphs")
    }

    @Test("a background colour fills its run's line box")
    func background() throws {
        let text = NSMutableAttributedString(string: "IIII")
        text.append(NSAttributedString(string: "IIII", attributes: [.backgroundColor: Self.blue]))
        let pixels = try draw(text)
        let columns = inkColumns(pixels)
        let blue = (0..<pixels.width).filter { pixels.rgb($0, 3) == [0, 0, 255] }
        #expect(!blue.isEmpty, "the line box's top row is blue")
        #expect(blue.min()! > columns.lowerBound + 10, "only behind the second half")
    }

    @Test("runs merge where they draw alike; a whole string of one undecorated run has none")
    func runsOfAttributes() {
        let text = NSMutableAttributedString(string: "abcdef", attributes: [.foregroundColor: Self.red])
        text.addAttribute(NSAttributedString.Key("NSLink"), value: "x", range: NSRange(location: 2, length: 2))
        #expect(TextAttributes.runs(of: text, fontName: nil).isEmpty, "a link changes nothing drawn")
        text.addAttribute(.foregroundColor, value: Self.blue, range: NSRange(location: 3, length: 3))
        #expect(TextAttributes.runs(of: text, fontName: nil).map(\.range) == [0..<3, 3..<6])
        let underlined = NSAttributedString(string: "ab", attributes: [.underlineStyle: NSUnderlineStyle.single])
        #expect(TextAttributes.runs(of: underlined, fontName: nil).map(\.underline) == [1])
    }

    @Test("runs count UTF-16 as NSAttributedString does; Pango gets UTF-8 bytes")
    func byteOffsets() {
        var style = TextStyle(string: "é😀x", fontName: nil, alignment: .left, isWrapped: false, truncation: .none)
        style.runs = [TextRun(range: 0..<1), TextRun(range: 1..<3), TextRun(range: 3..<4), TextRun(range: 4..<9)]
        #expect(TextPainter.byteRanges(style).map(\.bytes) == [0..<2, 2..<6, 6..<7], "a run past the end is left out")
    }

    @Test("Core Text frames and string drawing draw each run in its own colour")
    func coreTextAndStringDrawing() throws {
        let text = halves([.foregroundColor: Self.red, .font: UIFont(name: "DejaVu Sans", size: 30)!], [.foregroundColor: Self.blue])
        for drawer in ["string", "frame"] {
            let stage = Stage(size: CGSize(width: 240, height: 60), scale: 1)
            let view = DrawingView(frame: CGRect(x: 0, y: 0, width: 240, height: 60))
            view.drawer = drawer
            view.text = text
            view.backgroundColor = .white
            stage.rootView.addSubview(view)
            stage.advance(to: 0)
            let pixels = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
            let columns = inkColumns(pixels)
            // The second half is in 12 pt Helvetica (Core Text's default), blue.
            let left = ink(pixels, columns: columns.lowerBound..<columns.lowerBound + 20)
            let right = ink(pixels, columns: columns.upperBound - 8..<columns.upperBound)
            #expect(left.red > 0 && right.blue > 0, "\(drawer): \(left) \(right)")
        }
    }

    @Test("a measured string is as tall as its tallest run's font")
    func measuredHeight() {
        let small = UIFont(name: "DejaVu Sans", size: 12)!, large = UIFont(name: "DejaVu Sans", size: 36)!
        let text = NSMutableAttributedString(string: "ab", attributes: [.font: small])
        text.append(NSAttributedString(string: "CD", attributes: [.font: large]))
        #expect(abs(text.size().height - large.lineHeight) < 0.01, "\(text.size().height) against \(large.lineHeight)")
        #expect(NSAttributedString(string: "ab", attributes: [.font: small]).size().height == small.lineHeight)
    }
}

/// Draws its text with string drawing or a Core Text frame.
private final class DrawingView: UIView {
    var drawer = "string"
    var text = NSAttributedString(string: "")

    override func draw(_ rect: CGRect) {
        if drawer == "string" {
            text.draw(at: CGPoint(x: 0, y: 0))
            return
        }
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.translateBy(x: 0, y: bounds.height)
        context.scaleBy(x: 1, y: -1)
        let framesetter = CTFramesetterCreateWithAttributedString(text)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), CGPath(rect: bounds, transform: nil), nil)
        CTFrameDraw(frame, context)
    }
}
