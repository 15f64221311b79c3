import Foundation

/// Turns drawings and encoded images into pixels for the UIKit code that asks for them
/// (`UIGraphicsImageRenderer`, `UIImage(cgImage:scale:orientation:)`, `pngData()`).
/// FlipbookRender implements it with Cairo and registers it when the program loads, as it does
/// the text measurer, so FlipbookCore needs no C library itself.
public protocol ImageRasterizing {
    /// `drawing` played into a `pixelWidth × pixelHeight` bitmap whose user space is scaled by
    /// `scale` (points to pixels), transparent to start with, or black when `opaque`; nil when
    /// the size is past the limits.
    static func rasterize(_ drawing: DrawingRecording, pixelWidth: Int, pixelHeight: Int, scale: Double, opaque: Bool) -> LayerImage?
    /// `image` as PNG bytes (encoded ones re-encoded from their decoded pixels).
    static func pngData(of image: LayerImage) -> Data?
}

/// Where FlipbookCore finds the image rasterizer. Like `TextMeasurement`, process-wide because
/// which renderer is linked in is a fact about the program, set once as it loads.
public enum ImageRasterization {
    private static let slot = RendererSlot<any ImageRasterizing.Type>()

    /// Makes `rasterizer` the one UIKit's image code uses (FlipbookRender registers Cairo's).
    public static func register(_ rasterizer: any ImageRasterizing.Type) { slot.set(rasterizer) }

    /// The registered rasterizer; nil when no renderer is linked (drawn images are then empty).
    public static var rasterizer: (any ImageRasterizing.Type)? { slot.current }
}
