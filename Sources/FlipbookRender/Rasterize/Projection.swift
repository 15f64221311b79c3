import CCairo
import FlipbookCore
import Foundation

/// The map from a layer's bounds space into its parent's, as one 4×4 matrix (timing-model.md 12.1).
enum Projection {
    static func layerToParent(_ s: LayerState, parent: ParentTransform?) -> CATransform3D {
        let a = CGPoint(x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width, y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -s.anchorPointZ)
        m = CATransform3DConcat(m, s.transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(s.position.x, s.position.y, s.zPosition + s.anchorPointZ))
        if let p = parent {
            let pa = p.anchor
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(-pa.x, -pa.y, 0))
            m = CATransform3DConcat(m, p.transform)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(pa.x, pa.y, 0))
        }
        return m
    }

    /// Whether points of the z = 0 plane map without a w divide.
    static func isAffine(_ m: CATransform3D) -> Bool { m.m14 == 0 && m.m24 == 0 && m.m44 == 1 }

    /// A point of the layer plane mapped to the parent (z dropped), nil behind the viewer.
    static func apply(_ m: CATransform3D, _ p: CGPoint) -> CGPoint? {
        let w = p.x * m.m14 + p.y * m.m24 + m.m44
        guard w > 1e-6 else { return nil }
        return CGPoint(x: (p.x * m.m11 + p.y * m.m21 + m.m41) / w, y: (p.x * m.m12 + p.y * m.m22 + m.m42) / w)
    }

    /// Whether the mapped bounds are wound the other way round (the back is showing).
    static func facesAway(_ m: CATransform3D, bounds b: CGRect) -> Bool {
        guard let p0 = apply(m, CGPoint(x: b.minX, y: b.minY)), let p1 = apply(m, CGPoint(x: b.maxX, y: b.minY)),
            let p2 = apply(m, CGPoint(x: b.minX, y: b.maxY))
        else { return true }
        return (p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x) < 0
    }
}

/// All a sublayer's placement needs of its parent: the parent's `sublayerTransform` about its
/// anchor, nil when it is the identity (nearly always). Handed down the tree instead of the
/// parent's whole `LayerState`, a kilobyte that was copied at every layer of every frame.
struct ParentTransform {
    let anchor: CGPoint
    let transform: CATransform3D

    static func of(_ s: LayerState) -> ParentTransform? {
        guard !CATransform3DIsIdentity(s.sublayerTransform) else { return nil }
        return ParentTransform(
            anchor: CGPoint(
                x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width, y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height),
            transform: s.sublayerTransform)
    }
}
