import Foundation

/// A `CATransform3D` split into the parts CSS Transforms Level 2 "unmatrix" yields, adapted to
/// Core Animation's row vectors (timing-model.md 9.6).
struct DecomposedTransform: Equatable {
    var perspective: (Double, Double, Double, Double) = (0, 0, 0, 1)
    var translate: (Double, Double, Double) = (0, 0, 0)
    var scale: (Double, Double, Double) = (1, 1, 1)
    var skew: (xy: Double, xz: Double, yz: Double) = (0, 0, 0)
    /// Quaternion (x, y, z, w), w >= 0.
    var quaternion: (Double, Double, Double, Double) = (0, 0, 0, 1)

    static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        a.perspective == b.perspective && a.translate == b.translate && a.scale == b.scale
            && a.skew == b.skew && a.quaternion == b.quaternion
    }

    /// Splits `t`, or answers nil when it cannot be decomposed (m44 = 0 or a singular 3×3 part).
    init?(_ t: CATransform3D) {
        var m = t.entries.map { Double($0) }
        guard m[15] != 0 else { return nil }
        let w = m[15]
        for i in 0..<16 { m[i] /= w }
        var p = m
        p[3] = 0
        p[7] = 0
        p[11] = 0
        p[15] = 1
        guard let pInv = Matrix4.inverse(p.map { CGFloat($0) })?.map({ Double($0) }) else { return nil }
        if m[3] != 0 || m[7] != 0 || m[11] != 0 {
            // row vector (m14, m24, m34, m44) · transpose(inverse(P))
            let rhs = [m[3], m[7], m[11], m[15]]
            var out = [0.0, 0, 0, 0]
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += rhs[k] * pInv[j * 4 + k] }
                out[j] = s
            }
            perspective = (out[0], out[1], out[2], out[3])
        }
        translate = (m[12], m[13], m[14])
        var r0 = SIMD3<Double>(m[0], m[1], m[2])
        var r1 = SIMD3<Double>(m[4], m[5], m[6])
        var r2 = SIMD3<Double>(m[8], m[9], m[10])
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
        var sx = length(r0)
        guard sx != 0 else { return nil }
        r0 /= sx
        var skewXY = dot(r0, r1)
        r1 -= skewXY * r0
        var sy = length(r1)
        guard sy != 0 else { return nil }
        r1 /= sy
        skewXY /= sy
        var skewXZ = dot(r0, r2)
        r2 -= skewXZ * r0
        var skewYZ = dot(r1, r2)
        r2 -= skewYZ * r1
        var sz = length(r2)
        guard sz != 0 else { return nil }
        r2 /= sz
        skewXZ /= sz
        skewYZ /= sz
        if dot(r0, cross(r1, r2)) < 0 {
            sx = -sx
            sy = -sy
            sz = -sz
            r0 = -r0
            r1 = -r1
            r2 = -r2
        }
        scale = (sx, sy, sz)
        skew = (skewXY, skewXZ, skewYZ)
        var qx = 0.5 * max(1 + r0.x - r1.y - r2.z, 0).squareRoot()
        var qy = 0.5 * max(1 - r0.x + r1.y - r2.z, 0).squareRoot()
        var qz = 0.5 * max(1 - r0.x - r1.y + r2.z, 0).squareRoot()
        let qw = 0.5 * max(1 + r0.x + r1.y + r2.z, 0).squareRoot()
        if r2.y > r1.z { qx = -qx }
        if r0.z > r2.x { qy = -qy }
        if r1.x > r0.y { qz = -qz }
        quaternion = (qx, qy, qz, qw)
    }

    init() {}

    /// How close to 0 a quaternion's w (and x, y) must be for a rotation to be a half-turn
    /// about z: sin π and cos π's rounding, not a turn anyone draws (1e-7 rad).
    static let halfTurnTolerance = 1e-7

    /// A half-turn about z has sin π in it, rounding noise whose sign picks +π or −π: iOS
    /// animates it as −π (from the identity it passes through −π/2; timing-model.md 9.6,
    /// reference/devices/SwiftPullToRefresh-demo01.gif). Reading the angle back is not changed.
    var halfTurnAsAnimated: DecomposedTransform {
        var copy = self
        let (x, y, z, w) = quaternion
        let t = Self.halfTurnTolerance
        if abs(w) < t, abs(x) < t, abs(y) < t { copy.quaternion = (x, y, -abs(z), w) }
        return copy
    }

    /// `Scale · Skew · R(q) · Translate · Perspective` in row-vector form.
    func recomposed() -> CATransform3D {
        let (x, y, z, w) = quaternion
        let rot: [Double] = [
            1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
            2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
            2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
            0, 0, 0, 1
        ]
        var skewM = CATransform3D()
        skewM.m21 = skew.xy
        skewM.m31 = skew.xz
        skewM.m32 = skew.yz
        var persp = CATransform3D()
        persp.m14 = perspective.0
        persp.m24 = perspective.1
        persp.m34 = perspective.2
        persp.m44 = perspective.3
        var m = CATransform3DMakeScale(scale.0, scale.1, scale.2)
        m = CATransform3DConcat(m, skewM)
        m = CATransform3DConcat(m, CATransform3D(entries: rot.map { CGFloat($0) }))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(translate.0, translate.1, translate.2))
        if perspective != (0, 0, 0, 1) { m = CATransform3DConcat(m, persp) }
        return m
    }

    /// The rotation about z in radians, read from the quaternion.
    var rotationZ: Double {
        let (x, y, z, w) = quaternion
        return atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))
    }
    var rotationX: Double {
        let (x, y, z, w) = quaternion
        return atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y))
    }
    var rotationY: Double {
        let (x, y, z, w) = quaternion
        return asin(max(-1, min(1, 2 * (w * y - z * x))))
    }
}

enum TransformInterpolation {
    /// Interpolates by decomposition with a quaternion slerp, falling back to entry-wise
    /// interpolation when either matrix is singular (timing-model.md 9.6).
    static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ p: Double) -> CATransform3D {
        if p == 0 { return a }
        if p == 1 { return b }
        guard let da = DecomposedTransform(a)?.halfTurnAsAnimated, let db = DecomposedTransform(b)?.halfTurnAsAnimated else {
            let ea = a.entries, eb = b.entries
            return CATransform3D(entries: (0..<16).map { ea[$0] + (eb[$0] - ea[$0]) * p })
        }
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        var r = DecomposedTransform()
        r.perspective = (
            lerp(da.perspective.0, db.perspective.0), lerp(da.perspective.1, db.perspective.1),
            lerp(da.perspective.2, db.perspective.2), lerp(da.perspective.3, db.perspective.3)
        )
        r.translate = (
            lerp(da.translate.0, db.translate.0), lerp(da.translate.1, db.translate.1),
            lerp(da.translate.2, db.translate.2)
        )
        r.scale = (lerp(da.scale.0, db.scale.0), lerp(da.scale.1, db.scale.1), lerp(da.scale.2, db.scale.2))
        r.skew = (lerp(da.skew.xy, db.skew.xy), lerp(da.skew.xz, db.skew.xz), lerp(da.skew.yz, db.skew.yz))
        r.quaternion = slerp(da.quaternion, db.quaternion, p)
        return r.recomposed()
    }

    static func slerp(
        _ qa: (Double, Double, Double, Double), _ qb: (Double, Double, Double, Double),
        _ p: Double
    ) -> (Double, Double, Double, Double) {
        let d = max(-1, min(1, qa.0 * qb.0 + qa.1 * qb.1 + qa.2 * qb.2 + qa.3 * qb.3))
        if abs(d) == 1 { return qa }
        let theta = acos(d)
        let w = sin(p * theta) / (1 - d * d).squareRoot()
        let ka = cos(p * theta) - d * w
        return (qa.0 * ka + qb.0 * w, qa.1 * ka + qb.1 * w, qa.2 * ka + qb.2 * w, qa.3 * ka + qb.3 * w)
    }
}
