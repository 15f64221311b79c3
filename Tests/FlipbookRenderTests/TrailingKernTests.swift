import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// Core Text's kern (`NSAttributedString.Key.kern`, a Lottie file's tracking) follows every
/// character, a line's last one too: text centred with kern sits half a kern left of the
/// centre, right-aligned text a kern short of the edge, and measured sizes hold the trailing
/// kern (the "centred label with letter spacing is off-centre" every iOS developer meets;
/// timing-model.md 12.11.5).
@Suite("trailing kern")
struct TrailingKernTests {
    /// The ink's horizontal centroid and its rightmost column, in pixels, of "IIII" with `kern`
    /// in a 200 pt layer at x = 0.
    func ink(kern: Double, alignment: CATextLayerAlignmentMode) throws -> (centroid: Double, right: Int) {
        let pixels = try render(CGSize(width: 200, height: 60)) { stage in
            let layer = CATextLayer()
            layer.string = NSAttributedString(string: "IIII", attributes: [.kern: kern])
            layer.font = "DejaVu Sans"
            layer.fontSize = 30
            layer.foregroundColor = UIColor.black.cgColor
            layer.alignmentMode = alignment
            layer.frame = CGRect(x: 0, y: 10, width: 200, height: 45)
            stage.rootLayer.addSublayer(layer)
        }
        let ink = pixels.darkInk
        return (ink.x, ink.right)
    }

    @Test("centred, kerned text sits half a kern left of where unkerned text sits; right-aligned, a kern left")
    func alignedLines() throws {
        let centred = try ink(kern: 0, alignment: .center), centredKerned = try ink(kern: 12, alignment: .center)
        #expect(abs(centredKerned.centroid - centred.centroid + 6) < 0.1, "\(centred.centroid) -> \(centredKerned.centroid)")
        let right = try ink(kern: 0, alignment: .right), rightKerned = try ink(kern: 12, alignment: .right)
        #expect(abs(rightKerned.right - right.right + 12) <= 1, "\(right.right) -> \(rightKerned.right)")
        // Left-aligned text starts where it did: the kern goes after each character.
        let left = try ink(kern: 0, alignment: .left), leftKerned = try ink(kern: 12, alignment: .left)
        #expect(abs(leftKerned.centroid - left.centroid - 18) < 0.1, "three gaps of 12 between four letters: half of 36")
    }

    @Test("a measured line holds a kern after each character, the last one's too")
    func measuredWidth() throws {
        let measurer = try #require(TextMeasurement.measurer)
        func width(_ kern: Double) -> Double {
            var style = TextStyle(string: "IIII", fontName: "DejaVu Sans", alignment: .left, isWrapped: false, truncation: .none)
            style.kerning = kern
            return Double(measurer.size(of: style, fontSize: 30, width: nil).width)
        }
        #expect(abs(width(12) - width(0) - 48) <= 1, "\(width(0)) -> \(width(12))")
    }
}
