import FlipbookCore
import Foundation

/// A 2-D affine map in Cairo's convention (`cairo_matrix_t`): (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty).
struct AffineMap: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = AffineMap()

    /// This map after `inner`: p ↦ self(inner(p)), as `cairo_transform(cr, inner)` changes a context.
    func applying(_ inner: AffineMap) -> AffineMap {
        AffineMap(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    func translated(_ x: Double, _ y: Double) -> AffineMap { applying(AffineMap(tx: x, ty: y)) }

    /// The bounding box of `rect` mapped (nil when a corner is not finite).
    func boundingBox(of rect: CGRect) -> CGRect? {
        guard !rect.isNull, !rect.isInfinite else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let px = a * x + c * y + tx, py = b * x + d * y + ty
            guard px.isFinite, py.isFinite else { return nil }
            minX = min(minX, px)
            maxX = max(maxX, px)
            minY = min(minY, py)
            maxY = max(maxY, py)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The affine part of a layer transform as `LayerPainter.concat` applies it (m44 divided out; a
    /// singular map collapsed to a point, as the painter does).
    init(_ t: CATransform3D) {
        var m = AffineMap(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
        if t.m44 != 0 && t.m44 != 1 {
            m.a /= t.m44
            m.b /= t.m44
            m.c /= t.m44
            m.d /= t.m44
            m.tx /= t.m44
            m.ty /= t.m44
        }
        let det = m.a * m.d - m.b * m.c
        if det == 0 || !det.isFinite { m = AffineMap(a: 1e-9, b: 0, c: 0, d: 1e-9, tx: m.tx, ty: m.ty) }
        self = m
    }

    init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }
}

/// Where a layer subtree can put ink on the canvas, in device pixels: a box that holds every
/// pixel `LayerPainter` may touch for it (anti-aliasing included), or nil when the subtree draws
/// something this does not bound (the caller then treats the whole canvas as touched).
///
/// Only what a band-safe snapshot can hold is bounded (`BandSafety`): backgrounds and borders
/// (inside the bounds), shapes (the path's points, which hold its curves, grown by the stroke's
/// reach), text (clipped to the bounds by `TextPainter`), sublayers, masks (which only remove ink).
enum LayerExtents {
    /// Pixels of anti-aliasing and rounding allowed around every box.
    static let margin = 2.0

    /// The map from `layer`'s bounds space to the device, given its parent's (`parentMap`), in
    /// the order `LayerPainter.draw` applies them.
    static func map(of s: LayerState, parent: ParentTransform?, parentMap: AffineMap) -> AffineMap {
        var m = parentMap
        if let parent {
            let pa = parent.anchor
            m = m.translated(pa.x, pa.y).applying(AffineMap(parent.transform)).translated(-pa.x, -pa.y)
        }
        m = m.translated(s.position.x, s.position.y)
        if !CATransform3DIsIdentity(s.transform) { m = m.applying(AffineMap(s.transform)) }
        let a = anchor(s)
        return m.translated(-a.x, -a.y)
    }

    static func anchor(_ s: LayerState) -> CGPoint {
        CGPoint(x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width, y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
    }

    /// The device box of `layer` and everything under it (`CGRect.null` when it draws nothing).
    static func box(of layer: LayerSnapshot, parent: ParentTransform?, parentMap: AffineMap) -> CGRect? {
        let s = layer.state
        // What the painter skips draws nothing.
        guard !s.hidden, s.opacity > 0, LayerPainter.isDrawable(s) else { return .null }
        let m = map(of: s, parent: parent, parentMap: parentMap)
        guard let local = ownInk(of: layer) else { return nil }
        var children = CGRect.null
        let handedDown = ParentTransform.of(s)
        for child in layer.sublayers {
            guard let box = box(of: child, parent: handedDown, parentMap: m) else { return nil }
            children = children.union(box)
        }
        if s.masksToBounds, !children.isNull {
            guard let clip = m.boundingBox(of: s.bounds) else { return nil }
            children = children.intersection(clip.insetBy(dx: -margin, dy: -margin))
        }
        if local.isNull { return children }
        guard let own = m.boundingBox(of: local) else { return nil }
        return own.insetBy(dx: -margin, dy: -margin).union(children)
    }

    /// The layer's own ink (not its sublayers') in its bounds space; nil when unbounded here.
    static func ownInk(of layer: LayerSnapshot) -> CGRect? {
        let s = layer.state
        var ink = CGRect.null
        if let bg = s.backgroundColor, bg.alpha > 0 { ink = ink.union(s.bounds) }
        if s.borderWidth > 0, s.borderWidth.isFinite, let c = s.borderColor, c.alpha > 0 {
            // The stroke stays inside the bounds, except that a border wider than a small layer
            // insets its rectangle into nothing: grow by the width to stay on the safe side.
            ink = ink.union(s.bounds.insetBy(dx: -s.borderWidth, dy: -s.borderWidth))
        }
        switch layer.content {
        case .plain: break
        case .text(let style):
            if !style.string.isEmpty, s.foregroundColor != nil { ink = ink.union(s.bounds) }
        case .shape:
            if let path = s.path, !path.isEmpty {
                guard let shape = shapeInk(path, state: s) else { return nil }
                ink = ink.union(shape)
            }
        case .gradient, .replicator, .emitter, .transformLayer:
            return nil
        }
        return ink
    }

    /// A shape layer's fill and stroke: the bounding box of its points (a Bézier curve lies in
    /// the hull of its control points), grown by how far the stroke reaches past the path.
    static func shapeInk(_ path: [PathElement], state s: LayerState) -> CGRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        // The points `CairoPath.append` keeps (it skips elements with points that are not
        // numbers; far ones it draws, clipped: FarPathClipping).
        for e in path where e.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
            for p in e.points {
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return .null }
        var box = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        if let stroke = s.strokeColor, stroke.alpha > 0, s.lineWidth > 0 {
            guard s.lineWidth.isFinite else { return nil }
            // Half the width, times the longest a miter join (up to the limit) or a square cap
            // (√2) can reach; once more for the cap a trimmed end may add.
            let miter = s.miterLimit.isFinite ? max(1, s.miterLimit) : 10
            let reach = s.lineWidth / 2 * max(miter, 2.0.squareRoot()) + s.lineWidth
            box = box.insetBy(dx: -reach, dy: -reach)
        }
        return box
    }
}
