import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// `compositingFilter` (timing-model.md 12.7): the layer, as one group, composited onto what is
/// behind it with the named blend mode or Porter-Duff operator.
@Suite("compositingFilter")
struct CompositingFilterTests {
    /// A 20×20 grey (0.5) square on white, with a 10×10 layer of `color` over its left half
    /// (x 0…10, y 5…15) composited with `filter`.
    private func draw(_ color: UIColor, _ filter: Any?, opacity: Float = 1) throws -> PixelBuffer {
        try render(CGSize(width: 30, height: 20)) { stage in
            let below = CALayer()
            below.backgroundColor = UIColor(white: 0.5, alpha: 1).cgColor
            below.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            stage.rootLayer.addSublayer(below)
            let top = CALayer()
            top.backgroundColor = color.cgColor
            top.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
            top.compositingFilter = filter
            top.opacity = opacity
            stage.rootLayer.addSublayer(top)
        }
    }

    private func near(_ got: [Int], _ want: [Int]) -> Bool { zip(got, want).allSatisfy { abs($0 - $1) <= 2 } }

    @Test(
        "each blend mode gives its formula's colour over the grey",
        arguments: [
            ("multiplyBlendMode", [128, 0, 0]), ("screenBlendMode", [255, 128, 128]), ("darkenBlendMode", [128, 0, 0]),
            ("lightenBlendMode", [255, 128, 128]), ("differenceBlendMode", [127, 128, 128]), ("exclusionBlendMode", [127, 128, 128]),
            ("normalBlendMode", [255, 0, 0]), ("plusL", [255, 128, 128])
        ])
    func blend(_ filter: String, _ expected: [Int]) throws {
        let px = try draw(.red, filter)
        #expect(near(px.rgb(5, 10), expected), "\(filter): \(px.rgb(5, 10))")
        #expect(px.rgb(15, 10) == [128, 128, 128], "the grey beside it is untouched")
    }

    @Test("over white (outside what is behind) multiply shows the layer's own colour; opacity mixes the result")
    func opacityAndBackground() throws {
        let px = try render(CGSize(width: 10, height: 10)) { stage in
            let top = CALayer()
            top.backgroundColor = UIColor.red.cgColor
            top.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            top.compositingFilter = "multiplyBlendMode"
            stage.rootLayer.addSublayer(top)
        }
        #expect(px.rgb(5, 5) == [255, 0, 0], "white × red")
        let half = try draw(.red, "multiplyBlendMode", opacity: 0.5)
        #expect(near(half.rgb(5, 10), [128, 64, 64]), "half of the multiplied colour over the grey: \(half.rgb(5, 10))")
    }

    /// A grey 20×20 square and a layer of `color` at x 10…30 composited with `filter`, in a
    /// container composited as one group (`normalBlendMode`), so what is behind the layer is
    /// only the grey, not the white stage.
    private func grouped(_ color: UIColor, _ filter: String, frame: CGRect) throws -> PixelBuffer {
        try render(CGSize(width: 30, height: 20)) { stage in
            let below = CALayer()
            below.backgroundColor = UIColor(white: 0.5, alpha: 1).cgColor
            below.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            let top = CALayer()
            top.backgroundColor = color.cgColor
            top.frame = frame
            top.compositingFilter = filter
            let group = CALayer()
            group.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
            group.compositingFilter = "normalBlendMode"
            group.addSublayer(below)
            group.addSublayer(top)
            stage.rootLayer.addSublayer(group)
        }
    }

    @Test("destinationOut cuts the layer's shape out of what is behind; sourceAtop paints only over it")
    func porterDuff() throws {
        let cut = try grouped(.black, "destinationOut", frame: CGRect(x: 0, y: 5, width: 10, height: 10))
        #expect(cut.rgb(5, 10) == [255, 255, 255], "the grey is cut away: the white stage shows through the group")
        #expect(cut.rgb(5, 2) == [128, 128, 128], "above the layer the grey stays")
        let atop = try grouped(.blue, "sourceAtop", frame: CGRect(x: 10, y: 0, width: 20, height: 20))
        #expect(near(atop.rgb(15, 10), [0, 0, 255]), "over the grey: blue")
        #expect(atop.rgb(25, 10) == [255, 255, 255], "beyond the grey: nothing drawn")
        let xor = try grouped(.blue, "xor", frame: CGRect(x: 10, y: 0, width: 20, height: 20))
        #expect(xor.rgb(15, 10) == [255, 255, 255] && xor.rgb(5, 10) == [128, 128, 128] && xor.rgb(25, 10) == [0, 0, 255])
    }

    @Test("a mask made of an opaque plane with a shape composited destinationOut shows everything but the shape")
    func invertedMask() throws {
        let px = try render(CGSize(width: 20, height: 20)) { stage in
            let content = CALayer()
            content.backgroundColor = UIColor.red.cgColor
            content.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            let plane = CALayer()
            plane.backgroundColor = UIColor.black.cgColor
            plane.frame = content.bounds
            let hole = CALayer()
            hole.backgroundColor = UIColor.black.cgColor
            hole.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            hole.compositingFilter = "destinationOut"
            plane.addSublayer(hole)
            content.mask = plane
            stage.rootLayer.addSublayer(content)
        }
        #expect(px.rgb(2, 2) == [255, 0, 0] && px.rgb(10, 10) == [255, 255, 255])
    }

    @Test("an unknown filter name is drawn source-over with one warning")
    func unknown() throws {
        let stage = Stage(size: CGSize(width: 20, height: 20), scale: 1)
        for _ in 0..<2 {
            let l = CALayer()
            l.backgroundColor = UIColor.red.cgColor
            l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            l.compositingFilter = "sourceIn"
            stage.rootLayer.addSublayer(l)
        }
        _ = try stage.render(
            duration: 0.1, fps: 10, outputs: RenderOutputs(animation: temporaryDirectory().appendingPathComponent("w.gif")))
        #expect(stage.warnings.filter { $0.contains("compositing filter 'sourceIn'") }.count == 1, "\(stage.warnings)")
    }
}

@Suite("compositingFilter names")
struct CompositingFilterNameTests {
    @Test("every name CALayer lists has its operator, and no other")
    func names() {
        #expect(Set(CompositingOperator.operators.keys) == Set(CALayer.compositingFilterNames))
    }
}
