import CCairo
import FlipbookCore
import Foundation

/// CAShapeLayer fill and stroke (timing-model.md 12.4).
enum ShapePainter {
    static func draw(_ style: ShapeStyle, state s: LayerState, cr: OpaquePointer, work: FrameWork) {
        guard let path = s.path, !path.isEmpty, work.take(.pathElements, path.count) else { return }
        if let fill = s.fillColor, fill.alpha > 0 {
            CairoPath.append(path, to: cr)
            cairo_set_fill_rule(cr, style.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            CairoPath.setSource(fill, cr: cr)
            cairo_fill(cr)
        }
        guard let stroke = s.strokeColor, stroke.alpha > 0, s.lineWidth > 0, s.lineWidth.isFinite else { return }
        let start = s.strokeStart.isFinite ? min(1, max(0, s.strokeStart)) : 0
        let end = s.strokeEnd.isFinite ? min(1, max(0, s.strokeEnd)) : 1
        guard start < end else { return }
        cairo_set_line_width(cr, s.lineWidth)
        cairo_set_miter_limit(cr, s.miterLimit.isFinite ? s.miterLimit : 10)
        CairoPath.setLineCap(style.lineCap == .round ? .round : style.lineCap == .square ? .square : .butt, cr: cr)
        CairoPath.setLineJoin(style.lineJoin == .round ? .round : style.lineJoin == .bevel ? .bevel : .miter, cr: cr)
        var drawn = path
        var dashOffset = s.lineDashPhase
        if start > 0 || end < 1 {
            let total = PathGeometry.length(of: path)
            drawn = PathGeometry.trimmed(path, from: start * total, to: end * total)
            // Dashes stay where they were on the untrimmed path (timing-model.md 12.4).
            dashOffset += start * total
        }
        if let dashes = style.lineDashPattern, !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }), dashOffset.isFinite,
            dashes.contains(where: { $0 > 0 })
        {
            cairo_set_dash(cr, dashes, Int32(dashes.count), dashOffset)
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
        CairoPath.append(drawn, to: cr)
        CairoPath.setSource(stroke, cr: cr)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }
}
