import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Gradient fills as lottie-ios draws them (GradientBuilder.swift): colour and alpha stops are
/// two gradients, the alpha one masking the colours.
@Suite("Lottie gradients")
struct LottieGradientTests {
    /// A 100×100 square filled left to right from white to blue, alpha from 0 to 1 on its own stops.
    static func square(alphaStops: String) -> String {
        let fill =
            #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,1\#(alphaStops)]}}}"#
        let shapes =
            #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},\#(fill),"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
        return #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":\#(shapes)}"#
    }

    @Test("colour and alpha interpolate apart: halfway is the colours' mix at half alpha, not the opaque end's colour")
    func alphaApart() throws {
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(Self.square(alphaStops: ",0,0,1,1"))]"))
        let pixels = try LottieMappingTests.draw(layer)
        let rgba = pixels.rgba
        let i = (50 * pixels.width + 50) * 4
        let (r, g, b, a) = (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]), Int(rgba[i + 3]))
        // White→blue at half way is (0.5, 0.5, 1); interpolating premultiplied colours would give blue.
        #expect(abs(a - 128) <= 4, "alpha \(a)")
        #expect(abs(r - 128) <= 8 && abs(g - 128) <= 8 && b >= 250, "colour \(r), \(g), \(b)")
    }

    @Test("alpha stops at other offsets than the colours' are kept: alpha reaches 1 at its own stop")
    func alphaOwnStops() throws {
        // Alpha 0 at the left edge, 1 from a quarter of the way on.
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(Self.square(alphaStops: ",0,0,0.25,1"))]"))
        let pixels = try LottieMappingTests.draw(layer)
        let rgba = pixels.rgba
        func alpha(_ x: Int) -> Int { Int(rgba[(50 * pixels.width + x) * 4 + 3]) }
        #expect(alpha(30) == 255 && alpha(60) == 255, "\(alpha(30)), \(alpha(60))")
        #expect(abs(alpha(12) - 128) <= 8, "\(alpha(12))")
    }

    @Test(
        "a gradient's opacity is given to its colours and to its alpha mask alike, as lottie-ios does",
        arguments: [("", 128), (",0,0.5,1,0.5", 32)])
    func opacityOnBoth(alphaStops: String, expectedAlpha: Int) throws {
        let square = Self.square(alphaStops: alphaStops).replacingOccurrences(
            of: #""gf","t":1,"o":{"a":0,"k":100}"#, with: #""gf","t":1,"o":{"a":0,"k":50}"#)
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(square)]"))
        let pixels = try LottieMappingTests.draw(layer)
        let alpha = Int(pixels.rgba[(50 * pixels.width + 50) * 4 + 3])
        // 0.5 opacity on the colours; with alpha stops, 0.5 alpha times 0.5 opacity on the mask too.
        #expect(abs(alpha - expectedAlpha) <= 3, "alpha \(alpha)")
    }

    @Test("a gradient stroke's opacity is also on its stroked path mask, as lottie-ios strokes it: twice without alpha stops")
    func strokeOpacity() throws {
        let stroke =
            #"{"ty":"gs","t":1,"o":{"a":0,"k":50},"w":{"a":0,"k":20},"lc":1,"lj":1,"s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,1,0,0]}}}"#
        let (frames, _) = try Self.drawn(fill: stroke, at: [0])
        // The square's top edge (y = 0) is stroked 10 points each side: (50, 5) is on the stroke.
        let alpha = Int(frames[0].rgba[(5 * frames[0].width + 50) * 4 + 3])
        #expect(abs(alpha - 64) <= 3, "0.5 on the gradient times 0.5 on the path mask: \(alpha)")
    }

    @Test("animated colour stops move: white at frame 0, black at 10, grey between")
    func animatedColors() throws {
        let fill =
            #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"g":{"p":2,"k":{"a":1,"k":["#
            + #"{"t":0,"s":[0,1,1,1,1,1,1,1],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[0,0,0,0,1,0,0,0]}]}}}"#
        let shapes =
            #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},\#(fill),"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
        let scene = try LottieStageSupport(#"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":\#(shapes)}"#)
        for (frame, grey) in [(0.0, 255), (5.0, 128), (10.0, 0)] {
            let red = Self.red(try scene.drawn(at: frame), 50, 50)
            #expect(abs(red - grey) <= 3, "frame \(frame): \(red)")
        }
        #expect(!scene.layer.warnings.contains { $0.contains("gradient") }, "\(scene.layer.warnings)")
    }

    /// Draws a 100×100 square with `fill` at each of `frames`.
    static func drawn(fill: String, at frames: [Double]) throws -> ([PixelBuffer], LottieAnimationLayer) {
        let shapes =
            #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},\#(fill),"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
        let scene = try LottieStageSupport(#"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":\#(shapes)}"#)
        return (try frames.map { try scene.drawn(at: $0) }, scene.layer)
    }

    static func red(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Int { Int(p.rgba[(y * p.width + x) * 4]) }

    @Test("animated axial start and end points move the gradient: white to black turns round by frame 10")
    func animatedAxialPoints() throws {
        // White at the start point, black at the end; the points swap sides between frames 0 and 10.
        let fill =
            #"{"ty":"gf","t":1,"o":{"a":0,"k":100},"r":1,"#
            + #""s":{"a":1,"k":[{"t":0,"s":[0,50],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":10,"s":[100,50]}]},"#
            + #""e":{"a":1,"k":[{"t":0,"s":[100,50],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":10,"s":[0,50]}]},"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}}}"#
        let (p, layer) = try Self.drawn(fill: fill, at: [0, 10])
        #expect(Self.red(p[0], 5, 50) > 240 && Self.red(p[0], 95, 50) < 15, "frame 0: white on the left")
        #expect(Self.red(p[1], 5, 50) < 15 && Self.red(p[1], 95, 50) > 240, "frame 10: white on the right")
        #expect(!layer.warnings.contains { $0.contains("start and end points") }, "\(layer.warnings)")
    }

    @Test("an animated radial end point grows the circle: its radius follows the distance")
    func animatedRadialRadius() throws {
        let fill =
            #"{"ty":"gf","t":2,"o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[50,50]},"#
            + #""e":{"a":1,"k":[{"t":0,"s":[60,50],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":10,"s":[100,50]}]},"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}}}"#
        let (p, _) = try Self.drawn(fill: fill, at: [0, 10])
        // 20 points from the centre: past a radius of 10 (black), halfway along one of 50 (grey).
        #expect(Self.red(p[0], 70, 50) < 15, "frame 0: radius 10, \(Self.red(p[0], 70, 50))")
        #expect(abs(Self.red(p[1], 70, 50) - 153) <= 12, "frame 10: radius 50, \(Self.red(p[1], 70, 50))")
    }
}
