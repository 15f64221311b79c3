import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// A text layer that neither wraps nor truncates (`isWrapped` false, `truncationMode` none:
/// Core Animation's defaults) breaks its lines only at newlines and clips what overflows its
/// bounds; the alignment places each line within the bounds (timing-model.md 12.11).
@Suite("unwrapped text")
struct UnwrappedTextTests {
    /// Which rows and columns hold ink of `text` drawn in a 100 × 100 pt layer at (50, 50).
    func ink(
        _ text: String, wrapped: Bool = false, alignment: CATextLayerAlignmentMode = .left,
        truncation: CATextLayerTruncationMode = .none
    ) throws -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        let pixels = try render(CGSize(width: 200, height: 200)) { stage in
            let layer = CATextLayer()
            layer.string = text
            layer.font = "DejaVu Sans"
            layer.fontSize = 20
            layer.foregroundColor = UIColor.black.cgColor
            layer.isWrapped = wrapped
            layer.alignmentMode = alignment
            layer.truncationMode = truncation
            layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            stage.rootLayer.addSublayer(layer)
        }
        let rgba = pixels.rgba
        var rows: [Int] = [], columns: [Int] = []
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where rgba[(y * pixels.width + x) * 4] < 128 {
                rows.append(y)
                columns.append(x)
            }
        }
        guard let top = rows.min(), let bottom = rows.max(), let left = columns.min(), let right = columns.max() else { return nil }
        return (top...bottom, left...right)
    }

    let long = "WWWW WWWW WWWW"

    @Test("a line wider than an unwrapped layer stays one line, clipped at the right edge")
    func oneClippedLine() throws {
        let unwrapped = try #require(try ink(long))
        let wrapped = try #require(try ink(long, wrapped: true))
        // One line of 20 pt text is under 25 px tall; wrapped, the same words take three lines.
        #expect(unwrapped.rows.count < 25, "rows \(unwrapped.rows)")
        #expect(wrapped.rows.count > 45, "rows \(wrapped.rows)")
        #expect(unwrapped.columns.lowerBound < 55 && unwrapped.columns.upperBound == 149, "columns \(unwrapped.columns)")
    }

    @Test("centred, the overflowing line spills past both edges alike; right-aligned, past the left")
    func alignedOverflow() throws {
        let centred = try #require(try ink(long, alignment: .center))
        #expect(centred.rows.count < 25)
        #expect(centred.columns == 50...149, "columns \(centred.columns)")
        let right = try #require(try ink(long, alignment: .right))
        #expect(right.columns.lowerBound == 50 && right.columns.upperBound > 144, "columns \(right.columns)")
    }

    @Test("newlines still break an unwrapped layer's lines, each aligned in the bounds")
    func newlines() throws {
        let two = try #require(try ink("WW\nW", alignment: .right))
        #expect(two.rows.count > 30 && two.rows.count < 55, "rows \(two.rows)")
        // The short lines fit: right-aligned, they end at the layer's right edge.
        #expect(two.columns.upperBound > 144 && two.columns.upperBound < 150, "columns \(two.columns)")
    }

    @Test("truncating, the overflowing line ends in an ellipsis inside the bounds")
    func truncated() throws {
        let cut = try #require(try ink(long, truncation: .end))
        #expect(cut.rows.count < 25)
        #expect(cut.columns.upperBound < 149, "columns \(cut.columns)")
    }

    @Test("wrapped and truncating, a layer shows the lines its height holds, the last truncated, never a line cut in half")
    func truncatedByHeight() throws {
        func inkBottom(_ truncation: CATextLayerTruncationMode) throws -> Int {
            let pixels = try render(CGSize(width: 200, height: 200)) { stage in
                let layer = CATextLayer()
                layer.string = "one two three four five six seven eight nine ten"
                layer.font = "DejaVu Sans"
                layer.fontSize = 16
                layer.foregroundColor = UIColor.black.cgColor
                layer.isWrapped = true
                layer.truncationMode = truncation
                layer.frame = CGRect(x: 0, y: 0, width: 100, height: 45)
                stage.rootLayer.addSublayer(layer)
            }
            let rgba = pixels.rgba
            return (0..<pixels.height).last { y in (0..<pixels.width).contains { rgba[(y * pixels.width + $0) * 4] < 128 } } ?? -1
        }
        // DejaVu Sans's lines at 16 pt are about 19 pt: 45 pt holds two and part of a third.
        let cut = try inkBottom(.none), truncated = try inkBottom(.end)
        #expect(cut >= 40, "not truncating, the third line shows cut at the edge: \(cut)")
        #expect(truncated < 38, "truncating, two whole lines: \(truncated)")
    }
}
