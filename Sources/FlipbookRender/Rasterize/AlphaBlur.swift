import CCairo
import FlipbookCore
import Foundation

/// A Gaussian blur of an A8 (or ARGB32 alpha) image surface by three box passes each way.
enum AlphaBlur {
    static func blur(_ surface: OpaquePointer, sigma: Double) {
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard w > 0, h > 0, let data = cairo_image_surface_get_data(surface) else { return }
        let format = cairo_image_surface_get_format(surface)
        let bytesPerPixel = format == CAIRO_FORMAT_A8 ? 1 : 4
        let alphaOffset = format == CAIRO_FORMAT_A8 ? 0 : 3  // little-endian ARGB32: A is the 4th byte
        var alpha = [Double](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { alpha[y * w + x] = Double(data[y * stride + x * bytesPerPixel + alphaOffset]) } }
        var tmp = [Double](repeating: 0, count: w * h)
        for r in boxRadii(sigma: sigma, passes: 3) {
            boxPass(&alpha, &tmp, count: w, lines: h, step: 1, lineStep: w, radius: r)
            boxPass(&tmp, &alpha, count: h, lines: w, step: w, lineStep: 1, radius: r)
        }
        for y in 0..<h {
            for x in 0..<w {
                let v = UInt8(max(0, min(255, alpha[y * w + x].rounded())))
                let o = y * stride + x * bytesPerPixel
                if bytesPerPixel == 1 { data[o] = v } else { for c in 0..<4 { data[o + c] = c == alphaOffset ? v : 0 } }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Radii of `passes` odd boxes whose combined variance matches σ² (Kovesi's mix of two
    /// widths), so the blur is a Gaussian of the asked σ, not of the nearest single box.
    static func boxRadii(sigma: Double, passes n: Int) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        wl = max(1, wl)
        let wu = wl + 2
        let nd = Double(n), wld = Double(wl)
        let m = Int(((12 * sigma * sigma - nd * wld * wld - 4 * nd * wld - 3 * nd) / (-4 * wld - 4)).rounded())
        return (0..<n).map { ($0 < m ? wl : wu) / 2 }
    }

    /// A running-sum box filter of width 2r+1 along each line, edges treated as zero.
    private static func boxPass(
        _ src: inout [Double], _ dst: inout [Double], count: Int, lines: Int, step: Int, lineStep: Int, radius r: Int
    ) {
        let norm = 1 / Double(2 * r + 1)
        for line in 0..<lines {
            let base = line * lineStep
            var sum = 0.0
            for i in 0...min(r, count - 1) { sum += src[base + i * step] }
            for i in 0..<count {
                dst[base + i * step] = sum * norm
                let add = i + r + 1, remove = i - r
                if add < count { sum += src[base + add * step] }
                if remove >= 0 { sum -= src[base + remove * step] }
            }
        }
    }
}
