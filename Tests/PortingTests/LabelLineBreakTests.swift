import Flipbook
import Foundation
import Testing

/// How a `UILabel` ends text that does not fit, by `lineBreakMode` and `numberOfLines`: one
/// line that wraps by words shows its first line, cut at the last word that fits; several lines
/// that wrap are cut after the last one without an ellipsis; truncating modes end in one.
@Suite("label line breaking")
struct LabelLineBreakTests {
    /// The ink's box (alpha over half) of `label` drawn alone, 120 × 100 pt at 1x.
    static func ink(_ label: UILabel) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        let stage = Stage(size: CGSize(width: 120, height: 100), scale: 1)
        stage.rootView.addSubview(label)
        stage.advance(to: 0.01)
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let rgba = picture.rgba
        var box: (Int, Int, Int, Int)?
        for y in 0..<picture.height {
            for x in 0..<picture.width where rgba[(y * picture.width + x) * 4 + 3] > 128 {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    static func label(_ mode: NSLineBreakMode, lines: Int, text: String = "WWW WWW WWW WWW WWW WWW") -> UILabel {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 100))
        label.font = UIFont(name: "DejaVu Sans", size: 16)
        label.text = text
        label.numberOfLines = lines
        label.lineBreakMode = mode
        return label
    }

    @Test("one line that wraps by words shows whole words; clipping cuts a letter at the edge")
    func oneLine() throws {
        let words = try #require(try Self.ink(Self.label(.byWordWrapping, lines: 1)))
        let clipped = try #require(try Self.ink(Self.label(.byClipping, lines: 1)))
        // "WWW WWW WWW" overflows 120 pt: wrapped by words, the line ends after a whole word,
        // well short of the edge; clipped, the ink runs to the edge.
        #expect(clipped.maxX == 119, "\(clipped)")
        #expect(words.maxX < clipped.maxX - 3, "\(words) \(clipped)")
        #expect(words.maxY - words.minY < 20 && clipped.maxY - clipped.minY < 20, "one line each")
    }

    @Test("two lines that wrap by words show two lines, no more, centred as two; truncating ends in an ellipsis")
    func twoLines() throws {
        let two = try #require(try Self.ink(Self.label(.byWordWrapping, lines: 2)))
        let all = try #require(try Self.ink(Self.label(.byWordWrapping, lines: 0)))
        #expect(two.maxY - two.minY > 25 && two.maxY - two.minY < 40, "two lines: \(two)")
        #expect(all.maxY - all.minY > 45, "three or more: \(all)")
        // Centred vertically as a block of two lines.
        #expect(abs((two.minY + two.maxY) / 2 - 50) <= 3, "\(two)")
        let label = Self.label(.byWordWrapping, lines: 2)
        let size = label.sizeThatFits(CGSize(width: 120, height: 1000))
        let unlimited = Self.label(.byWordWrapping, lines: 0).sizeThatFits(CGSize(width: 120, height: 1000))
        #expect(size.height < unlimited.height && abs(size.height - 2 * label.font.lineHeight) < 3, "\(size) against \(unlimited)")
    }

    @Test("lines past the last shown are cut without an ellipsis: the first two lines look the same whatever follows")
    func noEllipsis() throws {
        func picture(_ text: String, _ mode: NSLineBreakMode) throws -> [UInt8] {
            let stage = Stage(size: CGSize(width: 120, height: 100), scale: 1)
            stage.rootView.addSubview(Self.label(mode, lines: 2, text: text))
            stage.advance(to: 0.01)
            return try FrameRasterizer.rasterize(stage.snapshot(), background: nil).rgba
        }
        // "WWW WWW" fills a line of 120 pt: four words make exactly two lines.
        let exact = try picture("WWW WWW WWW WWW", .byWordWrapping)
        #expect(try picture("WWW WWW WWW WWW WWW WWW", .byWordWrapping) == exact)
        #expect(try picture("WWW WWW WWW WWW WWW WWW", .byTruncatingTail) != exact, "truncating, the second line ends in an ellipsis")
    }
}
