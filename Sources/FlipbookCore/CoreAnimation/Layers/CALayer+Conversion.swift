import Foundation

/// Converting times and points between layers' coordinate systems. Not overridable (they
/// are in an extension): nothing in Core Animation's own use depends on overriding them.
extension CALayer {
    // MARK: - Time conversion (timing-model.md 1.6)

    /// Converts a time from `layer`'s local time (global time for nil) to this layer's.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let global = layer.map { $0.localToGlobal($0.ancestry, t) } ?? t
        return globalToLocal(ancestry, global)
    }

    /// Converts a time from this layer's local time to `layer`'s (global time for nil).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let global = localToGlobal(ancestry, t)
        return layer.map { $0.globalToLocal($0.ancestry, global) } ?? global
    }

    /// Root first.
    var ancestry: [CALayer] {
        var chain: [CALayer] = [self]
        var l = self
        while let p = l.superlayer {
            chain.append(p)
            l = p
        }
        return chain.reversed()
    }

    fileprivate func globalToLocal(_ chain: [CALayer], _ t: Double) -> Double {
        chain.reduce(t) { ($0 - $1.beginTime) * Double($1.speed) + $1.timeOffset }
    }

    fileprivate func localToGlobal(_ chain: [CALayer], _ t: Double) -> Double {
        chain.reversed().reduce(t) { ($0 - $1.timeOffset) / Double($1.speed) + $1.beginTime }
    }

    // MARK: - Point conversion (timing-model.md 12.1)

    /// Converts a point from `layer`'s coordinates (the root's for nil) into this layer's.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let screen = layer.map { LayerGeometry.toRoot(p, from: $0) } ?? p
        return LayerGeometry.fromRoot(screen, to: self)
    }

    /// Converts a point from this layer's coordinates into `layer`'s (the root's for nil).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        let screen = LayerGeometry.toRoot(p, from: self)
        return layer.map { LayerGeometry.fromRoot(screen, to: $0) } ?? screen
    }

    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        let pts = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)
        ].map { convert($0, to: layer) }
        return CGRect.boundingBox(of: pts)
    }

    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        let pts = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)
        ].map { convert($0, from: layer) }
        return CGRect.boundingBox(of: pts)
    }
}
