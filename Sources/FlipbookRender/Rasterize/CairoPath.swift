import CCairo
import FlipbookCore
import Foundation

enum CairoPath {
    /// The one mapping of line caps to Cairo's (shape layers and custom drawing).
    static func setLineCap(_ cap: CGLineCap, cr: OpaquePointer) {
        switch cap {
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        }
    }

    /// The one mapping of line joins to Cairo's.
    static func setLineJoin(_ join: CGLineJoin, cr: OpaquePointer) {
        switch join {
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        }
    }

    /// Appends path elements to the current Cairo path (one reaching far past the canvas
    /// brought within Cairo's range first: FarPathClipping).
    static func append(_ elements: [PathElement], to cr: OpaquePointer) {
        cairo_new_path(cr)
        var started = false
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let toDevice = CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        // Points that are not numbers (bad input) would put Cairo into an error state.
        func finite(_ e: PathElement) -> Bool { e.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        var source = elements
        if FarPathClipping.reachesFar(elements, toDevice: toDevice) {
            source = FarPathClipping.clipped(elements.filter(finite), toDevice: toDevice) ?? []
        }
        for e in source where finite(e) {
            switch e {
            case .moveTo(let p):
                cairo_move_to(cr, p.x, p.y)
                started = true
            case .lineTo(let p):
                if started {
                    cairo_line_to(cr, p.x, p.y)
                } else {
                    cairo_move_to(cr, p.x, p.y)
                    started = true
                }
            case .quadCurveTo(let c, let p):
                var x0 = 0.0, y0 = 0.0
                if started {
                    cairo_get_current_point(cr, &x0, &y0)
                } else {
                    x0 = c.x
                    y0 = c.y
                    cairo_move_to(cr, x0, y0)
                    started = true
                }
                // Elevate the quadratic to a cubic.
                cairo_curve_to(
                    cr, x0 + 2.0 / 3.0 * (c.x - x0), y0 + 2.0 / 3.0 * (c.y - y0),
                    p.x + 2.0 / 3.0 * (c.x - p.x), p.y + 2.0 / 3.0 * (c.y - p.y), p.x, p.y)
            case .curveTo(let c1, let c2, let p):
                if !started {
                    cairo_move_to(cr, c1.x, c1.y)
                    started = true
                }
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .closeSubpath: if started { cairo_close_path(cr) }
            }
        }
    }

    static func roundedRect(_ r: CGRect, radius: Double, corners: CACornerMask, curve: CALayerCornerCurve = .circular, cr: OpaquePointer) {
        let rad = radius.isFinite ? max(0, min(radius, min(r.width, r.height) / 2)) : 0
        if rad <= 0 {
            cairo_new_path(cr)
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        if curve == .continuous {
            cairo_new_path(cr)
            append(ContinuousCorners.roundedRect(r, radius: rad, corners: corners), to: cr)
            return
        }
        append(CircularCorners.roundedRect(r, corners: corners, radii: CGSize(width: rad, height: rad)), to: cr)
    }

    static func setSource(_ c: RGBA, alpha: Double = 1, cr: OpaquePointer) {
        func clamp(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        cairo_set_source_rgba(cr, clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.alpha) * alpha)
    }
}
