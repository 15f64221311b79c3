import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookLottie
@testable import FlipbookUIKit

/// `getValue(for:atFrame:)` (docs/lottie.md, "Value providers"): a property found by a lottie-ios
/// keypath, read at any frame of the animation as it is drawn: the file's keyframes eased, on
/// the clock of the composition that holds it, or a value provider's values.
@Suite("Lottie getValue")
struct LottieGetValueTests {
    /// Linear keyframes from `from` at frame `start` to `to` at frame `end`.
    static func linear(_ from: String, _ to: String, _ start: Double = 0, _ end: Double = 20) -> String {
        #"{"a":1,"k":[{"t":\#(start),"s":\#(from),"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":\#(end),"s":\#(to)}]}"#
    }

    /// A shape layer "Box" moving (0, 0) → (100, 50) over frames 0…20, filled with a colour
    /// that turns from black to white, beside a red solid "Backdrop".
    static let box = try! LottieMappingTests.animation(
        #"[{"ty":4,"nm":"Box","ind":1,"ip":0,"op":20,"st":0,"ks":{"p":\#(linear("[0,0]", "[100,50]")),"o":{"a":0,"k":80}},"#
            + #""shapes":[{"ty":"gr","nm":"Square","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","nm":"Fill 1","c":\#(linear("[0,0,0,1]", "[1,1,1,1]")),"o":{"a":0,"k":100},"r":1},"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]},"#
            + ##"{"ty":1,"nm":"Backdrop","ind":2,"ip":0,"op":20,"st":0,"ks":{},"sc":"#ff0000","sw":100,"sh":100}]"##)

    static func point(_ value: Any?) -> CGPoint? { value as? CGPoint }

    @Test("a position at a frame between keyframes, as they ease; a still opacity in percent")
    func betweenKeyframes() throws {
        let layer = try LottieAnimationLayer(animation: Self.box)
        let p = try #require(Self.point(layer.getValue(for: AnimationKeypath(keypath: "Box.Transform.Position"), atFrame: 5)))
        #expect(abs(p.x - 25) < 1e-9 && abs(p.y - 12.5) < 1e-9, "\(p)")
        #expect(layer.getValue(for: AnimationKeypath(keypath: "Box.Transform.Opacity"), atFrame: 5) as? CGFloat == 80)
    }

    /// `animation` on a stage, paused at frame 10.
    static func shownAtFrame10(_ animation: LottieAnimation) throws -> (LottieAnimationLayer, Stage) {
        let layer = try LottieAnimationLayer(animation: animation)
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        layer.currentFrame = 10
        stage.advance(to: 0)
        return (layer, stage)
    }

    @Test("nil for the frame reads the frame shown; ** finds the first match in allHierarchyKeypaths() order")
    func frameShown() throws {
        let (layer, _) = try Self.shownAtFrame10(Self.box)
        let p = try #require(Self.point(layer.getValue(for: AnimationKeypath(keypath: "Box.Transform.Position"), atFrame: nil)))
        #expect(abs(p.x - 50) < 1e-9 && abs(p.y - 25) < 1e-9, "\(p)")
        let pattern = AnimationKeypath(keypath: "**.Position")
        let first = try #require(layer.allHierarchyKeypaths().first { pattern.matches($0.components(separatedBy: ".")) })
        let any = try #require(Self.point(layer.getValue(for: pattern, atFrame: 10)))
        #expect(any == Self.point(layer.getValue(for: AnimationKeypath(keypath: first), atFrame: 10)), "\(first)")
    }

    @Test("a position with spatial tangents follows their curve, where the layer drawn is")
    func spatialTangents() throws {
        let p = #"{"a":1,"k":[{"t":0,"s":[0,0],"to":[0,50],"ti":[0,50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[100,0]}]}"#
        let animation = try LottieMappingTests.animation(#"[{"ty":3,"nm":"Dot","ind":1,"ip":0,"op":20,"st":0,"ks":{"p":\#(p)}}]"#)
        let (layer, stage) = try Self.shownAtFrame10(animation)
        let value = try #require(Self.point(layer.getValue(for: AnimationKeypath(keypath: "Dot.Transform.Position"), atFrame: nil)))
        // Half way along the cubic (0,0) (0,50) (100,50) (100,0): (50, 37.5), not the chord's (50, 0).
        #expect(abs(value.x - 50) < 1e-9 && abs(value.y - 37.5) < 1e-9, "\(value)")
        var moving: CALayer?
        func find(_ l: CALayer) {
            if l.animation(forKey: "position") != nil { moving = l }
            for s in l.sublayers ?? [] { find(s) }
        }
        find(layer)
        let shown = try #require(moving).presentationState(at: stage.currentTime).position
        #expect(abs(shown.x - value.x) < 1e-6 && abs(shown.y - value.y) < 1e-6, "drawn at \(shown)")
    }

    @Test("colours as LottieColor: a keyframed fill, a solid's colour, and a value provider's")
    func colors() throws {
        let layer = try LottieAnimationLayer(animation: Self.box)
        let fill = try #require(layer.getValue(for: AnimationKeypath(keypath: "**.Fill 1.Color"), atFrame: 5) as? LottieColor)
        #expect(abs(fill.r - 0.25) < 1e-9 && abs(fill.g - 0.25) < 1e-9 && fill.a == 1, "\(fill)")
        #expect(layer.getValue(for: AnimationKeypath(keypath: "Backdrop.Color"), atFrame: 0) as? LottieColor == .red)
        layer.setValueProvider(ColorValueProvider(.green), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        #expect(layer.getValue(for: AnimationKeypath(keypath: "**.Fill 1.Color"), atFrame: 5) as? LottieColor == .green)
    }

    @Test("no property under the keypath, or no animation: nil")
    func missing() throws {
        let layer = try LottieAnimationLayer(animation: Self.box)
        #expect(layer.getValue(for: AnimationKeypath(keypath: "**.Stroke 1.Color"), atFrame: 0) == nil)
        #expect(layer.getValue(for: AnimationKeypath(keypath: "Box.Position"), atFrame: 0) == nil, "the transform's name is left out")
        #expect(LottieAnimationLayer().getValue(for: AnimationKeypath(keypath: "**"), atFrame: 0) == nil)
    }

    /// A precomposition layer "Comp" (start `st`, stretch `sr`, or a time remapping) showing a
    /// null "Inner" that moves x 0 → 100 over its own frames 0…20.
    static func precomposition(_ timing: String) throws -> LottieAnimation {
        let inner = #"{"ty":3,"nm":"Inner","ind":1,"ip":0,"op":40,"st":0,"ks":{"p":\#(linear("[0,0]", "[100,0]"))}}"#
        let comp = #"{"ty":0,"nm":"Comp","ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":40,\#(timing),"ks":{}}"#
        return try LottieMappingTests.animation("[\(comp)]", assets: #"[{"id":"c","layers":[\#(inner)]}]"#)
    }

    @Test(
        "a property inside a precomposition is read on its clock: st shifts it, sr stretches it, tm remaps it",
        arguments: [
            // st 5, sr 2: the root frame 25 is the inner frame (25 − 5) / 2 = 10.
            (#""st":5,"sr":2"#, 25.0, 50.0),
            // tm 2 s → 0 s over frames 0…20 (10 fps): root frame 5 shows 1.5 s, the inner frame 15.
            (#""st":0,"tm":{"a":1,"k":[{"t":0,"s":[2],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[0]}]}"#, 5.0, 75.0)
        ])
    func precompositionClock(_ timing: String, _ frame: Double, _ x: Double) throws {
        let layer = try LottieAnimationLayer(animation: try Self.precomposition(timing))
        let p = try #require(Self.point(layer.getValue(for: AnimationKeypath(keypath: "Comp.Inner.Transform.Position"), atFrame: frame)))
        #expect(abs(p.x - x) < 1e-9, "\(p)")
    }
}
