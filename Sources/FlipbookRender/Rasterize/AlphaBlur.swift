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
        var tmp = [Double](repeating: 0, count: w * h)
        alpha.withUnsafeMutableBufferPointer { a in
            tmp.withUnsafeMutableBufferPointer { t in
                for y in 0..<h {
                    let row = data + y * stride + alphaOffset
                    for x in 0..<w { a[y * w + x] = Double(row[x * bytesPerPixel]) }
                }
                for r in boxRadii(sigma: sigma, passes: 3) {
                    horizontalPass(a, into: t, width: w, height: h, radius: r)
                    verticalPass(t, into: a, width: w, height: h, radius: r)
                }
                for y in 0..<h {
                    let row = data + y * stride
                    for x in 0..<w {
                        let v = UInt8(max(0, min(255, a[y * w + x].rounded())))
                        if bytesPerPixel == 1 {
                            row[x] = v
                        } else {
                            for c in 0..<4 { row[x * 4 + c] = c == alphaOffset ? v : 0 }
                        }
                    }
                }
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

    /// A running-sum box filter of width 2r+1 along each row, edges treated as zero.
    private static func horizontalPass(
        _ src: UnsafeMutableBufferPointer<Double>, into dst: UnsafeMutableBufferPointer<Double>, width: Int, height: Int, radius r: Int
    ) {
        let norm = 1 / Double(2 * r + 1)
        for line in 0..<height {
            let s = src.baseAddress! + line * width, d = dst.baseAddress! + line * width
            var sum = 0.0
            for i in 0...min(r, width - 1) { sum += s[i] }
            for i in 0..<width {
                d[i] = sum * norm
                let add = i + r + 1, remove = i - r
                if add < width { sum += s[add] }
                if remove >= 0 { sum -= s[remove] }
            }
        }
    }

    /// The same along each column, every column at once row by row (a column at a time strides
    /// through memory): each column's sums are added and taken in the same order, so the result
    /// is the same to the bit.
    private static func verticalPass(
        _ src: UnsafeMutableBufferPointer<Double>, into dst: UnsafeMutableBufferPointer<Double>, width: Int, height: Int, radius r: Int
    ) {
        let norm = 1 / Double(2 * r + 1)
        let s = src.baseAddress!, d = dst.baseAddress!
        var sums = [Double](repeating: 0, count: width)
        sums.withUnsafeMutableBufferPointer { sum in
            for i in 0...min(r, height - 1) {
                let row = s + i * width
                for x in 0..<width { sum[x] += row[x] }
            }
            for i in 0..<height {
                let out = d + i * width
                for x in 0..<width { out[x] = sum[x] * norm }
                let add = i + r + 1, remove = i - r
                if add < height {
                    let row = s + add * width
                    for x in 0..<width { sum[x] += row[x] }
                }
                if remove >= 0 {
                    let row = s + remove * width
                    for x in 0..<width { sum[x] -= row[x] }
                }
            }
        }
    }
}
