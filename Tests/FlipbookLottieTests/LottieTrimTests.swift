import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Trim paths and where paths start, as lottie-ios builds them (ShapeBuilder+Trim.swift,
/// ShapeBuilder's rectangle and ellipse): an ellipse from the top and a rectangle from its
/// right edge's top, clockwise; offsets in degrees of the whole path, wrapping past its end.
@Suite("Lottie trim paths")
struct LottieTrimTests {
    /// A shape layer stroking `path` (10 wide, black) trimmed by `trim`'s s, e and o.
    static func draw(path: String, trim: String) throws -> PixelBuffer {
        let shapes =
            #"[{"ty":"gr","it":[\#(path),{"ty":"tm","s":{"a":0,"k":\#(trimValue(trim, 0))},"e":{"a":0,"k":\#(trimValue(trim, 1))},"o":{"a":0,"k":\#(trimValue(trim, 2))}},"#
            + #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1},"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":\#(shapes)}"#
        return try LottieMappingTests.draw(try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(layer)]")))
    }

    static func trimValue(_ spec: String, _ index: Int) -> String { String(spec.split(separator: " ")[index]) }

    static let circle = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]}}"#

    static func inked(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Bool { p.rgba[(y * p.width + x) * 4 + 3] > 128 }

    @Test("an ellipse starts at the top and runs clockwise: the first quarter is the top-right arc")
    func ellipseStart() throws {
        let p = try Self.draw(path: Self.circle, trim: "0 25 0")
        #expect(Self.inked(p, 52, 10) && Self.inked(p, 78, 22) && Self.inked(p, 90, 48))
        #expect(!Self.inked(p, 10, 50) && !Self.inked(p, 50, 90) && !Self.inked(p, 22, 22))
    }

    @Test("d 3 runs an ellipse counter-clockwise: the first quarter is the top-left arc")
    func ellipseReversed() throws {
        let p = try Self.draw(path: #"{"ty":"el","d":3,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]}}"#, trim: "0 25 0")
        #expect(Self.inked(p, 22, 22) && !Self.inked(p, 78, 22))
    }

    @Test("an offset turns the trim (90° is a quarter) and wraps past the path's end")
    func offsetWraps() throws {
        let turned = try Self.draw(path: Self.circle, trim: "0 25 90")
        #expect(Self.inked(p: turned, [(78, 78), (90, 52)]) && !Self.inked(p: turned, [(78, 22), (22, 78)]))
        // 315°: from 87.5 % to 112.5 %, the arc across the top.
        let wrapped = try Self.draw(path: Self.circle, trim: "0 25 315")
        #expect(Self.inked(p: wrapped, [(50, 10), (35, 13), (65, 13)]) && !Self.inked(p: wrapped, [(10, 50), (90, 50), (50, 90)]))
    }

    @Test("a start past the end draws the same as the two swapped")
    func swapped() throws {
        let swapped = try Self.draw(path: Self.circle, trim: "25 0 0"), plain = try Self.draw(path: Self.circle, trim: "0 25 0")
        #expect(swapped.rgba == plain.rgba)
    }

    @Test("a rectangle starts at its right edge's top and runs down it")
    func rectangleStart() throws {
        // 80 × 80 square: 12.5 % of its 320-point edge is the right edge's upper half.
        let p = try Self.draw(path: #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]},"r":{"a":0,"k":0}}"#, trim: "0 12.5 0")
        #expect(Self.inked(p, 90, 20) && Self.inked(p, 90, 45))
        #expect(!Self.inked(p, 90, 60) && !Self.inked(p, 50, 10) && !Self.inked(p, 10, 50))
    }

    static func inked(p: PixelBuffer, _ points: [(Int, Int)]) -> Bool { points.allSatisfy { inked(p, $0.0, $0.1) } }

    @Test("of several trims in a group, a stroke takes the first that trims something (lottie-ios's Trim.isEmpty)")
    func firstTrimThatTrims() throws {
        // An empty trim (0…100, however offset) first, then one that keeps the first half.
        let shapes =
            #"[{"ty":"gr","it":[\#(Self.circle),{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":100},"o":{"a":0,"k":90}},"#
            + #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":25},"o":{"a":0,"k":0}},"#
            + #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1},"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":\#(shapes)}"#
        let p = try LottieMappingTests.draw(try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(layer)]")))
        #expect(Self.inked(p, 78, 22) && !Self.inked(p, 10, 50) && !Self.inked(p, 22, 78), "the top-right quarter alone")
        #expect(Trim(path: "", start: nil, end: nil, offset: nil, mode: nil).isEmpty)
    }
}

/// A shape group's skew (LayerBuilder+Skew.swift), as lottie-ios builds the matrix.
@Suite("Lottie skew")
struct LottieSkewTests {
    @Test("a group skewed 45° along x leans its square into a parallelogram: top to the right, bottom to the left")
    func skewedSquare() throws {
        let shapes =
            #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"tr","p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100},"sk":{"a":0,"k":45},"sa":{"a":0,"k":0}}]}]"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":\#(shapes)}"#
        let animationLayer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(layer)]"))
        let p = try LottieMappingTests.draw(animationLayer)
        // Skew(−45°) maps (x, y) to (x − y, y): the top edge (y = −20) moves right by 20.
        #expect(LottieTrimTests.inked(p, 85, 33) && LottieTrimTests.inked(p, 15, 67), "the leaning corners")
        #expect(!LottieTrimTests.inked(p, 15, 33) && !LottieTrimTests.inked(p, 85, 67), "cut off by the lean")
        #expect(LottieTrimTests.inked(p, 50, 50))
        #expect(!animationLayer.warnings.contains { $0.contains("skew") }, "\(animationLayer.warnings)")
    }
}
