import CCairo
import FlipbookCore
import Foundation

/// A chart of property values over time, one curve per variant (and per component of points,
/// sizes, colours), on shared axes with ticks and a legend; frame sample times marked along
/// the time axis, `animationDidStop` events as dashed lines. Drawn with Cairo.
package struct PropertyPlot {
    public struct Series: Sendable {
        public var label: String
        /// (time, value) samples in time order.
        public var samples: [(time: Double, value: Double)]
        /// Stop events of this variant, in seconds.
        public var events: [Double]
        public init(label: String, samples: [(time: Double, value: Double)], events: [Double] = []) {
            self.label = label
            self.samples = samples
            self.events = events
        }
    }

    public var title: String
    public var series: [Series]
    public var width = 720
    public var height = 360

    public init(title: String, series: [Series]) {
        self.title = title
        self.series = series
    }

    /// The plotting area inside the margins.
    public var plotRect: CGRect { CGRect(x: 64, y: 36, width: Double(width) - 64 - 24, height: Double(height) - 36 - 48) }

    /// The ranges shown: all times, all values (padded 5 %, never empty).
    public var timeRange: ClosedRange<Double> {
        let ts = series.flatMap { $0.samples.map(\.time) }
        return (ts.min() ?? 0)...max((ts.max() ?? 1), (ts.min() ?? 0) + 1e-9)
    }
    public var valueRange: ClosedRange<Double> {
        let vs = series.flatMap { $0.samples.map(\.value) }.filter(\.isFinite)
        let lo = vs.min() ?? 0, hi = vs.max() ?? 1
        // A constant shows as a line inside a readable range, not at the edge of a 1e-6 one.
        let pad = hi - lo > 1e-9 ? (hi - lo) * 0.05 : max(abs(hi), 1) * 0.05
        return (lo - pad)...(hi + pad)
    }

    /// Where (time, value) lands in the picture.
    public func point(time: Double, value: Double) -> CGPoint {
        let r = plotRect, t = timeRange, v = valueRange
        return CGPoint(
            x: r.minX + (time - t.lowerBound) / (t.upperBound - t.lowerBound) * r.width,
            y: r.maxY - (value - v.lowerBound) / (v.upperBound - v.lowerBound) * r.height)
    }

    /// The colour of series `i` (a fixed palette, so pictures are stable).
    public static func color(_ i: Int) -> RGBA {
        let palette: [(Double, Double, Double)] = [
            (0.0, 0.48, 1.0), (1.0, 0.23, 0.19), (0.2, 0.78, 0.35), (1.0, 0.58, 0.0),
            (0.69, 0.32, 0.87), (0.35, 0.34, 0.84), (0.56, 0.56, 0.58)
        ]
        let c = palette[i % palette.count]
        return RGBA(red: c.0, green: c.1, blue: c.2, alpha: 1)
    }

    public func render() throws -> PixelBuffer {
        return try CairoSurface.drawing(width: width, height: height, grey: 1) { cr in
            let r = plotRect
            func text(
                _ s: String, _ x: Double, _ y: Double, _ w: Double, size: Double = 11, align: CATextLayerAlignmentMode = .left,
                color: RGBA = RGBA(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
            ) {
                var state = LayerState()
                state.fontSize = size
                state.foregroundColor = color
                TextPainter.draw(
                    TextStyle(string: s, fontName: nil, alignment: align, isWrapped: false, truncation: .none),
                    state: state, bounds: CGRect(x: x, y: y, width: w, height: size + 6), cr: cr)
            }
            text(title, r.minX, 8, r.width, size: 13)
            // Grid and ticks.
            cairo_set_line_width(cr, 1)
            for t in Self.ticks(timeRange) {
                let p = point(time: t, value: valueRange.lowerBound)
                cairo_set_source_rgb(cr, 0.92, 0.92, 0.92)
                cairo_move_to(cr, p.x.rounded() + 0.5, r.minY)
                cairo_line_to(cr, p.x.rounded() + 0.5, r.maxY)
                cairo_stroke(cr)
                text(Self.label(t) + " s", p.x - 30, r.maxY + 16, 60, align: .center)
            }
            for v in Self.ticks(valueRange) {
                let p = point(time: timeRange.lowerBound, value: v)
                cairo_set_source_rgb(cr, 0.92, 0.92, 0.92)
                cairo_move_to(cr, r.minX, p.y.rounded() + 0.5)
                cairo_line_to(cr, r.maxX, p.y.rounded() + 0.5)
                cairo_stroke(cr)
                text(Self.label(v), 4, p.y - 8, r.minX - 10, align: .right)
            }
            cairo_set_source_rgb(cr, 0.45, 0.45, 0.45)
            cairo_rectangle(cr, r.minX + 0.5, r.minY + 0.5, r.width - 1, r.height - 1)
            cairo_stroke(cr)
            for (i, s) in series.enumerated() {
                let c = Self.color(i)
                // Events: dashed verticals.
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, 0.5)
                let dashes: [Double] = [4, 3]
                cairo_set_dash(cr, dashes, 2, 0)
                for e in s.events where timeRange.contains(e) {
                    let x = point(time: e, value: 0).x
                    cairo_move_to(cr, x, r.minY)
                    cairo_line_to(cr, x, r.maxY)
                    cairo_stroke(cr)
                }
                cairo_set_dash(cr, nil, 0, 0)
                // The curve, and its samples as small marks on the time axis.
                cairo_set_source_rgb(cr, c.red, c.green, c.blue)
                cairo_set_line_width(cr, 2)
                for (k, sample) in s.samples.enumerated() where sample.value.isFinite {
                    let p = point(time: sample.time, value: sample.value)
                    if k == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
                }
                cairo_stroke(cr)
                cairo_set_line_width(cr, 1)
                for sample in s.samples {
                    let x = point(time: sample.time, value: 0).x
                    cairo_move_to(cr, x, r.maxY)
                    cairo_line_to(cr, x, r.maxY - 4 - Double(i) * 2)
                    cairo_stroke(cr)
                }
                // Legend.
                let lx = r.minX + Double(i) * 140, ly = Double(height) - 18
                cairo_rectangle(cr, lx, ly + 4, 14, 4)
                cairo_fill(cr)
                text(s.label, lx + 18, ly - 2, 118)
            }
        }
    }

    /// About five round ticks across `range`.
    static func ticks(_ range: ClosedRange<Double>) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let raw = span / 5, magnitude = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var out: [Double] = []
        var t = (range.lowerBound / step).rounded(.up) * step
        while t <= range.upperBound + step * 1e-9 && out.count < 50 {
            out.append(t)
            t += step
        }
        return out
    }

    static func label(_ v: Double) -> String {
        let s = String(format: "%.3g", abs(v) < 1e-12 ? 0 : v)
        return s
    }
}

extension PropertyPlot {
    /// Several pictures one under the other (several plotted properties in one file).
    public static func stack(_ images: [PixelBuffer]) throws -> PixelBuffer {
        guard let widest = images.map(\.width).max(), widest > 0 else { throw RenderError.invalidArgument("nothing to plot") }
        let h = images.map(\.height).reduce(0, +)
        return try CairoSurface.drawing(width: widest, height: h, grey: 1) { cr in
            var y = 0.0
            for image in images {
                guard let s = CairoSurface.make(from: image) else { continue }
                cairo_set_source_surface(cr, s, 0, y)
                cairo_paint(cr)
                cairo_surface_destroy(s)
                y += Double(image.height)
            }
        }
    }
}
