import CCairo
import FlipbookCore
import Foundation

/// An emitter's particles (timing-model.md 12.6): each cell image centred on the particle,
/// scaled and turned, its alpha taking the particle's colour; `additive` adds them up.
extension LayerPainter {
    func drawParticles(_ particles: [ParticleSnapshot], style: EmitterStyle) {
        guard !particles.isEmpty else { return }
        var surfaces: [ObjectIdentifier: OpaquePointer] = [:]
        defer { for s in surfaces.values { cairo_surface_destroy(s) } }
        cairo_save(cr)
        if style.renderMode == .additive { cairo_set_operator(cr, CAIRO_OPERATOR_ADD) }
        for p in particles {
            guard work.take(.particles) else { break }
            guard p.scale > 0, p.color.alpha > 0, [p.position.x, p.position.y, p.scale, p.angle].allSatisfy(\.isFinite) else { continue }
            let key = ObjectIdentifier(p.image)
            if surfaces[key] == nil { surfaces[key] = DecodedImages.forThisThread.surface(for: p.image) }
            guard let surface = surfaces[key] else { continue }
            let size = p.image.size
            let w = size.width * p.contentsRect.width, h = size.height * p.contentsRect.height
            cairo_save(cr)
            cairo_translate(cr, p.position.x, p.position.y)
            cairo_rotate(cr, p.angle)
            cairo_scale(cr, p.scale, p.scale)
            cairo_translate(cr, -w / 2, -h / 2)
            cairo_rectangle(cr, 0, 0, w, h)
            cairo_clip(cr)
            // The image's alpha, in the particle's colour: exact for the white shapes particles
            // are usually drawn from (a coloured image is tinted as if white).
            CairoPath.setSource(p.color, cr: cr)
            cairo_scale(cr, 1 / p.image.scale, 1 / p.image.scale)
            cairo_mask_surface(cr, surface, -p.contentsRect.minX * Double(p.image.width), -p.contentsRect.minY * Double(p.image.height))
            cairo_restore(cr)
        }
        cairo_restore(cr)
    }
}
