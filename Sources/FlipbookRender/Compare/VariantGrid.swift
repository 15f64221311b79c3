import CCairo
import FlipbookCore
import Foundation

/// Frames of several variants at one instant, side by side (each cell labelled), or overlaid
/// as an onion skin over the first: what `flipbook compare` shows.
public enum VariantGrid {
    public enum Layout: String, CaseIterable, Sendable { case row, column, grid, overlay }

    /// Height of a cell's label strip, in pixels: it grows with the frame (a sixteenth of its
    /// width, at least 22 px), so a label stays readable when a page or viewer shrinks a grid
    /// of large frames to fit (13 px over a 750 px frame read as 5 pt).
    public static func labelHeight(forFrameWidth width: Int) -> Int { max(22, width / 16) }
    static let pad = 6

    /// Pixel size of the composition of `count` frames of `size`.
    public static func size(of frame: (width: Int, height: Int), count: Int, layout: Layout) -> (width: Int, height: Int) {
        let (cols, rows) = grid(count: count, layout: layout)
        return (cols * (frame.width + pad) + pad, rows * (frame.height + labelHeight(forFrameWidth: frame.width) + pad) + pad)
    }

    static func grid(count: Int, layout: Layout) -> (columns: Int, rows: Int) {
        switch layout {
        case .row: return (max(1, count), 1)
        case .column: return (1, max(1, count))
        case .overlay: return (1, 1)
        case .grid:
            let cols = Int(Double(max(1, count)).squareRoot().rounded(.up))
            return (cols, (count + cols - 1) / cols)
        }
    }

    /// The cell rectangle (frame area, without its label) of variant `index`.
    public static func cell(_ index: Int, count: Int, frame: (width: Int, height: Int), layout: Layout) -> CGRect {
        let (cols, _) = grid(count: count, layout: layout)
        let i = layout == .overlay ? 0 : index
        let label = labelHeight(forFrameWidth: frame.width)
        let x = pad + (i % cols) * (frame.width + pad), y = pad + (i / cols) * (frame.height + label + pad) + label
        return CGRect(x: x, y: y, width: frame.width, height: frame.height)
    }

    /// Composes `frames` (one per variant, all the same size) with their `labels`.
    public static func compose(_ frames: [PixelBuffer], labels: [String], layout: Layout) throws -> PixelBuffer {
        guard let first = frames.first else { throw RenderError.invalidArgument("no variants to compose") }
        let fsize = (first.width, first.height)
        let (w, h) = size(of: fsize, count: frames.count, layout: layout)
        return try CairoSurface.drawing(width: w, height: h, grey: 0.93) { cr in
            for (i, frame) in frames.enumerated() {
                let r = cell(i, count: frames.count, frame: fsize, layout: layout)
                guard let img = CairoSurface.make(from: frame) else { continue }
                cairo_set_source_surface(cr, img, r.minX, r.minY)
                // Onion skin: the first variant solid, the others at half strength over it.
                cairo_paint_with_alpha(cr, layout == .overlay && i > 0 ? 0.5 : 1)
                cairo_surface_destroy(img)
                if layout != .overlay || i == 0 {
                    let text = layout == .overlay ? labels.joined(separator: " / ") : (i < labels.count ? labels[i] : "")
                    let label = Double(labelHeight(forFrameWidth: fsize.0))
                    var state = LayerState()
                    state.fontSize = (label * 13 / 22).rounded()
                    state.foregroundColor = RGBA(red: 0.15, green: 0.15, blue: 0.15, alpha: 1)
                    TextPainter.draw(
                        TextStyle(string: text, fontName: nil, alignment: .left, isWrapped: false, truncation: .end),
                        state: state,
                        bounds: CGRect(x: r.minX, y: r.minY - label + 3 * label / 22, width: r.width, height: label * 18 / 22), cr: cr)
                }
            }
        }
    }
}
