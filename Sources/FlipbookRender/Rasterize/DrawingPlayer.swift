import CCairo
import FlipbookCore
import Foundation

/// Replays a recorded `CGContext` drawing (custom `draw(in:)`).
enum DrawingPlayer {
    static func play(_ commands: DrawingRecording, origin: CGPoint, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        var fill = RGBA.black, stroke = RGBA.black, alpha = 1.0
        var states: [(RGBA, RGBA, Double)] = []
        // Mask clips open a group at the state they were set in; restoring that state paints it.
        var maskClips: [(depth: Int, mask: LayerImage, rect: CGRect)] = []
        func paintMaskClips(downTo depth: Int) {
            while let last = maskClips.last, last.depth >= depth {
                QuartzDrawing.paintGroup(through: last.mask, in: last.rect, cr: cr)
                maskClips.removeLast()
            }
        }
        cairo_set_line_width(cr, 1)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        for c in commands {
            switch c {
            case .saveState:
                cairo_save(cr)
                states.append((fill, stroke, alpha))
            case .restoreState:
                paintMaskClips(downTo: states.count)
                cairo_restore(cr)
                if let s = states.popLast() { (fill, stroke, alpha) = s }
            case .concatenate(let t):
                var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                if m.xx * m.yy - m.yx * m.xy != 0 { cairo_transform(cr, &m) }
            case .setFillColor(let c): fill = c
            case .setStrokeColor(let c): stroke = c
            case .setLineWidth(let w): cairo_set_line_width(cr, max(0, w))
            case .setLineCap(let cap): CairoPath.setLineCap(cap, cr: cr)
            case .setLineJoin(let join): CairoPath.setLineJoin(join, cr: cr)
            case .setMiterLimit(let m): cairo_set_miter_limit(cr, m)
            case .setLineDash(let phase, let lengths):
                if lengths.isEmpty || !lengths.contains(where: { $0 > 0 }) {
                    cairo_set_dash(cr, nil, 0, 0)
                } else {
                    cairo_set_dash(cr, lengths, Int32(lengths.count), phase)
                }
            case .setAlpha(let a): alpha = min(1, max(0, a))
            case .fill(let path, let evenOdd):
                CairoPath.append(path, to: cr)
                cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                CairoPath.setSource(fill, alpha: alpha, cr: cr)
                cairo_fill(cr)
            case .stroke(let path):
                CairoPath.append(path, to: cr)
                CairoPath.setSource(stroke, alpha: alpha, cr: cr)
                cairo_stroke(cr)
            case .clip(let path, let evenOdd):
                CairoPath.append(path, to: cr)
                cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_clip(cr)
            case .drawImage(let image, let rect, let flipped):
                drawImage(image, in: rect, flipped: flipped, alpha: alpha, cr: cr)
            case .setBlendMode(let mode): cairo_set_operator(cr, QuartzDrawing.cairoOperator(mode))
            case .setAntialias(let on): cairo_set_antialias(cr, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
            case .drawGradient(let gradient): QuartzDrawing.draw(gradient, alpha: alpha, cr: cr)
            case .clipToMask(let mask, let rect):
                cairo_push_group(cr)
                maskClips.append((states.count, mask, rect))
            case .drawText(let text): QuartzDrawing.draw(text, cr: cr)
            case .drawLayer(let layer): LayerPainter(cr: cr).draw(layer, parent: nil)
            case .clear(let r):
                cairo_save(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                cairo_fill(cr)
                cairo_restore(cr)
            }
        }
        paintMaskClips(downTo: 0)
        cairo_restore(cr)
    }

    /// `image` scaled into `rect` (upside down when `flipped`: Core Graphics' y-up drawing in
    /// UIKit's y-down context), its edge pixels clamped rather than blended with transparency.
    static func drawImage(_ image: LayerImage, in rect: CGRect, flipped: Bool, alpha: Double, cr: OpaquePointer) {
        let r = rect.standardized
        guard image.width > 0, image.height > 0, r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite,
            let surface = DecodedImages.forThisThread.surface(for: image)
        else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_save(cr)
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        cairo_clip(cr)
        if flipped {
            cairo_translate(cr, r.minX, r.maxY)
            cairo_scale(cr, r.width / Double(image.width), -r.height / Double(image.height))
        } else {
            cairo_translate(cr, r.minX, r.minY)
            cairo_scale(cr, r.width / Double(image.width), r.height / Double(image.height))
        }
        // Enlarged as Core Graphics draws images at its default interpolation (ImagePainter).
        let whole = (0.0, 0.0, Double(image.width), Double(image.height))
        if !ImagePainter.upscale(surface: surface, part: whole, origin: (0, 0), alpha: alpha, cr: cr) {
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }
}
