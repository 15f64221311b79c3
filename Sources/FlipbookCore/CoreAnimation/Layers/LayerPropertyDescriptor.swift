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
    private let read: @Sendable (LayerState) -> AnimatableValue
    private let write: @Sendable (inout LayerState, AnimatableValue) -> Void

    /// The classes whose painters read layer properties.
    public enum LayerClass: String, Sendable {
        case base, shape, text, gradient, replicator
    }

    /// The value in `state`.
    public func value(in state: LayerState) -> AnimatableValue { read(state) }

    /// Stores `value` in `state`; a value of another kind is ignored, as Core Animation ignores
    /// it when drawing (an animation's values are checked where they are made).
    public func set(_ value: AnimatableValue, in state: inout LayerState) { write(&state, value) }

    /// The value a new layer has (`CALayer.defaultValue(forKey:)`).
    public var defaultValue: AnimatableValue { read(LayerState()) }

    init(_ property: LayerProperty, _ kind: ValueKind, _ layerClass: LayerClass, _ effect: Effect,
         interpolation: Interpolation? = nil,
         read: @escaping @Sendable (LayerState) -> AnimatableValue,
         write: @escaping @Sendable (inout LayerState, AnimatableValue) -> Void) {
        self.property = property
        self.kind = kind
        self.layerClass = layerClass
        self.effect = effect
        self.interpolation = interpolation ?? {
            switch kind {
            case .transform: return .decomposedTransform
            case .path: return .pathPoints
            case .bool, .image: return .discrete
            default: return .componentwise
            }
        }()
        self.read = read
        self.write = write
    }
}

// Typed entries: each reads and writes its stored value through its key path.
extension LayerPropertyDescriptor {
    typealias StateKey<Value> = any WritableKeyPath<LayerState, Value> & Sendable

    static func number(_ p: LayerProperty, _ key: StateKey<Double>,
                       _ layerClass: LayerClass = .base, _ effect: Effect = .appearance) -> Self {
        Self(p, .number, layerClass, effect, read: { .number($0[keyPath: key]) },
             write: { state, value in if let v = value.number { state[keyPath: key] = v } })
    }

    static func bool(_ p: LayerProperty, _ key: StateKey<Bool>, _ effect: Effect = .appearance) -> Self {
        Self(p, .bool, .base, effect, read: { .bool($0[keyPath: key]) },
             write: { state, value in if let v = value.number { state[keyPath: key] = v != 0 } })
    }

    static func point(_ p: LayerProperty, _ key: StateKey<CGPoint>,
                      _ layerClass: LayerClass = .base, _ effect: Effect = .appearance) -> Self {
        Self(p, .point, layerClass, effect, read: { .point($0[keyPath: key]) },
             write: { state, value in if case .point(let v) = value { state[keyPath: key] = v } })
    }

    static func size(_ p: LayerProperty, _ key: StateKey<CGSize>) -> Self {
        Self(p, .size, .base, .appearance, read: { .size($0[keyPath: key]) },
             write: { state, value in if case .size(let v) = value { state[keyPath: key] = v } })
    }

    static func rect(_ p: LayerProperty, _ key: StateKey<CGRect>, _ effect: Effect) -> Self {
        Self(p, .rect, .base, effect, read: { .rect($0[keyPath: key]) },
             write: { state, value in if case .rect(let v) = value { state[keyPath: key] = v } })
    }

    static func transform(_ p: LayerProperty, _ key: StateKey<CATransform3D>,
                          _ layerClass: LayerClass = .base, _ effect: Effect = .placement) -> Self {
        Self(p, .transform, layerClass, effect, read: { .transform($0[keyPath: key]) },
             write: { state, value in if case .transform(let v) = value { state[keyPath: key] = v } })
    }

    /// A colour that may be nil (`.none` sets nil).
    static func color(_ p: LayerProperty, _ key: StateKey<RGBA?>,
                      _ layerClass: LayerClass = .base) -> Self {
        Self(p, .color, layerClass, .appearance, read: { $0[keyPath: key].map(AnimatableValue.color) ?? .none },
             write: { state, value in
                 switch value {
                 case .color(let c): state[keyPath: key] = c
                 case .none: state[keyPath: key] = nil
                 default: break
                 }
             })
    }

    /// A path that may be nil (`.none` sets nil).
    static func path(_ p: LayerProperty, _ key: StateKey<[PathElement]?>,
                     _ layerClass: LayerClass) -> Self {
        Self(p, .path, layerClass, .appearance, read: { $0[keyPath: key].map(AnimatableValue.path) ?? .none },
             write: { state, value in
                 switch value {
                 case .path(let elements): state[keyPath: key] = elements
                 case .none: state[keyPath: key] = nil
                 default: break
                 }
             })
    }
}

extension LayerPropertyDescriptor {
    /// Every animatable layer property, in `LayerProperty.allCases`' order.
    public static let all: [LayerPropertyDescriptor] = [
        // CALayer
        .point(.position, \.position, .base, .placement),
        .rect(.bounds, \.bounds, .placement),
        .point(.anchorPoint, \.anchorPoint, .base, .placement),
        .number(.zPosition, \.zPosition),
        .number(.anchorPointZ, \.anchorPointZ),
        .number(.opacity, \.opacity),
        .number(.cornerRadius, \.cornerRadius),
        .number(.borderWidth, \.borderWidth),
        .color(.backgroundColor, \.backgroundColor),
        .color(.borderColor, \.borderColor),
        .color(.shadowColor, \.shadowColor),
        .number(.shadowOpacity, \.shadowOpacity),
        .number(.shadowRadius, \.shadowRadius),
        .size(.shadowOffset, \.shadowOffset),
        .path(.shadowPath, \.shadowPath, .base),
        .transform(.transform, \.transform),
        .transform(.sublayerTransform, \.sublayerTransform),
        LayerPropertyDescriptor(.contents, .image, .base, .appearance,
                                read: { $0.contents.map(AnimatableValue.image) ?? .none },
                                write: { state, value in
                                    switch value {
                                    case .image(let image): state.contents = image
                                    case .none: state.contents = nil
                                    default: break
                                    }
                                }),
        .rect(.contentsRect, \.contentsRect, .appearance),
        .bool(.hidden, \.hidden),
        .bool(.masksToBounds, \.masksToBounds),
        .bool(.doubleSided, \.doubleSided),
        // CAShapeLayer
        .path(.path, \.path, .shape),
        .color(.fillColor, \.fillColor, .shape),
        .color(.strokeColor, \.strokeColor, .shape),
        .number(.strokeStart, \.strokeStart, .shape),
        .number(.strokeEnd, \.strokeEnd, .shape),
        .number(.lineWidth, \.lineWidth, .shape),
        .number(.miterLimit, \.miterLimit, .shape),
        .number(.lineDashPhase, \.lineDashPhase, .shape),
        // CATextLayer
        .number(.fontSize, \.fontSize, .text),
        .color(.foregroundColor, \.foregroundColor, .text),
        // CAGradientLayer
        LayerPropertyDescriptor(.colors, .colorArray, .gradient, .appearance,
                                read: { $0.colors.map { .array($0.map(AnimatableValue.color)) } ?? .none },
                                write: { state, value in
                                    switch value {
                                    case .array(let items): state.colors = items.map(\.rgbaOrClear)
                                    case .none: state.colors = nil
                                    default: break
                                    }
                                }),
        LayerPropertyDescriptor(.locations, .numberArray, .gradient, .appearance,
                                read: { $0.locations.map { .array($0.map(AnimatableValue.number)) } ?? .none },
                                write: { state, value in
                                    switch value {
                                    case .array(let items): state.locations = items.compactMap(\.number)
                                    case .none: state.locations = nil
                                    default: break
                                    }
                                }),
        .point(.startPoint, \.startPoint, .gradient),
        .point(.endPoint, \.endPoint, .gradient),
        // CAReplicatorLayer
        .number(.instanceCount, \.instanceCount, .replicator),
        .number(.instanceDelay, \.instanceDelay, .replicator, .timing),
        .transform(.instanceTransform, \.instanceTransform, .replicator, .appearance),
        .color(.instanceColor, \.instanceColor, .replicator),
        .number(.instanceRedOffset, \.instanceRedOffset, .replicator),
        .number(.instanceGreenOffset, \.instanceGreenOffset, .replicator),
        .number(.instanceBlueOffset, \.instanceBlueOffset, .replicator),
        .number(.instanceAlphaOffset, \.instanceAlphaOffset, .replicator),
    ]

    /// The descriptors by property, for the subscript's lookup.
    static let byProperty: [LayerProperty: LayerPropertyDescriptor] =
        Dictionary(uniqueKeysWithValues: all.map { ($0.property, $0) })
}

extension LayerProperty {
    /// This property's descriptor.
    public var descriptor: LayerPropertyDescriptor { LayerPropertyDescriptor.byProperty[self]! }
}
