import CCairo
import CPangoCairo
import FlipbookCore
import Foundation

/// Registers the renderer's services with FlipbookCore; called when the program loads by
/// CFlipbookRenderRegistration's constructor.
@_cdecl("flipbook_register_renderer")
public func registerRenderer() {
    TextMeasurement.register(PangoTextMeasurer.self)
    ImageRasterization.register(CairoImageRasterizer.self)
    FontFaces.register(FontconfigFaces.self)
}

/// Measures text the way `TextPainter` draws it, for `UILabel.sizeThatFits` and `sizeToFit`
/// (registered with FlipbookCore's `TextMeasurement` when the program loads).
public enum PangoTextMeasurer: TextMeasuring {
    public static func firstBaseline(of style: TextStyle, fontSize: Double) -> Double {
        guard !style.string.isEmpty, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return 0 }
        defer { cairo_destroy(cr) }
        let key = TextLayoutCache.Key(
            string: style.string, fontName: style.fontName, fontSize: max(1, fontSize), width: -1, isWrapped: false,
            truncation: style.truncation.rawValue, alignment: style.alignment.rawValue, maximumLines: 0, kerning: style.kerning)
        guard let layout = TextPainter.makeLayout(style, key: key, cr: cr) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
    }

    public static func capHeight(of style: TextStyle, fontSize: Double) -> Double {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return 0 }
        defer { cairo_destroy(cr) }
        var capital = style
        capital.string = "H"
        let key = TextLayoutCache.Key(
            string: "H", fontName: style.fontName, fontSize: max(1, fontSize), width: -1, isWrapped: false,
            truncation: style.truncation.rawValue, alignment: style.alignment.rawValue, maximumLines: 0)
        guard let layout = TextPainter.makeLayout(capital, key: key, cr: cr) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // The top of an H's ink above the baseline.
        var ink = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
        pango_layout_get_extents(layout, &ink, nil)
        return Double(pango_layout_get_baseline(layout) - Int32(ink.y)) / Double(PANGO_SCALE)
    }

    public static func size(of style: TextStyle, fontSize: Double, width: Double?) -> CGSize {
        guard !style.string.isEmpty, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return .zero }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return .zero }
        defer { cairo_destroy(cr) }
        var measured = style
        measured.isWrapped = width != nil
        let key = TextLayoutCache.Key(
            string: style.string, fontName: style.fontName, fontSize: max(1, fontSize),
            width: width.map { max(0, $0) } ?? -1, isWrapped: measured.isWrapped,
            truncation: style.truncation.rawValue, alignment: style.alignment.rawValue,
            maximumLines: width == nil ? 0 : style.maximumLines, kerning: style.kerning)
        guard let layout = TextPainter.makeLayout(measured, key: key, cr: cr) else { return .zero }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        return CGSize(width: (Double(logical.width) / scale).rounded(.up), height: (Double(logical.height) / scale).rounded(.up))
    }
}
