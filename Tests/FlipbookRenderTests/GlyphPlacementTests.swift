import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// Glyphs sit where the layout puts them, as Core Text places them (subpixel positioning):
/// not snapped to whole device pixels, and advanced by the font's own widths, not rounded ones.
@Suite("glyph placement")
struct GlyphPlacementTests {
    /// The ink's centroid (x, y) in device pixels of `text` in DejaVu Sans, its layer at `origin`.
    func centroid(_ text: String, fontSize: CGFloat = 30, origin: CGPoint, scale: CGFloat = 1) throws -> (x: Double, y: Double) {
        let pixels = try render(CGSize(width: 400, height: 80), scale: scale) { stage in
            let layer = CATextLayer()
            layer.string = text
            layer.font = "DejaVu Sans"
            layer.fontSize = fontSize
            layer.foregroundColor = UIColor.black.cgColor
            layer.frame = CGRect(origin: origin, size: CGSize(width: 380, height: 60))
            stage.rootLayer.addSublayer(layer)
        }
        let ink = pixels.darkInk
        return (ink.x, ink.y)
    }

    @Test("a text layer moved a quarter of a pixel moves its ink a quarter of a pixel, across and down")
    func subpixelPositions() throws {
        let base = try centroid("HIH", origin: CGPoint(x: 10, y: 10))
        let moved = try centroid("HIH", origin: CGPoint(x: 10.25, y: 10.25))
        // A glyph cache that puts glyphs on whole pixels moves them 0 or 1 pixel.
        #expect(abs(moved.x - base.x - 0.25) < 0.03, "across: \(moved.x - base.x)")
        #expect(abs(moved.y - base.y - 0.25) < 0.03, "down: \(moved.y - base.y)")
    }

    @Test("a line of 30 letters advances by the font's widths at any scale, not by widths rounded to pixels")
    func unroundedAdvances() throws {
        // At 17.3 pt an I advances 5.10 pt: rounded to whole pixels it advanced 5.00 at 1x and
        // 5.05 at 0.645x, and a line of 30 drifted 3 pt.
        let line = String(repeating: "I", count: 30)
        func extent(scale: CGFloat) throws -> Double {
            let one = try centroid("I", fontSize: 17.3, origin: CGPoint(x: 10, y: 10), scale: scale)
            let all = try centroid(line, fontSize: 17.3, origin: CGPoint(x: 10, y: 10), scale: scale)
            // The centroid of 30 evenly spaced I's is 14.5 advances past the first.
            return (all.x - one.x) / Double(scale) / 14.5
        }
        // DejaVu Sans's I advances 604 of its 2,048 units an em.
        let font = 604.0 / 2048 * 17.3
        for scale in [1, 0.645, 2.5] as [CGFloat] {
            let advance = try extent(scale: scale)
            #expect(abs(advance - font) < 0.01, "an I's advance at \(scale)x: \(advance) pt, the font's \(font)")
        }
    }
}
