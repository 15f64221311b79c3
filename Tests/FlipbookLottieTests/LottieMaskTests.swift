import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Masks (docs/lottie.md) composed as lottie-ios's `MaskCompositionLayer` composes them: adds
/// join, any other mode masks what came before, subtracts and inverted adds show the plane but
/// their path.
@Suite("Lottie masks")
struct LottieMaskTests {
    /// A square mask path from (x, y), `size` wide.
    static func square(_ x: Int, _ y: Int, _ size: Int, mode: String, inverted: Bool = false) -> String {
        let v = "[[\(x),\(y)],[\(x + size),\(y)],[\(x + size),\(y + size)],[\(x),\(y + size)]]"
        let zero = "[[0,0],[0,0],[0,0],[0,0]]"
        return #"{"mode":"\#(mode)","inv":\#(inverted),"pt":{"a":0,"k":{"i":\#(zero),"o":\#(zero),"v":\#(v),"c":true}}}"#
    }

    /// A black 100 × 100 solid with `masks`, drawn.
    static func masked(_ masks: [String]) throws -> PixelBuffer {
        let solid =
            ##"{"ty":1,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"sw":100,"sh":100,"sc":"#000000","##
            + #""masksProperties":[\#(masks.joined(separator: ","))]}"#
        return try LottieMappingTests.draw(try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(solid)]")))
    }

    static func shown(_ p: PixelBuffer, _ points: [(Int, Int)]) -> [Bool] {
        points.map { LottieCompositingTests.pixel(p, $0.0, $0.1)[3] > 128 }
    }

    @Test("overlapping added masks show their union, with no hole where they overlap")
    func addsJoin() throws {
        let p = try Self.masked([Self.square(10, 10, 40, mode: "a"), Self.square(30, 30, 40, mode: "a")])
        #expect(Self.shown(p, [(20, 20), (40, 40), (60, 60), (80, 80), (20, 60)]) == [true, true, true, false, false])
    }

    @Test("a subtracted mask cuts out of all the masks before it, not the ones after")
    func subtractMasksWhatCameBefore() throws {
        let p = try Self.masked([
            Self.square(10, 10, 40, mode: "a"), Self.square(30, 30, 40, mode: "a"), Self.square(35, 35, 10, mode: "s"),
            Self.square(80, 80, 15, mode: "a")
        ])
        #expect(Self.shown(p, [(20, 20), (40, 40), (60, 60), (85, 85), (5, 5)]) == [true, false, true, true, false])
    }

    @Test("an intersected mask keeps what it shares with the masks before it")
    func intersect() throws {
        let p = try Self.masked([Self.square(10, 10, 40, mode: "a"), Self.square(30, 30, 40, mode: "i")])
        #expect(Self.shown(p, [(20, 20), (40, 40), (60, 60)]) == [false, true, false])
        let difference = try Self.masked([Self.square(10, 10, 40, mode: "a"), Self.square(30, 30, 40, mode: "f")])
        #expect(difference.rgba == p.rgba, "difference counts as intersect, as lottie-ios maps it")
    }

    @Test("a first subtracted mask, or an inverted add, shows the plane but its path; mode n is skipped")
    func inverted() throws {
        let subtracted = try Self.masked([Self.square(30, 30, 40, mode: "s")])
        #expect(Self.shown(subtracted, [(10, 10), (50, 50), (90, 90)]) == [true, false, true])
        let invertedAdd = try Self.masked([Self.square(30, 30, 40, mode: "a", inverted: true)])
        #expect(invertedAdd.rgba == subtracted.rgba)
        let skipped = try Self.masked([Self.square(30, 30, 40, mode: "n"), Self.square(10, 10, 20, mode: "a")])
        #expect(Self.shown(skipped, [(15, 15), (50, 50)]) == [true, false])
    }
}
