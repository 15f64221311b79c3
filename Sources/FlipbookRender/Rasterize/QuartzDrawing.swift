import CCairo
import FlipbookCore
import Foundation

/// What a recorded drawing asks of Cairo beyond paths and images: Core Graphics' blend modes,
/// gradients and mask clips, Core Text's frames and `CALayer.render(in:)` (DrawingPlayer).
enum QuartzDrawing {
    /// The Cairo operator that composites as `mode` does; plus-darker has none and darkens.
    static func cairoOperator(_ mode: CGBlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken, .plusDarker: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }

    /// Paints `gradient` over the clipping area at `alpha`; a side the options leave out is
    /// clipped away (past the end line or circle, before the start line or inside its circle).
    static func draw(_ gradient: GradientDrawing, alpha: Double, cr: OpaquePointer) {
        guard !gradient.stops.isEmpty else { return }
        let pattern: OpaquePointer?
        switch gradient.kind {
        case .linear(let start, let end):
            pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        case .radial(let c0, let r0, let c1, let r1):
            pattern = cairo_pattern_create_radial(c0.x, c0.y, r0, c1.x, c1.y, r1)
        }
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, min(1, max(0, stop.location)), c.red, c.green, c.blue, c.alpha)
        }
        let extends = gradient.extendsBefore || gradient.extendsAfter
        cairo_pattern_set_extend(pattern, extends ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cairo_save(cr)
        if extends, !(gradient.extendsBefore && gradient.extendsAfter) { clipOneSide(gradient, cr: cr) }
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// Clips to the side of the gradient its options draw when only one end spreads.
    private static func clipOneSide(_ gradient: GradientDrawing, cr: OpaquePointer) {
        let far = 1e6
        switch gradient.kind {
        case .linear(let start, let end):
            let dx = end.x - start.x, dy = end.y - start.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return }
            let (ux, uy) = (dx / length, dy / length)
            // The half-plane kept: beyond the start line (after-only) or before the end line.
            let edge = gradient.extendsAfter ? start : end
            let toward = gradient.extendsAfter ? 1.0 : -1.0
            let (nx, ny) = (-uy * far, ux * far)
            cairo_move_to(cr, edge.x + nx, edge.y + ny)
            cairo_line_to(cr, edge.x - nx, edge.y - ny)
            cairo_line_to(cr, edge.x - nx + toward * ux * far, edge.y - ny + toward * uy * far)
            cairo_line_to(cr, edge.x + nx + toward * ux * far, edge.y + ny + toward * uy * far)
            cairo_close_path(cr)
            cairo_clip(cr)
        case .radial(let c0, let r0, let c1, let r1):
            if gradient.extendsAfter {
                // Outside the start circle only.
                cairo_rectangle(cr, -far, -far, 2 * far, 2 * far)
                cairo_new_sub_path(cr)
                cairo_arc(cr, c0.x, c0.y, r0, 0, 2 * Double.pi)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            } else {
                cairo_arc(cr, c1.x, c1.y, r1, 0, 2 * Double.pi)
            }
            cairo_clip(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    /// Paints what was drawn into the group since the mask clip through `mask`'s grey values
    /// (white shows, black hides), the image scaled into `rect` upside down as Core Graphics
    /// places images in UIKit's space.
    static func paintGroup(through mask: LayerImage, in rect: CGRect, cr: OpaquePointer) {
        cairo_pop_group_to_source(cr)
        let r = rect.standardized
        guard mask.width > 0, mask.height > 0, r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite,
            let image = DecodedImages.forThisThread.surface(for: mask), let alpha = luminanceMask(of: image)
        else { return }
        cairo_surface_destroy(image)
        defer { cairo_surface_destroy(alpha) }
        cairo_save(cr)
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        cairo_clip(cr)
        cairo_translate(cr, r.minX, r.maxY)
        cairo_scale(cr, r.width / Double(mask.width), -r.height / Double(mask.height))
        cairo_mask_surface(cr, alpha, 0, 0)
        cairo_restore(cr)
    }

    /// An A8 surface of `image`'s luminance (premultiplied, so transparent pixels hide).
    private static func luminanceMask(of image: OpaquePointer) -> OpaquePointer? {
        cairo_surface_flush(image)
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        guard let source = cairo_image_surface_get_data(image),
            let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        else { return nil }
        guard let target = cairo_image_surface_get_data(mask) else {
            cairo_surface_destroy(mask)
            return nil
        }
        let sourceStride = Int(cairo_image_surface_get_stride(image)), targetStride = Int(cairo_image_surface_get_stride(mask))
        for y in 0..<height {
            let row = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                let r = Double((p >> 16) & 0xFF), g = Double((p >> 8) & 0xFF), b = Double(p & 0xFF)
                target[y * targetStride + x] = UInt8(min(255, (0.2126 * r + 0.7152 * g + 0.0722 * b).rounded()))
            }
        }
        cairo_surface_mark_dirty(mask)
        return mask
    }

    /// Core Text's frame: the text laid out in its box, y up (so upright where the context
    /// was flipped to Core Graphics' space, as Core Text draws).
    static func draw(_ text: TextDrawing, cr: OpaquePointer) {
        var state = LayerState()
        state.fontSize = text.fontSize
        state.foregroundColor = text.color ?? RGBA(red: 0, green: 0, blue: 0, alpha: 1)
        cairo_save(cr)
        cairo_translate(cr, 0, text.rect.minY + text.rect.maxY)
        cairo_scale(cr, 1, -1)
        TextPainter.draw(text.style, state: state, bounds: text.rect, cr: cr)
        cairo_restore(cr)
    }
}
