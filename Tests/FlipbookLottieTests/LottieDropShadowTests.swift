import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Drop shadows (docs/lottie.md) as lottie-ios's `DropShadowModel` makes them: the effect's
/// direction turned by −90°, the layer style's angle as it is, each with its distance as
/// (cos, sin) × distance.
@Suite("Lottie drop shadows")
struct LottieDropShadowTests {
    /// A 20-point square shape layer carrying `extra` (an `ef` or `sy` entry).
    static func square(_ extra: String) -> String {
        #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},\#(extra),"shapes":["#
            + #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}"#
    }

    /// The layer of the tree that casts a shadow.
    static func shadowed(_ extra: String) throws -> CALayer {
        let root = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(Self.square(extra))]"))
        var found: CALayer?
        func walk(_ layer: CALayer) {
            if found == nil, layer.shadowOpacity > 0 { found = layer }
            for sublayer in layer.sublayers ?? [] { walk(sublayer) }
        }
        walk(root)
        return try #require(found)
    }

    @Test("the layer style's angle is used as lottie-ios uses it: 120° falls down and to the left")
    func layerStyleAngle() throws {
        let style =
            #""sy":[{"ty":1,"c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":75},"a":{"a":0,"k":120},"d":{"a":0,"k":10},"s":{"a":0,"k":8}}]"#
        let layer = try Self.shadowed(style)
        #expect(
            abs(layer.shadowOffset.width - 10 * cos(2 * .pi / 3)) < 1e-9 && abs(layer.shadowOffset.height - 10 * sin(2 * .pi / 3)) < 1e-9)
        #expect(abs(layer.shadowOpacity - 0.75) < 1e-6 && abs(layer.shadowRadius - 4) < 1e-9, "opacity in percent, size halved")
    }

    @Test("the drop shadow effect's direction is turned by −90°: 180° falls straight down")
    func effectDirection() throws {
        func value(_ v: String) -> String { #"{"v":{"a":0,"k":\#(v)}}"# }
        let effect = #""ef":[{"ty":25,"ef":[\#(value("[0,0,0,1]")),\#(value("255")),\#(value("180")),\#(value("12")),\#(value("10"))]}]"#
        let layer = try Self.shadowed(effect)
        #expect(abs(layer.shadowOffset.width) < 1e-9 && abs(layer.shadowOffset.height - 12) < 1e-9, "\(layer.shadowOffset)")
        #expect(abs(layer.shadowOpacity - 1) < 1e-6 && abs(layer.shadowRadius - 2) < 1e-9, "opacity of 255, softness over 5")
    }

    @Test("named effect values are found by their names, as lottie-ios finds them; names it does not know give nothing")
    func effectValuesByName() throws {
        func value(_ name: String, _ v: String) -> String { #"{"nm":"\#(name)","v":{"a":0,"k":\#(v)}}"# }
        // Listed out of order: the names decide.
        let reordered = [
            value("Distance", "12"), value("Softness", "10"), value("Direction", "180"), value("Opacity", "255"),
            value("Shadow Color", "[1,0,0,1]")
        ].joined(separator: ",")
        let layer = try Self.shadowed(#""ef":[{"ty":25,"ef":[\#(reordered)]}]"#)
        #expect(abs(layer.shadowOffset.height - 12) < 1e-9 && abs(layer.shadowRadius - 2) < 1e-9 && abs(layer.shadowOpacity - 1) < 1e-6)
        #expect(layer.shadowColor?.components?.first == 1, "red")
        // An export in German: lottie-ios finds no opacity, so no shadow shows.
        let german = [
            value("Schattenfarbe", "[0,0,0,1]"), value("Deckkraft", "255"), value("Richtung", "180"), value("Entfernung", "12"),
            value("Weichheit", "10")
        ].joined(separator: ",")
        let root = try LottieAnimationLayer(
            animation: try LottieMappingTests.animation("[\(Self.square(#""ef":[{"ty":25,"ef":[\#(german)]}]"#))]"))
        func casts(_ layer: CALayer) -> Bool { layer.shadowOpacity > 0 || (layer.sublayers ?? []).contains(where: casts) }
        #expect(!casts(root))
    }

    @Test("a moving distance animates the offset")
    func animatedDistance() throws {
        let distance = #"{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[20]}]}"#
        let style = #""sy":[{"ty":1,"c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"a":{"a":0,"k":90},"d":\#(distance),"s":{"a":0,"k":0}}]"#
        let layer = try Self.shadowed(style)
        let animation = try #require(layer.animation(forKey: "shadowOffset") as? CAKeyframeAnimation)
        let last = try #require(animation.values?.last as? CGSize)
        #expect(abs(last.height - 20) < 1e-9 && abs(last.width) < 1e-9, "\(last)")
    }

    @Test("the shadow is set on the layer that carries the layer's opacity, as lottie-ios's contents layer has both")
    func shadowBesideOpacity() throws {
        // Core Animation composites a layer's shadow apart from the opacity group it fades
        // (timing-model.md 12.3): a fading layer over its own shadow shows the shadow through,
        // as iOS draws pr_2559's page-turn shadow. On a child of the fading layer, the shadow
        // would join the group and hide under the content.
        let style = #""sy":[{"ty":1,"c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"a":{"a":0,"k":90},"d":{"a":0,"k":0},"s":{"a":0,"k":0}}]"#
        let faded = Self.square(style).replacingOccurrences(of: #""ks":{}"#, with: #""ks":{"o":{"a":0,"k":40}}"#)
        let root = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(faded)]"))
        var shadowed: [CALayer] = [], faded40: [CALayer] = []
        func walk(_ layer: CALayer) {
            if layer.shadowOpacity > 0 { shadowed.append(layer) }
            if abs(layer.opacity - 0.4) < 1e-6 { faded40.append(layer) }
            for sublayer in layer.sublayers ?? [] { walk(sublayer) }
        }
        walk(root)
        #expect(shadowed.count == 1 && faded40.count == 1 && shadowed.first === faded40.first)
    }
}
