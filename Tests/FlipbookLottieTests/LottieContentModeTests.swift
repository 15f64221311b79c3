import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// A `LottieAnimationView` places its composition as lottie-ios lays it out for each
/// `contentMode` (LottieAnimationView.swift): fitted by default, filled, stretched, or at its
/// own size in the centre, against an edge or in a corner; nothing outside the view is drawn.
@Suite("Lottie content modes")
struct LottieContentModeTests {
    /// A 100 × 100 composition filled red, in a view `size` points large on a Stage, drawn.
    static func drawn(_ mode: UIView.ContentMode?, size: CGSize) throws -> PixelBuffer {
        let square = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}"#
        let layers = #"[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(square),\#(fill)]}]"#
        let view = LottieAnimationView(animation: try LottieMappingTests.animation(layers))
        view.frame = CGRect(origin: CGPoint(x: 10, y: 10), size: size)
        if let mode { view.contentMode = mode }
        let stage = Stage(size: CGSize(width: 220, height: 220), scale: 1)
        stage.rootLayer.addSublayer(view.layer)
        stage.advance(to: 0)
        return try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
    }

    /// The red pixels' box in stage pixels, as (minX, minY, maxX, maxY) exclusive of the max.
    static func redBox(_ p: PixelBuffer) -> [Int] {
        var box = [Int.max, Int.max, -1, -1]
        let rgba = p.rgba
        for y in 0..<p.height {
            for x in 0..<p.width where rgba[(y * p.width + x) * 4] > 128 && rgba[(y * p.width + x) * 4 + 3] > 128 {
                box = [min(box[0], x), min(box[1], y), max(box[2], x + 1), max(box[3], y + 1)]
            }
        }
        return box
    }

    @Test(
        "each content mode places the 100 pt composition in a 200 × 100 view (at 10, 10) as lottie-ios lays it out",
        arguments: [
            (nil as UIView.ContentMode?, [60, 10, 160, 110]),
            (.scaleAspectFit, [60, 10, 160, 110]),
            (.scaleAspectFill, [10, 10, 210, 110]),
            (.scaleToFill, [10, 10, 210, 110]),
            (.center, [60, 10, 160, 110]),
            (.left, [10, 10, 110, 110]),
            (.right, [110, 10, 210, 110]),
            (.topLeft, [10, 10, 110, 110]),
            (.bottomRight, [110, 10, 210, 110]),
            (.redraw, [10, 10, 110, 110])
        ])
    func wide(_ mode: UIView.ContentMode?, _ box: [Int]) throws {
        #expect(Self.redBox(try Self.drawn(mode, size: CGSize(width: 200, height: 100))) == box, "\(String(describing: mode))")
    }

    @Test(
        "in a 100 × 200 view: top and bottom edges; aspect fill is cut off at the view's edges",
        arguments: [
            (UIView.ContentMode.top, [10, 10, 110, 110]),
            (.bottom, [10, 110, 110, 210]),
            (.bottomLeft, [10, 110, 110, 210]),
            (.scaleAspectFill, [10, 10, 110, 210])
        ])
    func tall(_ mode: UIView.ContentMode, _ box: [Int]) throws {
        #expect(Self.redBox(try Self.drawn(mode, size: CGSize(width: 100, height: 200))) == box, "\(mode)")
    }
}
