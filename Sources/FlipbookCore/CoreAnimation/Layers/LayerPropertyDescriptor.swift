import Foundation

/// Everything the engine knows about one animatable layer property, in one place: where
/// `LayerState` keeps it, its kind, its default, how it interpolates and what drawing it
/// changes. `LayerPropertyDescriptor.all` is the list; `LayerState`'s subscript, `LayerProperty`'s
/// `kind` and layer class, and the tests that walk every property (round trip, animatable, in
/// the schema, documented) all read it. A new property is a stored value in `LayerState`, its
/// case in `LayerProperty`, its entry here and its `CALayer` accessor.
public struct LayerPropertyDescriptor: Sendable {
    /// How values between two keyframes are found (timing-model.md 9).
    public enum Interpolation: String, Sendable {
        /// Each number, component or colour channel linearly.
        case componentwise
        /// Decomposed into scale, rotation and translation (timing-model.md 9.2).
        case decomposedTransform
        /// Point by point when both paths have the same elements; else discrete (9.3).
        case pathPoints
        /// The from value until halfway, then the to value (9.4).
        case discrete
    }

    /// What a change of the property changes in a frame.
    public enum Effect: String, Sendable {
        /// Where the layer or its sublayers land: the map from its bounds to the canvas that the
        /// painter applies and the damage tracker's extents follow (`LayerExtents.map`).
        case placement
        /// What is drawn where the layer already is: its own pixels, shadow, copies and order.
        case appearance
        /// When its copies show, not how (`instanceDelay` shifts each copy's clock).
        case timing
    }

    public let property: LayerProperty
    /// The kind of value it holds.
    public let kind: ValueKind
    /// The layer class that draws it (which painter reads it).
    public let layerClass: LayerClass
    public let interpolation: Interpolation
    public let effect: Effect
    private let access: Access

    /// The key path Core Animation names it by (`opacity`, `shadowOffset`).
    public var keyPath: String { property.rawValue }

    /// The classes whose painters read layer properties.
    public enum LayerClass: String, Sendable {
        case base, shape, text, gradient, replicator
    }

    /// The value in `state`.
    public func value(in state: LayerState) -> AnimatableValue {
        switch access {
        case .number(let k): return .number(k.get(state))
        case .bool(let k): return .bool(k.get(state))
        case .point(let k): return .point(k.get(state))
        case .size(let k): return .size(k.get(state))
        case .rect(let k): return .rect(k.get(state))
        case .transform(let k): return .transform(k.get(state))
        case .color(let k): return k.get(state).map(AnimatableValue.color) ?? .none
        case .path(let k): return k.get(state).map(AnimatableValue.path) ?? .none
        case .image(let k): return k.get(state).map(AnimatableValue.image) ?? .none
        case .colors(let k): return k.get(state).map { .array($0.map(AnimatableValue.color)) } ?? .none
        case .numbers(let k): return k.get(state).map { .array($0.map(AnimatableValue.number)) } ?? .none
        }
    }

    /// Stores `value` in `state`; a value of another kind is ignored, as Core Animation ignores
    /// it when drawing (an animation's values are checked where they are made). `.none` clears
    /// an optional value.
    public func set(_ value: AnimatableValue, in state: inout LayerState) {
        switch (access, value) {
        case (.number(let k), _): if let v = value.number { k.set(&state, v) }
        case (.bool(let k), _): if let v = value.number { k.set(&state, v != 0) }
        case (.point(let k), .point(let v)): k.set(&state, v)
        case (.size(let k), .size(let v)): k.set(&state, v)
        case (.rect(let k), .rect(let v)): k.set(&state, v)
        case (.transform(let k), .transform(let v)): k.set(&state, v)
        case (.color(let k), .color(let c)): k.set(&state, c)
        case (.path(let k), .path(let elements)): k.set(&state, elements)
        case (.image(let k), .image(let image)): k.set(&state, image)
        case (.colors(let k), .array(let items)): k.set(&state, items.map(\.rgbaOrClear))
        case (.numbers(let k), .array(let items)): k.set(&state, items.compactMap(\.number))
        case (.color(let k), .none): k.set(&state, nil)
        case (.path(let k), .none): k.set(&state, nil)
        case (.image(let k), .none): k.set(&state, nil)
        case (.colors(let k), .none): k.set(&state, nil)
        case (.numbers(let k), .none): k.set(&state, nil)
        default: break
        }
    }

    /// The value a new layer has (`CALayer.defaultValue(forKey:)`).
    public var defaultValue: AnimatableValue { value(in: LayerState()) }

    /// Reads and writes one stored value of `LayerState`. Closures, not key paths: applying a
    /// key path made evaluating animations a third slower (docs/benchmarks.md).
    struct Field<Value>: Sendable {
        let get: @Sendable (LayerState) -> Value
        let set: @Sendable (inout LayerState, Value) -> Void

        init(_ get: @escaping @Sendable (LayerState) -> Value, _ set: @escaping @Sendable (inout LayerState, Value) -> Void) {
            self.get = get
            self.set = set
        }
    }

    /// The stored value's type and how to reach it.
    enum Access: Sendable {
        case number(Field<Double>)
        case bool(Field<Bool>)
        case point(Field<CGPoint>)
        case size(Field<CGSize>)
        case rect(Field<CGRect>)
        case transform(Field<CATransform3D>)
        case color(Field<RGBA?>)
        case path(Field<[PathElement]?>)
        case image(Field<LayerImage?>)
        case colors(Field<[RGBA]?>)
        case numbers(Field<[Double]?>)
    }

    init(_ property: LayerProperty, _ kind: ValueKind, _ layerClass: LayerClass, _ effect: Effect, _ access: Access) {
        self.property = property
        self.kind = kind
        self.layerClass = layerClass
        self.effect = effect
        self.interpolation = {
            switch kind {
            case .transform: return .decomposedTransform
            case .path: return .pathPoints
            case .bool, .image: return .discrete
            default: return .componentwise
            }
        }()
        self.access = access
    }
}

// Typed entries, for the list below: each names its stored value once to read it and once to write it.
extension LayerPropertyDescriptor {
    static func number(
        _ p: LayerProperty, _ key: Field<Double>,
        _ layerClass: LayerClass = .base, _ effect: Effect = .appearance
    ) -> Self {
        Self(p, .number, layerClass, effect, .number(key))
    }

    static func bool(_ p: LayerProperty, _ key: Field<Bool>, _ effect: Effect = .appearance) -> Self {
        Self(p, .bool, .base, effect, .bool(key))
    }

    static func point(
        _ p: LayerProperty, _ key: Field<CGPoint>,
        _ layerClass: LayerClass = .base, _ effect: Effect = .appearance
    ) -> Self {
        Self(p, .point, layerClass, effect, .point(key))
    }

    static func size(_ p: LayerProperty, _ key: Field<CGSize>) -> Self {
        Self(p, .size, .base, .appearance, .size(key))
    }

    static func rect(_ p: LayerProperty, _ key: Field<CGRect>, _ effect: Effect) -> Self {
        Self(p, .rect, .base, effect, .rect(key))
    }

    static func transform(
        _ p: LayerProperty, _ key: Field<CATransform3D>,
        _ layerClass: LayerClass = .base, _ effect: Effect = .placement
    ) -> Self {
        Self(p, .transform, layerClass, effect, .transform(key))
    }

    /// A colour that may be nil (`.none` sets nil).
    static func color(_ p: LayerProperty, _ key: Field<RGBA?>, _ layerClass: LayerClass = .base) -> Self {
        Self(p, .color, layerClass, .appearance, .color(key))
    }

    /// A path that may be nil (`.none` sets nil).
    static func path(_ p: LayerProperty, _ key: Field<[PathElement]?>, _ layerClass: LayerClass) -> Self {
        Self(p, .path, layerClass, .appearance, .path(key))
    }
}

extension LayerPropertyDescriptor {
    /// Every animatable layer property, in `LayerProperty.allCases`' order.
    public static let all: [LayerPropertyDescriptor] = [
        // CALayer
        .point(.position, Field({ $0.position }, { $0.position = $1 }), .base, .placement),
        .rect(.bounds, Field({ $0.bounds }, { $0.bounds = $1 }), .placement),
        .point(.anchorPoint, Field({ $0.anchorPoint }, { $0.anchorPoint = $1 }), .base, .placement),
        .number(.zPosition, Field({ $0.zPosition }, { $0.zPosition = $1 })),
        .number(.anchorPointZ, Field({ $0.anchorPointZ }, { $0.anchorPointZ = $1 })),
        .number(.opacity, Field({ $0.opacity }, { $0.opacity = $1 })),
        .number(.cornerRadius, Field({ $0.cornerRadius }, { $0.cornerRadius = $1 })),
        .number(.borderWidth, Field({ $0.borderWidth }, { $0.borderWidth = $1 })),
        .color(.backgroundColor, Field({ $0.backgroundColor }, { $0.backgroundColor = $1 })),
        .color(.borderColor, Field({ $0.borderColor }, { $0.borderColor = $1 })),
        .color(.shadowColor, Field({ $0.shadowColor }, { $0.shadowColor = $1 })),
        .number(.shadowOpacity, Field({ $0.shadowOpacity }, { $0.shadowOpacity = $1 })),
        .number(.shadowRadius, Field({ $0.shadowRadius }, { $0.shadowRadius = $1 })),
        .size(.shadowOffset, Field({ $0.shadowOffset }, { $0.shadowOffset = $1 })),
        .path(.shadowPath, Field({ $0.shadowPath }, { $0.shadowPath = $1 }), .base),
        .transform(.transform, Field({ $0.transform }, { $0.transform = $1 })),
        .transform(.sublayerTransform, Field({ $0.sublayerTransform }, { $0.sublayerTransform = $1 })),
        LayerPropertyDescriptor(.contents, .image, .base, .appearance, .image(Field({ $0.contents }, { $0.contents = $1 }))),
        .rect(.contentsRect, Field({ $0.contentsRect }, { $0.contentsRect = $1 }), .appearance),
        .rect(.contentsCenter, Field({ $0.contentsCenter }, { $0.contentsCenter = $1 }), .appearance),
        .bool(.hidden, Field({ $0.hidden }, { $0.hidden = $1 })),
        .bool(.masksToBounds, Field({ $0.masksToBounds }, { $0.masksToBounds = $1 })),
        .bool(.doubleSided, Field({ $0.doubleSided }, { $0.doubleSided = $1 })),
        // CAShapeLayer
        .path(.path, Field({ $0.path }, { $0.path = $1 }), .shape),
        .color(.fillColor, Field({ $0.fillColor }, { $0.fillColor = $1 }), .shape),
        .color(.strokeColor, Field({ $0.strokeColor }, { $0.strokeColor = $1 }), .shape),
        .number(.strokeStart, Field({ $0.strokeStart }, { $0.strokeStart = $1 }), .shape),
        .number(.strokeEnd, Field({ $0.strokeEnd }, { $0.strokeEnd = $1 }), .shape),
        .number(.lineWidth, Field({ $0.lineWidth }, { $0.lineWidth = $1 }), .shape),
        .number(.miterLimit, Field({ $0.miterLimit }, { $0.miterLimit = $1 }), .shape),
        .number(.lineDashPhase, Field({ $0.lineDashPhase }, { $0.lineDashPhase = $1 }), .shape),
        // CATextLayer
        .number(.fontSize, Field({ $0.fontSize }, { $0.fontSize = $1 }), .text),
        .color(.foregroundColor, Field({ $0.foregroundColor }, { $0.foregroundColor = $1 }), .text),
        // CAGradientLayer
        LayerPropertyDescriptor(.colors, .colorArray, .gradient, .appearance, .colors(Field({ $0.colors }, { $0.colors = $1 }))),
        LayerPropertyDescriptor(.locations, .numberArray, .gradient, .appearance, .numbers(Field({ $0.locations }, { $0.locations = $1 }))),
        .point(.startPoint, Field({ $0.startPoint }, { $0.startPoint = $1 }), .gradient),
        .point(.endPoint, Field({ $0.endPoint }, { $0.endPoint = $1 }), .gradient),
        // CAReplicatorLayer
        .number(.instanceCount, Field({ $0.instanceCount }, { $0.instanceCount = $1 }), .replicator),
        .number(.instanceDelay, Field({ $0.instanceDelay }, { $0.instanceDelay = $1 }), .replicator, .timing),
        .transform(.instanceTransform, Field({ $0.instanceTransform }, { $0.instanceTransform = $1 }), .replicator, .appearance),
        .color(.instanceColor, Field({ $0.instanceColor }, { $0.instanceColor = $1 }), .replicator),
        .number(.instanceRedOffset, Field({ $0.instanceRedOffset }, { $0.instanceRedOffset = $1 }), .replicator),
        .number(.instanceGreenOffset, Field({ $0.instanceGreenOffset }, { $0.instanceGreenOffset = $1 }), .replicator),
        .number(.instanceBlueOffset, Field({ $0.instanceBlueOffset }, { $0.instanceBlueOffset = $1 }), .replicator),
        .number(.instanceAlphaOffset, Field({ $0.instanceAlphaOffset }, { $0.instanceAlphaOffset = $1 }), .replicator)
    ]

}

extension LayerProperty {
    /// This property's descriptor: `all[ordinal]`, the subscript's lookup on every animated
    /// value (a dictionary keyed by the property cost evaluation half its time again).
    public var descriptor: LayerPropertyDescriptor { LayerPropertyDescriptor.all[ordinal] }

    /// The case's place in `allCases`: a payload-free enum is stored as its case's index in
    /// declaration order (LayerPropertyWalkTests checks it for every case).
    var ordinal: Int { Int(withUnsafeBytes(of: self) { $0[0] }) }
}
