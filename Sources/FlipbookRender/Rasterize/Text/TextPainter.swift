import CCairo
import CPangoCairo
import FlipbookCore
import Foundation

/// Draws text with Pango. Families are named explicitly so pixels do not depend on
/// fontconfig's default choice; Chinese falls back to WenQuanYi Micro Hei (docs/toolchain.md).
enum TextPainter {
    static let fallbackFamilies = "Liberation Sans, DejaVu Sans, WenQuanYi Micro Hei"
    static let monospacedFamilies = "Liberation Mono, DejaVu Sans Mono"

    /// The Pango family list for a UIKit/CATextLayer font name.
    static func families(for fontName: String?) -> (family: String, bold: Bool) {
        guard let name = fontName, !name.isEmpty else { return (fallbackFamilies, false) }
        let lower = name.lowercased()
        let bold = lower.contains("bold")
        // SF Mono (UIFont.monospacedSystemFont) and Menlo, iOS's monospaced faces.
        if name.hasPrefix(".SFMono") || lower.hasPrefix("menlo") {
            return ("\(monospacedFamilies), \(fallbackFamilies)", bold)
        }
        if name.hasPrefix(".SFUI") || lower.hasPrefix("helvetica") || lower.hasPrefix("pingfang") || lower.hasPrefix("arial")
            || lower.hasPrefix("system")
        {
            return (fallbackFamilies, bold)
        }
        let family = name.split(separator: "-").first.map(String.init) ?? name
        return ("\(family), \(fallbackFamilies)", bold)
    }

    /// How many characters of `text` no installed font can show (drawn as boxes); 0 when
    /// the fonts cover it. Used to check that the CJK fallback is installed.
    public static func unknownGlyphCount(_ text: String, fontName: String? = nil) -> Int {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 4) else { return -1 }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        guard let layout = pango_cairo_create_layout(cr) else { return -1 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let desc = pango_font_description_new()
        pango_font_description_set_family(desc, families(for: fontName).family)
        pango_font_description_set_absolute_size(desc, 16 * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        pango_layout_set_text(layout, text, -1)
        return Int(pango_layout_get_unknown_glyphs_count(layout))
    }

    /// Lays out and draws `style.string` inside `bounds`: filled in the foreground colour, and
    /// its outline stroked when the style has a stroke width (Core Text's rule: positive strokes
    /// alone, negative fills then strokes, `|width|` percent of the font size wide).
    static func draw(_ style: TextStyle, state: LayerState, bounds: CGRect, cr: OpaquePointer) {
        let strokeColor = style.strokeWidth != 0 ? style.strokeColor ?? state.foregroundColor : nil
        let fillColor = style.strokeWidth > 0 ? nil : state.foregroundColor
        let runsColored = style.runs.contains { $0.color != nil || $0.backgroundColor != nil }
        guard !style.string.isEmpty, fillColor != nil || strokeColor != nil || runsColored else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let key = TextLayoutCache.Key(
            string: style.string, fontName: style.fontName, fontSize: max(1, state.fontSize),
            width: max(0, bounds.width), isWrapped: style.isWrapped,
            truncation: style.truncation.rawValue, alignment: style.alignment.rawValue,
            maximumLines: style.maximumLines, kerning: style.kerning, lineSpacing: style.lineSpacing,
            height: truncatesByHeight(style) ? max(0, bounds.height) : -1, runs: style.runs,
            transform: [matrix.xx, matrix.yx, matrix.xy, matrix.yy])
        guard let layout = TextLayoutCache.forThisThread.layout(for: key, make: { makeLayout(style, key: key, cr: cr) }) else { return }
        cairo_save(cr)
        cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
        cairo_clip(cr)
        var top = bounds.minY + firstLineShift(layout, style: style)
        let left = bounds.minX + unboundedOffset(layout, style: style, width: bounds.width) + trailingKernOffset(style)
        let shown = shownLinesHeight(layout, style: style)
        if style.centersVertically {
            // A UILabel centres its line box in its bounds (clipping both ends when taller).
            var logical = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
            pango_layout_get_extents(layout, nil, &logical)
            top += (bounds.height - (shown ?? Double(logical.height) / Double(PANGO_SCALE)) - firstLineShift(layout, style: style)) / 2
        }
        if let shown {
            // Only the lines a label shows, cut without an ellipsis (word or character wrapping).
            cairo_rectangle(cr, bounds.minX, top, bounds.width, shown + firstLineShift(layout, style: style))
            cairo_clip(cr)
        }
        pango_cairo_update_layout(cr, layout)
        if !style.runs.isEmpty {
            let fontSize = max(1, state.fontSize)
            drawRuns(style, layout: layout, at: (left, top), fill: fillColor, fontSize: fontSize, cr: cr)
        } else if let fillColor {
            // Filled as outlines, not shown from cairo's glyph cache, which puts each glyph on a
            // whole device pixel: Core Text places glyphs at fractions of a pixel.
            CairoPath.setSource(fillColor, cr: cr)
            cairo_new_path(cr)
            cairo_move_to(cr, left, top)
            pango_cairo_layout_path(cr, layout)
            cairo_fill(cr)
        }
        if let strokeColor, style.runs.isEmpty {
            cairo_new_path(cr)
            cairo_move_to(cr, left, top)
            pango_cairo_layout_path(cr, layout)
            cairo_set_line_width(cr, min(1000, abs(style.strokeWidth)) / 100 * max(1, state.fontSize))
            CairoPath.setSource(strokeColor, cr: cr)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    /// A new layout for `style` (the caller owns the reference).
    static func makeLayout(_ style: TextStyle, key: TextLayoutCache.Key, cr: OpaquePointer) -> OpaquePointer? {
        FontconfigFaces.catchUp()
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        // Advances as the font gives them, not rounded to whole units: rounded, a line of 15
        // letters drifted 1.5 px from where Core Text puts them.
        pango_context_set_round_glyph_positions(pango_layout_get_context(layout), 0)
        let desc = fontDescription(style.fontName, size: key.fontSize)
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        if style.string.unicodeScalars.contains(where: { $0.value >= 0x2E80 }) {
            let lang = pango_language_from_string("zh-cn")
            pango_context_set_language(pango_layout_get_context(layout), lang)
            pango_layout_context_changed(layout)
        }
        pango_layout_set_text(layout, style.string, -1)
        if !style.runs.isEmpty {
            setRunAttributes(style, fontSize: key.fontSize, layout: layout)
        } else if style.kerning != 0, let attributes = pango_attr_list_new() {
            // Kerning adds its points after each character: Pango's letter spacing.
            pango_attr_list_insert(
                attributes, pango_attr_letter_spacing_new(Int32(max(-1e5, min(1e5, style.kerning)) * Double(PANGO_SCALE))))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        let ellipsize = self.ellipsize(style.truncation)
        // A width of -1 lays the text out on one unbounded line (measuring).
        pango_layout_set_width(layout, key.width < 0 ? -1 : Int32(min(key.width * Double(PANGO_SCALE), Double(Int32.max))))
        if !breaksLines(style) && pango_layout_is_wrapped(layout) != 0 {
            // A layer that neither wraps nor truncates breaks its lines only at newlines and
            // clips what overflows; Pango wraps at any width it is given, so it gets none.
            pango_layout_set_width(layout, -1)
        }
        if style.isWrapped {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if key.maximumLines > 0 && ellipsize != PANGO_ELLIPSIZE_NONE {
                // A negative height limits the paragraph to that many lines, the last truncated;
                // without truncation the drawing shows only that many (`shownLinesHeight`).
                pango_layout_set_height(layout, Int32(-key.maximumLines))
                pango_layout_set_ellipsize(layout, ellipsize)
            } else if key.height >= 0 {
                // Truncating without a line count: the lines the bounds hold, the last truncated.
                pango_layout_set_height(layout, Int32(min(key.height * Double(PANGO_SCALE), Double(Int32.max))))
                pango_layout_set_ellipsize(layout, ellipsize)
            }
        } else if key.width >= 0 {
            pango_layout_set_ellipsize(layout, ellipsize)
        }
        if !style.lineSpacing.isNatural {
            // Pango spaces baselines by each line's height plus its spacing: the difference
            // makes them the paragraph style's pitch (the first line's own shift is the drawer's).
            let natural = lineHeights(layout, style: style).natural
            let extra = (style.lineSpacing.pitch(natural: natural) - natural) * Double(PANGO_SCALE)
            pango_layout_set_spacing(layout, Int32(max(-1e9, min(1e9, extra)).rounded()))
        }
        switch style.alignment {
        case .justified where !breaksLines(style): pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified: pango_layout_set_justify(layout, 1)
        default: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        return layout
    }

    /// The Pango description of the face drawn for a UIKit/CATextLayer font name at `size` points
    /// (the caller frees it).
    static func fontDescription(_ fontName: String?, size: Double) -> OpaquePointer? {
        let desc = pango_font_description_new()
        if let name = fontName, let face = FontconfigFaces.face(named: name) {
            // A PostScript name of an installed (or shipped) face draws that very face.
            pango_font_description_set_family(desc, "\(face.family), \(fallbackFamilies)")
            pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(max(100, min(1000, face.weight)))))
            if face.italic { pango_font_description_set_style(desc, PANGO_STYLE_ITALIC) }
        } else {
            let (family, bold) = families(for: fontName)
            pango_font_description_set_family(desc, family)
            if bold { pango_font_description_set_weight(desc, PANGO_WEIGHT_BOLD) }
            let lower = fontName?.lowercased() ?? ""
            if lower.contains("italic") || lower.contains("oblique") { pango_font_description_set_style(desc, PANGO_STYLE_ITALIC) }
        }
        pango_font_description_set_absolute_size(desc, size * Double(PANGO_SCALE))
        return desc
    }

    /// The natural height of `layout`'s lines (its spacing taken out) and the line height the
    /// paragraph style makes of it, in points.
    static func lineHeights(_ layout: OpaquePointer, style: TextStyle) -> (natural: Double, styled: Double) {
        var logical = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
        pango_layout_get_extents(layout, nil, &logical)
        let count = max(1, Int(pango_layout_get_line_count(layout)))
        let spaced = Double(logical.height) - Double(count - 1) * Double(pango_layout_get_spacing(layout))
        let natural = spaced / Double(count) / Double(PANGO_SCALE)
        return (natural, style.lineSpacing.lineHeight(natural: natural))
    }

    /// The height of the lines a wrapped layout limited to `maximumLines` shows when it does not
    /// truncate (Pango limits lines only while ellipsizing); nil when all of them show.
    static func shownLinesHeight(_ layout: OpaquePointer, style: TextStyle) -> Double? {
        let count = Int(pango_layout_get_line_count(layout))
        guard style.isWrapped, style.maximumLines > 0, count > style.maximumLines, ellipsize(style.truncation) == PANGO_ELLIPSIZE_NONE
        else { return nil }
        let lines = Double(style.maximumLines), spacing = Double(pango_layout_get_spacing(layout)) / Double(PANGO_SCALE)
        return lines * lineHeights(layout, style: style).natural + (lines - 1) * spacing
    }

    /// How far the paragraph style's line height moves the first baseline down (its extra
    /// height goes above the glyphs; a maximum below the font's own moves it up).
    static func firstLineShift(_ layout: OpaquePointer, style: TextStyle) -> Double {
        guard !style.lineSpacing.isNatural else { return 0 }
        let heights = lineHeights(layout, style: style)
        return heights.styled - heights.natural
    }

    /// Core Text's kern follows every character, a line's last too, so a line it aligns right
    /// or centres ends that much (or half of it) short of the edge or centre; Pango spaces only
    /// between characters and aligns the glyphs themselves.
    static func trailingKernOffset(_ style: TextStyle) -> Double {
        guard style.kerning.isFinite else { return 0 }
        switch style.alignment {
        case .center: return -style.kerning / 2
        case .right: return -style.kerning
        default: return 0
        }
    }

    /// Whether the bounds' height limits the lines: wrapped and truncating with no line count
    /// (a text layer, or a label of any number of lines), as Core Text truncates the last line
    /// a frame holds.
    static func truncatesByHeight(_ style: TextStyle) -> Bool {
        style.isWrapped && style.maximumLines == 0 && ellipsize(style.truncation) != PANGO_ELLIPSIZE_NONE
    }

    /// Pango's ellipsizing for a layer's truncation mode.
    static func ellipsize(_ truncation: CATextLayerTruncationMode) -> PangoEllipsizeMode {
        switch truncation {
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        default: PANGO_ELLIPSIZE_NONE
        }
    }

    /// Whether the layer's width shapes its lines: it wraps, or it truncates what overflows.
    static func breaksLines(_ style: TextStyle) -> Bool {
        style.isWrapped || ellipsize(style.truncation) != PANGO_ELLIPSIZE_NONE
    }

    /// Where lines laid out unbounded start in a layer `width` wide: Pango aligns them within
    /// the widest line, Core Animation within the bounds (a centred line wider than the layer
    /// overflows both edges alike).
    static func unboundedOffset(_ layout: OpaquePointer, style: TextStyle, width: Double) -> Double {
        guard pango_layout_get_width(layout) < 0, !breaksLines(style) else { return 0 }
        var logical = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
        pango_layout_get_extents(layout, nil, &logical)
        let free = width - Double(logical.width) / Double(PANGO_SCALE)
        switch style.alignment {
        case .center: return free / 2
        case .right: return free
        default: return 0
        }
    }
}

/// Pango layouts kept per rasterizing thread and reused while a label's text and geometry
/// stay the same: laying out (shaping) the wave scene's 12 labels again on every frame was
/// most of its drawing time. A layout is only ever used by the thread that made it.
///
/// The key holds the drawing transform (its linear part; Pango ignores the translation): a
/// layout made under one transform and relaid out by `pango_cairo_update_layout` under another
/// puts glyphs where a fresh layout would not, so reusing it across transforms made a frame's
/// pixels depend on what its thread had drawn before (and so, on the thread count).
final class TextLayoutCache {
    struct Key: Hashable {
        var string: String
        var fontName: String?
        var fontSize: Double
        var width: Double
        var isWrapped: Bool
        var truncation: String
        var alignment: String
        var maximumLines = 0
        var kerning = 0.0
        var lineSpacing = LineSpacing()
        /// The bounds' height when it limits the lines (`truncatesByHeight`); -1: unlimited.
        var height = -1.0
        var runs: [TextRun] = []
        /// The context matrix's xx, yx, xy, yy when the layout is drawn (identity: measuring).
        var transform: [Double] = [1, 0, 0, 1]
    }

    private var layouts: [Key: OpaquePointer] = [:]
    private static let perThread = ThreadLocal<TextLayoutCache>()
    private static let capacity = 512

    /// This thread's cache (released with the thread).
    static var forThisThread: TextLayoutCache {
        perThread.value { TextLayoutCache() }
    }

    deinit { clear() }

    /// The cached layout for `key`, made by `make` the first time (and again once fonts were
    /// registered since: the same name may find another face).
    func layout(for key: Key, make: () -> OpaquePointer?) -> OpaquePointer? {
        if FontconfigFaces.catchUp() { clear() }
        if let layout = layouts[key] { return layout }
        if layouts.count >= Self.capacity { clear() }
        guard let layout = make() else { return nil }
        layouts[key] = layout
        return layout
    }

    private func clear() {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        layouts.removeAll()
    }
}
