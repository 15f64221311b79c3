import Foundation

/// A Lottie animation as the file describes it, typed (the Lottie Animation Community's
/// specification, as lottie-ios models it): read once by `LottieDecoder`, then built into
/// Core Animation layers by `LayerBuilder`. Every JSON key is read in the decoder.
struct LottieComposition: Sendable {
    var name: String?
    var width: Double
    var height: Double
    var framerate: Double
    var startFrame: Double
    var endFrame: Double
    var layers: [LottieLayer]
    /// Precompositions and images, by id.
    var assets: [String: LottieAsset]
    /// The fonts text layers name (`fonts.list`).
    var fonts: [LottieFont]
    /// Named frames and ranges (`markers`).
    var markers: [LottieMarker]
}

/// A precomposition's layers or an image, shared by the layers that refer to it.
enum LottieAsset: Sendable {
    case precomposition(layers: [LottieLayer])
    case image(LottieImageAsset)
}

/// An image a layer shows: a file (`u` + `p`) or data embedded in `p` (`data:…;base64,`).
struct LottieImageAsset: Sendable {
    var width: Double
    var height: Double
    var folder: String
    var name: String
}

/// A font the file names: `fName` (the name text documents use, a PostScript name),
/// `fFamily`, `fStyle`, and where a web font would be (`fPath`).
struct LottieFont: Sendable {
    var name: String
    var family: String?
    var style: String?
    var path: String?
}

/// A marker: a name at a frame, lasting some frames (`tm`, `dr`, `cm`).
struct LottieMarker: Sendable, Equatable {
    var name: String
    var frame: Double
    var duration: Double
}

/// How a layer is matted by the layer above it (`tt`).
enum MatteMode: Int, Sendable {
    case alpha = 1, invertedAlpha = 2, luma = 3, invertedLuma = 4
}

/// A layer's blend mode (`bm`), as Core Animation's `compositingFilter` names them.
enum BlendMode: Int, Sendable, CaseIterable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference,
        exclusion, hue, saturation, color, luminosity

    /// The `compositingFilter` lottie-ios sets for it (nil: normal).
    var compositingFilter: String? {
        switch self {
        case .normal: return nil
        case .multiply: return "multiplyBlendMode"
        case .screen: return "screenBlendMode"
        case .overlay: return "overlayBlendMode"
        case .darken: return "darkenBlendMode"
        case .lighten: return "lightenBlendMode"
        case .colorDodge: return "colorDodgeBlendMode"
        case .colorBurn: return "colorBurnBlendMode"
        case .hardLight: return "hardLightBlendMode"
        case .softLight: return "softLightBlendMode"
        case .difference: return "differenceBlendMode"
        case .exclusion: return "exclusionBlendMode"
        case .hue: return "hueBlendMode"
        case .saturation: return "saturationBlendMode"
        case .color: return "colorBlendMode"
        case .luminosity: return "luminosityBlendMode"
        }
    }
}

/// One layer of a composition.
struct LottieLayer: Sendable {
    enum Kind: Sendable {
        /// `ty` 0: another composition's layers (`refId`), in a frame of its own size.
        case precomposition(PrecompositionLayer)
        /// `ty` 1: a rectangle of one colour.
        case solid(SolidLayer)
        /// `ty` 2: an image asset (`refId`).
        case image(referenceID: String?)
        /// `ty` 3: nothing but a transform (a parent for others).
        case null
        /// `ty` 4: shapes.
        case shape([ShapeItem])
        /// `ty` 5: text.
        case text(TextLayer)
        /// Any other type.
        case unsupported(type: Int?)
    }

    var path: String
    var name: String
    var kind: Kind
    /// `ind`: how other layers name it as their parent.
    var index: Int?
    var parent: Int?
    var inPoint: Double?
    var outPoint: Double?
    /// `st`: when its own clock starts; `sr`: how much slower it runs.
    var startTime: Double
    var stretch: Double
    var transform: LottieTransform?
    /// `hd`: not shown at all.
    var hidden: Bool
    /// `td`: the matte of the layer below it rather than a layer drawn.
    var isMatteSource: Bool
    /// `tt`: as the number the file gives (modes 1…4 are `MatteMode`).
    var matte: Int?
    /// `bm`: as the number the file gives (0…15 are `BlendMode`).
    var blendMode: Int?
    var masks: [LottieMask]
    var dropShadow: DropShadow?
}

/// A precomposition layer's settings.
struct PrecompositionLayer: Sendable {
    var referenceID: String?
    /// Its frame (`w`, `h`); the composition's size when the file gives none.
    var width: Double?
    var height: Double?
    /// `tm`: the precomposition's time in seconds at each frame of this layer's clock.
    var timeRemapping: Animated<Vector>?
}

/// A solid layer's settings.
struct SolidLayer: Sendable {
    var width: Double
    var height: Double
    /// `sc`: `#rrggbb`.
    var color: String?
}

/// A layer's or a shape group's transform (`ks`, `tr`).
struct LottieTransform: Sendable {
    var path: String
    var anchor: Animated<Vector>?
    /// Position as one point; nil when it is split (`x`, `y`).
    var position: Animated<Vector>?
    var positionX: Animated<Vector>?
    var positionY: Animated<Vector>?
    var scale: Animated<Vector>?
    /// `r`, or `rz` for a 3D layer.
    var rotation: Animated<Vector>?
    var rotationX: Animated<Vector>?
    var rotationY: Animated<Vector>?
    var opacity: Animated<Vector>?
    var skew: Animated<Vector>?
    var skewAxis: Animated<Vector>?
    /// A repeater's copies' start and end opacity (`so`, `eo`).
    var startOpacity: Animated<Vector>?
    var endOpacity: Animated<Vector>?

    /// Whether the position is given as separate x and y.
    var isPositionSplit: Bool { position == nil && (positionX != nil || positionY != nil) }

    /// Whether it skews at some frame.
    var hasSkew: Bool { skew?.isEverNonzero ?? false }

    /// Whether it turns the layer about x or y (`rx`, `ry`) at some keyframe.
    var turnsInThreeD: Bool { (rotationX?.isEverNonzero ?? false) || (rotationY?.isEverNonzero ?? false) }

    /// Whether its x scale is negative at some keyframe (a mirror image).
    var hasNegativeXScale: Bool { scale?.values.contains { ($0.first ?? 0) < 0 } ?? false }
}

/// A mask (`masksProperties`).
struct LottieMask: Sendable {
    enum Mode: String, Sendable {
        case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"
    }

    var path: String
    /// As the file gives it (nil: add).
    var mode: String?
    var inverted: Bool
    var shape: Animated<BezierShape>?
}

/// A drop shadow: the effect (`ef`, type 25) or the layer style (`sy`, type 1).
struct DropShadow: Sendable {
    enum Source: Sendable {
        /// Opacity 0…255, direction 0° up and clockwise, softness 5× the blur radius.
        case effect
        /// Opacity 0…100, the light's angle, size 2× the blur radius.
        case layerStyle
    }

    var source: Source
    var color: Animated<Vector>?
    var opacity: Animated<Vector>?
    var direction: Animated<Vector>?
    var distance: Animated<Vector>?
    var radius: Animated<Vector>?
}

/// A text layer (`t`).
struct TextLayer: Sendable {
    var path: String
    /// The text's documents over time (`d.k`), the first is drawn (nil: one without text).
    var documents: [TextDocument?]
    /// How many text animators it has (`a`): none is drawn.
    var animatorCount: Int
}

/// One text document (`s`): the text and how it is set.
struct TextDocument: Sendable {
    var text: String
    /// `f`: the font's name, as the fonts list names it.
    var font: String?
    var size: Double?
    var lineHeight: Double?
    /// `j`: 0 left, 1 right, 2 centre.
    var justification: Int?
    /// `tr`: tracking in thousandths of an em.
    var tracking: Double?
    var fillColor: Vector?
    var strokeColor: Vector?
    var strokeWidth: Double?
    /// `of`: the stroke drawn over the fill.
    var strokeOverFill: Bool?
    /// `sz`, `ps`: a paragraph box's size and position.
    var boxSize: Vector?
    var boxPosition: Vector?
}
