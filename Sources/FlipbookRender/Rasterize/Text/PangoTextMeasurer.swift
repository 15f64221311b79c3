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
        let r = reduced(style, fontSize, nil)
        guard r.k == 1 else { return firstBaseline(of: r.style, fontSize: r.size) * r.k }
        guard !style.string.isEmpty, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return 0 }
        defer { cairo_destroy(cr) }
        let key = TextLayoutCache.Key(
            string: style.string, fontName: style.fontName, fontSize: max(1, fontSize), width: -1, isWrapped: false,
            truncation: style.truncation.rawValue, alignment: style.alignment.rawValue, maximumLines: 0, kerning: style.kerning,
            lineSpacing: style.lineSpacing)
        guard let layout = TextPainter.makeLayout(style, key: key, cr: cr) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) + TextPainter.firstLineShift(layout, style: style)
    }

    public static func capHeight(of style: TextStyle, fontSize: Double) -> Double {
        let r = reduced(style, fontSize, nil)
        return (inkTop(of: "H", fontName: style.fontName, fontSize: r.size) ?? 0) * r.k
    }

    /// Sizes past what Pango sets (its sizes are ints of 1/1024 pt) are laid out at 2,000 pt, the
    /// kerning and wrapping width scaled down with it, and the results scaled up by `k`
    /// (unhinted metrics are proportional to the size).
    private static func reduced(_ style: TextStyle, _ fontSize: Double, _ width: Double?) -> (
        style: TextStyle, size: Double, width: Double?, k: Double
    ) {
        let k = fontSize.isFinite ? max(1, fontSize / 2_000) : 1
        var scaled = style
        scaled.kerning /= k
        scaled.lineSpacing.lineSpacing /= k
        scaled.lineSpacing.minimumLineHeight /= k
        scaled.lineSpacing.maximumLineHeight /= k
        for i in scaled.runs.indices {
            scaled.runs[i].fontSize = scaled.runs[i].fontSize.map { $0 / k }
            scaled.runs[i].kerning = scaled.runs[i].kerning.map { $0 / k }
            scaled.runs[i].baselineOffset /= k
        }
        return (scaled, fontSize.isFinite ? fontSize / k : 1, width.map { $0 / k }, k)
    }

    /// The face's ascent and descent as Pango sets a line of it (the logical extents), and the
    /// ink tops of "H" and "x": what the face drawn for `fontName` measures, unrounded.
    public static func fontMetrics(fontName: String, fontSize: Double) -> FontMetrics? {
        guard let line = extents(of: "Hx", fontName: fontName, fontSize: fontSize),
            let capital = inkTop(of: "H", fontName: fontName, fontSize: fontSize),
            let small = inkTop(of: "x", fontName: fontName, fontSize: fontSize)
        else { return nil }
        let descent = line.logicalHeight - line.baseline
        return FontMetrics(ascent: line.baseline, descent: descent, lineHeight: line.logicalHeight, capHeight: capital, xHeight: small)
    }

    /// How far the top of `string`'s ink reaches above the baseline.
    private static func inkTop(of string: String, fontName: String?, fontSize: Double) -> Double? {
        extents(of: string, fontName: fontName, fontSize: fontSize).map { $0.baseline - $0.inkY }
    }

    /// One unwrapped line of `string`: its baseline below the top, its ink's top and its logical
    /// height, in points.
    private static func extents(of string: String, fontName: String?, fontSize: Double) -> (
        baseline: Double, inkY: Double, logicalHeight: Double
    )? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        let style = TextStyle(string: string, fontName: fontName, alignment: .left, isWrapped: false, truncation: .none)
        let key = TextLayoutCache.Key(
            string: string, fontName: fontName, fontSize: max(1, fontSize), width: -1, isWrapped: false,
            truncation: style.truncation.rawValue, alignment: style.alignment.rawValue, maximumLines: 0)
        guard let layout = TextPainter.makeLayout(style, key: key, cr: cr) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
        var logical = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        return (Double(pango_layout_get_baseline(layout)) / scale, Double(ink.y) / scale, Double(logical.height) / scale)
    }

    public static func extent(of style: TextStyle, fontSize: Double, width: Double?) -> (width: Double, lines: Int) {
        guard !style.string.isEmpty else { return (0, 0) }
        let r = reduced(style, fontSize, width)
        return layout(of: r.style, fontSize: r.size, width: r.width) { layout in
            var logical = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
            pango_layout_get_extents(layout, nil, &logical)
            return (Double(logical.width) / Double(PANGO_SCALE) * r.k, Int(pango_layout_get_line_count(layout)))
        } ?? (0, 0)
    }

    public static func size(of style: TextStyle, fontSize: Double, width: Double?) -> CGSize {
        guard !style.string.isEmpty else { return .zero }
        let r = reduced(style, fontSize, width)
        return layout(of: r.style, fontSize: r.size, width: r.width) { layout in
            var logical = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
            pango_layout_get_extents(layout, nil, &logical)
            let scale = Double(PANGO_SCALE) / r.k
            // Laid out as `layout(of:)` lays it out: wrapped and limited only with a width.
            var measured = r.style
            measured.isWrapped = r.width != nil
            if r.width == nil { measured.maximumLines = 0 }
            let shown = TextPainter.shownLinesHeight(layout, style: measured).map { $0 * r.k }
            let height = (shown ?? Double(logical.height) / scale) + TextPainter.firstLineShift(layout, style: r.style) * r.k
            // Core Text's kern follows a line's last character too; Pango's only goes between them.
            let width = Double(logical.width) / scale + (style.kerning.isFinite ? style.kerning : 0)
            return CGSize(width: max(0, width).rounded(.up), height: max(0, height).rounded(.up))
        } ?? .zero
    }

    /// `style` laid out at `fontSize` as `TextPainter` lays it out (wrapped to `width` when
    /// given), handed to `read`.
    private static func layout<T>(of style: TextStyle, fontSize: Double, width: Double?, read: (OpaquePointer) -> T) -> T? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        var measured = style
        measured.isWrapped = width != nil
        let key = TextLayoutCache.Key(
            string: style.string, fontName: style.fontName, fontSize: max(1, fontSize),
            width: width.map { max(0, $0) } ?? -1, isWrapped: measured.isWrapped,
            truncation: style.truncation.rawValue, alignment: style.alignment.rawValue,
            maximumLines: width == nil ? 0 : style.maximumLines, kerning: style.kerning, lineSpacing: style.lineSpacing)
        guard let layout = TextPainter.makeLayout(measured, key: key, cr: cr) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return read(layout)
    }
}
