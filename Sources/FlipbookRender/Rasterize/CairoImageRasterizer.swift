import CCairo
import FlipbookCore
import Foundation

/// Pixels for UIKit's image code (`UIGraphicsImageRenderer`, turned images, `pngData()`), drawn
/// with the same `DrawingPlayer` that draws a layer's `draw(in:)` (registered with FlipbookCore's
/// `ImageRasterization` when the program loads).
public enum CairoImageRasterizer: ImageRasterizing {
    public static func rasterize(_ drawing: DrawingRecording, pixelWidth: Int, pixelHeight: Int, scale: Double, opaque: Bool) -> LayerImage?
    {
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= Limits.maximumStagePixels, pixelHeight <= Limits.maximumStagePixels,
            pixelWidth * pixelHeight <= Limits.maximumImagePixels
        else { return nil }
        var words = [UInt32](repeating: opaque ? 0xFF00_0000 : 0, count: pixelWidth * pixelHeight)
        let drawn: Void? = try? CairoSurface.withSurface(over: &words, width: pixelWidth, height: pixelHeight) { surface in
            guard let cr = cairo_create(surface) else { return }
            defer { cairo_destroy(cr) }
            cairo_scale(cr, scale, scale)
            DrawingPlayer.play(drawing, origin: .zero, cr: cr)
        }
        guard drawn != nil else { return nil }
        let pixels = PixelBuffer(width: pixelWidth, height: pixelHeight, premultipliedARGB: words)
        return LayerImage(width: pixelWidth, height: pixelHeight, rgba: pixels.rgba, scale: scale)
    }

    public static func pngData(of image: LayerImage) -> Data? {
        guard let surface = CairoSurface.make(from: image) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let bytes = try? PNGCodec.encode(CairoSurface.pixels(of: surface)) else { return nil }
        return Data(bytes)
    }
}
