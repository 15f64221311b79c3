import FlipbookCore
import Foundation

/// How an image renderer's bitmap is made (UIKit's `UIGraphicsImageRendererFormat`).
open class UIGraphicsImageRendererFormat {
    /// Pixels per point; the screen's (the running Stage's scale) by default.
    open var scale: CGFloat
    /// An opaque bitmap starts black and has no transparency.
    open var opaque = false
    /// Accepted for source compatibility: every bitmap here is 8-bit sRGB.
    open var preferredRange: Range = .automatic

    /// Colour ranges (`.standard` is what every bitmap here is).
    public enum Range: Int, Sendable { case unspecified = -1, automatic = 0, extended = 1, standard = 2 }

    public init() { scale = UIScreen.main.scale }

    /// The format for `traitCollection`: its display scale (the screen's when it has none).
    public convenience init(for traitCollection: UITraitCollection) {
        self.init()
        if traitCollection.displayScale > 0 { scale = traitCollection.displayScale }
    }

    /// The format for the screen: its scale, not opaque.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format an image renderer uses when none is given.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context an image renderer's block draws into.
open class UIGraphicsImageRendererContext {
    /// The Core Graphics context (y down, points).
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat
    let size: CGSize

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat, size: CGSize) {
        self.cgContext = cgContext
        self.format = format
        self.size = size
    }

    /// What has been drawn so far, as an image.
    open var currentImage: UIImage { UIGraphicsImageRenderer.image(of: cgContext, size: size, format: format) }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes `rect`'s outline with the current stroke colour and line width.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// Clips further drawing to `rect`.
    open func clip(to rect: CGRect) {
        cgContext.addRect(rect)
        cgContext.clip()
    }
}

/// Draws into a bitmap and returns it as an image (UIKit's `UIGraphicsImageRenderer`): the block's
/// drawing is recorded, then rasterized with Cairo at the format's scale.
open class UIGraphicsImageRenderer {
    public let format: UIGraphicsImageRendererFormat
    let bounds: CGRect

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.format = format
        bounds = CGRect(origin: .zero, size: size)
    }

    public convenience init(size: CGSize) { self.init(size: size, format: .preferred()) }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .preferred()) {
        self.format = format
        self.bounds = bounds
    }

    /// Runs `actions` with a context whose origin is the bounds' origin, and returns the image.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = drawing(actions)
        return Self.image(of: context.cgContext, size: bounds.size, format: format)
    }

    /// The drawn image as PNG bytes (empty when nothing can be encoded: no renderer linked).
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    private func drawing(_ actions: (UIGraphicsImageRendererContext) -> Void) -> UIGraphicsImageRendererContext {
        let cg = CGContext(size: bounds.size, scale: Double(format.scale))
        if bounds.origin != .zero { cg.translateBy(x: -bounds.minX, y: -bounds.minY) }
        let context = UIGraphicsImageRendererContext(cgContext: cg, format: format, size: bounds.size)
        // UIGraphicsGetCurrentContext() answers it inside the block, as UIKit pushes it.
        let tc = TransactionContext.current
        tc.graphicsContexts.append(cg)
        defer { tc.graphicsContexts.removeLast() }
        actions(context)
        return context
    }

    /// The image of what `context` recorded, `size` points at the format's scale.
    static func image(of context: CGContext, size: CGSize, format: UIGraphicsImageRendererFormat) -> UIImage {
        UIImage(layerImage: rasterize(context.commands, size: size, scale: Double(format.scale), opaque: format.opaque))
    }

    /// `commands` as pixels; an empty image of the right size when no renderer is linked.
    static func rasterize(_ commands: DrawingRecording, size: CGSize, scale: Double, opaque: Bool) -> LayerImage {
        let scale = scale > 0 ? scale : 1
        let w = max(0, Int((Double(size.width) * scale).rounded(.up))), h = max(0, Int((Double(size.height) * scale).rounded(.up)))
        if w > 0, h > 0, let rasterizer = ImageRasterization.rasterizer,
            let image = rasterizer.rasterize(commands, pixelWidth: w, pixelHeight: h, scale: scale, opaque: opaque)
        {
            return image
        }
        guard w > 0, h > 0, w * h <= Limits.maximumImagePixels else { return LayerImage(width: 0, height: 0, rgba: [], scale: scale) }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        if opaque { for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 } }
        return LayerImage(width: w, height: h, rgba: pixels, scale: scale)
    }
}

/// An open `UIGraphicsBeginImageContextWithOptions` context.
struct ImageContext {
    let context: CGContext
    let size: CGSize
    let scale: Double
    let opaque: Bool
}

/// Opens a bitmap context of `size` points (`scale` 0: the screen's) and makes it the current
/// context, as UIKit's function does.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let tc = TransactionContext.current
    let pixelsPerPoint = Double(scale > 0 ? scale : UIScreen.main.scale)
    let context = CGContext(size: size, scale: pixelsPerPoint)
    tc.imageContexts.append(ImageContext(context: context, size: size, scale: pixelsPerPoint, opaque: opaque))
    tc.graphicsContexts.append(context)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// The current image context's drawing so far, as an image; nil when none is open.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let open = TransactionContext.current.imageContexts.last else { return nil }
    return UIImage(
        layerImage: UIGraphicsImageRenderer.rasterize(open.context.commands, size: open.size, scale: open.scale, opaque: open.opaque))
}

/// Closes the current image context.
public func UIGraphicsEndImageContext() {
    let tc = TransactionContext.current
    guard let open = tc.imageContexts.popLast() else { return }
    if let i = tc.graphicsContexts.lastIndex(where: { $0 === open.context }) { tc.graphicsContexts.remove(at: i) }
}

/// Makes `context` the current one (for drawing code that takes a context), until `UIGraphicsPopContext`.
public func UIGraphicsPushContext(_ context: CGContext) { TransactionContext.current.graphicsContexts.append(context) }

/// Restores the context current before the last `UIGraphicsPushContext`.
public func UIGraphicsPopContext() {
    let tc = TransactionContext.current
    if !tc.graphicsContexts.isEmpty { tc.graphicsContexts.removeLast() }
}
