import Foundation

/// Layer geometry: frames and point conversion (timing-model.md 12.1).
enum LayerGeometry {
    /// The anchor point in the layer's bounds space.
    static func anchor(of s: LayerState) -> CGPoint {
        CGPoint(
            x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width,
            y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
    }

    /// A point in the layer's bounds space mapped into its superlayer (before the
    /// superlayer's sublayerTransform).
    static func toSuperlayer(_ p: CGPoint, _ s: LayerState) -> CGPoint {
        let a = anchor(of: s)
        let q = s.transform.apply(to: CGPoint(x: p.x - a.x, y: p.y - a.y), z: -s.anchorPointZ)
        return CGPoint(x: q.x + s.position.x, y: q.y + s.position.y)
    }

    static func frame(of s: LayerState) -> CGRect {
        let b = s.bounds
        let corners = [
            CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
            CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY)
        ].map { toSuperlayer($0, s) }
        return CGRect.boundingBox(of: corners)
    }

    /// Applies a superlayer's sublayerTransform about its anchor point.
    static func applySublayerTransform(_ p: CGPoint, parent: LayerState) -> CGPoint {
        guard !CATransform3DIsIdentity(parent.sublayerTransform) else { return p }
        let a = anchor(of: parent)
        let q = parent.sublayerTransform.apply(to: CGPoint(x: p.x - a.x, y: p.y - a.y))
        return CGPoint(x: q.x + a.x, y: q.y + a.y)
    }

    /// From `layer`'s bounds space to the root layer's bounds space (model values).
    static func toRoot(_ p: CGPoint, from layer: CALayer) -> CGPoint {
        var point = p
        var l = layer
        while let parent = l.superlayer {
            point = toSuperlayer(point, l.modelState)
            point = applySublayerTransform(point, parent: parent.modelState)
            l = parent
        }
        return point
    }

    /// The 2-D affine map from a layer's bounds space to its superlayer's bounds space.
    static func affineToSuperlayer(_ s: LayerState, parent: LayerState?) -> CGAffineTransform {
        let a = anchor(of: s)
        var m = CGAffineTransform(translationX: -a.x, y: -a.y)
        m = m.concatenating(CATransform3DGetAffineTransform(s.transform))
        m = m.concatenating(CGAffineTransform(translationX: s.position.x, y: s.position.y))
        if let parent, !CATransform3DIsIdentity(parent.sublayerTransform) {
            let pa = anchor(of: parent)
            m = m.concatenating(CGAffineTransform(translationX: -pa.x, y: -pa.y))
            m = m.concatenating(CATransform3DGetAffineTransform(parent.sublayerTransform))
            m = m.concatenating(CGAffineTransform(translationX: pa.x, y: pa.y))
        }
        return m
    }

    /// From the root layer's bounds space into `layer`'s (inverse of `toRoot`, affine part).
    static func fromRoot(_ p: CGPoint, to layer: CALayer) -> CGPoint {
        var m = CGAffineTransform.identity
        var l = layer
        while let parent = l.superlayer {
            m = m.concatenating(affineToSuperlayer(l.modelState, parent: parent.modelState))
            l = parent
        }
        return p.applying(m.inverted())
    }
}
