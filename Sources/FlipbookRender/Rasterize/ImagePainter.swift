import CCairo
import FlipbookCore
import Foundation

/// Layer `contents` images: the part `contentsRect` selects (unit coordinates of the image,
/// edges extended beyond it), placed by `contentsGravity`.
enum ImagePainter {
    static func draw(
        _ image: LayerImage, gravity: CALayerContentsGravity, contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
        bounds b: CGRect, cr: OpaquePointer
    ) {
        let unit = contentsRect.standardized
        guard image.width > 0, image.height > 0, unit.width > 0, unit.height > 0, unit.width.isFinite, unit.height.isFinite,
            unit.minX.isFinite, unit.minY.isFinite, let surface = DecodedImages.forThisThread.surface(for: image)
        else { return }
        defer { cairo_surface_destroy(surface) }
        // The selected part in image pixels, and its size in points.
        let cx = unit.minX * Double(image.width), cy = unit.minY * Double(image.height)
        let cw = unit.width * Double(image.width), ch = unit.height * Double(image.height)
        let iw = cw / image.scale, ih = ch / image.scale
        var sx = 1.0, sy = 1.0
        switch gravity {
        case .resize:
            sx = b.width / iw
            sy = b.height / ih
        case .resizeAspect:
            sx = min(b.width / iw, b.height / ih)
            sy = sx
        case .resizeAspectFill:
            sx = max(b.width / iw, b.height / ih)
            sy = sx
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
