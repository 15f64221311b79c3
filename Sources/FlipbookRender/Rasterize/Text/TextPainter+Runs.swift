import CCairo
import CPangoCairo
import FlipbookCore

/// An attributed string's runs (`TextStyle.runs`), each in its own font, size, kerning and
/// baseline offset (Pango attributes on the layout) and drawn in its own colours, underline,
/// strikethrough and background, run by run as Pango laid them out.
extension TextPainter {
    /// Pango's attributes for `style`'s runs: a run's font and size (`fontSize` where it has
    /// none), its kerning (the style's where it has none) and its rise.
    static func setRunAttributes(_ style: TextStyle, fontSize: Double, layout: OpaquePointer) {
        guard let attributes = pango_attr_list_new() else { return }
        defer { pango_attr_list_unref(attributes) }
        for (index, (bytes, run)) in byteRanges(style).enumerated() {
            func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = UInt32(bytes.lowerBound)
                attribute.pointee.end_index = UInt32(bytes.upperBound)
                pango_attr_list_insert(attributes, attribute)
            }
            // A colour per run (unused by the path drawing) makes Pango end its runs where ours
            // end, as it ends them wherever an attribute changes.
            insert(pango_attr_foreground_new(UInt16(truncatingIfNeeded: index), 0, 0))
            if run.fontName != style.fontName || run.fontSize != nil {
                let desc = fontDescription(run.fontName ?? style.fontName, size: runFontSize(run, base: fontSize))
                insert(pango_attr_font_desc_new(desc))
                pango_font_description_free(desc)
            }
            let kerning = run.kerning ?? style.kerning
            if kerning != 0, kerning.isFinite {
                insert(pango_attr_letter_spacing_new(Int32(max(-1e5, min(1e5, kerning)) * Double(PANGO_SCALE))))
            }
            if run.baselineOffset != 0, run.baselineOffset.isFinite {
                insert(pango_attr_rise_new(Int32(max(-1e6, min(1e6, run.baselineOffset)) * Double(PANGO_SCALE))))
            }
        }
        pango_layout_set_attributes(layout, attributes)
    }

    /// A run's size in points: its own, else the text's (held to what Pango can set).
    static func runFontSize(_ run: TextRun, base: Double) -> Double {
        guard let size = run.fontSize, size.isFinite else { return base }
        return min(max(1, size), 1_000_000)
    }

    /// Draws the laid-out `layout` with its top-left at `origin`: the runs' backgrounds, then
    /// each run's glyphs in its colour (`fill`, the layer's, where it has none; none when the
    /// style only strokes), its underline and strikethrough, then the style's stroke.
    static func drawRuns(
        _ style: TextStyle, layout: OpaquePointer, at origin: (x: Double, y: Double), fill: RGBA?, fontSize: Double,
        cr: OpaquePointer
    ) {
        let ranges = byteRanges(style)
        func textRun(atByte offset: Int32) -> TextRun? {
            ranges.last(where: { $0.bytes.lowerBound <= Int(offset) })?.run
        }
        let scale = Double(PANGO_SCALE)
        forEachRun(layout) { glyphs, logical, line, baseline in
            guard let run = textRun(atByte: glyphs.pointee.item.pointee.offset), let color = run.backgroundColor else { return }
            cairo_rectangle(
                cr, origin.x + Double(logical.x) / scale, origin.y + Double(line.y) / scale, Double(logical.width) / scale,
                Double(line.height) / scale)
            CairoPath.setSource(color, cr: cr)
            cairo_fill(cr)
        }
        forEachRun(layout) { glyphs, logical, _, baseline in
            let run = textRun(atByte: glyphs.pointee.item.pointee.offset)
            let x = origin.x + Double(logical.x) / scale
            let y = origin.y + Double(baseline - glyphs.pointee.y_offset) / scale
            let font = glyphs.pointee.item.pointee.analysis.font
            let color = style.strokeWidth > 0 ? nil : run?.color ?? fill
            if let color {
                cairo_new_path(cr)
                cairo_move_to(cr, x, y)
                pango_cairo_glyph_string_path(cr, font, glyphs.pointee.glyphs)
                CairoPath.setSource(color, cr: cr)
                cairo_fill(cr)
            }
            if let run, run.underline != 0 || run.strikethrough != 0, let font, let textColor = run.color ?? fill {
                let width = Double(logical.width) / scale
                drawLines(run, font: font, from: (x, y), width: width, color: textColor, cr: cr)
            }
            if style.strokeWidth != 0, let strokeColor = style.strokeColor ?? run?.color ?? fill {
                cairo_new_path(cr)
                cairo_move_to(cr, x, y)
                pango_cairo_glyph_string_path(cr, font, glyphs.pointee.glyphs)
                let size = run.map { runFontSize($0, base: fontSize) } ?? fontSize
                cairo_set_line_width(cr, min(1000, abs(style.strokeWidth)) / 100 * size)
                CairoPath.setSource(strokeColor, cr: cr)
                cairo_stroke(cr)
            }
        }
        cairo_new_path(cr)
    }

    /// A run's underline and strikethrough, `width` points along its baseline from `start`, at
    /// the font's own positions and thickness (twice it for `.thick`; `.double`, two lines).
    private static func drawLines(
        _ run: TextRun, font: OpaquePointer, from start: (x: Double, y: Double), width: Double, color: RGBA, cr: OpaquePointer
    ) {
        guard let metrics = pango_font_get_metrics(font, nil) else { return }
        defer { pango_font_metrics_unref(metrics) }
        let scale = Double(PANGO_SCALE)
        let lines: [(style: Int, color: RGBA?, top: Double, thickness: Double)] = [
            (
                run.underline, run.underlineColor, -Double(pango_font_metrics_get_underline_position(metrics)) / scale,
                Double(pango_font_metrics_get_underline_thickness(metrics)) / scale
            ),
            (
                run.strikethrough, run.strikethroughColor, -Double(pango_font_metrics_get_strikethrough_position(metrics)) / scale,
                Double(pango_font_metrics_get_strikethrough_thickness(metrics)) / scale
            )
        ]
        for line in lines where line.style != 0 {
            let style = NSUnderlineStyle(rawValue: line.style)
            let thickness = max(0.5, line.thickness) * (style.contains(.thick) ? 2 : 1)
            let doubled = style.contains(.double)
            var centre = start.y + line.top + thickness / 2
            cairo_save(cr)
            CairoPath.setSource(line.color ?? color, cr: cr)
            cairo_set_line_width(cr, thickness)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            let dashes = dashPattern(style, thickness: thickness)
            if !dashes.isEmpty { cairo_set_dash(cr, dashes, Int32(dashes.count), 0) }
            for _ in 0..<(doubled ? 2 : 1) {
                cairo_move_to(cr, start.x, centre)
                cairo_line_to(cr, start.x + width, centre)
                cairo_stroke(cr)
                centre += thickness * 2
            }
            cairo_restore(cr)
        }
    }

    /// The dashes of a patterned line `thickness` thick (none: solid).
    private static func dashPattern(_ style: NSUnderlineStyle, thickness: Double) -> [Double] {
        let t = thickness
        switch style.rawValue & 0x0700 {
        case NSUnderlineStyle.patternDot.rawValue: return [t, t]
        case NSUnderlineStyle.patternDash.rawValue: return [4 * t, 2 * t]
        case NSUnderlineStyle.patternDashDot.rawValue: return [4 * t, 2 * t, t, 2 * t]
        case NSUnderlineStyle.patternDashDotDot.rawValue: return [4 * t, 2 * t, t, 2 * t, t, 2 * t]
        default: return []
        }
    }

    /// Calls `body` for each run Pango laid out, with its logical rectangle, its line's and its
    /// line's baseline, in Pango units from the layout's top-left.
    private static func forEachRun(
        _ layout: OpaquePointer,
        _ body: (UnsafeMutablePointer<PangoGlyphItem>, PangoRectangle, PangoRectangle, Int32) -> Void
    ) {
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            // A line's end has no run.
            guard let glyphs = pango_layout_iter_get_run_readonly(iterator) else { continue }
            var logical = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
            var line = PangoRectangle(x: 0, y: 0, width: 0, height: 0)
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            pango_layout_iter_get_line_extents(iterator, nil, &line)
            body(glyphs, logical, line, pango_layout_iter_get_baseline(iterator))
        } while pango_layout_iter_next_run(iterator) != 0
    }

    /// Each run's characters as byte offsets into the string's UTF-8, as Pango counts them.
    static func byteRanges(_ style: TextStyle) -> [(bytes: Range<Int>, run: TextRun)] {
        // The UTF-8 offset of every UTF-16 offset (the second half of a pair: its scalar's).
        var byteAt: [Int] = []
        byteAt.reserveCapacity(style.string.utf16.count + 1)
        var bytes = 0
        for scalar in style.string.unicodeScalars {
            let units = scalar.utf16.count
            for _ in 0..<units { byteAt.append(bytes) }
            bytes += scalar.utf8.count
        }
        byteAt.append(bytes)
        return style.runs.compactMap { run in
            let lower = min(max(0, run.range.lowerBound), byteAt.count - 1)
            let upper = min(max(lower, run.range.upperBound), byteAt.count - 1)
            return byteAt[lower] < byteAt[upper] ? (byteAt[lower]..<byteAt[upper], run) : nil
        }
    }
}
