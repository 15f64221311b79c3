import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// `contentsCenter` (9-slice scaling) and the contents filters, as Core Animation draws them
/// (timing-model.md 12.12; that contentsCenter animates, LayerPropertyWalkTests).
@Suite("contentsCenter and contents filters")
struct ContentsCenterTests {
    /// A 30 × 30 image: a 10-pixel red frame around a blue middle.
    static let framed: LayerImage = {
        var rgba: [UInt8] = []
        for y in 0..<30 {
            for x in 0..<30 {
                let edge = x < 10 || x >= 20 || y < 10 || y >= 20
                rgba += edge ? [255, 0, 0, 255] : [0, 0, 255, 255]
            }
        }
        return LayerImage(width: 30, height: 30, rgba: rgba)
    }()

    /// The red channel along row `y` of a 90 × 60 layer showing the framed image.
    func row(_ y: Int, center: CGRect?) throws -> [UInt8] {
        let px = try render(CGSize(width: 90, height: 60)) { stage in
            let layer = CALayer()
            layer.contents = Self.framed
            if let center { layer.contentsCenter = center }
            layer.frame = CGRect(x: 0, y: 0, width: 90, height: 60)
            stage.rootLayer.addSublayer(layer)
        }
        let rgba = px.rgba
        return (0..<px.width).map { rgba[(y * px.width + $0) * 4] }
    }

    @Test("the centre stretches, the corners and edges keep their size")
    func nineSlice() throws {
        let middle = try row(30, center: CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))
        // The frame stays 10 pt wide on both sides of a 90 pt layer.
        #expect(middle[5] == 255 && middle[84] == 255, "the side edges")
        #expect(middle[12] == 0 && middle[77] == 0 && middle[45] == 0, "the stretched middle")
        // Down: the top edge 10 pt tall, the middle from 10 to 50.
        let top = try row(5, center: CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))
        #expect(top.allSatisfy { $0 == 255 }, "the top edge stretched across")
        let below = try row(12, center: CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))
        #expect(below[45] == 0)
        // Without a centre (the unit rectangle) the whole image stretches: the frame is 30 pt wide.
        let stretched = try row(30, center: nil)
        #expect(stretched[25] == 255 && stretched[35] < 128)
    }

    @Test("a layer smaller than two corners shrinks them alike; a malformed centre stretches the whole")
    func pieces() {
        let part = ImagePainter.Part(x: 0, y: 0, width: 30, height: 30)
        let center = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let small = NineSlice.pieces(of: part, center: center, scale: 1, into: CGRect(x: 0, y: 0, width: 10, height: 90))
        // Across: two 10 pt ends in 10 pt, so 5 each and no middle; down: 10, 70, 10.
        let widths = Set(small.map(\.1.width)), heights = Set(small.map(\.1.height))
        #expect(widths == [5] && heights == [10, 70], "\(widths) \(heights)")
        #expect(small.count == 6)
        let whole = NineSlice.pieces(
            of: part, center: CGRect(x: 0.8, y: 0, width: 0.5, height: 1), scale: 1, into: CGRect(x: 0, y: 0, width: 60, height: 60))
        #expect(whole.count == 2, "a centre past the right edge is clamped to it: the right column is empty, and the top and bottom rows")
        let nan = NineSlice.pieces(
            of: part, center: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), scale: 1, into: CGRect(x: 0, y: 0, width: 60, height: 60))
        #expect(nan.count == 1)
        // Contents at 2 pixels a point: the 10-pixel corners are 5 points.
        let retina = NineSlice.pieces(of: part, center: center, scale: 2, into: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(Set(retina.map(\.1.width)) == [5, 30])
    }

    /// The red channel along the middle row of a 2 × 1 image (red, blue) drawn 20 × 10.
    func enlarged(_ filter: CALayerContentsFilter) throws -> [UInt8] {
        let px = try render(CGSize(width: 20, height: 10)) { stage in
            let layer = CALayer()
            layer.contents = LayerImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])
            layer.magnificationFilter = filter
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
            stage.rootLayer.addSublayer(layer)
        }
        let rgba = px.rgba
        return (0..<px.width).map { rgba[(5 * px.width + $0) * 4] }
    }

    @Test("magnificationFilter nearest keeps pixels square; linear blends them")
    func nearest() throws {
        let sharp = try enlarged(.nearest)
        #expect(sharp[0..<10].allSatisfy { $0 == 255 } && sharp[10..<20].allSatisfy { $0 == 0 }, "\(sharp)")
        let smooth = try enlarged(.linear)
        #expect(smooth[9] > 0 && smooth[9] < 255 && smooth[10] > 0 && smooth[10] < 255, "\(smooth)")
    }
}
