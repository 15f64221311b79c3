import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// timing-model.md 12.8 in pixels: a continuous corner leaves the edge later than a circular
/// one of the same radius, for the background and the `masksToBounds` clip alike.
@Suite("continuous corners drawn")
struct ContinuousCornerRenderTests {
    /// A 100 × 100 pt black square with a 40 pt corner radius on white, at 1×.
    static func frame(_ curve: CALayerCornerCurve, clip: Bool) throws -> PixelBuffer {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        square.cornerRadius = 40
        square.cornerCurve = curve
        if clip {
            square.masksToBounds = true
            let fill = CALayer()
            fill.frame = square.bounds
            fill.backgroundColor = CGColor(gray: 0, alpha: 1)
            square.addSublayer(fill)
        } else {
            square.backgroundColor = CGColor(gray: 0, alpha: 1)
        }
        stage.rootLayer.addSublayer(square)
        stage.advance(to: 0)
        return try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
    }

    @Test("0.9 radii from the corner the top row is more covered by a circular corner than by a continuous one")
    func edgePixel() throws {
        for clip in [false, true] {
            let circular = try Self.frame(.circular, clip: clip), continuous = try Self.frame(.continuous, clip: clip)
            // Row 0 at x = 36 (0.9 r): the circle is 0.2 pt below the edge there, the continuous
            // curve 0.6 pt (timing-model.md 12.8's first cubic), so its pixel is lighter.
            let c = circular.pixel(x: 36, y: 0).r, s = continuous.pixel(x: 36, y: 0).r
            #expect(Int(s) > Int(c) + 60, "clip \(clip): circular \(c), continuous \(s)")
            // Far from the corners both are the same solid edge.
            #expect(circular.pixel(x: 50, y: 0) == continuous.pixel(x: 50, y: 0))
        }
    }
}
