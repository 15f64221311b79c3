import FlipbookCore
import Foundation

/// How a frame differs from the one before it, as far as the render loop knows without
/// comparing pixels: rows outside `rows` hold the same pixels as `previous`.
public struct FrameDamage: Sendable {
    /// The rows that may differ from the previous frame (every row for the first frame; empty
    /// when the frame repeats the previous one).
    public var rows: Range<Int>
    /// The previous frame (nil for the first).
    public var previous: PixelBuffer?

    public init(rows: Range<Int>, previous: PixelBuffer?) {
        self.rows = rows
        self.previous = previous
    }
}

/// The rows of the canvas that may change between two snapshots of the same stage: the union
/// of the device boxes (`LayerExtents`) of every layer that differs, as it was and as it is.
///
///     previous:  ─ ─ ─ ●─ ─ ─ ─ ─ ─ ─      a dot moves right and grows:
///     current:   ─ ─ ─ ─ ─ ─ ─ ⬤ ─ ─       damage = rows of (old box ∪ new box)
///
/// A layer is compared with the layer at the same place in the other tree; one whose drawing
/// state differs (anything but its sublayers) damages its whole subtree's boxes, old and new; a
/// subtree whose structure changed (sublayers added, removed, reordered) likewise. nil means the
/// whole canvas (something could not be bounded).
enum DamageRows {
    static func between(_ old: FrameSnapshot, _ new: FrameSnapshot, height: Int) -> Range<Int>? {
        guard old.size == new.size, old.scale == new.scale else { return nil }
        let device = AffineMap(a: new.scale, d: new.scale)
        var damage = CGRect.null
        guard collect(old.root, new.root, parent: nil, map: device, into: &damage) else { return nil }
        if damage.isNull { return 0..<0 }
        guard damage.minY.isFinite, damage.maxY.isFinite else { return nil }
        let top = max(0, min(height, Int(damage.minY.rounded(.down))))
        let bottom = max(top, min(height, Int(damage.maxY.rounded(.up))))
        return top..<bottom
    }

    /// Adds the damage between two layers whose parents are alike (`parent`, drawn through
    /// `map`); false when it cannot be bounded.
    private static func collect(
        _ o: LayerSnapshot, _ n: LayerSnapshot, parent: ParentTransform?, map: AffineMap,
        into damage: inout CGRect
    ) -> Bool {
        if o == n { return true }
        if drawsAlike(o, n), o.sublayers.count == n.sublayers.count {
            // Only sublayers differ, and both trees draw them through the same map.
            let s = o.state
            guard !s.hidden, s.opacity > 0, LayerPainter.isDrawable(s) else { return true }
            let childMap = LayerExtents.map(of: s, parent: parent, parentMap: map)
            let handedDown = ParentTransform.of(s)
            for (oc, nc) in zip(o.sublayers, n.sublayers) {
                guard collect(oc, nc, parent: handedDown, map: childMap, into: &damage) else { return false }
            }
            return true
        }
        guard let was = LayerExtents.box(of: o, parent: parent, parentMap: map),
            let now = LayerExtents.box(of: n, parent: parent, parentMap: map)
        else { return false }
        damage = damage.union(was).union(now)
        return true
    }

    /// Everything about the layer itself is the same; its sublayers may differ.
    private static func drawsAlike(_ o: LayerSnapshot, _ n: LayerSnapshot) -> Bool {
        o.state == n.state && o.content == n.content && o.maskLayers == n.maskLayers && o.drawing == n.drawing
            && o.maskedCorners == n.maskedCorners && o.cornerCurve == n.cornerCurve && o.allowsGroupOpacity == n.allowsGroupOpacity
            && o.contentsGravity == n.contentsGravity && o.compositingFilter == n.compositingFilter && o.replicas == n.replicas
            && o.particles == n.particles
            && o.transition == n.transition
    }
}
