import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookCore
@testable import FlipbookScenario
@testable import FlipbookUIKit

/// Walks every layer property descriptor (LayerPropertyDescriptor.all): each one stores what it
/// reads, animates through `CABasicAnimation` on the layer class that draws it, is a key of that
/// layer type in the loader and the JSON Schema, and is documented (timing-model.md 4.1).
@Suite("Every layer property descriptor")
struct LayerPropertyWalkTests {
    /// A value of `kind` that differs from `current`.
    static func sample(_ kind: ValueKind, differingFrom current: AnimatableValue) -> AnimatableValue {
        switch kind {
        case .number: return .number((current.number ?? 0) + 2)
        case .bool: return .bool(!(current.number.map { $0 != 0 } ?? false))
        case .point: return .point(CGPoint(x: 7, y: 9))
        case .size: return .size(CGSize(width: 3, height: 4))
        case .rect: return .rect(CGRect(x: 1, y: 2, width: 30, height: 40))
        case .color: return .color(RGBA(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        case .transform: return .transform(CATransform3DMakeTranslation(5, 6, 0))
        case .path: return .path([.moveTo(.zero), .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 10)), .closeSubpath])
        case .image: return .image(LayerImage(width: 1, height: 1, rgba: [255, 0, 0, 255]))
        case .colorArray:
            return .array([.color(RGBA(red: 1, green: 0, blue: 0, alpha: 1)), .color(RGBA(red: 0, green: 0, blue: 1, alpha: 1))])
        case .numberArray: return .array([.number(0.25), .number(0.75)])
        }
    }

    static func layer(drawing layerClass: LayerPropertyDescriptor.LayerClass) -> CALayer {
        switch layerClass {
        case .base: return CALayer()
        case .shape: return CAShapeLayer()
        case .text: return CATextLayer()
        case .gradient: return CAGradientLayer()
        case .replicator: return CAReplicatorLayer()
        }
    }

    @Test("one descriptor per property, in LayerProperty's order")
    func oneEach() {
        #expect(LayerPropertyDescriptor.all.map(\.property) == LayerProperty.allCases)
        for (index, property) in LayerProperty.allCases.enumerated() {
            #expect(property.ordinal == index && property.descriptor.property == property, "\(property)")
        }
    }

    @Test("each stores the value it is given and reads it back; optional ones clear", arguments: LayerPropertyDescriptor.all)
    func roundTrip(_ d: LayerPropertyDescriptor) {
        var state = LayerState()
        #expect(state[d.property] == d.defaultValue)
        let value = Self.sample(d.kind, differingFrom: d.defaultValue)
        #expect(value != d.defaultValue)
        state[d.property] = value
        #expect(state[d.property] == value, "\(d.property)")
        // A value of another kind is ignored.
        state[d.property] = .string("not a \(d.kind)")
        #expect(state[d.property] == value, "\(d.property)")
        if [.color, .path, .image, .colorArray, .numberArray].contains(d.kind) {
            state[d.property] = .none
            #expect(state[d.property] == .none, "\(d.property)")
        }
    }

    @Test("each animates on the layer class that draws it", arguments: LayerPropertyDescriptor.all)
    func animates(_ d: LayerPropertyDescriptor) throws {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let layer = Self.layer(drawing: d.layerClass)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        let target = Self.sample(d.kind, differingFrom: d.defaultValue)
        let animation = CABasicAnimation(keyPath: d.property.rawValue)
        animation.toValue = target.bridged
        animation.duration = 1
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: "walk")
        stage.advance(to: 2)
        let shown = layer.presentationState(at: stage.currentTime)[d.property]
        #expect(shown == target, "\(d.property): \(shown)")
        #expect(layer.modelState[d.property] == d.defaultValue, "the model keeps its value")
    }

    @Test("each is a key of its layer type in the loader and the schema, and documented", arguments: LayerPropertyDescriptor.all)
    func declared(_ d: LayerPropertyDescriptor) throws {
        let types = LayerType.allCases.filter { $0.layerClasses.contains(d.layerClass) }
        #expect(!types.isEmpty)
        for type in types { #expect(ScenarioKeys.layer(type).contains(d.property.rawValue), "\(d.property) on \(type)") }
        #expect(SchemaTests.keys(["definitions", "layer"]).contains(d.property.rawValue), "\(d.property) in the schema")
        let format = try String(contentsOf: packageRoot.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        #expect(format.contains("`\(d.property.rawValue)`"), "\(d.property) in docs/scenario-format.md")
    }
}
