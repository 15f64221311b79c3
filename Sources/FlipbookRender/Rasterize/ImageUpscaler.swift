import CCairo
import Foundation

/// Enlarges layer contents as iOS's snapshot of a layer tree does: between the two nearest
/// image pixels on each axis, weighted by a smoothstep of the distance (the cubic of
/// Mitchell–Netravali with B = 0, C = 0) rather than linearly. Drawn lines stay as sharp as
/// iOS shows them, where Cairo's bilinear filter softens them.
enum ImageUpscaler {
    /// A device-space placement of the image: device = scale × imagePixel + offset, per axis
    /// (a negative scale mirrors that axis).
    struct Placement {
        var scaleX: Double, scaleY: Double, offsetX: Double, offsetY: Double
    }

    /// The weight of the second of two neighbouring pixels at fraction `t` between them.
    @inline(__always) static func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }

    /// Paints the part `partMin..<partMax` (image pixels) of `surface`, edges extended, into
    /// the device rectangle `x0..<x1`, `y0..<y1`, through the context's clip and operator.
    /// Only the device pixels near the part's visible (non-transparent) pixels are computed.
    static func paint(
        surface: OpaquePointer, partMin: (x: Int, y: Int), partMax: (x: Int, y: Int), placement p: Placement,
        device clip: (x0: Int, y0: Int, x1: Int, y1: Int), alpha: Double = 1, cr: OpaquePointer
    ) {
        guard partMax.x > partMin.x, partMax.y > partMin.y else { return }
        // RGB24 leaves its top byte unspecified: read it as opaque.
        let opaque: UInt32 = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        cairo_surface_flush(surface)
        guard let sourceBytes = cairo_image_surface_get_data(surface) else { return }
        let sourceStride = Int(cairo_image_surface_get_stride(surface)) / 4
        let source = sourceBytes.withMemoryRebound(to: UInt32.self, capacity: sourceStride * Int(cairo_image_surface_get_height(surface))) {
            $0
        }
        guard let visible = visibleBounds(source, stride: sourceStride, opaque: opaque, min: partMin, max: partMax) else { return }
        // A visible pixel reaches the device pixels within one image pixel of its own place;
        // the part's edges extend outwards for ever.
        func reach(_ lower: Int, _ upper: Int, partLower: Int, partUpper: Int, scale: Double, offset: Double, clip: (Int, Int)) -> (
            Int, Int
        ) {
            let a = Double(lower - 1) * scale + offset, b = Double(upper + 1) * scale + offset
            var from = max(clip.0, Int(min(max(min(a, b), -1e9), 1e9).rounded(.down)))
            var to = min(clip.1, Int(min(max(max(a, b), -1e9), 1e9).rounded(.up)))
            // Where the visible part reaches the part's edge, that edge extends outwards (to the
            // left of a mirrored image's first pixel is its right).
            if lower == partLower { if scale > 0 { from = clip.0 } else { to = clip.1 } }
            if upper == partUpper { if scale > 0 { to = clip.1 } else { from = clip.0 } }
            return (from, to)
        }
        let xs = reach(
            visible.x0, visible.x1, partLower: partMin.x, partUpper: partMax.x, scale: p.scaleX, offset: p.offsetX, clip: (clip.x0, clip.x1)
        )
        let ys = reach(
            visible.y0, visible.y1, partLower: partMin.y, partUpper: partMax.y, scale: p.scaleY, offset: p.offsetY, clip: (clip.y0, clip.y1)
        )
        let width = xs.1 - xs.0, height = ys.1 - ys.0
        guard width > 0, height > 0 else { return }
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(target) }
        guard cairo_surface_status(target) == CAIRO_STATUS_SUCCESS, let targetBytes = cairo_image_surface_get_data(target) else { return }
        let targetStride = Int(cairo_image_surface_get_stride(target)) / 4
        let columns = taps(count: width, start: xs.0, scale: p.scaleX, offset: p.offsetX, lower: partMin.x, upper: partMax.x - 1)
        let rows = taps(count: height, start: ys.0, scale: p.scaleY, offset: p.offsetY, lower: partMin.y, upper: partMax.y - 1)
        let out = targetBytes.withMemoryRebound(to: UInt32.self, capacity: targetStride * height) { $0 }
        for (k, row) in rows.enumerated() {
            let upper = source + row.first * sourceStride, lower = source + row.second * sourceStride
            let line = out + k * targetStride
            for (i, column) in columns.enumerated() {
                let a = upper[column.first] | opaque, b = upper[column.second] | opaque
                let c = lower[column.first] | opaque, d = lower[column.second] | opaque
                line[i] = a | b | c | d == 0 ? 0 : blend(a, b, c, d, wx: column.weight, wy: row.weight)
            }
        }
        cairo_surface_mark_dirty(target)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, target, Double(xs.0), Double(ys.0))
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// The smallest rectangle of the part holding every pixel that is not fully transparent.
    static func visibleBounds(
        _ pixels: UnsafeMutablePointer<UInt32>, stride: Int, opaque: UInt32, min: (x: Int, y: Int), max: (x: Int, y: Int)
    ) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = max.x, y0 = max.y, x1 = min.x, y1 = min.y
        guard opaque == 0 else { return (min.x, min.y, max.x, max.y) }
        for y in min.y..<max.y {
            let row = pixels + y * stride
            var first = min.x
            while first < max.x, row[first] == 0 { first += 1 }
            guard first < max.x else { continue }
            var last = max.x - 1
            while row[last] == 0 { last -= 1 }
            x0 = Swift.min(x0, first)
            x1 = Swift.max(x1, last + 1)
            y0 = Swift.min(y0, y)
            y1 = y + 1
        }
        return x1 > x0 ? (x0, y0, x1, y1) : nil
    }

    struct Tap { var first: Int, second: Int, weight: Int }

    /// For each output pixel along one axis, the two image pixels either side of its centre
    /// (clamped to the part) and the smoothstep weight of the second.
    static func taps(count: Int, start: Int, scale: Double, offset: Double, lower: Int, upper: Int) -> [Tap] {
        (0..<count).map { i in
            let position = (Double(start + i) + 0.5 - offset) / scale - 0.5
            let floorPosition = position.rounded(.down)
            let j = Int(max(min(floorPosition, Double(upper)), Double(lower) - 1))
            let t = position - floorPosition
            return Tap(
                first: min(max(j, lower), upper), second: min(max(j + 1, lower), upper),
                weight: Int((smooth(min(max(t, 0), 1)) * Double(one)).rounded()))
        }
    }

    /// Weights in 1/65,536ths: exact enough for 8-bit channels, and whole-number arithmetic.
    static let one = 65_536

    @inline(__always) static func blend(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, wx: Int, wy: Int) -> UInt32 {
        var result: UInt32 = 0
        for shift in Swift.stride(from: UInt32(0), through: 24, by: 8) {
            let pa = Int((a >> shift) & 0xFF), pb = Int((b >> shift) & 0xFF)
            let pc = Int((c >> shift) & 0xFF), pd = Int((d >> shift) & 0xFF)
            let top = pa * (one - wx) + pb * wx, bottom = pc * (one - wx) + pd * wx
            let value = (top * (one - wy) + bottom * wy + (one * one) / 2) / (one * one)
            result |= UInt32(value) << shift
        }
        return result
    }
}
