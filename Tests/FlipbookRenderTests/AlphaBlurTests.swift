import CCairo
import Foundation
import Testing

@testable import FlipbookRender

/// The shadow blur, reworked for speed (issue 63, item 14: a shadowed replicator took 27 s a
/// frame), gives the very bytes it gave before: checked against that code, kept here.
@Suite("alpha blur")
struct AlphaBlurTests {
    /// The blur as it was: Swift arrays, one line at a time, columns strided.
    static func reference(_ alpha: [UInt8], width w: Int, height h: Int, sigma: Double) -> [UInt8] {
        var a = alpha.map(Double.init)
        var t = [Double](repeating: 0, count: w * h)
        func pass(_ src: inout [Double], _ dst: inout [Double], count: Int, lines: Int, step: Int, lineStep: Int, radius r: Int) {
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
        for r in AlphaBlur.boxRadii(sigma: sigma, passes: 3) {
            pass(&a, &t, count: w, lines: h, step: 1, lineStep: w, radius: r)
            pass(&t, &a, count: h, lines: w, step: w, lineStep: 1, radius: r)
        }
        return a.map { UInt8(max(0, min(255, $0.rounded()))) }
    }

    @Test("random alpha images of odd sizes, A8 and ARGB32, at several sigmas: byte for byte the earlier blur's")
    func sameBytes() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<24 {
            let w = Int.random(in: 1...90, using: &generator), h = Int.random(in: 1...70, using: &generator)
            let sigma = [0.6, 1.5, 3, 7.3, 20][round % 5]
            let format = round % 2 == 0 ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32
            let surface = try #require(cairo_image_surface_create(format, Int32(w), Int32(h)))
            defer { cairo_surface_destroy(surface) }
            let stride = Int(cairo_image_surface_get_stride(surface)), data = cairo_image_surface_get_data(surface)!
            let size = format == CAIRO_FORMAT_A8 ? 1 : 4, offset = format == CAIRO_FORMAT_A8 ? 0 : 3
            var alpha = [UInt8](repeating: 0, count: w * h)
            for i in alpha.indices where Int.random(in: 0..<3, using: &generator) > 0 {
                alpha[i] = UInt8.random(in: 0...255, using: &generator)
            }
            for y in 0..<h { for x in 0..<w { data[y * stride + x * size + offset] = alpha[y * w + x] } }
            cairo_surface_mark_dirty(surface)
            AlphaBlur.blur(surface, sigma: sigma)
            cairo_surface_flush(surface)
            let expected = Self.reference(alpha, width: w, height: h, sigma: sigma)
            var got = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h { for x in 0..<w { got[y * w + x] = data[y * stride + x * size + offset] } }
            #expect(got == expected, "\(w)×\(h) at σ \(sigma)")
        }
    }
}
