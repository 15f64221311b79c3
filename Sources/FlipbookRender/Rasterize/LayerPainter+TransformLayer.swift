import CCairo
import FlipbookCore
import Foundation

extension LayerPainter {
    /// A `CATransformLayer` (timing-model.md 12.2): nothing of its own is drawn; each sublayer
    /// is placed through the transform layer's own transform (and sublayer transform) straight
    /// into the parent's space, keeping its depth, and the sublayers are drawn back to front by
    /// the depth of their centres (ties in sublayer order). Its opacity reaches each sublayer
    /// apart. A transform layer inside one sorts its own sublayers among themselves.
    func drawInDepth(_ layer: LayerSnapshot, parent: ParentTransform?, inheritedOpacity: Double) {
        let s = layer.state
        var chain = Projection.layerToParent(s, parent: parent)
        if let own = ParentTransform.of(s) {
            let a = own.anchor
            var about = CATransform3DMakeTranslation(-a.x, -a.y, 0)
            about = CATransform3DConcat(about, own.transform)
            about = CATransform3DConcat(about, CATransform3DMakeTranslation(a.x, a.y, 0))
            chain = CATransform3DConcat(about, chain)
        }
        let through = ParentTransform(anchor: .zero, transform: chain)
        let ordered = layer.sublayers.enumerated().map {
            (index: $0.offset, layer: $0.element, depth: Self.depth(of: $0.element, through: through))
        }
        .sorted { ($0.depth, $0.index) < ($1.depth, $1.index) }
        for child in ordered { draw(child.layer, parent: through, inheritedOpacity: inheritedOpacity) }
    }

    /// How near the viewer a sublayer's centre lands (larger is nearer: z grows towards the
    /// viewer). A perspective applied last changes w, not z, so z orders the sublayers.
    static func depth(of layer: LayerSnapshot, through parent: ParentTransform) -> Double {
        let s = layer.state
        let m = Projection.layerToParent(s, parent: parent)
        let c = CGPoint(x: s.bounds.midX, y: s.bounds.midY)
        let z = Double(c.x * m.m13 + c.y * m.m23 + m.m43)
        return z.isFinite ? z : 0
    }
}
