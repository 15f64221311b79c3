import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Paths reaching far past the canvas (FarPathClipping): Core Graphics draws them whole, so what
/// shows inside the canvas must not change however far their points go.
@Suite("paths far past the canvas")
struct FarPathTests {
    /// Whether the pixel is drawn (the test stage's background is white; the shapes are red or blue).
    static func drawn(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Bool { p.rgb(x, y)[1] < 60 }

    @Test("an inverted mask made of a 20,000,000-point rectangle around a square shows all but the square (lottie-ios's masks)")
    func invertedMask() throws {
        let p = try render(CGSize(width: 100, height: 100), scale: 2) { stage in
            let filled = CALayer()
            filled.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            filled.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let mask = CAShapeLayer()
            mask.frame = filled.bounds
            let path = CGMutablePath()
            path.addRect(CGRect(x: -10_000_000, y: -10_000_000, width: 20_000_000, height: 20_000_000))
            path.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
            mask.path = path
            mask.fillRule = .evenOdd
            filled.mask = mask
            stage.rootLayer.addSublayer(filled)
        }
        let outside = Self.drawn(p, 20, 20) && Self.drawn(p, 180, 180), inside = Self.drawn(p, 100, 100)
        #expect(outside, "outside the square: shown")
        #expect(!inside, "inside the square: cut out")
    }

    @Test("a triangle with a corner 1e12 points away fills what it covers near the origin", arguments: [1e8, 1e12])
    func farCorner(distance: Double) throws {
        let p = try render(CGSize(width: 100, height: 100), scale: 2) { stage in
            let l = CAShapeLayer()
            l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: distance, y: 0))
            path.addLine(to: CGPoint(x: 0, y: 100))
            path.closeSubpath()
            l.path = path
            l.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            stage.rootLayer.addSublayer(l)
        }
        // Its long side runs from (0, 100) almost level: everything above y = 99 is inside.
        let covered = Self.drawn(p, 100, 100) && Self.drawn(p, 190, 20)
        #expect(covered, "covered near the origin")
    }

    @Test("the clipping keeps a polygon's winding inside the box: a far square clipped is the box")
    func clipToBox() {
        let b = FarPathClipping.deviceBound
        let square = [CGPoint(x: -1e9, y: -1e9), CGPoint(x: 1e9, y: -1e9), CGPoint(x: 1e9, y: 1e9), CGPoint(x: -1e9, y: 1e9)]
        let clipped = FarPathClipping.clipToBox(square)
        #expect(Set(clipped.map { "\($0.x),\($0.y)" }) == Set(["\(-b),\(-b)", "\(b),\(-b)", "\(b),\(b)", "\(-b),\(b)"]))
        #expect(
            FarPathClipping.clipToBox([CGPoint(x: 1e9, y: 0), CGPoint(x: 2e9, y: 0), CGPoint(x: 2e9, y: 1)]).isEmpty,
            "wholly outside: nothing")
    }
}
