import Foundation

extension LayerSnapshot {
    /// The tree as `CALayer.render(in:)` draws it (timing-model.md 12.2): a Core Graphics
    /// context has no third dimension, so a layer whose `transform` is not affine (turned about
    /// x or y, or given perspective) is drawn as if it had no transform, and a `sublayerTransform`
    /// that is not affine is left out; its position, bounds and sublayers stay. On screen the
    /// same tree turns in 3D.
    public func flatteningThreeDTransforms() -> LayerSnapshot {
        NestedWalk.run(levels: min(nestingDepth, Limits.maximumDrawnLayerDepth)) { flattened() }
    }

    /// Whether `t` has a third dimension: rounding left by interpolating 2D matrices (1e-16 in
    /// an entry that should be 0) is not one.
    static func turnsInThreeD(_ t: CATransform3D) -> Bool {
        let tolerance = 1e-9
        return [t.m13, t.m14, t.m23, t.m24, t.m31, t.m32, t.m34, t.m43].contains { abs($0) > tolerance }
            || abs(t.m33 - 1) > tolerance || abs(t.m44 - 1) > tolerance
    }

    private func flattened() -> LayerSnapshot {
        var copy = self
        if Self.turnsInThreeD(copy.state.transform) { copy.state.transform = CATransform3DIdentity }
        if Self.turnsInThreeD(copy.state.sublayerTransform) { copy.state.sublayerTransform = CATransform3DIdentity }
        copy.sublayers = sublayers.map { $0.flattened() }
        copy.maskLayers = maskLayers.map { $0.flattened() }
        copy.replicas = replicas.map { $0.map { $0.flattened() } }
        if var transition = copy.transition {
            transition.picture = transition.picture.flattened()
            copy.transition = transition
        }
        return copy
    }
}
