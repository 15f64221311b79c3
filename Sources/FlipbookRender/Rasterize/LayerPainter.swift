import CCairo
import FlipbookCore
import Foundation

/// Draws a snapshot's layer tree with Cairo, back to front (timing-model.md 12.3).
struct LayerPainter {
    let cr: OpaquePointer
    /// What this frame may still draw (replicator copies, nesting included: timing-model.md
    /// 12.5; particles, path elements, shadow area), shared by every painter of the frame.
    var work = FrameWork()

    /// Draws `layer` in its parent's bounds space. `inheritedOpacity` is the opacity of
    /// ancestors with `allowsGroupOpacity = false`, which pass it down instead of grouping.
    func draw(_ layer: LayerSnapshot, parent: ParentTransform?, inheritedOpacity: Double = 1) {
        if let transition = layer.transition {
            drawTransition(layer, transition, parent: parent, inheritedOpacity: inheritedOpacity)
            return
        }
        let s = layer.state
        guard !s.hidden, s.opacity > 0, Self.isDrawable(s) else { return }
        if case .transformLayer = layer.content {
            drawInDepth(layer, parent: parent, inheritedOpacity: inheritedOpacity * min(1, s.opacity))
            return
        }
        let toParent = Projection.layerToParent(s, parent: parent)
        // Back-facing layers with doubleSided = false are hidden (timing-model.md 12.2).
        if !s.doubleSided && s.bounds.width > 0 && s.bounds.height > 0 && Projection.facesAway(toParent, bounds: s.bounds) { return }
        if !Projection.isAffine(toParent) {
            drawProjected(layer, through: toParent, inheritedOpacity: inheritedOpacity)
            return
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let parent {
            let a = parent.anchor
            cairo_translate(cr, a.x, a.y)
            concat(parent.transform)
            cairo_translate(cr, -a.x, -a.y)
        }
        cairo_translate(cr, s.position.x, s.position.y)
        concat(s.transform)
        let a = anchor(s)
        cairo_translate(cr, -a.x, -a.y)
        // What the layer may paint on screen counts against the frame (its box, clipped).
        guard work.take(.paintedPixels, paintedArea(s.bounds)) else { return }
        let opacity = min(1, s.opacity) * inheritedOpacity
        // A compositing filter composites the whole layer, as one group, onto what is behind.
        let composite = CompositingOperator.of(layer.compositingFilter)
        guard layer.allowsGroupOpacity || layer.mask != nil || composite != nil else {
            // allowsGroupOpacity = false: no offscreen group; the shadow, background, content
            // and border are each composited at the opacity, and sublayers multiply it into
            // their own, so overlapping parts show through one another.
            withAlpha(opacity) { drawShadow(layer) }
            drawContent(layer, partOpacity: opacity, childOpacity: opacity)
            return
        }
        // The shadow is composited on its own beneath the opacity group, faded by the opacity
        // too: a layer fading out over its own shadow lets the shadow show through, as iOS draws
        // it (timing-model.md 12.3). A mask or a compositing filter takes the shadow in.
        let shadowApart = opacity < 1 && layer.mask == nil && composite == nil && Self.castsShadow(s)
        if shadowApart { withAlpha(opacity) { drawShadow(layer) } }
        let needsGroup = opacity < 1 || layer.mask != nil || composite != nil
        if needsGroup { cairo_push_group(cr) }
        if !shadowApart { drawShadow(layer) }
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
            if let composite { cairo_set_operator(cr, composite) }
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Runs `body` into a group painted at `alpha` (directly when opaque).
    func withAlpha(_ alpha: Double, _ body: () -> Void) {
        guard alpha < 1 else {
            body()
            return
        }
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// Geometry with NaN or infinite values (bad input) cannot be placed: skip the layer
    /// rather than put Cairo into an error state.
    static func isDrawable(_ s: LayerState) -> Bool {
        let numbers =
            [
                s.position.x, s.position.y, s.bounds.origin.x, s.bounds.origin.y, s.bounds.width, s.bounds.height,
                s.anchorPoint.x, s.anchorPoint.y, s.opacity
            ] + s.transform.entries + s.sublayerTransform.entries
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
            let flat = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pw), Int32(ph))
        else { return }
        defer { cairo_surface_destroy(flat) }
        let fcr = cairo_create(flat)!
        cairo_scale(fcr, k, k)
        cairo_translate(fcr, -b.minX, -b.minY)
        var flatLayer = layer
        flatLayer.state.transform = CATransform3DIdentity
        flatLayer.state.position = CGPoint(x: b.minX + s.anchorPoint.x * b.width, y: b.minY + s.anchorPoint.y * b.height)
        LayerPainter(cr: fcr, work: work).draw(flatLayer, parent: nil, inheritedOpacity: inheritedOpacity)
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
                guard let p00 = project(u0, v0), let p10 = project(u1, v0), let p01 = project(u0, v1), let p11 = project(u1, v1) else {
                    continue
                }
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
        cairo_move_to(cr, dst.0.x, dst.0.y)
        cairo_line_to(cr, dst.1.x, dst.1.y)
        cairo_line_to(cr, dst.2.x, dst.2.y)
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

    func anchor(_ s: LayerState) -> CGPoint {
        CGPoint(
            x: s.bounds.origin.x + s.anchorPoint.x * s.bounds.width,
            y: s.bounds.origin.y + s.anchorPoint.y * s.bounds.height)
    }

    /// Applies the affine part of a transform, with a perspective divide approximated at the
    /// layer's origin when m14/m24/m34 are set (flattened as Core Animation shows them).
    func concat(_ t: CATransform3D) {
        guard !CATransform3DIsIdentity(t) else { return }
        var m = cairo_matrix_t(xx: t.m11, yx: t.m12, xy: t.m21, yy: t.m22, x0: t.m41, y0: t.m42)
        if t.m44 != 0 && t.m44 != 1 {
            m.xx /= t.m44
            m.yx /= t.m44
            m.xy /= t.m44
            m.yy /= t.m44
            m.x0 /= t.m44
            m.y0 /= t.m44
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
                CairoPath.roundedRect(s.bounds, radius: s.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve, cr: cr)
                CairoPath.setSource(bg, cr: cr)
                cairo_fill(cr)
            }
        }
        cairo_save(cr)
        if s.masksToBounds {
            CairoPath.roundedRect(s.bounds, radius: s.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve, cr: cr)
            cairo_clip(cr)
        }
        withAlpha(partOpacity) {
            if let image = s.contents {
                ImagePainter.draw(
                    image, gravity: layer.contentsGravity, contentsRect: s.contentsRect, contentsCenter: s.contentsCenter,
                    filters: ImagePainter.Filters(magnification: layer.magnificationFilter, minification: layer.minificationFilter),
                    bounds: s.bounds, cr: cr)
            }
            if let drawing = layer.drawing { DrawingPlayer.play(drawing, origin: s.bounds.origin, cr: cr) }
            switch layer.content {
            case .plain: break
            case .shape(let style): ShapePainter.draw(style, state: s, cr: cr, work: work)
            case .text(let style):
                var textState = s
                if let size = style.attributedFontSize { textState.fontSize = size }
                if let color = style.attributedColor { textState.foregroundColor = color }
                TextPainter.draw(style, state: textState, bounds: s.bounds, cr: cr)
            case .gradient(let style): GradientPainter.draw(style, state: s, cr: cr)
            case .replicator, .transformLayer: break
            case .emitter(let style): drawParticles(layer.particles, style: style)
            }
        }
        if case .replicator(let style) = layer.content {
            drawInstances(of: layer, style: style, inheritedOpacity: childOpacity)
        } else {
            let handedDown = ParentTransform.of(s)
            for child in layer.sublayers { draw(child, parent: handedDown, inheritedOpacity: childOpacity) }
        }
        cairo_restore(cr)
        if s.borderWidth > 0, s.borderWidth.isFinite, let color = s.borderColor, color.alpha > 0 {
            withAlpha(partOpacity) {
                let w = s.borderWidth
                let inner = s.bounds.insetBy(dx: w / 2, dy: w / 2)
                CairoPath.roundedRect(
                    inner, radius: max(0, s.cornerRadius - w / 2), corners: layer.maskedCorners, curve: layer.cornerCurve, cr: cr)
                CairoPath.setSource(color, cr: cr)
                cairo_set_line_width(cr, w)
                cairo_stroke(cr)
            }
        }
    }

    /// The shadow: the alpha of `shadowPath`, or of the layer's composited content when it
    /// has none, blurred with a Gaussian of σ = `shadowRadius` (three box passes), offset by
    /// `shadowOffset` and painted in `shadowColor` × `shadowOpacity` (timing-model.md 12.3).
    /// Whether `s` draws a shadow at all.
    static func castsShadow(_ s: LayerState) -> Bool {
        s.shadowOpacity > 0 && s.shadowOpacity.isFinite && (s.shadowColor?.alpha ?? 0) > 0 && !s.masksToBounds
            && s.shadowRadius.isFinite && s.shadowOffset.width.isFinite && s.shadowOffset.height.isFinite
    }

    private func drawShadow(_ layer: LayerSnapshot) {
        let s = layer.state
        guard Self.castsShadow(s), let color = s.shadowColor else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // Device-space blur radius (the layer may be scaled).
        var dx = max(0, s.shadowRadius), dy = 0.0
        cairo_user_to_device_distance(cr, &dx, &dy)
        // Past a few hundred pixels a blur is a wash; cap it so bad input stays cheap.
        let sigma = min(hypot(dx, dy), 500)
        // The group the shadow is drawn and blurred in spans the clip: that area is its cost.
        guard work.take(.shadowPixels, clipArea()) else { return }
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        if let sp = s.shadowPath {
            guard work.take(.pathElements, sp.count) else {
                _ = cairo_pop_group(cr).map { cairo_pattern_destroy($0) }
                return
            }
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

extension LayerPainter {
    /// The device pixels of `rect` (in the current user space) inside the clip: what drawing
    /// the layer there may touch.
    func paintedArea(_ rect: CGRect) -> Int {
        guard rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0 else { return 0 }
        var cx1 = 0.0, cy1 = 0.0, cx2 = 0.0, cy2 = 0.0
        cairo_clip_extents(cr, &cx1, &cy1, &cx2, &cy2)
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [
            (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY),
            (cx1, cy1), (cx2, cy1), (cx1, cy2), (cx2, cy2)
        ] {
            var dx = x, dy = y
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        // Device boxes of the layer and of the clip, intersected.
        let lx = (xs[0...3].min()!, xs[0...3].max()!), ly = (ys[0...3].min()!, ys[0...3].max()!)
        let kx = (xs[4...7].min()!, xs[4...7].max()!), ky = (ys[4...7].min()!, ys[4...7].max()!)
        let w = min(lx.1, kx.1) - max(lx.0, kx.0), h = min(ly.1, ky.1) - max(ly.0, ky.0)
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { return 0 }
        return Int(min(w.rounded(.up) * h.rounded(.up), Double(Int.max / 4)))
    }

    /// The clip's area in device pixels (what a group pushed now would span).
    func clipArea() -> Int {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var dx = x, dy = y
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx)
            ys.append(dy)
        }
        let w = (xs.max()! - xs.min()!).rounded(.up), h = (ys.max()! - ys.min()!).rounded(.up)
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { return 0 }
        return Int(min(w * h, Double(Int.max / 2)))
    }
}
