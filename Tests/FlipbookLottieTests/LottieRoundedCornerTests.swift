import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Rounded corners (`rd`, docs/lottie.md) as lottie-ios's Core Animation engine applies them
/// (`BezierPath.roundCorners`, `Rectangle.combinedKeyframes`).
@Suite("Lottie rounded corners")
struct LottieRoundedCornerTests {
    /// A shape layer with `items` in one group, filled black.
    static func layer(_ items: String) -> String {
        #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[\#(items),"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]}}]}]}"#
    }

    /// A closed square path from (20, 20) to (80, 80).
    static let square =
        #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[20,20],[80,20],[80,80],[20,80]],"c":true}}}"#

    static func roundedCorners(_ radius: Double) -> String { #"{"ty":"rd","r":{"a":0,"k":\#(radius)}}"# }

    static func draw(_ items: String) throws -> (PixelBuffer, LottieAnimationLayer) {
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(Self.layer(items))]"))
        return (try LottieMappingTests.draw(layer), layer)
    }

    static func alpha(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Int { LottieCompositingTests.pixel(p, x, y)[3] }

    @Test("each sharp vertex splits in two, the radius along both edges, joined by a 0.5519 curve")
    func splitsSharpVertices() {
        let square = BezierShape(vertices: [0, 0, 0, 0, 0, 0, 60, 0, 0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0, 60, 0, 0, 0, 0], closed: true)
        let rounded = ShapeBuilder.roundedCorners(square, radius: 10)
        #expect(rounded.closed && rounded.vertexCount == 8, "\(rounded)")
        // lottie-ios starts at the second vertex (its closing copy of the first ends the list).
        let v = rounded.vertices
        func near(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 } }
        #expect(near(Array(v[0..<6]), [50, 0, 0, 0, 10 * 0.5519, 0]), "10 before (60, 0), its out tangent towards the corner")
        #expect(near(Array(v[6..<12]), [60, 10, 0, -10 * 0.5519, 0, 0]), "10 after it, its in tangent towards the corner")
        // At most half of each edge.
        let half = ShapeBuilder.roundedCorners(square, radius: 100).vertices
        #expect(Array(half[0..<2]) == [30, 0])
    }

    @Test("an open path keeps its ends sharp; vertices with tangents stay as they are")
    func openEndsAndCurvesStay() {
        let open = BezierShape(vertices: [0, 0, 0, 0, 0, 0, 60, 0, 0, 0, 0, 0, 60, 60, 0, 0, 0, 0], closed: false)
        let rounded = ShapeBuilder.roundedCorners(open, radius: 10)
        #expect(!rounded.closed && rounded.vertexCount == 4, "the middle vertex alone is split: \(rounded)")
        #expect(Array(rounded.vertices[0..<2]) == [0, 0] && Array(rounded.vertices[18..<20]) == [60, 60])
        let curved = BezierShape(vertices: [0, 0, 0, 0, 0, 0, 60, 0, -5, 0, 5, 0, 60, 60, 0, 0, 0, 0], closed: false)
        #expect(ShapeBuilder.roundedCorners(curved, radius: 10) == curved, "no sharp vertex but the ends: unchanged")
    }

    @Test("a square path with rd drawn: its corners cut, its middle and edges filled")
    func drawnSquare() throws {
        let (sharp, _) = try Self.draw(Self.square)
        let (rounded, layer) = try Self.draw(Self.square + "," + Self.roundedCorners(20))
        #expect(Self.alpha(sharp, 21, 21) == 255, "the sharp square fills its corner")
        #expect(Self.alpha(rounded, 21, 21) == 0, "the rounded one leaves it clear")
        #expect(Self.alpha(rounded, 50, 21) == 255 && Self.alpha(rounded, 21, 50) == 255 && Self.alpha(rounded, 50, 50) == 255)
        #expect(!layer.warnings.contains { $0.contains("rounded") }, "\(layer.warnings)")
    }

    @Test("rd replaces a rectangle's own roundness")
    func rectangleRoundness() throws {
        let rectangle = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,60]},"r":{"a":0,"k":0}}"#
        let (sharp, _) = try Self.draw(rectangle)
        let (rounded, _) = try Self.draw(rectangle + "," + Self.roundedCorners(20))
        #expect(Self.alpha(sharp, 21, 21) == 255)
        #expect(Self.alpha(rounded, 21, 21) == 0 && Self.alpha(rounded, 50, 21) == 255)
    }

    @Test("an ellipse is left as it is; a star's corners are reported, not rounded")
    func ellipseAndStar() throws {
        let ellipse = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,60]}}"#
        #expect(try Self.draw(ellipse).0.rgba == Self.draw(ellipse + "," + Self.roundedCorners(20)).0.rgba)
        let star = #"{"ty":"sr","sy":2,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":4},"or":{"a":0,"k":40},"r":{"a":0,"k":0}}"#
        let (_, layer) = try Self.draw(star + "," + Self.roundedCorners(20))
        #expect(layer.warnings.contains { $0.contains("rounded corners of a star") }, "\(layer.warnings)")
    }

    @Test("an animated radius rounds the path at each frame")
    func animatedRadius() throws {
        let radius = #"{"ty":"rd","r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[30]}]}}"#
        let scene = try LottieStageSupport(Self.layer(Self.square + "," + radius))
        let start = try scene.drawn(at: 0), end = try scene.drawn(at: 10)
        #expect(Self.alpha(start, 22, 22) == 255, "radius 0 at first")
        #expect(Self.alpha(end, 22, 22) == 0, "radius 30 at frame 10")
    }
}
