import CCairo
import FlipbookCore
import Foundation

/// Layer `contents` images: the part `contentsRect` selects (unit coordinates of the image,
/// edges extended beyond it), placed by `contentsGravity`.
enum ImagePainter {
    /// The filters a layer samples its contents with (`magnificationFilter`, `minificationFilter`).
    struct Filters {
        var magnification = CALayerContentsFilter.linear
        var minification = CALayerContentsFilter.linear
    }

    static func draw(
        _ image: LayerImage, gravity: CALayerContentsGravity, contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
        contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), filters: Filters = Filters(), bounds b: CGRect,
        cr: OpaquePointer
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
        let part = Part(x: cx, y: cy, width: cw, height: ch)
        let target = CGRect(x: x, y: y, width: w, height: h)
        let pieces = NineSlice.pieces(of: part, center: contentsCenter, scale: image.scale, into: target)
        for (piece, into) in pieces {
            paint(surface, image: image, part: piece, into: into, filters: filters, sharpEdges: pieces.count > 1, cr: cr)
        }
        cairo_restore(cr)
    }

    /// A rectangle of an image, in its pixels.
    struct Part: Equatable {
        var x, y, width, height: Double
    }

    /// Draws `part` of the image stretched over `target`: only the image's own pixels, its
    /// edges clamped (not blended with transparency, as Core Animation's linear filter does,
    /// and no bleeding from the rest of the image, as sprite sheets need).
    /// With `sharpEdges` (pieces of a 9-slice), the piece covers the pixels whose centres it
    /// holds, so pieces meet without a seam.
    private static func paint(
        _ surface: OpaquePointer, image: LayerImage, part: Part, into target: CGRect, filters: Filters, sharpEdges: Bool,
        cr: OpaquePointer
    ) {
        guard part.width > 0, part.height > 0, target.width > 0, target.height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, target.minX, target.minY, target.width, target.height)
        if sharpEdges { cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE) }
        cairo_clip(cr)
        if sharpEdges { cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY) }
        cairo_translate(cr, target.minX, target.minY)
        cairo_scale(cr, target.width / part.width, target.height / part.height)
        // Beyond the image the image's own edges extend.
        let sx0 = min(max(part.x, 0), Double(image.width)), sy0 = min(max(part.y, 0), Double(image.height))
        let sx1 = min(max(part.x + part.width, 0), Double(image.width)), sy1 = min(max(part.y + part.height, 0), Double(image.height))
        let piece = sx1 > sx0 && sy1 > sy0 ? cairo_surface_create_for_rectangle(surface, sx0, sy0, sx1 - sx0, sy1 - sy0) : nil
        defer { if let piece { cairo_surface_destroy(piece) } }
        if let piece {
            cairo_set_source_surface(cr, piece, sx0 - part.x, sy0 - part.y)
        } else {
            cairo_set_source_surface(cr, surface, -part.x, -part.y)
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let enlarged = abs(m.xx) + abs(m.yx) > 1 || abs(m.xy) + abs(m.yy) > 1
        if (enlarged ? filters.magnification : filters.minification) == .nearest {
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            return
        }
        // Enlarged contents as iOS's render(in:) draws them; Cairo's filter for the rest.
        if piece != nil, upscale(surface: surface, part: (sx0, sy0, sx1, sy1), origin: (part.x, part.y), cr: cr) { return }
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
    }

    /// Draws an enlarged, axis-aligned (perhaps mirrored) image as iOS does (ImageUpscaler) at
    /// `alpha`; false when the image is not enlarged on both axes or is turned, left to Cairo's
    /// filter. Also used for images drawn into a Core Graphics context (DrawingPlayer).
    static func upscale(
        surface: OpaquePointer, part: (Double, Double, Double, Double), origin: (Double, Double), alpha: Double = 1, cr: OpaquePointer
    ) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let format = cairo_image_surface_get_format(surface)
        guard m.xy == 0, m.yx == 0, abs(m.xx) >= 1, abs(m.yy) >= 1, m.xx.isFinite, m.yy.isFinite,
            format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24
        else { return false }
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1)
        cairo_user_to_device(cr, &cx0, &cy0)
        cairo_user_to_device(cr, &cx1, &cy1)
        let device = (
            x0: Int(max(min(cx0, cx1), -1e6).rounded(.down)), y0: Int(max(min(cy0, cy1), -1e6).rounded(.down)),
            x1: Int(min(max(cx0, cx1), 1e6).rounded(.up)), y1: Int(min(max(cy0, cy1), 1e6).rounded(.up))
        )
        guard device.x1 > device.x0, device.y1 > device.y0, (device.x1 - device.x0) * (device.y1 - device.y0) <= 1 << 26 else {
            return false
        }
        let placement = ImageUpscaler.Placement(
            scaleX: m.xx, scaleY: m.yy, offsetX: m.x0 - m.xx * origin.0, offsetY: m.y0 - m.yy * origin.1)
        ImageUpscaler.paint(
            surface: surface, partMin: (Int(part.0.rounded(.down)), Int(part.1.rounded(.down))),
            partMax: (Int(part.2.rounded(.up)), Int(part.3.rounded(.up))), placement: placement, device: device, alpha: alpha, cr: cr)
        return true
    }
}
