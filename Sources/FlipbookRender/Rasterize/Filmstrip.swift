import CCairo
import FlipbookCore
import Foundation

/// A grid of sampled frames, each labelled with its time: one PNG for reviews and goldens.
package struct Filmstrip {
    /// Frame indices to sample out of `frameCount`: evenly spaced, first and last included.
    public static func sampleIndices(frameCount: Int, samples: Int) -> [Int] {
        guard frameCount > 0 else { return [] }
        let n = max(1, min(samples, frameCount))
        if n == 1 { return [0] }
        var out: [Int] = []
        for i in 0..<n {
            let k = Int((Double(i) * Double(frameCount - 1) / Double(n - 1)).rounded())
            if out.last != k { out.append(k) }
        }
        return out
    }

    /// The largest filmstrip, a side and in all: Cairo draws at most 32,767 px a side, and a
    /// strip is a picture for people, not an archive.
    public static let maximumSide = Limits.maximumStagePixels
    public static let maximumPixels = Limits.maximumImagePixels

    /// How wide a strip is at most, so that it opens at a size where its labels can be read: a
    /// comparison of three 800 px cells four to a row was 4,876 px, its labels a few pixels high
    /// once a viewer fitted it to a screen. Past it, rows wrap, and a cell wider than it is
    /// scaled down.
    public static let readableWidth = 1600
    /// The labels' font size, px (at least 12 px high, as people read them).
    static let labelFontSize = 16.0

    /// Composes `frames` (with their times) into a grid of at most `columns` a row, scaled by
    /// `thumbScale`, within `readableWidth` (`compose(_:columns:thumbScale:maximumWidth:)`).
    public static func compose(_ frames: [(time: Double, pixels: PixelBuffer)], columns: Int, thumbScale: Double = 0.5) throws
        -> PixelBuffer
    {
        try compose(frames, columns: columns, thumbScale: thumbScale, maximumWidth: readableWidth)
    }

    /// Composes `frames` (with their times) into a grid of at most `columns` a row, scaled by
    /// `thumbScale`, with fewer a row or a smaller scale to stay within `maximumWidth`, and a
    /// smaller scale when the grid would pass `maximumSide` or `maximumPixels` (many or tall frames).
    public static func compose(
        _ frames: [(time: Double, pixels: PixelBuffer)], columns: Int, thumbScale: Double, maximumWidth: Int
    ) throws -> PixelBuffer {
        guard let first = frames.first?.pixels else { throw RenderError.invalidArgument("no frames for the filmstrip") }
        let pad = 8, label = 24
        var thumbScale = thumbScale
        let cellWidth = { (scale: Double) in max(1, Int((Double(first.width) * scale).rounded())) }
        if cellWidth(thumbScale) + 2 * pad > maximumWidth {
            thumbScale *= Double(max(1, maximumWidth - 2 * pad)) / Double(cellWidth(thumbScale))
        }
        let fitting = max(1, (maximumWidth - pad) / (cellWidth(thumbScale) + pad))
        let cols = max(1, min(columns, frames.count, fitting))
        let rows = (frames.count + cols - 1) / cols
        func size(_ scale: Double) -> (tw: Int, th: Int, w: Int, h: Int) {
            let tw = max(1, Int((Double(first.width) * scale).rounded())), th = max(1, Int((Double(first.height) * scale).rounded()))
            return (tw, th, cols * (tw + pad) + pad, rows * (th + label + pad) + pad)
        }
        for _ in 0..<64 {
            let s = size(thumbScale)
            guard s.w > maximumSide || s.h > maximumSide || s.w * s.h > maximumPixels else { break }
            thumbScale *= 0.8
        }
        let (tw, th, w, h) = size(thumbScale)
        guard w <= maximumSide, h <= maximumSide, w * h <= maximumPixels else {
            throw RenderError.invalidArgument("\(frames.count) frames do not fit in a \(maximumSide) px filmstrip; sample fewer")
        }
        return try CairoSurface.drawing(width: w, height: h, grey: 0.93) { cr in
            for (i, f) in frames.enumerated() {
                let x = pad + (i % cols) * (tw + pad), y = pad + (i / cols) * (th + label + pad)
                // Made smaller by averaging (exact, a tenth of the time of Cairo's filter, which
                // was most of a failing test's strip); a larger scale is Cairo's to draw.
                let shrinks = tw <= f.pixels.width && th <= f.pixels.height
                guard let img = CairoSurface.make(from: shrinks ? f.pixels.areaAveraged(width: tw, height: th) : f.pixels) else { continue }
                cairo_save(cr)
                cairo_translate(cr, Double(x), Double(y))
                if !shrinks { cairo_scale(cr, thumbScale, thumbScale) }
                cairo_set_source_surface(cr, img, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), shrinks ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
                cairo_paint(cr)
                cairo_restore(cr)
                cairo_surface_destroy(img)
                cairo_set_source_rgb(cr, 0.6, 0.6, 0.6)
                cairo_set_line_width(cr, 1)
                cairo_rectangle(cr, Double(x) - 0.5, Double(y) - 0.5, Double(tw) + 1, Double(th) + 1)
                cairo_stroke(cr)
                let text = TextStyle(
                    string: String(format: "t = %.3f s", f.time), fontName: nil, alignment: .left,
                    isWrapped: false, truncation: .none)
                var state = LayerState()
                state.fontSize = labelFontSize
                state.foregroundColor = RGBA(red: 0.15, green: 0.15, blue: 0.15, alpha: 1)
                TextPainter.draw(
                    text, state: state, bounds: CGRect(x: Double(x), y: Double(y + th + 3), width: Double(tw), height: 21), cr: cr)
            }
        }
    }
}
