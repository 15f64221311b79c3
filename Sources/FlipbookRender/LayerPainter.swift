import CCairo
import FlipbookCore
import Foundation

/// Draws a snapshot's layer tree with Cairo, back to front (timing-model.md 12.3).
struct LayerPainter {
    let cr: OpaquePointer

    /// Draws `layer` in its parent's bounds space. `inheritedOpacity` is the opacity of
    /// ancestors with `allowsGroupOpacity = false`, which pass it down instead of grouping.
    func draw(_ layer: LayerSnapshot, parent: LayerState?, inheritedOpacity: Double = 1) {
        let s = layer.state
        guard !s.hidden, s.opacity > 0, Self.isDrawable(s) else { return }
        let toParent = Projection.layerToParent(s, parent: parent)
        // Back-facing layers with doubleSided = false are hidden (timing-model.md 12.2).
        if !s.doubleSided && s.bounds.width > 0 && s.bounds.height > 0 && Projection.facesAway(toParent, bounds: s.bounds) { return }
        if !Projection.isAffine(toParent) {
            drawProjected(layer, through: toParent, inheritedOpacity: inheritedOpacity)
            return
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let parent, !CATransform3DIsIdentity(parent.sublayerTransform) {
            let a = anchor(parent)
            cairo_translate(cr, a.x, a.y)
            concat(parent.sublayerTransform)
            cairo_translate(cr, -a.x, -a.y)
        }
        cairo_translate(cr, s.position.x, s.position.y)
        concat(s.transform)
        let a = anchor(s)
        cairo_translate(cr, -a.x, -a.y)
        let opacity = min(1, s.opacity) * inheritedOpacity
        guard layer.allowsGroupOpacity || layer.mask != nil else {
            // allowsGroupOpacity = false: no offscreen group; the shadow, background, content
            // and border are each composited at the opacity, and sublayers multiply it into
            // their own, so overlapping parts show through one another.
            withAlpha(opacity) { drawShadow(layer) }
            drawContent(layer, partOpacity: opacity, childOpacity: opacity)
            return
        }
        let needsGroup = opacity < 1 || layer.mask != nil
        if needsGroup { cairo_push_group(cr) }
        drawShadow(layer)
        drawContent(layer, partOpacity: 1, childOpacity: 1)
        if needsGroup {
            if let mask = layer.mask {
                cairo_push_group(cr)
                draw(mask, parent: nil)
                let maskPattern = cairo_pop_group(cr)
                let content = cairo_pop_group(cr)
                cairo_push_group(cr)
                cairo_set_source(cr, content)
                cairo_mask(cr, maskPattern)
                cairo_pattern_destroy(content)
                cairo_pattern_destroy(maskPattern)
                cairo_pop_group_to_source(cr)
            } else {
                cairo_pop_group_to_source(cr)
            }
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Runs `body` into a group painted at `alpha` (directly when opaque).
    private func withAlpha(_ alpha: Double, _ body: () -> Void) {
        guard alpha < 1 else { body(); return }
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// Geometry with NaN or infinite values (bad input) cannot be placed: skip the layer
    /// rather than put Cairo into an error state.
    static func isDrawable(_ s: LayerState) -> Bool {
        let numbers = [s.position.x, s.position.y, s.bounds.origin.x, s.bounds.origin.y, s.bounds.width, s.bounds.height,
                       s.anchorPoint.x, s.anchorPoint.y, s.opacity] + s.transform.entries + s.sublayerTransform.entries
        return numbers.allSatisfy(\.isFinite)
    }

    /// A layer whose transform has perspective (or turns it out of the screen plane): its
    /// content is drawn flat into an offscreen surface, then mapped through the projective
    /// transform cell by cell (two affine triangles per cell of a 16×16 grid), added into a
    /// group so neighbouring triangles' anti-aliased edges sum to full coverage
    /// (timing-model.md 12.2).
    private func drawProjected(_ layer: LayerSnapshot, through h: CATransform3D, inheritedOpacity: Double) {
        let s = layer.state
        let b = s.bounds
        guard b.width > 0, b.height > 0 else { return }
        // Device pixels per point here, so the offscreen copy is as sharp as the canvas.
        var ux = 1.0, uy = 0.0
        cairo_user_to_device_distance(cr, &ux, &uy)
        let k = max(1, min(8, hypot(ux, uy)))
        guard let pw = boundedInt((b.width * k).rounded(.up)), let ph = boundedInt((b.height * k).rounded(.up)),
              pw > 0, ph > 0, pw <= Limits.maximumOffscreenPixels, ph <= Limits.maximumOffscreenPixels,
              let flat = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pw), Int32(ph)) else { return }
        defer { cairo_surface_destroy(flat) }
        let fcr = cairo_create(flat)!
        cairo_scale(fcr, k, k)
        cairo_translate(fcr, -b.minX, -b.minY)
        var flatLayer = layer
        flatLayer.state.transform = CATransform3DIdentity
        flatLayer.state.position = CGPoint(x: b.minX + s.anchorPoint.x * b.width, y: b.minY + s.anchorPoint.y * b.height)
        LayerPainter(cr: fcr).draw(flatLayer, parent: nil, inheritedOpacity: inheritedOpacity)
        cairo_destroy(fcr)

        let n = 16
        func project(_ u: Double, _ v: Double) -> CGPoint? {
            Projection.apply(h, CGPoint(x: b.minX + u * b.width, y: b.minY + v * b.height))
        }
        cairo_save(cr)
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        for j in 0..<n {
            for i in 0..<n {
                let u0 = Double(i) / Double(n), u1 = Double(i + 1) / Double(n)
                let v0 = Double(j) / Double(n), v1 = Double(j + 1) / Double(n)
                guard let p00 = project(u0, v0), let p10 = project(u1, v0), let p01 = project(u0, v1), let p11 = project(u1, v1) else { continue }
                let s00 = CGPoint(x: u0 * Double(pw), y: v0 * Double(ph)), s10 = CGPoint(x: u1 * Double(pw), y: v0 * Double(ph))
                let s01 = CGPoint(x: u0 * Double(pw), y: v1 * Double(ph)), s11 = CGPoint(x: u1 * Double(pw), y: v1 * Double(ph))
                paintTriangle(flat, (s00, s10, s11), (p00, p10, p11))
                paintTriangle(flat, (s00, s11, s01), (p00, p11, p01))
            }
        }
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Paints the source triangle of `surface` onto the destination triangle.
    private func paintTriangle(_ surface: OpaquePointer, _ src: (CGPoint, CGPoint, CGPoint), _ dst: (CGPoint, CGPoint, CGPoint)) {
        let sx1 = src.1.x - src.0.x, sy1 = src.1.y - src.0.y, sx2 = src.2.x - src.0.x, sy2 = src.2.y - src.0.y
        let det = sx1 * sy2 - sx2 * sy1
        guard det != 0 else { return }
        let dx1 = dst.1.x - dst.0.x, dy1 = dst.1.y - dst.0.y, dx2 = dst.2.x - dst.0.x, dy2 = dst.2.y - dst.0.y
        // L = D · S⁻¹ (columns are the edge vectors).
        let a = (dx1 * sy2 - dx2 * sy1) / det, c = (dx2 * sx1 - dx1 * sx2) / det
        let bb = (dy1 * sy2 - dy2 * sy1) / det, d = (dy2 * sx1 - dy1 * sx2) / det
        let tx = dst.0.x - a * src.0.x - c * src.0.y, ty = dst.0.y - bb * src.0.x - d * src.0.y
        guard [a, bb, c, d, tx, ty].allSatisfy(\.isFinite), a * d - bb * c != 0 else { return }
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, dst.0.x, dst.0.y); cairo_line_to(cr, dst.1.x, dst.1.y); cairo_line_to(cr, dst.2.x, dst.2.y)
        cairo_close_path(cr)
        cairo_clip(cr)
        var m = cairo_matrix_t(xx: a, yx: bb, xy: c, yy: d, x0: tx, y0: ty)
        cairo_transform(cr, &m)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func anchor(_ s: LayerState) -> CGPoint {
        CGPoint(x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width,
                y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
    }

    /// Applies the affine part of a transform, with a perspective divide approximated at the
    /// layer's origin when m14/m24/m34 are set (flattened as Core Animation shows them).
    private func concat(_ t: CATransform3D) {
        guard !CATransform3DIsIdentity(t) else { return }
        var m = cairo_matrix_t(xx: t.m11, yx: t.m12, xy: t.m21, yy: t.m22, x0: t.m41, y0: t.m42)
        if t.m44 != 0 && t.m44 != 1 {
            m.xx /= t.m44; m.yx /= t.m44; m.xy /= t.m44; m.yy /= t.m44; m.x0 /= t.m44; m.y0 /= t.m44
        }
        // A singular matrix would put Cairo into an error state; draw nothing instead.
        let det = m.xx * m.yy - m.yx * m.xy
        if det == 0 || !det.isFinite {
            m = cairo_matrix_t(xx: 1e-9, yx: 0, xy: 0, yy: 1e-9, x0: m.x0, y0: m.y0)
        }
        cairo_transform(cr, &m)
    }

    private func drawContent(_ layer: LayerSnapshot, partOpacity: Double, childOpacity: Double) {
        let s = layer.state
        if let bg = s.backgroundColor, bg.alpha > 0 {
            withAlpha(partOpacity) {
                CairoPath.roundedRect(s.bounds, radius: s.cornerRadius, corners: layer.maskedCorners, cr: cr)
                CairoPath.setSource(bg, cr: cr)
                cairo_fill(cr)
            }
        }
        cairo_save(cr)
        if s.masksToBounds {
            CairoPath.roundedRect(s.bounds, radius: s.cornerRadius, corners: layer.maskedCorners, cr: cr)
            cairo_clip(cr)
        }
        withAlpha(partOpacity) {
            if let image = s.contents {
                ImagePainter.draw(image, gravity: layer.contentsGravity, contentsRect: s.contentsRect, bounds: s.bounds, cr: cr)
            }
            if let drawing = layer.drawing { DrawingPlayer.play(drawing, origin: s.bounds.origin, cr: cr) }
            switch layer.content {
            case .plain: break
            case .shape(let style): ShapePainter.draw(style, state: s, cr: cr)
            case .text(let style): TextPainter.draw(style, state: s, bounds: s.bounds, cr: cr)
            case .gradient(let style): GradientPainter.draw(style, state: s, cr: cr)
            }
        }
        for child in layer.sublayers { draw(child, parent: s, inheritedOpacity: childOpacity) }
        cairo_restore(cr)
        if s.borderWidth > 0, s.borderWidth.isFinite, let color = s.borderColor, color.alpha > 0 {
            withAlpha(partOpacity) {
                let w = s.borderWidth
                let inner = s.bounds.insetBy(dx: w / 2, dy: w / 2)
                CairoPath.roundedRect(inner, radius: max(0, s.cornerRadius - w / 2), corners: layer.maskedCorners, cr: cr)
                CairoPath.setSource(color, cr: cr)
                cairo_set_line_width(cr, w)
                cairo_stroke(cr)
            }
        }
    }

    /// The shadow: the alpha of `shadowPath`, or of the layer's composited content when it
    /// has none, blurred with a Gaussian of σ = `shadowRadius` (three box passes), offset by
    /// `shadowOffset` and painted in `shadowColor` × `shadowOpacity` (timing-model.md 12.3).
    private func drawShadow(_ layer: LayerSnapshot) {
        let s = layer.state
        guard s.shadowOpacity > 0, s.shadowOpacity.isFinite, let color = s.shadowColor, color.alpha > 0,
              !s.masksToBounds, s.shadowRadius.isFinite, s.shadowOffset.width.isFinite, s.shadowOffset.height.isFinite else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // Device-space blur radius (the layer may be scaled).
        var dx = max(0, s.shadowRadius), dy = 0.0
        cairo_user_to_device_distance(cr, &dx, &dy)
        // Past a few hundred pixels a blur is a wash; cap it so bad input stays cheap.
        let sigma = min(hypot(dx, dy), 500)
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        if let sp = s.shadowPath {
            CairoPath.append(sp, to: cr)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_fill(cr)
        } else {
            var plain = layer
            plain.state.shadowOpacity = 0
            drawContent(plain, partOpacity: 1, childOpacity: 1)
        }
        guard let pattern = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var surface: OpaquePointer?
        if sigma >= 0.5, cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface {
            AlphaBlur.blur(surface, sigma: sigma)
        }
        cairo_translate(cr, s.shadowOffset.width, s.shadowOffset.height)
        CairoPath.setSource(color, alpha: min(1, s.shadowOpacity), cr: cr)
        cairo_mask(cr, pattern)
    }
}

/// A Gaussian blur of an A8 (or ARGB32 alpha) image surface by three box passes each way.
enum AlphaBlur {
    static func blur(_ surface: OpaquePointer, sigma: Double) {
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard w > 0, h > 0, let data = cairo_image_surface_get_data(surface) else { return }
        let format = cairo_image_surface_get_format(surface)
        let bytesPerPixel = format == CAIRO_FORMAT_A8 ? 1 : 4
        let alphaOffset = format == CAIRO_FORMAT_A8 ? 0 : 3   // little-endian ARGB32: A is the 4th byte
        var alpha = [Double](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { alpha[y * w + x] = Double(data[y * stride + x * bytesPerPixel + alphaOffset]) } }
        var tmp = [Double](repeating: 0, count: w * h)
        for r in boxRadii(sigma: sigma, passes: 3) {
            boxPass(&alpha, &tmp, count: w, lines: h, step: 1, lineStep: w, radius: r)
            boxPass(&tmp, &alpha, count: h, lines: w, step: w, lineStep: 1, radius: r)
        }
        for y in 0..<h { for x in 0..<w {
            let v = UInt8(max(0, min(255, alpha[y * w + x].rounded())))
            let o = y * stride + x * bytesPerPixel
            if bytesPerPixel == 1 { data[o] = v } else { for c in 0..<4 { data[o + c] = c == alphaOffset ? v : 0 } }
        } }
        cairo_surface_mark_dirty(surface)
    }

    /// Radii of `passes` odd boxes whose combined variance matches σ² (Kovesi's mix of two
    /// widths), so the blur is a Gaussian of the asked σ, not of the nearest single box.
    static func boxRadii(sigma: Double, passes n: Int) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        wl = max(1, wl)
        let wu = wl + 2
        let nd = Double(n), wld = Double(wl)
        let m = Int(((12 * sigma * sigma - nd * wld * wld - 4 * nd * wld - 3 * nd) / (-4 * wld - 4)).rounded())
        return (0..<n).map { ($0 < m ? wl : wu) / 2 }
    }

    /// A running-sum box filter of width 2r+1 along each line, edges treated as zero.
    private static func boxPass(_ src: inout [Double], _ dst: inout [Double], count: Int, lines: Int, step: Int, lineStep: Int, radius r: Int) {
        let norm = 1 / Double(2 * r + 1)
        for line in 0..<lines {
            let base = line * lineStep
            var sum = 0.0
            for i in 0...min(r, count - 1) { sum += src[base + i * step] }
            for i in 0..<count {
                dst[base + i * step] = sum * norm
                let add = i + r + 1, remove = i - r
                if add < count { sum += src[base + add * step] }
                if remove >= 0 { sum -= src[base + remove * step] }
            }
        }
    }
}

/// The map from a layer's bounds space into its parent's, as one 4×4 matrix (timing-model.md 12.1).
enum Projection {
    static func layerToParent(_ s: LayerState, parent: LayerState?) -> CATransform3D {
        let a = CGPoint(x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width, y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -s.anchorPointZ)
        m = CATransform3DConcat(m, s.transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(s.position.x, s.position.y, s.zPosition + s.anchorPointZ))
        if let p = parent, !CATransform3DIsIdentity(p.sublayerTransform) {
            let pa = CGPoint(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.width, y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.height)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(-pa.x, -pa.y, 0))
            m = CATransform3DConcat(m, p.sublayerTransform)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(pa.x, pa.y, 0))
        }
        return m
    }

    /// Whether points of the z = 0 plane map without a w divide.
    static func isAffine(_ m: CATransform3D) -> Bool { m.m14 == 0 && m.m24 == 0 && m.m44 == 1 }

    /// A point of the layer plane mapped to the parent (z dropped), nil behind the viewer.
    static func apply(_ m: CATransform3D, _ p: CGPoint) -> CGPoint? {
        let w = p.x * m.m14 + p.y * m.m24 + m.m44
        guard w > 1e-6 else { return nil }
        return CGPoint(x: (p.x * m.m11 + p.y * m.m21 + m.m41) / w, y: (p.x * m.m12 + p.y * m.m22 + m.m42) / w)
    }

    /// Whether the mapped bounds are wound the other way round (the back is showing).
    static func facesAway(_ m: CATransform3D, bounds b: CGRect) -> Bool {
        guard let p0 = apply(m, CGPoint(x: b.minX, y: b.minY)), let p1 = apply(m, CGPoint(x: b.maxX, y: b.minY)),
              let p2 = apply(m, CGPoint(x: b.minX, y: b.maxY)) else { return true }
        return (p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x) < 0
    }
}

/// CAShapeLayer fill and stroke (timing-model.md 12.4).
enum ShapePainter {
    static func draw(_ style: ShapeStyle, state s: LayerState, cr: OpaquePointer) {
        guard let path = s.path, !path.isEmpty else { return }
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
        switch style.lineCap {
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        default: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        }
        switch style.lineJoin {
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        default: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        }
        var drawn = path
        var dashOffset = s.lineDashPhase
        if start > 0 || end < 1 {
            let total = PathGeometry.length(of: path)
            drawn = PathGeometry.trimmed(path, from: start * total, to: end * total)
            // Dashes stay where they were on the untrimmed path (timing-model.md 12.4).
            dashOffset += start * total
        }
        if let dashes = style.lineDashPattern, !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }), dashOffset.isFinite, dashes.contains(where: { $0 > 0 }) {
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

/// CAGradientLayer: axial, radial and conic gradients over the bounds.
enum GradientPainter {
    static func draw(_ style: GradientStyle, state s: LayerState, cr: OpaquePointer) {
        guard let colors = s.colors, !colors.isEmpty else { return }
        let b = s.bounds
        let sp = CGPoint(x: b.minX + s.startPoint.x * b.width, y: b.minY + s.startPoint.y * b.height)
        let ep = CGPoint(x: b.minX + s.endPoint.x * b.width, y: b.minY + s.endPoint.y * b.height)
        let pattern: OpaquePointer?
        if style.type == .conic {
            pattern = conicPattern(colors: colors, locations: stops(colors: colors, locations: s.locations), center: sp,
                                   zeroAngle: atan2(ep.y - sp.y, ep.x - sp.x), radius: 2 * (b.width + b.height) + 1)
        } else if style.type == .radial {
            let r = max(abs(ep.x - sp.x), abs(ep.y - sp.y))
            pattern = cairo_pattern_create_radial(sp.x, sp.y, 0, sp.x, sp.y, max(r, 0.001))
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
            return RGBA(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                        blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        return colors[colors.count - 1]
    }

    /// A conic (angular) gradient as a Cairo mesh: thin wedges around `center`, each a patch
    /// whose two corners at the centre carry its edge angles' colours, so the colour depends on
    /// the angle alone. Location 0 points from `center` along `zeroAngle` (towards the end point)
    /// and locations grow clockwise on screen through a full turn.
    static func conicPattern(colors: [RGBA], locations: [Double], center c: CGPoint, zeroAngle: Double,
                             radius r: Double) -> OpaquePointer? {
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

/// Replays a recorded `CGContext` drawing (custom `draw(in:)`).
enum DrawingPlayer {
    static func play(_ commands: DrawingRecording, origin: CGPoint, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        var fill = RGBA.black, stroke = RGBA.black, alpha = 1.0
        var states: [(RGBA, RGBA, Double)] = []
        cairo_set_line_width(cr, 1)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        for c in commands {
            switch c {
            case .saveState: cairo_save(cr); states.append((fill, stroke, alpha))
            case .restoreState:
                cairo_restore(cr)
                if let s = states.popLast() { (fill, stroke, alpha) = s }
            case .concatenate(let t):
                var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                if m.xx * m.yy - m.yx * m.xy != 0 { cairo_transform(cr, &m) }
            case .setFillColor(let c): fill = c
            case .setStrokeColor(let c): stroke = c
            case .setLineWidth(let w): cairo_set_line_width(cr, max(0, w))
            case .setLineCap(let cap):
                cairo_set_line_cap(cr, cap == .round ? CAIRO_LINE_CAP_ROUND : cap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
            case .setLineJoin(let j):
                cairo_set_line_join(cr, j == .round ? CAIRO_LINE_JOIN_ROUND : j == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
            case .setMiterLimit(let m): cairo_set_miter_limit(cr, m)
            case .setLineDash(let phase, let lengths):
                if lengths.isEmpty || !lengths.contains(where: { $0 > 0 }) { cairo_set_dash(cr, nil, 0, 0) } else {
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
            case .clear(let r):
                cairo_save(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                cairo_fill(cr)
                cairo_restore(cr)
            }
        }
        cairo_restore(cr)
    }
}

/// Layer `contents` images: the part `contentsRect` selects (unit coordinates of the image,
/// edges extended beyond it), placed by `contentsGravity`.
enum ImagePainter {
    static func draw(_ image: LayerImage, gravity: CALayerContentsGravity, contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                     bounds b: CGRect, cr: OpaquePointer) {
        let unit = contentsRect.standardized
        guard image.width > 0, image.height > 0, unit.width > 0, unit.height > 0, unit.width.isFinite, unit.height.isFinite,
              unit.minX.isFinite, unit.minY.isFinite, let surface = CairoSurface.make(from: image) else { return }
        defer { cairo_surface_destroy(surface) }
        // The selected part in image pixels, and its size in points.
        let cx = unit.minX * Double(image.width), cy = unit.minY * Double(image.height)
        let cw = unit.width * Double(image.width), ch = unit.height * Double(image.height)
        let iw = cw / image.scale, ih = ch / image.scale
        var sx = 1.0, sy = 1.0
        switch gravity {
        case .resize: sx = b.width / iw; sy = b.height / ih
        case .resizeAspect: sx = min(b.width / iw, b.height / ih); sy = sx
        case .resizeAspectFill: sx = max(b.width / iw, b.height / ih); sy = sx
        default: break
        }
        let w = iw * sx, h = ih * sy
        var x = b.minX + (b.width - w) / 2, y = b.minY + (b.height - h) / 2
        let g = gravity.rawValue.lowercased()
        if g.contains("left") { x = b.minX }
        if g.contains("right") { x = b.maxX - w }
        // Core Animation's top/bottom follow a y-up layer; on iOS "top" shows at the bottom
        // unless the layer is flipped. We use the visual meaning, as UIKit views do.
        if g.hasPrefix("top") { y = b.minY }
        if g.hasPrefix("bottom") { y = b.maxY - h }
        cairo_save(cr)
        cairo_rectangle(cr, b.minX, b.minY, b.width, b.height)
        cairo_clip(cr)
        // Only the image's own rectangle: edge pixels are clamped (not blended with
        // transparency), as Core Animation's linear filter does.
        cairo_rectangle(cr, x, y, w, h)
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, w / cw, h / ch)
        // Sample only the selected part, its edges clamped (no bleeding from the rest of the
        // image, as sprite sheets need); beyond the image the image's own edges extend.
        let sx0 = min(max(cx, 0), Double(image.width)), sy0 = min(max(cy, 0), Double(image.height))
        let sx1 = min(max(cx + cw, 0), Double(image.width)), sy1 = min(max(cy + ch, 0), Double(image.height))
        let part = sx1 > sx0 && sy1 > sy0 ? cairo_surface_create_for_rectangle(surface, sx0, sy0, sx1 - sx0, sy1 - sy0) : nil
        defer { if let part { cairo_surface_destroy(part) } }
        if let part {
            cairo_set_source_surface(cr, part, sx0 - cx, sy0 - cy)
        } else {
            cairo_set_source_surface(cr, surface, -cx, -cy)
        }
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
