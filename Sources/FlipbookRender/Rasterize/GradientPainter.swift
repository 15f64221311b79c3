import CCairo
import FlipbookCore
import Foundation

/// CAGradientLayer: axial, radial and conic gradients over the bounds.
enum GradientPainter {
    static func draw(_ style: GradientStyle, state s: LayerState, cr: OpaquePointer) {
        guard let colors = s.colors, !colors.isEmpty else { return }
        let b = s.bounds
        let sp = CGPoint(x: b.minX + s.startPoint.x * b.width, y: b.minY + s.startPoint.y * b.height)
        let ep = CGPoint(x: b.minX + s.endPoint.x * b.width, y: b.minY + s.endPoint.y * b.height)
        let pattern: OpaquePointer?
        if style.type == .conic {
            pattern = conicPattern(
                colors: colors, locations: stops(colors: colors, locations: s.locations), center: sp,
                zeroAngle: atan2(ep.y - sp.y, ep.x - sp.x), radius: 2 * (b.width + b.height) + 1)
        } else if style.type == .radial {
            // An ellipse about the start point whose radii reach the end point on each axis
            // (bounds-relative, so a layer that is not square draws an ellipse); a circle as is.
            let rx = max(abs(ep.x - sp.x), 0.001), ry = max(abs(ep.y - sp.y), 0.001)
            if abs(rx - ry) <= 1e-9 * max(rx, ry) {
                pattern = cairo_pattern_create_radial(sp.x, sp.y, 0, sp.x, sp.y, max(rx, ry))
            } else {
                pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
                var toPattern = cairo_matrix_t()
                cairo_matrix_init_scale(&toPattern, 1 / rx, 1 / ry)
                cairo_matrix_translate(&toPattern, -sp.x, -sp.y)
                cairo_pattern_set_matrix(pattern, &toPattern)
            }
        } else {
            pattern = cairo_pattern_create_linear(sp.x, sp.y, ep.x, ep.y)
        }
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        if style.type != .conic {
            for (c, loc) in zip(colors, stops(colors: colors, locations: s.locations)) {
                cairo_pattern_add_color_stop_rgba(pattern, loc, c.red, c.green, c.blue, c.alpha)
            }
        }
        cairo_save(cr)
        cairo_rectangle(cr, b.minX, b.minY, b.width, b.height)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

extension GradientPainter {
    /// Each colour's location in [0, 1]: `locations` where given, else evenly spread.
    static func stops(colors: [RGBA], locations: [Double]?) -> [Double] {
        colors.indices.map { i in
            let loc = locations.flatMap { i < $0.count ? $0[i] : nil } ?? (colors.count == 1 ? 0 : Double(i) / Double(colors.count - 1))
            return loc.isFinite ? min(1, max(0, loc)) : 0
        }
    }

    /// The colour at `t` in [0, 1] between the stops (clamped outside them).
    static func color(at t: Double, colors: [RGBA], locations: [Double]) -> RGBA {
        guard let first = colors.first else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        if t <= locations[0] { return first }
        for i in 1..<colors.count where t <= locations[i] {
            let span = locations[i] - locations[i - 1]
            let f = span > 0 ? (t - locations[i - 1]) / span : 1
            let a = colors[i - 1], b = colors[i]
            return RGBA(
                red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        return colors[colors.count - 1]
    }

    /// A conic (angular) gradient as a Cairo mesh: thin wedges around `center`, each a patch
    /// whose two corners at the centre carry its edge angles' colours, so the colour depends on
    /// the angle alone. Location 0 points from `center` along `zeroAngle` (towards the end point)
    /// and locations grow clockwise on screen through a full turn.
    static func conicPattern(
        colors: [RGBA], locations: [Double], center c: CGPoint, zeroAngle: Double,
        radius r: Double
    ) -> OpaquePointer? {
        guard let mesh = cairo_pattern_create_mesh() else { return nil }
        // Wedge edges at every stop and at least every 1/128 of a turn.
        var cuts = Set(locations)
        for k in 0...128 { cuts.insert(Double(k) / 128) }
        let edges = cuts.sorted()
        for (t0, t1) in zip(edges, edges.dropFirst()) where t1 > t0 {
            let a0 = zeroAngle + 2 * .pi * t0, a1 = zeroAngle + 2 * .pi * t1
            let c0 = color(at: t0, colors: colors, locations: locations), c1 = color(at: t1 - 1e-9, colors: colors, locations: locations)
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, c.x, c.y)
            cairo_mesh_pattern_line_to(mesh, c.x + r * cos(a0), c.y + r * sin(a0))
            cairo_mesh_pattern_line_to(mesh, c.x + r * cos(a1), c.y + r * sin(a1))
            cairo_mesh_pattern_line_to(mesh, c.x, c.y)
            for (corner, col) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), col.red, col.green, col.blue, col.alpha)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        return mesh
    }
}
