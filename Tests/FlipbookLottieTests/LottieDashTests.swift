import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Stroke dashes (docs/lottie.md) as lottie-ios sets them: the lengths' first values, zeros as
/// 0.01, and the offset as a keyframed `lineDashPhase`.
@Suite("Lottie dashes")
struct LottieDashTests {
    /// A horizontal line from (10, 50) to (90, 50), 10 wide, dashed by `dashes`, cap `lc`.
    static func dashed(_ dashes: String, cap: Int = 1) throws -> LottieStageSupport {
        let line = #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[10,50],[90,50]],"c":false}}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":\#(cap),"lj":1,"d":\#(dashes)}"#
        return try LottieStageSupport(#"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(line),\#(stroke)]}"#)
    }

    static func inked(_ p: PixelBuffer, _ x: Int) -> Bool { LottieCompositingTests.pixel(p, x, 50)[3] > 128 }

    @Test("a moving offset slides the dashes: the offset is keyframed as lineDashPhase")
    func animatedOffset() throws {
        let offset = #"{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[20]}]}"#
        let dashes = #"[{"n":"d","v":{"a":0,"k":20}},{"n":"g","v":{"a":0,"k":20}},{"n":"o","v":\#(offset)}]"#
        let scene = try Self.dashed(dashes)
        let start = try scene.drawn(at: 0), end = try scene.drawn(at: 10)
        #expect(Self.inked(start, 20) && !Self.inked(start, 40), "dash 10…30, gap 30…50")
        #expect(!Self.inked(end, 20) && Self.inked(end, 40), "20 points on: gap 10…30, dash 30…50")
        #expect(!scene.layer.warnings.contains { $0.contains("dash") }, "\(scene.layer.warnings)")
    }

    @Test("zero-length dashes with round caps draw dots; all-zero lengths draw a solid line")
    func zeroLengths() throws {
        let dots = #"[{"n":"d","v":{"a":0,"k":0}},{"n":"g","v":{"a":0,"k":20}}]"#
        let p = try Self.dashed(dots, cap: 2).drawn(at: 0)
        #expect(Self.inked(p, 10) && Self.inked(p, 30) && !Self.inked(p, 20), "a dot every 20 points")
        let solid = #"[{"n":"d","v":{"a":0,"k":0}},{"n":"g","v":{"a":0,"k":0}}]"#
        let q = try Self.dashed(solid).drawn(at: 0)
        #expect(Self.inked(q, 20) && Self.inked(q, 40) && Self.inked(q, 60))
    }
}
