import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// Each layer property descriptor's `effect` says whether it moves what is drawn: exactly the
/// `.placement` properties change the map `LayerExtents` (and so the painter) puts a layer or its
/// sublayers through (LayerPropertyDescriptor.Effect).
@Suite("Layer property effects")
struct LayerPropertyEffectTests {
    static func changed(_ kind: ValueKind, from value: AnimatableValue) -> AnimatableValue {
        switch kind {
        case .number: return .number((value.number ?? 0) + 2)
        case .bool: return .bool(!(value.number.map { $0 != 0 } ?? false))
        case .point: return .point(CGPoint(x: 0.25, y: 7))
        case .size: return .size(CGSize(width: 3, height: 4))
        case .rect: return .rect(CGRect(x: 1, y: 2, width: 30, height: 40))
        case .color: return .color(RGBA(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        case .transform: return .transform(CATransform3DMakeTranslation(5, 6, 0))
        case .path: return .path([.moveTo(.zero), .lineTo(CGPoint(x: 10, y: 0)), .closeSubpath])
        case .image: return .image(LayerImage(width: 1, height: 1, rgba: [255, 0, 0, 255]))
        case .colorArray: return .array([.color(RGBA(red: 1, green: 0, blue: 0, alpha: 1))])
        case .numberArray: return .array([.number(0.5)])
        }
    }

    @Test("placement properties, and only they, move the layer's or its sublayers' map", arguments: LayerPropertyDescriptor.all)
    func placement(_ d: LayerPropertyDescriptor) {
        var before = LayerState()
        before.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        before.position = CGPoint(x: 20, y: 20)
        var after = before
        after[d.property] = Self.changed(d.kind, from: before[d.property])
        #expect(after[d.property] != before[d.property])
        let child = LayerState()
        func own(_ s: LayerState) -> AffineMap { LayerExtents.map(of: s, parent: nil, parentMap: .identity) }
        func sublayer(under s: LayerState) -> AffineMap { LayerExtents.map(of: child, parent: ParentTransform.of(s), parentMap: .identity) }
        let moves = own(before) != own(after) || sublayer(under: before) != sublayer(under: after)
        #expect(moves == (d.effect == .placement), "\(d.property) is \(d.effect)")
    }
}
