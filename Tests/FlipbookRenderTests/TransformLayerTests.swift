import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// `CATransformLayer` (timing-model.md 12.2): sublayers keep their depth and are drawn back to
/// front by it; only the sublayers are drawn; its opacity fades each sublayer apart.
@Suite("transform layers")
struct TransformLayerTests {
    static func pixel(_ p: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let rgba = p.rgba
        return rgba[(y * p.width + x) * 4..<(y * p.width + x) * 4 + 4].map(Int.init)
    }

    /// A square of `color` filling 60 × 60 pt around (50, 50), moved `z` towards the viewer.
    static func square(_ color: UIColor, z: CGFloat = 0, x: CGFloat = 50) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        layer.position = CGPoint(x: x, y: 50)
        layer.backgroundColor = color.cgColor
        layer.transform = CATransform3DMakeTranslation(0, 0, z)
        return layer
    }

    /// `container` 100 × 100 at the origin with `sublayers`, drawn on white.
    static func drawn(_ container: CALayer, _ sublayers: [CALayer], build: (CALayer) -> Void = { _ in }) throws -> PixelBuffer {
        try render(CGSize(width: 100, height: 100)) { stage in
            container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            for s in sublayers { container.addSublayer(s) }
            build(container)
            stage.rootLayer.addSublayer(container)
        }
    }

    @Test("the nearer sublayer is drawn over the farther whatever their order; a plain layer draws them in order")
    func depthOrder() throws {
        let inDepth = try Self.drawn(CATransformLayer(), [Self.square(.red, z: 10), Self.square(.blue, z: -10)])
        #expect(Self.pixel(inDepth, 50, 50) == [255, 0, 0, 255], "the red square, 20 pt nearer")
        let flat = try Self.drawn(CALayer(), [Self.square(.red, z: 10), Self.square(.blue, z: -10)])
        #expect(Self.pixel(flat, 50, 50) == [0, 0, 255, 255], "flattened: the later sublayer on top")
    }

    @Test("a sublayer's depth survives the transform layer's turn: under perspective it lands where its depth puts it")
    func depthThroughTurn() throws {
        func inkCentre(_ container: CALayer) throws -> Double {
            let p = try render(CGSize(width: 200, height: 100)) { stage in
                let parent = CALayer()
                parent.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
                var perspective = CATransform3DIdentity
                perspective.m34 = -1.0 / 500
                parent.sublayerTransform = perspective
                container.frame = CGRect(x: 50, y: 0, width: 100, height: 100)
                container.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
                let face = Self.square(.black, z: 50)
                face.bounds.size = CGSize(width: 10, height: 10)
                container.addSublayer(face)
                parent.addSublayer(container)
                stage.rootLayer.addSublayer(parent)
            }
            let rgba = p.rgba
            var (sum, sx) = (0.0, 0.0)
            for y in 0..<p.height {
                for x in 0..<p.width {
                    let ink = 1 - Double(rgba[(y * p.width + x) * 4]) / 255
                    (sum, sx) = (sum + ink, sx + ink * Double(x))
                }
            }
            return sx / sum
        }
        let kept = try inkCentre(CATransformLayer()), flattened = try inkCentre(CALayer())
        // Kept, the 50 pt of depth turn with the layer and carry the face about 43 pt across.
        #expect(kept - flattened > 30, "face at x \(kept) in depth against \(flattened) flattened")
    }

    @Test("only the sublayers are drawn: a transform layer's own background, border and shadow are not")
    func noContentOfItsOwn() throws {
        let p = try Self.drawn(CATransformLayer(), []) { layer in
            layer.backgroundColor = UIColor.red.cgColor
            layer.borderWidth = 4
            layer.borderColor = UIColor.green.cgColor
            layer.shadowOpacity = 1
        }
        #expect(Self.pixel(p, 50, 50) == [255, 255, 255, 255] && Self.pixel(p, 1, 1) == [255, 255, 255, 255])
    }

    @Test("its opacity fades each sublayer apart: where two overlap, the lower shows through the upper")
    func opacityEachApart() throws {
        let p = try Self.drawn(CATransformLayer(), [Self.square(.red, x: 40), Self.square(.blue, z: 1, x: 60)]) { $0.opacity = 0.5 }
        let overlap = Self.pixel(p, 50, 50)
        // Red at half over white, then blue at half over that: (128, 64, 191). A group would be
        // blue at half over white: (128, 128, 255).
        #expect(abs(overlap[0] - 128) <= 2 && abs(overlap[1] - 64) <= 2 && abs(overlap[2] - 191) <= 2, "\(overlap)")
    }
}
