import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Stars and polygons (`sr`, docs/lottie.md) as lottie-ios builds them: from the top, clockwise,
/// partial points, and corners rounded by `os` and `is`.
@Suite("Lottie stars and polygons")
struct LottieStarTests {
    static func star(
        points: Double, outer: Double = 40, inner: Double = 20, os: Double = 0, is inRound: Double = 0, polygon: Bool = false,
        reversed: Bool = false
    ) -> Star {
        func value(_ x: Double) -> Animated<Vector> { Animated(constant: [x], path: "") }
        return Star(
            position: Animated(constant: [50, 50], path: ""), outerRadius: value(outer), innerRadius: value(inner),
            outerRoundness: value(os), innerRoundness: value(inRound), rotation: value(0), points: value(points), isPolygon: polygon,
            reversed: reversed)
    }

    static func shape(_ star: Star) throws -> BezierShape {
        let builder = LayerBuilder(try LottieMappingTests.animation("[]"))
        return try #require(ShapeBuilder(builder: builder).starShape(star, at: 0))
    }

    static func point(_ s: BezierShape, _ k: Int) -> (Double, Double) { (s.vertices[k * 6], s.vertices[k * 6 + 1]) }

    @Test("a five-point star starts at the top and alternates outer and inner radii clockwise, back to the top")
    func sharpStar() throws {
        let s = try Self.shape(Self.star(points: 5))
        #expect(s.vertexCount == 11 && s.closed)
        let top = Self.point(s, 0), inner = Self.point(s, 1), last = Self.point(s, 10)
        #expect(abs(top.0 - 50) < 1e-9 && abs(top.1 - 10) < 1e-9, "\(top)")
        // 36° clockwise from the top (y down), 20 from the centre.
        #expect(abs(inner.0 - (50 + 20 * sin(.pi / 5))) < 1e-9 && abs(inner.1 - (50 - 20 * cos(.pi / 5))) < 1e-9, "\(inner)")
        #expect(abs(last.0 - 50) < 1e-9 && abs(last.1 - 10) < 1e-9, "ends where it began: \(last)")
        #expect(s.vertices.enumerated().allSatisfy { $0.offset % 6 < 2 || $0.element == 0 }, "no tangents without roundness")
    }

    @Test("outer roundness gives the points tangents perpendicular to the radius, 0.47829 of it")
    func roundedStar() throws {
        let s = try Self.shape(Self.star(points: 5, os: 100))
        // The top point's out tangent is horizontal (perpendicular to its radius), 40 × 0.47829 long.
        let outX = s.vertices[4], outY = s.vertices[5]
        #expect(abs(abs(outX) - 40 * 0.47829) < 1e-9 && abs(outY) < 1e-9, "\(outX), \(outY)")
        #expect(s.vertices[2] == 0 && s.vertices[3] == 0, "the inner corners stay sharp (is = 0): the first in tangent")
    }

    @Test("a fractional number of points draws a partial point; a polygon has one vertex a corner")
    func partialAndPolygon() throws {
        #expect(try Self.shape(Self.star(points: 4.5)).vertexCount == 11, "ceil(4.5) × 2 + 1 vertices")
        let hexagon = try Self.shape(Self.star(points: 6, polygon: true))
        #expect(hexagon.vertexCount == 7)
        let second = Self.point(hexagon, 1)
        #expect(abs(second.0 - (50 + 40 * sin(.pi / 3))) < 1e-9 && abs(second.1 - (50 - 40 * cos(.pi / 3))) < 1e-9, "\(second)")
        let rounded = try Self.shape(Self.star(points: 6, os: 100, polygon: true))
        #expect(abs(abs(rounded.vertices[4]) - 40 * 0.25) < 1e-9, "polygons round with 0.25 of the radius")
    }

    @Test("d 3 runs the other way from the same start")
    func reversed() throws {
        let forward = try Self.shape(Self.star(points: 5)), backward = try Self.shape(Self.star(points: 5, reversed: true))
        #expect(Self.point(backward, 0) == Self.point(forward, 10) && Self.point(backward, 1) == Self.point(forward, 9))
    }

    @Test("a polygon turning between two keyframes takes Core Animation's path interpolation: smaller mid-way")
    func turningPolygon() throws {
        let linear = #""o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}"#
        let polygon =
            #"{"ty":"sr","sy":2,"d":1,"pt":{"a":0,"k":6},"p":{"a":0,"k":[50,50]},"or":{"a":0,"k":40},"os":{"a":0,"k":0},"#
            + #""r":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":20,"s":[60]}]}}"#
        let layer =
            #"{"ty":4,"ind":1,"ip":0,"op":21,"st":0,"ks":{},"shapes":[\#(polygon),{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let scene = try LottieStageSupport(layer)
        func height(_ frame: Double) throws -> Int {
            let ink = try #require(LottieTextLayoutTests.ink(try scene.drawn(at: frame)))
            return ink.3 - ink.1 + 1
        }
        // At the keyframes a vertex points up: 80 tall. Half way Core Animation moves each vertex
        // straight towards where it goes, so the hexagon, turned 30°, is cos 30° smaller: its
        // flat sides 2 × 40 × cos² 30° = 60 apart (69 if it turned as a rigid shape).
        #expect(abs(try height(0) - 80) <= 2)
        let midway = try height(10)
        #expect(abs(midway - 60) <= 2, "\(midway)")
    }
}
