import FlipbookRender
import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookLottie
@testable import FlipbookUIKit

/// lottie-ios's value providers (docs/lottie.md, "Value providers"): an `AnimationKeypath` finds
/// properties by layer, group and item names, and the provider's values replace the file's.
@Suite("Lottie value providers")
struct ValueProviderTests {
    @Test(
        "a keypath matches names one for one, * any one name and ** any number of them",
        arguments: [
            ("Layer.Shape Group.Stroke 1.Color", true), ("**.Color", true), ("**.Stroke 1.Color", true),
            ("**.Shape Group.Stroke 1.Color", true), ("Layer.**.Color", true), ("Layer.Shape Group.*.Color", true),
            ("Layer.*.*.Color", true), ("*.*.*.Color", true), ("**", true), ("**.**.**.Color", true),
            ("Layer.Color", false), ("*.Color", false), ("Layer.Shape Group.Stroke 1.Color.Extra", false),
            ("**.Fill 1.Color", false), ("Layer.*.Color", false), ("Shape Group.Stroke 1.Color", false)
        ])
    func matching(_ pattern: String, _ expected: Bool) {
        let property = ["Layer", "Shape Group", "Stroke 1", "Color"]
        #expect(AnimationKeypath(keypath: pattern).matches(property) == expected)
    }

    /// A 100×100 square at the centre, filled red, with a 4-point blue stroke, on a layer
    /// named "Box" (its group "Square").
    static let box = try! LottieMappingTests.animation(
        #"[{"ty":4,"nm":"Box","ind":1,"ip":0,"op":20,"st":0,"ks":{"o":{"a":0,"k":100}},"shapes":[{"ty":"gr","nm":"Square","it":["#
            + #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}},"#
            + #"{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]"#
    )

    static func draw(frame: Double = 0, _ providers: [(String, any AnyValueProvider)]) throws -> (PixelBuffer, LottieAnimationLayer) {
        let (stage, layer) = try LottieAnimationLayer.stage(
            showing: box, at: frame, size: CGSize(width: 100, height: 100), scale: 1,
            valueProviders: providers.map { (AnimationKeypath(keypath: $0.0), $0.1) })
        return (try FrameRasterizer.rasterize(stage.snapshot(), background: nil), layer)
    }

    static func pixel(_ p: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        p.rgba[(y * p.width + x) * 4..<(y * p.width + x) * 4 + 4].map(Int.init)
    }

    @Test("a colour provider replaces the fill it finds and nothing else")
    func color() throws {
        let (plain, layer) = try Self.draw([])
        #expect(Self.pixel(plain, 50, 50) == [255, 0, 0, 255] && Self.pixel(plain, 30, 50) == [0, 0, 255, 255])
        #expect(layer.allHierarchyKeypaths().contains("Box.Square.Fill 1.Color"), "\(layer.allHierarchyKeypaths())")
        let (green, _) = try Self.draw([("**.Fill 1.Color", ColorValueProvider(.green))])
        #expect(Self.pixel(green, 50, 50) == [0, 255, 0, 255], "the fill")
        #expect(Self.pixel(green, 30, 50) == [0, 0, 255, 255], "the stroke keeps its colour")
    }

    @Test("the last provider registered for a matching keypath wins, as in lottie-ios")
    func lastWins() throws {
        let (p, _) = try Self.draw([("**.Color", ColorValueProvider(.green)), ("Box.Square.Fill 1.Color", ColorValueProvider(.black))])
        #expect(Self.pixel(p, 50, 50) == [0, 0, 0, 255], "the fill: the later, exact provider")
        #expect(Self.pixel(p, 30, 50) == [0, 255, 0, 255], "the stroke: only ** matches it")
    }

    @Test("numbers in the file's units: opacity in percent, stroke width in points, scale in percent")
    func numbers() throws {
        let (faint, _) = try Self.draw([("Box.Transform.Opacity", FloatValueProvider(50))])
        #expect(abs(Self.pixel(faint, 50, 50)[3] - 128) <= 1, "half opacity: \(Self.pixel(faint, 50, 50))")
        let (wide, _) = try Self.draw([("**.Stroke Width", FloatValueProvider(12))])
        #expect(Self.pixel(wide, 25, 50) == [0, 0, 255, 255], "a 12-point stroke reaches 6 points outside the square")
        let (small, _) = try Self.draw([("Box.Transform.Scale", PointValueProvider(CGPoint(x: 50, y: 50)))])
        #expect(
            Self.pixel(small, 25, 25)[3] == 255 && Self.pixel(small, 50, 50)[3] == 0,
            "scaled by half about the origin: \((0..<10).map { Self.pixel(small, $0 * 10, $0 * 10)[3] })")
    }

    @Test("keyframed providers interpolate between their frames")
    func keyframes() throws {
        let provider = ColorValueProvider([Keyframe(value: LottieColor.black, time: 0), Keyframe(value: LottieColor.white, time: 10)])
        let (half, _) = try Self.draw(frame: 5, [("**.Fill 1.Color", provider)])
        let c = Self.pixel(half, 50, 50)
        #expect(abs(c[0] - 128) <= 2 && c[0] == c[1] && c[1] == c[2], "grey half way: \(c)")
    }

    @Test("a gradient provider gives the gradient its own colours, however many the file had")
    func gradient() throws {
        let json =
            #"[{"ty":4,"nm":"G","ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":["#
            + #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"gf","nm":"Gradient Fill 1","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"#
            + #""g":{"p":3,"k":{"a":0,"k":[0,1,0,0,0.5,1,0,0,1,1,0,0]}}}]}]"#
        let animation = try LottieMappingTests.animation(json)
        let provider = GradientValueProvider([.blue, .green], locations: [0, 1])
        let (stage, _) = try LottieAnimationLayer.stage(
            showing: animation, at: 0, size: CGSize(width: 100, height: 100), scale: 1,
            valueProviders: [(AnimationKeypath(keypath: "**.Colors"), provider)])
        let p = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let left = Self.pixel(p, 2, 50), right = Self.pixel(p, 97, 50)
        #expect(left[2] > 240 && left[1] < 15, "blue at the start: \(left)")
        #expect(right[1] > 240 && right[2] < 15, "green at the end: \(right)")
    }

    @Test(
        "a gradient provider's alpha shows in the colours and again in the file's alpha mask (lottie-ios)",
        arguments: [(false, 128), (true, 64)])
    func gradientProviderAlpha(fileHasAlphaStops: Bool, expectedAlpha: Int) throws {
        let stops = "0,1,0,0,1,1,0,0" + (fileHasAlphaStops ? ",0,1,1,0.5" : "")
        let json =
            #"[{"ty":4,"nm":"G","ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":["#
            + #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"gf","nm":"Gradient Fill 1","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[0,50]},"e":{"a":0,"k":[100,50]},"#
            + #""g":{"p":2,"k":{"a":0,"k":["# + stops + #"]}}}]}]"#
        let animation = try LottieMappingTests.animation(json)
        let halfWhite = LottieColor(r: 1, g: 1, b: 1, a: 0.5)
        let provider = GradientValueProvider([halfWhite, halfWhite])
        let (stage, _) = try LottieAnimationLayer.stage(
            showing: animation, at: 0, size: CGSize(width: 100, height: 100), scale: 1,
            valueProviders: [(AnimationKeypath(keypath: "**.Colors"), provider)])
        let p = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let alpha = Int(Self.pixel(p, 50, 50)[3])
        #expect(abs(alpha - expectedAlpha) <= 2, "alpha \(alpha)")
    }

    @Test("setValueProvider rebuilds a layer already shown, at the frame it shows")
    func setOnLayer() throws {
        let layer = try LottieAnimationLayer(animation: Self.box)
        layer.currentFrame = 7
        layer.setValueProvider(ColorValueProvider(.green), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        #expect(layer.currentFrame == 7)
        let p = try LottieMappingTests.draw(layer)
        #expect(Self.pixel(p, 50, 50) == [0, 255, 0, 255])
    }
}
