import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Repeaters (`rp`) as lottie-ios's Core Animation engine draws them (`RepeaterLayer`,
/// `setupGroups`; docs/lottie.md): copy i moved by i × position and turned by i × rotation
/// about the anchor, every copy scaled once, nothing compounded; inside a group, the group's own
/// paths drawn once more above the copies.
@Suite("Lottie repeaters")
struct LottieRepeaterTests {
    /// A shape layer of `shapes` on the 100 × 100 test composition.
    static func draw(_ shapes: String) throws -> PixelBuffer {
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(shapes)]}"#
        return try LottieMappingTests.draw(try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(layer)]")))
    }

    /// A `size`-wide square centred at `centre`, filled black at `opacity` %.
    static func square(_ centre: (Double, Double), size: Double, opacity: Double = 100) -> String {
        #"{"ty":"rc","p":{"a":0,"k":[\#(centre.0),\#(centre.1)]},"s":{"a":0,"k":[\#(size),\#(size)]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":\#(opacity)}}"#
    }

    static func repeater(
        copies: Int, position: (Double, Double) = (0, 0), anchor: (Double, Double) = (0, 0), scale: Double = 100, rotation: Double = 0
    ) -> String {
        #"{"ty":"rp","c":{"a":0,"k":\#(copies)},"o":{"a":0,"k":0},"tr":{"p":{"a":0,"k":[\#(position.0),\#(position.1)]},"#
            + #""a":{"a":0,"k":[\#(anchor.0),\#(anchor.1)]},"s":{"a":0,"k":[\#(scale),\#(scale)]},"r":{"a":0,"k":\#(rotation)},"#
            + #""so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    }

    static func alpha(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Int { LottieCompositingTests.pixel(p, x, y)[3] }

    @Test("copy i sits at i × position, every copy (the first too) scaled once: no compounding")
    func positionsLinearScaleOnce() throws {
        let group = #"{"ty":"gr","it":[\#(Self.square((10, 50), size: 20)),{"ty":"tr","p":{"a":0,"k":[0,0]}}]}"#
        let p = try Self.draw(group + "," + Self.repeater(copies: 3, position: (30, 0), scale: 50))
        // Scaled by half about the origin: a 10-wide square at (5, 25), then 30 apart.
        for x in [5, 35, 65] { #expect(Self.alpha(p, x, 25) == 255, "copy at x \(x)") }
        #expect(Self.alpha(p, 10, 50) == 0, "the first copy is scaled too")
        #expect(Self.alpha(p, 47, 12) == 0, "no quarter-size third copy (After Effects compounds the scale)")
        #expect(Self.alpha(p, 12, 25) == 0 && Self.alpha(p, 72, 25) == 0, "each copy 10 wide")
    }

    @Test("the anchor is subtracted from every copy: the point at the anchor lands on i × position")
    func anchorOnEveryCopy() throws {
        let group = #"{"ty":"gr","it":[\#(Self.square((50, 50), size: 10)),{"ty":"tr","p":{"a":0,"k":[0,0]}}]}"#
        let p = try Self.draw(group + "," + Self.repeater(copies: 2, position: (20, 20), anchor: (50, 50), rotation: 90))
        #expect(Self.alpha(p, 50, 50) == 0)
        #expect(Self.alpha(p, 2, 2) == 255, "copy 0: the anchor at the origin")
        #expect(Self.alpha(p, 22, 22) == 255, "copy 1 at (20, 20), turned 90° about it")
    }

    @Test("inside a group, the group's own paths are drawn once more above the copies")
    func groupPathsOnceMore() throws {
        let inner = Self.square((50, 50), size: 10, opacity: 50) + "," + Self.repeater(copies: 2, position: (20, 0))
        let p = try Self.draw(#"{"ty":"gr","it":[\#(inner),{"ty":"tr","p":{"a":0,"k":[0,0]}}]}"#)
        #expect(abs(Self.alpha(p, 50, 50) - 191) <= 2, "copy 0 and the group's own square: 1 − ½ × ½")
        #expect(abs(Self.alpha(p, 70, 50) - 128) <= 2, "copy 1 alone")
    }
}
