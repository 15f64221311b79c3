import Flipbook
import Foundation

/// Images as the strategies compare and store them: pixels in, PNG bytes out.
enum SnapshotPixels {
    /// The image's pixels (a PNG decoded exactly, other encodings drawn by the renderer); nil
    /// for an empty image or bytes that do not decode.
    static func pixels(of image: UIImage) -> PixelBuffer? {
        let layerImage = image.layerImage
        guard layerImage.width > 0, layerImage.height > 0 else { return nil }
        if !layerImage.rgba.isEmpty {
            return PixelBuffer(width: layerImage.width, height: layerImage.height, rgba: layerImage.rgba)
        }
        if let png = layerImage.pngData { return try? PNGCodec.decode([UInt8](png), name: "the reference image") }
        let size = CGRect(x: 0, y: 0, width: layerImage.width, height: layerImage.height)
        guard
            let drawn = ImageRasterization.rasterizer?.rasterize(
                [.drawImage(layerImage.atOnePixelPerPoint, size, flipped: false)],
                pixelWidth: layerImage.width, pixelHeight: layerImage.height, scale: 1, opaque: false)
        else { return nil }
        return PixelBuffer(width: drawn.width, height: drawn.height, rgba: drawn.rgba)
    }

    /// `pixels` as an image of `scale` pixels per point.
    static func image(_ pixels: PixelBuffer, scale: CGFloat) -> UIImage {
        UIImage(layerImage: LayerImage(width: pixels.width, height: pixels.height, rgba: pixels.rgba, scale: Double(scale)))
    }

    /// PNG bytes of `image`: its own PNG when it came from one, else its pixels encoded (the
    /// same pixels give the same bytes).
    static func pngData(of image: UIImage) -> Data? {
        if let png = image.layerImage.pngData { return png }
        guard let pixels = pixels(of: image), let bytes = try? PNGCodec.encode(pixels) else { return nil }
        return Data(bytes)
    }
}

extension LayerImage {
    /// The same encoded image at one pixel per point, so a rasterizer drawing it into a
    /// pixel-sized rectangle copies it one to one.
    var atOnePixelPerPoint: LayerImage {
        guard scale != 1, let data = encodedData, let image = LayerImage(encodedData: data, scale: 1) else { return self }
        return image
    }
}
