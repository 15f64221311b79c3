import Foundation

/// One item of a shape layer or group (`ty`), with its name and place in the file.
struct ShapeItem: Sendable {
    indirect enum Kind: Sendable {
        /// `gr`: items of their own, transformed by their last `tr`.
        case group([ShapeItem])
        /// `sh`: a bezier path.
        case path(Animated<BezierShape>?)
        /// `rc`, `el`, `sr`: paths made from their properties.
        case rectangle(Rectangle)
        case ellipse(Ellipse)
        case star(Star)
        /// `fl`, `st`: paint the paths before them.
        case fill(Fill)
        case stroke(Stroke)
        /// `gf`, `gs`.
        case gradientFill(Gradient)
        case gradientStroke(Gradient)
        /// `tm`: trims the paths' strokes.
        case trim(Trim)
        /// `tr`: the group's transform.
        case transform(LottieTransform)
        /// `rp`: copies what is above it in its group.
        case repeater(Repeater)
        /// Modifiers Core Animation cannot apply as lottie-ios's engine does not: `mm` merge
        /// paths, `rd` rounded corners, `op` offset path, `zz` zig-zag, `pb` pucker/bloat, `tw` twist.
        case merge
        case roundedCorners(radius: Animated<Vector>?)
        case offsetPath
        case zigZag
        case puckerBloat
        case twist
        case unsupported(String)
    }

    var path: String
    var name: String
    /// `hd`: left out.
    var hidden: Bool
    var kind: Kind

    /// The `ty` code it was read from (render groups and messages tell items apart by it).
    var typeCode: String {
        switch kind {
        case .group: return "gr"
        case .path: return "sh"
        case .rectangle: return "rc"
        case .ellipse: return "el"
        case .star: return "sr"
        case .fill: return "fl"
        case .stroke: return "st"
        case .gradientFill: return "gf"
        case .gradientStroke: return "gs"
        case .trim: return "tm"
        case .transform: return "tr"
        case .repeater: return "rp"
        case .merge: return "mm"
        case .roundedCorners: return "rd"
        case .offsetPath: return "op"
        case .zigZag: return "zz"
        case .puckerBloat: return "pb"
        case .twist: return "tw"
        case .unsupported(let code): return code
        }
    }

    /// The paint's opacity (fills, strokes, gradients), which render groups compare.
    var opacity: Animated<Vector>? {
        switch kind {
        case .fill(let f): return f.opacity
        case .stroke(let s): return s.opacity
        case .gradientFill(let g), .gradientStroke(let g): return g.opacity
        default: return nil
        }
    }
}

/// `d` 3: drawn the other way round.
struct Rectangle: Sendable {
    var position: Animated<Vector>?
    var size: Animated<Vector>?
    var roundness: Animated<Vector>?
    var reversed: Bool
}

struct Ellipse: Sendable {
    var position: Animated<Vector>?
    var size: Animated<Vector>?
    var reversed: Bool
}

struct Star: Sendable {
    var position: Animated<Vector>?
    var outerRadius: Animated<Vector>?
    var innerRadius: Animated<Vector>?
    var outerRoundness: Animated<Vector>?
    var innerRoundness: Animated<Vector>?
    var rotation: Animated<Vector>?
    var points: Animated<Vector>?
    /// `sy` 2: a polygon (no inner radius).
    var isPolygon: Bool
    var reversed: Bool

    /// Every property, for whether and when the star moves.
    var properties: [Animated<Vector>?] { [position, outerRadius, innerRadius, outerRoundness, innerRoundness, rotation, points] }
}

struct Fill: Sendable {
    var color: Animated<Vector>?
    var opacity: Animated<Vector>?
    /// `r` 2: even-odd.
    var evenOdd: Bool
}

/// Line settings of strokes, solid or gradient.
struct LineStyle: Sendable {
    var width: Animated<Vector>?
    /// `lc` 1 butt, 2 round, 3 square; `lj` 1 miter, 2 round, 3 bevel.
    var cap: Int?
    var join: Int?
    var miterLimit: Double?
    var dashes: [Dash]
}

/// A dash pattern entry (`d`): a dash or gap length, or the offset (`n` "o").
struct Dash: Sendable {
    var path: String
    var isOffset: Bool
    var value: Animated<Vector>?
}

struct Stroke: Sendable {
    var color: Animated<Vector>?
    var opacity: Animated<Vector>?
    var line: LineStyle
}

/// A gradient fill or stroke: `t` 1 linear, 2 radial; colours `g` (`p` stops).
struct Gradient: Sendable {
    var opacity: Animated<Vector>?
    var start: Animated<Vector>?
    var end: Animated<Vector>?
    var isRadial: Bool
    var colorCount: Int?
    var colors: Animated<Vector>?
    /// `h`, `a`: a radial gradient's highlight length and angle.
    var highlightLength: Animated<Vector>?
    var highlightAngle: Animated<Vector>?
    var evenOdd: Bool
    /// For a gradient stroke.
    var line: LineStyle
}

struct Trim: Sendable {
    var path: String
    var start: Animated<Vector>?
    var end: Animated<Vector>?
    var offset: Animated<Vector>?
    /// `m` 1 simultaneously, 2 individually.
    var mode: Int?

    /// Whether it trims nothing: a start of 0 and an end of 100 that never move, whatever its
    /// offset (lottie-ios's `Trim.isEmpty`).
    var isEmpty: Bool {
        func still(_ p: Animated<Vector>?, at value: Double) -> Bool {
            guard let p else { return true }
            return p.keyframes.count <= 1 && (p.initial.first ?? value) == value
        }
        return still(start, at: 0) && still(end, at: 100)
    }
}

struct Repeater: Sendable {
    var copies: Animated<Vector>?
    var offset: Animated<Vector>?
    var transform: LottieTransform?
}
