import CCairo
import FlipbookCore
import Foundation

/// A replicator's copies (timing-model.md 12.5): copy i is the sublayers (as they are
/// `i × instanceDelay` earlier) drawn through `instanceTransform` applied i times about the
/// replicator's anchor, with every colour multiplied by copy i's multiplier.
extension LayerPainter {
    func drawInstances(of layer: LayerSnapshot, style: ReplicatorStyle, inheritedOpacity: Double) {
        let s = layer.state
        // No more copies than the frame may still draw: transforms are worked out for those only
        // (nested replicators of 10,000 copies each computed 10,000 transforms per copy).
        let count = min(CAReplicatorLayer.drawnCount(s.instanceCount), work.remaining(.copies) + 1)
        guard count > 0, !layer.sublayers.isEmpty else { return }
        var transforms = [CATransform3DIdentity]
        for i in 1..<max(1, count) { transforms.append(CATransform3DConcat(transforms[i - 1], s.instanceTransform)) }
        var order = Array(0..<count)
        if style.preservesDepth {
            // Farther copies (smaller z) first; equal depths keep index order.
            order = order.enumerated().sorted {
                transforms[$0.element].m43 != transforms[$1.element].m43
                    ? transforms[$0.element].m43 < transforms[$1.element].m43 : $0.offset < $1.offset
            }.map(\.element)
        }
        let a = anchor(s)
        let handedDown = ParentTransform.of(s)
        for i in order {
            guard work.take(.copies) else { break }
            let children = i == 0 || layer.replicas.count < i ? layer.sublayers : layer.replicas[i - 1]
            let multiplier = s.instanceColorMultiplier(at: i)
            guard multiplier.alpha > 0 else { continue }
            cairo_save(cr)
            cairo_translate(cr, a.x, a.y)
            concat(transforms[i])
            cairo_translate(cr, -a.x, -a.y)
            withMultiplier(multiplier) {
                for child in children { draw(child, parent: handedDown, inheritedOpacity: inheritedOpacity) }
            }
            cairo_restore(cr)
        }
    }

    /// Runs `body` into a group whose premultiplied channels are then scaled by `m`: alpha
    /// alone is a paint at that alpha; a colour needs the pixels themselves.
    private func withMultiplier(_ m: RGBA, _ body: () -> Void) {
        guard m.red < 1 || m.green < 1 || m.blue < 1 else {
            withAlpha(m.alpha, body)
            return
        }
        cairo_push_group(cr)
        body()
        guard let pattern = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var surface: OpaquePointer?
        if cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface {
            Self.scaleChannels(surface, red: m.red * m.alpha, green: m.green * m.alpha, blue: m.blue * m.alpha, alpha: m.alpha)
        }
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }

    /// Multiplies each premultiplied ARGB32 channel in place.
    private static func scaleChannels(_ surface: OpaquePointer, red: Double, green: Double, blue: Double, alpha: Double) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let factors = [blue, green, red, alpha].map { UInt32(max(0, min(1, $0)) * 256) }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                guard p != 0 else { continue }
                var out: UInt32 = 0
                for c in 0..<4 {
                    let shift = UInt32(c * 8)
                    let v = (p >> shift) & 0xFF
                    out |= ((v * factors[c] + 128) >> 8) << shift
                }
                row[x] = out
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
