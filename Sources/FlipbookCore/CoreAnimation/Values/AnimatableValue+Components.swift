import Foundation

extension AnimatableValue {
    /// Reads a struct field or a transform component (timing-model.md 4.1).
    func component(_ c: KeyPathComponent) -> AnimatableValue {
        switch (self, c) {
        case (.point(let p), .x): return .number(p.x)
        case (.point(let p), .y): return .number(p.y)
        case (.size(let s), .width): return .number(s.width)
        case (.size(let s), .height): return .number(s.height)
        case (.rect(let r), .origin): return .point(r.origin)
        case (.rect(let r), .originX): return .number(r.origin.x)
        case (.rect(let r), .originY): return .number(r.origin.y)
        case (.rect(let r), .size): return .size(r.size)
        case (.rect(let r), .sizeWidth): return .number(r.size.width)
        case (.rect(let r), .sizeHeight): return .number(r.size.height)
        case (.transform(let t), _):
            let d = TransformComponents(t)
            switch c {
            case .rotationX: return .number(d.rotation.x)
            case .rotationY: return .number(d.rotation.y)
            case .rotationZ, .rotation: return .number(d.rotation.z)
            case .scaleX: return .number(d.scale.x)
            case .scaleY: return .number(d.scale.y)
            case .scaleZ: return .number(d.scale.z)
            case .scale: return .number((d.scale.x + d.scale.y + d.scale.z) / 3)
            case .translationX: return .number(d.translation.x)
            case .translationY: return .number(d.translation.y)
            case .translationZ: return .number(d.translation.z)
            case .translation: return .size(CGSize(width: d.translation.x, height: d.translation.y))
            default: return .none
            }
        default: return .none
        }
    }

    /// Replaces a struct field or a transform component, leaving the rest as it was.
    func setting(_ c: KeyPathComponent, to v: AnimatableValue) -> AnimatableValue {
        switch (self, c) {
        case (.point(var p), .x):
            if let n = v.number { p.x = n }
            return .point(p)
        case (.point(var p), .y):
            if let n = v.number { p.y = n }
            return .point(p)
        case (.size(var s), .width):
            if let n = v.number { s.width = n }
            return .size(s)
        case (.size(var s), .height):
            if let n = v.number { s.height = n }
            return .size(s)
        case (.rect(var r), .origin):
            if case .point(let p) = v { r.origin = p }
            return .rect(r)
        case (.rect(var r), .originX):
            if let n = v.number { r.origin.x = n }
            return .rect(r)
        case (.rect(var r), .originY):
            if let n = v.number { r.origin.y = n }
            return .rect(r)
        case (.rect(var r), .size):
            if case .size(let s) = v { r.size = s }
            return .rect(r)
        case (.rect(var r), .sizeWidth):
            if let n = v.number { r.size.width = n }
            return .rect(r)
        case (.rect(var r), .sizeHeight):
            if let n = v.number { r.size.height = n }
            return .rect(r)
        case (.transform(let t), _):
            var d = TransformComponents(t)
            if let n = v.number {
                switch c {
                case .rotationX: d.rotation.x = n
                case .rotationY: d.rotation.y = n
                case .rotationZ, .rotation: d.rotation.z = n
                case .scaleX: d.scale.x = n
                case .scaleY: d.scale.y = n
                case .scaleZ: d.scale.z = n
                case .scale: d.scale = SIMD3(n, n, n)
                case .translationX: d.translation.x = n
                case .translationY: d.translation.y = n
                case .translationZ: d.translation.z = n
                default: break
                }
            } else if c == .translation, case .size(let s) = v {
                d.translation.x = s.width
                d.translation.y = s.height
            } else if c == .translation, case .point(let p) = v {
                // A CGPoint reads as the CGSize of the same two numbers, as Core Animation
                // reads the NSValue's bytes (lottie-ios animates positions this way).
                d.translation.x = p.x
                d.translation.y = p.y
            } else {
                return self
            }
            return .transform(d.matrix)
        default: return self
        }
    }
}

/// A transform as translation, Euler rotation (x, then y, then z), scale and what remains
/// (skew, perspective), for `transform.*` sub-key paths [proj: timing-model.md 4.1].
struct TransformComponents {
    var translation = SIMD3<Double>(0, 0, 0)
    var rotation = SIMD3<Double>(0, 0, 0)
    var scale = SIMD3<Double>(1, 1, 1)
    var skew = (xy: 0.0, xz: 0.0, yz: 0.0)
    var perspective = (0.0, 0.0, 0.0, 1.0)
    /// Set by the planar fast path.
    private var skew2D: Double?

    /// Whether the matrix only acts in the x-y plane (no perspective, z untouched).
    private static func isPlanar(_ t: CATransform3D) -> Bool {
        t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
            && t.m34 == 0 && t.m44 == 1 && t.m33 > 0
    }

    init(_ t: CATransform3D) {
        if Self.isPlanar(t) {
            // The common 2-D case, decomposed directly: the same result as the general path
            // (no x/y rotation, no z skew) without a 4×4 inverse.
            var sx = hypot(t.m11, t.m12)
            if sx > 0 {
                let r0 = (t.m11 / sx, t.m12 / sx)
                var skew = r0.0 * t.m21 + r0.1 * t.m22
                var r1 = (t.m21 - skew * r0.0, t.m22 - skew * r0.1)
                var sy = hypot(r1.0, r1.1)
                if sy > 0 {
                    r1 = (r1.0 / sy, r1.1 / sy)
                    skew /= sy
                    var angle = atan2(r0.1, r0.0)
                    if r0.0 * r1.1 - r0.1 * r1.0 < 0 {
                        // Reflection: negate the scales as the general path does.
                        sx = -sx
                        sy = -sy
                        angle = atan2(-r0.1, -r0.0)
                    }
                    translation = SIMD3(t.m41, t.m42, t.m43)
                    scale = SIMD3(sx, sy, t.m33)
                    skew2D = skew
                    self.skew = (skew, 0, 0)
                    rotation = SIMD3(0, 0, angle)
                    return
                }
            }
        }
        if let d = DecomposedTransform(t) {
            translation = SIMD3(d.translate.0, d.translate.1, d.translate.2)
            scale = SIMD3(d.scale.0, d.scale.1, d.scale.2)
            skew = d.skew
            perspective = d.perspective
            rotation = SIMD3(d.rotationX, d.rotationY, d.rotationZ)
        } else {
            // Singular (e.g. a zero z-scale): read the 2-D part directly so scale and
            // rotation about z still mean what they say.
            translation = SIMD3(t.m41, t.m42, t.m43)
            let sx = hypot(t.m11, t.m12), sy = hypot(t.m21, t.m22)
            scale = SIMD3(sx, sy, t.m33)
            rotation = SIMD3(0, 0, sx > 0 ? atan2(t.m12, t.m11) : 0)
        }
    }

    var matrix: CATransform3D {
        if skew2D != nil, rotation.x == 0, rotation.y == 0, perspective == (0, 0, 0, 1), skew.xz == 0, skew.yz == 0 {
            // Scale · Skew · Rz · Translate, written out for the plane.
            let c = cos(rotation.z), s = sin(rotation.z)
            let k = skew.xy
            var m = CATransform3D()
            m.m11 = scale.x * c
            m.m12 = scale.x * s
            m.m21 = scale.y * (k * c - s)
            m.m22 = scale.y * (k * s + c)
            m.m33 = scale.z
            m.m41 = translation.x
            m.m42 = translation.y
            m.m43 = translation.z
            return m
        }
        var d = DecomposedTransform()
        d.translate = (translation.x, translation.y, translation.z)
        d.scale = (scale.x, scale.y, scale.z)
        d.skew = skew
        d.perspective = perspective
        // Quaternion of R = Rx · Ry · Rz in row-vector order (x applied first).
        func q(_ axis: SIMD3<Double>, _ a: Double) -> SIMD4<Double> {
            let s = sin(a / 2)
            return SIMD4(axis.x * s, axis.y * s, axis.z * s, cos(a / 2))
        }
        func mul(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
            // Hamilton product a ⊗ b (apply b first, then a, for column vectors).
            SIMD4(
                a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
        }
        let qx = q(SIMD3(1, 0, 0), rotation.x), qy = q(SIMD3(0, 1, 0), rotation.y), qz = q(SIMD3(0, 0, 1), rotation.z)
        let r = mul(qz, mul(qy, qx))
        d.quaternion = (r.x, r.y, r.z, r.w)
        return d.recomposed()
    }
}
