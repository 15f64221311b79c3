import CCairo
import FlipbookCore
import Foundation

extension PixelBuffer {
    /// The picture resampled to `width × height` with Cairo's good filter (bilinear when
    /// enlarging, box-like when shrinking).
    public func resized(width w: Int, height h: Int) throws -> PixelBuffer {
        guard w > 0, h > 0, w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels else {
            throw RenderError.invalidArgument("cannot resize to \(w)×\(h) px")
        }
        guard let source = CairoSurface.make(from: self) else { throw RenderError.cairo("cannot copy a \(width)×\(height) picture") }
        defer { cairo_surface_destroy(source) }
        var words = [UInt32](repeating: 0, count: w * h)
        try CairoSurface.withSurface(over: &words, width: w, height: h) { surface in
            guard let cr = cairo_create(surface) else { throw RenderError.cairo("cannot create a context") }
            defer { cairo_destroy(cr) }
            cairo_scale(cr, Double(w) / Double(width), Double(h) / Double(height))
            cairo_set_source_surface(cr, source, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }
}
