import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Two settings that were accepted but not drawn: conic gradients and `contentsRect`.
@Suite("conic gradients and contentsRect")
struct ConicAndContentsRectTests {
    @Test("a conic gradient's colour depends on the angle from the start point, clockwise from the end point")
    func conic() throws {
        let px = try render(CGSize(width: 40, height: 40)) { stage in
            let g = CAGradientLayer()
            g.type = .conic
            g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
            g.startPoint = CGPoint(x: 0.5, y: 0.5)
            g.endPoint = CGPoint(x: 1, y: 0.5)
            g.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            stage.rootLayer.addSublayer(g)
        }
        func near(_ x: Int, _ y: Int, _ want: [Int], _ what: String) { Self.expect(px, x, y, about: want, what) }
        near(36, 21, [255, 0, 0], "just clockwise of the zero angle: the first colour")
        near(36, 18, [0, 0, 255], "just before a full turn: the last colour")
        near(20, 36, [191, 0, 64], "a quarter turn (below): a quarter of the way")
        near(3, 20, [128, 0, 128], "half a turn (left): half way")
        near(20, 3, [64, 0, 191], "three quarters (above)")
    }

    @Test("a radial gradient is an ellipse about the start point reaching the end point on each axis")
    func radialEllipse() throws {
        // 200 × 100 with the end point at a corner: radii of 100 and 50 pt, an ellipse that
        // touches the layer's edges (a circle of the larger radius would not reach them below).
        let px = try render(CGSize(width: 200, height: 100)) { stage in
            let g = CAGradientLayer()
            g.type = .radial
            g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
            g.startPoint = CGPoint(x: 0.5, y: 0.5)
            g.endPoint = CGPoint(x: 1, y: 1)
            g.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            stage.rootLayer.addSublayer(g)
        }
        func near(_ x: Int, _ y: Int, _ want: [Int], _ what: String) { Self.expect(px, x, y, about: want, what) }
        near(100, 50, [255, 0, 0], "the centre: the first colour")
        near(150, 50, [128, 0, 128], "half the x radius: half way")
        near(100, 75, [128, 0, 128], "half the y radius (25 pt): half way too")
        near(100, 99, [0, 0, 255], "the bottom edge: the last colour")
        near(2, 2, [0, 0, 255], "past the ellipse: the last colour, padded")
    }

    /// The pixel at (x, y) within 12 levels of `want` on each channel.
    static func expect(_ px: PixelBuffer, _ x: Int, _ y: Int, about want: [Int], _ what: String) {
        let got = px.rgb(x, y)
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 12 }, "\(what): \(got), expected about \(want)")
    }

    @Test("contentsRect shows only the selected part of the image, stretched by the gravity")
    func contentsRect() throws {
        // A 2×1 image: red, blue.
        let image = LayerImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])
        func draw(_ rect: CGRect) throws -> PixelBuffer {
            try render(CGSize(width: 20, height: 10)) { stage in
                let l = CALayer()
                l.contents = image
                l.contentsRect = rect
                l.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
                stage.rootLayer.addSublayer(l)
            }
        }
        let whole = try draw(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(whole.rgb(2, 5) == [255, 0, 0] && whole.rgb(17, 5) == [0, 0, 255])
        let right = try draw(CGRect(x: 0.5, y: 0, width: 0.5, height: 1))
        #expect(right.rgb(2, 5) == [0, 0, 255] && right.rgb(17, 5) == [0, 0, 255], "only the blue half, filling the layer")
        let left = try draw(CGRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(left.rgb(2, 5) == [255, 0, 0] && left.rgb(17, 5) == [255, 0, 0])
        let empty = try draw(CGRect(x: 0, y: 0, width: 0, height: 1))
        #expect(empty.isBlank(x: 0, y: 0, width: 20, height: 10), "an empty contentsRect shows nothing")
    }
}

@Suite("nothing accepted is dropped silently")
struct NotDrawnAsAskedTests {
    @Test("an unknown gradient type or contents gravity (raw values through the Swift API) is drawn as documented, with one warning each")
    func unknownRawValues() throws {
        let stage = Stage(size: CGSize(width: 20, height: 20), scale: 1)
        for _ in 0..<2 {
            let g = CAGradientLayer()
            g.type = CAGradientLayerType(rawValue: "spiral")
            g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
            g.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            stage.rootLayer.addSublayer(g)
        }
        let img = CALayer()
        img.contents = LayerImage(width: 1, height: 1, rgba: [0, 0, 0, 255])
        img.contentsGravity = CALayerContentsGravity(rawValue: "middle")
        img.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        stage.rootLayer.addSublayer(img)
        _ = try stage.render(
            duration: 0.1, fps: 10, outputs: RenderOutputs(animation: temporaryDirectory().appendingPathComponent("w.gif")))
        #expect(stage.warnings.count == 2, "\(stage.warnings)")
        #expect(stage.warnings.contains { $0.contains("gradient type 'spiral'") && $0.contains("drawn as axial") })
        #expect(stage.warnings.contains { $0.contains("contents gravity 'middle'") })
    }
}
