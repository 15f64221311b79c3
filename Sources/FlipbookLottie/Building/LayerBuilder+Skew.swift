import FlipbookCore
import FlipbookUIKit
import Foundation

/// A shape group's transform with a skew (`sk`, along `sa`), as lottie-ios's Core Animation
/// engine makes it: Core Animation has no skew, so position, rotation, skew, scale and anchor
/// become one `transform` matrix, sampled at each frame when any of them moves. (lottie-ios
/// skews shape groups only; a layer's skew is reported.) A transform whose x scale is negative
/// takes the same route (without skew for a layer), as lottie-ios's does.
extension LayerBuilder {
    /// The most frames a skewed transform is sampled at.
    static let maximumSkewSamples = 600

    /// One layer whose `transform` is the whole transform, skewed when `skews` (and whose
    /// opacity is the group's when asked).
    func skewedTransform(_ ks: LottieTransform, opacity: Bool, keypath owner: [String], skews: Bool = true) -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        let keypath = owner + ["Transform"]
        let split = ks.isPositionSplit
        let parts: [Animated<Vector>?] = [
            property(ks.anchor, keypath + ["Anchor Point"]),
            split ? ks.positionX : property(ks.position, keypath + ["Position"]),
            split ? ks.positionY : nil,
            property(ks.scale, keypath + ["Scale"]),
            property(ks.rotation, keypath + ["Rotation"]),
            skews ? property(ks.skew, keypath + ["Skew"]) : nil,
            skews ? property(ks.skewAxis, keypath + ["Skew Axis"]) : nil
        ]
        func numbers(_ index: Int, _ frame: Double) -> [Double] { parts[index]?.numbers(at: frame) ?? [] }
        func matrix(_ frame: Double) -> CATransform3D {
            let a = numbers(0, frame), s = numbers(3, frame)
            let p = split ? [numbers(1, frame).first ?? 0, numbers(2, frame).first ?? 0] : numbers(1, frame)
            let rotation = (numbers(4, frame).first ?? 0) * .pi / 180
            var t = CATransform3DMakeTranslation(p.first ?? 0, p.count > 1 ? p[1] : 0, 0)
            t = CATransform3DRotate(t, rotation, 0, 0, 1)
            t = CATransform3DConcat(Self.skew(-(numbers(5, frame).first ?? 0), axis: numbers(6, frame).first ?? 0), t)
            t = CATransform3DScale(t, (s.first ?? 100) / 100, (s.count > 1 ? s[1] : s.first ?? 100) / 100, 1)
            return CATransform3DTranslate(t, -(a.first ?? 0), -(a.count > 1 ? a[1] : 0), 0)
        }
        let animated = parts.compactMap { part -> [LottieKeyframe<Vector>]? in
            if case .keyframes(let keyframes)? = part?.storage { return keyframes }
            return nil
        }
        let frames = animated.flatMap { $0.map(\.frame) }
        if remapping != nil {
            layer.transform = matrix(remapping?(animation.startFrame) ?? 0)
            if let sampled = remappedAnimation("transform", { NSValue(caTransform3D: matrix($0)) }) {
                layer.add(sampled, forKey: "transform")
            }
        } else if let keyframes = animated.first, keyframes.count > 1,
            animated.allSatisfy({ $0.map(\.frame) == keyframes.map(\.frame) && $0.map(\.hold) == keyframes.map(\.hold) }),
            !Self.scaleChangesSign(parts[3])
        {
            // The moving parts share their keyframes: matrices at those keyframes, eased as the
            // first, and Core Animation interpolates the matrices between them (lottie-ios's
            // `Keyframes.combined`, which iOS then interpolates by decomposing them). A lone hold
            // among them is a one-value discrete animation iOS does not draw: the layer's own
            // transform, the identity, shows (issue_2066's face through its held position).
            let matrices = keyframes.map { k in
                LottieKeyframe(frame: k.frame, value: matrix(k.frame), out: k.out, into: k.into, hold: k.hold)
            }
            layer.transform = matrix(keyframes[0].frame)
            if let combined = animator.animation(
                "transform", matrices, convert: { NSValue(caTransform3D: $0) }, holdStepShown: holdStepShown(matrices),
                unheld: NSValue(caTransform3D: CATransform3DIdentity),
                firstHoldCovered: startsWithComposition(keyframes[0].frame))
            {
                layer.add(combined, forKey: "transform")
            }
        } else if let first = frames.min(), let last = frames.max(), last > first {
            let count = Int(min(Double(Self.maximumSkewSamples - 1), (last - first).rounded(.up))) + 1
            let times = (0..<count).map { first + (last - first) * Double($0) / Double(count - 1) }
            layer.transform = matrix(first)
            let sampled = CAKeyframeAnimation(keyPath: "transform")
            sampled.values = times.map { NSValue(caTransform3D: matrix($0)) }
            sampled.keyTimes = (0..<count).map { NSNumber(value: Double($0) / Double(count - 1)) }
            animator.place(sampled, from: first, to: last)
            layer.add(sampled, forKey: "transform")
        } else {
            layer.transform = matrix(frames.first ?? 0)
        }
        if opacity { applyOpacity(ks, to: layer, keypath: owner) }
        return layer
    }

    /// Whether a scale's x or y changes sign from one keyframe to the next: Core Animation's
    /// decomposition reads a mirrored matrix as every axis negated and turned half round, so the
    /// matrices between would shrink the picture on both axes (timing-model 9.6); sampled each
    /// frame instead, the mirrored axis alone passes through zero, as iOS shows it.
    static func scaleChangesSign(_ scale: Animated<Vector>?) -> Bool {
        guard case .keyframes(let keyframes)? = scale?.storage else { return false }
        func signs(_ v: Vector) -> [Bool] { [(v.first ?? 100) < 0, (v.count > 1 ? v[1] : v.first ?? 100) < 0] }
        return zip(keyframes, keyframes.dropFirst()).contains { signs($0.value) != signs($1.value) }
    }

    /// A skew of `degrees` along the axis at `axis` degrees: rotate the axis onto x, shear,
    /// rotate back (lottie-ios's `CATransform3D.makeSkew`).
    static func skew(_ degrees: Double, axis: Double) -> CATransform3D {
        let c = cos(axis * .pi / 180), s = sin(axis * .pi / 180), shear = tan(degrees * .pi / 180)
        func planar(_ m11: Double, _ m12: Double, _ m21: Double, _ m22: Double) -> CATransform3D {
            CATransform3D(
                m11: m11, m12: m12, m13: 0, m14: 0, m21: m21, m22: m22, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0,
                m43: 0, m44: 1)
        }
        let toAxis = planar(c, s, -s, c), sheared = planar(1, 0, shear, 1), back = planar(c, -s, s, c)
        return CATransform3DConcat(back, CATransform3DConcat(sheared, toAxis))
    }
}
