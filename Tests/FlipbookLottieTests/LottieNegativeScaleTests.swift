import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// A layer whose x scale is negative mirrors left to right only (docs/lottie.md, transforms):
/// lottie-ios animates such a transform as one matrix, because Core Animation turns a negative
/// `transform.scale.x` animated beside `transform.scale.y` upside down (FB9862872).
@Suite("Lottie negative scale")
struct LottieNegativeScaleTests {
    /// A square in the top-left quarter of a layer anchored at (50, 50), scaled by `scale`.
    static func mirrored(_ scale: String) -> String {
        #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{"a":{"a":0,"k":[50,50]},"p":{"a":0,"k":[50,50]},"s":\#(scale)},"#
            + #""shapes":[{"ty":"rc","p":{"a":0,"k":[30,30]},"s":{"a":0,"k":[30,30]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}"#
    }

    static func alpha(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Int { LottieCompositingTests.pixel(p, x, y)[3] }

    /// An animated property that keeps `value` throughout, eased from frame 0 to 5, held alone
    /// from 5 to 15 and eased again to 20: a lone hold among eased keyframes.
    static func loneHold(_ value: String) -> String {
        let eased = #""o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}"#
        return #"{"a":1,"k":[{"t":0,"s":\#(value),\#(eased)},{"t":5,"s":\#(value),"h":1},"#
            + #"{"t":15,"s":\#(value),\#(eased)},{"t":20,"s":\#(value)}]}"#
    }

    @Test("an animated negative x scale mirrors left to right and never turns the picture upside down")
    func animatedNegativeScale() throws {
        let scale = #"{"a":1,"k":[{"t":0,"s":[-100,100,100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[-80,80,100]}]}"#
        let scene = try LottieStageSupport(Self.mirrored(scale))
        for frame in [0.0, 5, 10] {
            let p = try scene.drawn(at: frame)
            // The square (15…45 on both axes) mirrored about x = 50: right half, still on top.
            #expect(Self.alpha(p, 70, 35) == 255, "frame \(frame): the mirrored square at the top right")
            #expect(Self.alpha(p, 70, 65) == 0 && Self.alpha(p, 30, 35) == 0, "frame \(frame): not upside down, not unmirrored")
        }
    }

    @Test("an x scale animated from 100 % to −100 % narrows and mirrors the picture, its height kept")
    func scaleTurningNegative() throws {
        let scale = #"{"a":1,"k":[{"t":0,"s":[100,100,100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[-100,100,100]}]}"#
        let scene = try LottieStageSupport(Self.mirrored(scale))
        // Frame 2.5: x scale 50 %: the square (15…45) narrowed towards x = 50 (32.5…47.5), its rows
        // 15…45 unchanged; frame 7.5: x scale −50 %, mirrored to 52.5…67.5.
        let before = try scene.drawn(at: 2.5), after = try scene.drawn(at: 7.5)
        #expect(Self.alpha(before, 40, 17) == 255 && Self.alpha(before, 40, 43) == 255, "full height at 50 %")
        #expect(Self.alpha(before, 25, 30) == 0 && Self.alpha(before, 60, 30) == 0, "narrowed, not yet mirrored")
        #expect(Self.alpha(after, 60, 17) == 255 && Self.alpha(after, 60, 43) == 255, "full height at −50 %, mirrored")
        #expect(Self.alpha(after, 40, 30) == 0, "nothing left of the axis")
    }

    /// lottie-ios combines a mirrored layer's transform into one matrix animation split where
    /// holds start and end (`segmentsSplitByCalculationMode`); a lone hold becomes a discrete
    /// animation of one value, which iOS does not draw, so the layer's own transform (the
    /// identity) shows through it (iOS's issue_2066 snapshots: the owl's face at full size).
    @Test("a lone hold in a mirrored layer's transform shows the layer's own transform, the identity")
    func loneHoldInMatrix() throws {
        let position = Self.loneHold("[50,50]")
        let layer = Self.mirrored(#"{"a":0,"k":[-50,50,100]}"#).replacingOccurrences(
            of: #""p":{"a":0,"k":[50,50]}"#, with: #""p":\#(position)"#)
        let scene = try LottieStageSupport(layer)
        // Mirrored at half size: the square (15…45) at 52.5…67.5 across, 32.5…47.5 down.
        for frame in [2.0, 17] {
            let p = try scene.drawn(at: frame)
            #expect(Self.alpha(p, 60, 40) == 255 && Self.alpha(p, 30, 30) == 0, "frame \(frame): mirrored, half size")
        }
        // Through the hold: the identity, the square where its path puts it.
        for frame in [6.0, 10, 14] {
            let p = try scene.drawn(at: frame)
            #expect(Self.alpha(p, 30, 30) == 255 && Self.alpha(p, 60, 40) == 0, "frame \(frame): the layer's own transform")
        }
    }
}
