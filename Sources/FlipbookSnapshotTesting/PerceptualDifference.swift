import Foundation

/// Colour difference as Core Image's `CILabDeltaE` filter gives it, which swift-snapshot-testing's
/// `perceptualPrecision` reads: CIE 1994 ΔE (graphic arts weights) between CIE Lab colours,
/// 0 for equal colours, about 2 for a just noticeable difference, up to 100. Pixels are taken
/// as stored, premultiplied (a colour over black), so a change of alpha alone counts too.
struct PerceptualDifference {
    /// sRGB's transfer function undone, per 8-bit level.
    private let linear: [Double] = (0...255).map { level in
        let c = Double(level) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// CIE Lab of a premultiplied 0xAARRGGBB word, against D65 white (sRGB's).
    func lab(_ word: UInt32) -> (l: Double, a: Double, b: Double) {
        let r = linear[Int(word >> 16 & 0xFF)], g = linear[Int(word >> 8 & 0xFF)], b = linear[Int(word & 0xFF)]
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// ΔE94 from `reference` to `other` (the formula weighs chroma by the reference's).
    func deltaE(_ reference: UInt32, _ other: UInt32) -> Double {
        reference == other ? 0 : deltaE(lab: lab(reference), lab(other))
    }

    /// ΔE94 between two Lab colours, chroma weighted by the first's.
    func deltaE(lab p: (l: Double, a: Double, b: Double), _ q: (l: Double, a: Double, b: Double)) -> Double {
        let dl = p.l - q.l, da = p.a - q.a, db = p.b - q.b
        let c1 = (p.a * p.a + p.b * p.b).squareRoot(), c2 = (q.a * q.a + q.b * q.b).squareRoot()
        let dc = c1 - c2
        let dh2 = max(0, da * da + db * db - dc * dc)
        let sc = 1 + 0.045 * c1, sh = 1 + 0.015 * c1
        return (dl * dl + (dc / sc) * (dc / sc) + dh2 / (sh * sh)).squareRoot()
    }
}
