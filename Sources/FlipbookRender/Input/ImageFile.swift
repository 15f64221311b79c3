import CCairo
import FlipbookCore
import Foundation

/// An image file a scene shows (`contents`): PNG, JPEG or WebP, checked whole when it is read
/// and then kept encoded, as the renderer decodes it when drawn (docs/scenario-format.md).
public enum ImageFile {
    /// The image in `url`: a regular file within `InputFile`'s bound, a PNG, JPEG or WebP within
    /// `Limits.maximumImagePixels`, that decodes. Throws `RenderError.io` naming what is wrong.
    public static func read(_ url: URL, scale: Double = 1) throws -> LayerImage {
        let bytes = try InputFile.read(url.path)
        guard let image = LayerImage(encodedData: Data(bytes), scale: scale) else {
            if let header = ImageHeader(Data(bytes)) {
                throw RenderError.io(
                    "\(url.path) is a \(header.width)×\(header.height) image; at most \(Limits.maximumStagePixels) px a side and "
                        + "\(Limits.maximumImagePixels) pixels are decoded")
            }
            throw RenderError.io("\(url.path) is not a PNG, JPEG or WebP image")
        }
        // Decoded once now, so a damaged file is the scene's error and not a blank layer later.
        guard let surface = CairoSurface.make(from: image) else {
            throw RenderError.io("\(url.path) cannot be decoded: its data is damaged or cut short")
        }
        cairo_surface_destroy(surface)
        return image
    }
}
