import Flipbook
import Foundation
import Testing

/// What app code sets on a `UILabel` beyond text and font: `attributedText`,
/// `adjustsFontSizeToFitWidth` with `minimumScaleFactor`, `preferredMaxLayoutWidth`.
@Suite("label attributes")
struct LabelAttributesTests {
    /// The columns holding ink (alpha over half) in a picture of `label` alone.
    static func inkColumns(_ label: UILabel, width: CGFloat = 200) throws -> (minX: Int, maxX: Int) {
        let stage = Stage(size: CGSize(width: width, height: 60), scale: 1)
        stage.rootView.addSubview(label)
        stage.advance(to: 0.01)
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let rgba = picture.rgba
        var xs: [Int] = []
        for y in 0..<picture.height {
            for x in 0..<picture.width where rgba[(y * picture.width + x) * 4 + 3] > 128 { xs.append(x) }
        }
        return (try #require(xs.min()), try #require(xs.max()))
    }

    @Test("attributedText: its own font and colour drawn; text reads its string; setting text makes it plain")
    func attributedText() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        let big = UIFont(name: "DejaVu Sans", size: 30)!
        label.attributedText = NSAttributedString(string: "Wide", attributes: [.font: big, .foregroundColor: UIColor.red])
        #expect(label.text == "Wide")
        let wide = try Self.inkColumns(label)
        let plain = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        plain.text = "Wide"
        let narrow = try Self.inkColumns(plain)
        #expect(wide.maxX - wide.minX > narrow.maxX - narrow.minX + 15, "30 pt against 17 pt: \(wide) \(narrow)")
        // Its colour, red, where the label's textColor is black.
        let stage = Stage(size: CGSize(width: 200, height: 60), scale: 1)
        stage.rootView.addSubview(label)
        stage.advance(to: 0.01)
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let rgba = picture.rgba
        let inked = stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0 + 3] == 255 }
        #expect(!inked.isEmpty && inked.allSatisfy { rgba[$0] == 255 && rgba[$0 + 1] == 0 }, "opaque ink is red")
        label.text = "Plain"
        #expect(label.attributedText?.string == "Plain")
    }

    @Test("adjustsFontSizeToFitWidth shrinks a line too wide to fit, not below minimumScaleFactor; off, the font's size")
    func shrinkToFit() throws {
        func label(adjusts: Bool, minimum: CGFloat) -> UILabel {
            let l = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
            l.font = UIFont(name: "DejaVu Sans", size: 20)
            l.lineBreakMode = .byClipping
            l.text = "a line far too long for it, and then longer still"
            l.adjustsFontSizeToFitWidth = adjusts
            l.minimumScaleFactor = minimum
            return l
        }
        let fitted = try Self.inkColumns(label(adjusts: true, minimum: 0.1))
        #expect(fitted.maxX <= 120 && fitted.maxX > 100, "shrunk to the width: \(fitted)")
        func drawnSize(_ l: UILabel) -> CGFloat {
            let stage = Stage(size: CGSize(width: 200, height: 60), scale: 1)
            stage.rootView.addSubview(l)
            stage.advance(to: 0.01)
            return (l.layer as! CATextLayer).fontSize
        }
        // Not below half of 20 pt, though the line at 10 pt is still wider than 120 pt.
        #expect(drawnSize(label(adjusts: true, minimum: 0.5)) == 10)
        #expect(drawnSize(label(adjusts: false, minimum: 0.1)) == 20)
        // 0 means not below the font's size, as UIKit has it.
        #expect(drawnSize(label(adjusts: true, minimum: 0)) == 20)
        // The label's font is still the one set; only the drawing is smaller.
        #expect(label(adjusts: true, minimum: 0.1).font.pointSize == 20)
    }

    @Test("preferredMaxLayoutWidth wraps a multi-line label's intrinsic size")
    func preferredWidth() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "words enough to wrap onto more than one line of text"
        let unbounded = label.intrinsicContentSize
        label.preferredMaxLayoutWidth = 100
        let wrapped = label.intrinsicContentSize
        #expect(wrapped.width <= 100 && wrapped.height > unbounded.height, "\(wrapped) against \(unbounded)")
    }
}
