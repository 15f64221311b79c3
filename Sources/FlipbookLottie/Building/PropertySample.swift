import Foundation

/// A customizable property's values as the animation shows them (the file's, or a value
/// provider's), readable at any frame of the root composition (`getValue(for:atFrame:)`).
struct PropertySample {
    /// Its keypath: the layer's names (precompositions first), its groups' and its own.
    let keypath: [String]
    let values: Animated<Vector>
    /// The frame of the property's own composition at a frame of the root composition.
    let localFrame: (Double) -> Double
    /// Inside a time-remapped precomposition, where positions are sampled straight (the
    /// builder follows spatial tangents only on layer timing).
    let isRemapped: Bool

    /// The numbers at the root composition's `frame`, in the file's units (points, degrees,
    /// percent, colours in 0…1); a position along the curve its spatial tangents make.
    func numbers(atRootFrame frame: Double) -> Vector {
        let local = localFrame(frame)
        let curved = values.keyframes.contains { k in ((k.spatialOut ?? []) + (k.spatialIn ?? [])).contains { $0 != 0 } }
        guard keypath.last == "Position", curved, !isRemapped else { return values.numbers(at: local) }
        return values.interpolated(at: local, segment: Self.alongTangents)
    }

    /// A point between keyframe `from` and `to` at eased progress `u` on the cubic from its value
    /// through its out tangent (`to`, relative to it) and the in tangent (`ti`, relative to the
    /// end), at the bezier's own parameter: the path the builder makes of a position with
    /// spatial tangents, every segment a cubic, as Core Animation follows it (timing-model.md 6.5).
    static func alongTangents(_ from: LottieKeyframe<Vector>, _ to: Vector, _ u: Double) -> Vector {
        if from.hold { return from.value }
        let out = from.spatialOut ?? [], into = from.spatialIn ?? []
        let v = 1 - u
        return from.value.indices.map { i in
            let p0 = from.value[i], p3 = i < to.count ? to[i] : p0
            let p1 = p0 + (i < out.count ? out[i] : 0), p2 = p3 + (i < into.count ? into[i] : 0)
            return v * v * v * p0 + 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u * p3
        }
    }

    /// The value as lottie-ios's `getValue` gives it: a colour as `LottieColor`, one number as
    /// `CGFloat`, a vector (position, anchor, scale, size) as `CGPoint` of its x and y.
    func value(atRootFrame frame: Double) -> Any? {
        let v = numbers(atRootFrame: frame)
        if keypath.last?.hasSuffix("Color") == true, v.count >= 3 {
            return LottieColor(r: v[0], g: v[1], b: v[2], a: v.count > 3 ? v[3] : 1)
        }
        switch v.count {
        case 0: return nil
        case 1: return CGFloat(v[0])
        default: return CGPoint(x: v[0], y: v[1])
        }
    }
}
