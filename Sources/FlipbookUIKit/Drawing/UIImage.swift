import FlipbookCore
import Foundation

/// An image: PNG, JPEG or WebP bytes or files (`name@2x.png` sets the scale), pixels, a drawing
/// (`UIGraphicsImageRenderer`), or frames to play (`animatedImage(with:duration:)`).
public final class UIImage: Equatable, Sendable {
    /// The image's pixels or encoded data (an animated image's: its first frame's).
    public let layerImage: LayerImage
    /// An animated image's frames, nil for a still one.
    public let images: [UIImage]?
    /// How long an animated image plays its frames once (0 for a still one).
    public let duration: TimeInterval
    /// How the pixels are turned for display (applied to the pixels when made).
    public let imageOrientation: Orientation
    /// Whether image views draw it in its colours or as a template in their tint colour.
    public let renderingMode: RenderingMode
    /// A symbol (`UIImage(systemName:)`): drawn as a template unless `.alwaysOriginal`.
    public let isSymbolImage: Bool
    /// The edges a resizable image keeps at their size when an image view stretches it
    /// (`resizableImage(withCapInsets:)`; zero: the whole image scales).
    public let capInsets: UIEdgeInsets
    /// How the part between the caps fills the room (`.tile`, UIKit's default, is drawn stretched).
    public let resizingMode: ResizingMode

    /// The eight EXIF orientations, as UIKit numbers them.
    public enum Orientation: Int, Sendable { case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored }

    /// Template images are drawn in the view's tint colour, their alpha as the shape.
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }

    /// How a resizable image's middle fills the room between its caps.
    public enum ResizingMode: Int, Sendable { case tile, stretch }

    public init(
        layerImage: LayerImage, images: [UIImage]? = nil, duration: TimeInterval = 0, orientation: Orientation = .up,
        renderingMode: RenderingMode = .automatic, isSymbolImage: Bool = false
    ) {
        self.layerImage = layerImage
        self.images = images
        self.duration = duration
        imageOrientation = orientation
        self.renderingMode = renderingMode
        self.isSymbolImage = isSymbolImage
        capInsets = .zero
        resizingMode = .tile
    }

    /// `image` with another rendering mode or caps.
    private init(_ image: UIImage, renderingMode: RenderingMode, capInsets: UIEdgeInsets, resizingMode: ResizingMode) {
        layerImage = image.layerImage
        images = image.images
        duration = image.duration
        imageOrientation = image.imageOrientation
        self.renderingMode = renderingMode
        isSymbolImage = image.isSymbolImage
        self.capInsets = capInsets
        self.resizingMode = resizingMode
    }

    /// An empty image (zero size), as `UIImage()`.
    public convenience init() { self.init(layerImage: LayerImage(width: 0, height: 0, rgba: [])) }

    /// Looks for `name`, `name@3x.png`, `name@2x.png` and `name.png` relative to the current
    /// directory (or as an absolute path), as an app bundle lookup would.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// As `init(named:)`, looking in `bundle`'s resources first when one is given (a test
    /// target's `Bundle.module`); the traits are accepted and not used.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        let folders = [bundle?.resourcePath, bundle?.bundlePath].compactMap { $0 } + [""]
        for folder in folders {
            for candidate in [name, "\(base)@3x.png", "\(base)@2x.png", "\(base).png"] {
                let path = folder.isEmpty || candidate.hasPrefix("/") ? candidate : folder + "/" + candidate
                if let image = UIImage(contentsOfFile: path) {
                    self.init(layerImage: image.layerImage)
                    return
                }
            }
        }
        return nil
    }

    /// An image from PNG, JPEG or WebP bytes, as iOS's `UIImage(data:scale:)`; nil for other data.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let image = LayerImage(encodedData: data, scale: Double(scale)) else { return nil }
        self.init(layerImage: image)
    }

    /// The image in the file at `path` (`@2x`/`@3x` in its name set the scale); nil when it is not
    /// a regular file of at most `maximumFileBytes` or not a PNG, JPEG or WebP image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = try? RegularFile.contents(of: URL(fileURLWithPath: path), maximumBytes: Self.maximumFileBytes) else { return nil }
        let scale: Double = path.contains("@3x") ? 3 : path.contains("@2x") ? 2 : 1
        guard let image = LayerImage(encodedData: data, scale: scale) else { return nil }
        self.init(layerImage: image)
    }

    /// The largest image file `init(contentsOfFile:)` reads.
    public static let maximumFileBytes = 64 << 20

    /// The image of a bitmap, at 1 pixel per point.
    public convenience init(cgImage: LayerImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// The image of a bitmap at `scale` pixels per point, turned by `orientation` (a `.left`
    /// or `.right` image is as wide as the bitmap is tall).
    public convenience init(cgImage: LayerImage, scale: CGFloat, orientation: Orientation) {
        let scaled = cgImage.scaled(Double(scale))
        self.init(layerImage: orientation == .up ? scaled : scaled.oriented(orientation), orientation: orientation)
    }

    /// An image that plays `images` in `duration` seconds, as image views show it.
    public static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        return UIImage(layerImage: first.layerImage, images: images, duration: duration)
    }

    /// `name0`, `name1`, … (as many as there are, from 0 or 1) as an animated image.
    public static func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        var frames: [UIImage] = []
        var index = UIImage(named: "\(name)0") == nil ? 1 : 0
        while frames.count < 1024, let image = UIImage(named: "\(name)\(index)") {
            frames.append(image)
            index += 1
        }
        return animatedImage(with: frames, duration: duration)
    }

    /// The same image drawn with `renderingMode`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(self, renderingMode: renderingMode, capInsets: capInsets, resizingMode: resizingMode)
    }

    /// The same image with caps an image view keeps at their size, the middle tiled
    /// (UIKit's default; drawn stretched here, the same picture for a middle one pixel wide).
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// The same image with caps an image view keeps at their size, the middle filling the
    /// room as `resizingMode` says.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        UIImage(self, renderingMode: renderingMode, capInsets: capInsets, resizingMode: resizingMode)
    }

    /// iOS 2's caps: `leftCapWidth` on the left, the column after it stretched, the rest of the
    /// width the right cap; the same down from `topCapHeight` (0: not stretched that way).
    @available(*, deprecated, renamed: "resizableImage(withCapInsets:resizingMode:)")
    public func stretchableImage(withLeftCapWidth leftCapWidth: Int, topCapHeight: Int) -> UIImage {
        let left = CGFloat(max(0, leftCapWidth)), top = CGFloat(max(0, topCapHeight))
        let right = left > 0 ? max(0, size.width - left - 1) : 0, bottom = top > 0 ? max(0, size.height - top - 1) : 0
        return resizableImage(withCapInsets: UIEdgeInsets(top: top, left: left, bottom: bottom, right: right), resizingMode: .stretch)
    }

    /// The part between the caps as a layer's `contentsCenter` (unit coordinates); the unit
    /// rectangle when the image has no caps or they leave no room.
    public var contentsCenter: CGRect {
        let w = size.width, h = size.height
        let c = capInsets
        guard c != .zero, w > 0, h > 0, c.left >= 0, c.right >= 0, c.top >= 0, c.bottom >= 0, c.left + c.right < w, c.top + c.bottom < h
        else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        return CGRect(x: c.left / w, y: c.top / h, width: (w - c.left - c.right) / w, height: (h - c.top - c.bottom) / h)
    }

    /// The image as PNG bytes; nil when no renderer is linked or it has no pixels.
    public func pngData() -> Data? {
        guard layerImage.width > 0, layerImage.height > 0 else { return nil }
        return layerImage.pngData ?? ImageRasterization.rasterizer?.pngData(of: layerImage)
    }

    /// Size in points.
    public var size: CGSize { layerImage.size }
    public var scale: CGFloat { layerImage.scale }
    /// The image, as layer `contents` takes it.
    public var cgImage: LayerImage? { layerImage }

    public static func == (a: UIImage, b: UIImage) -> Bool {
        a === b
            || (a.layerImage == b.layerImage && a.images == b.images && a.duration == b.duration && a.renderingMode == b.renderingMode
                && a.capInsets == b.capInsets && a.resizingMode == b.resizingMode)
    }
}

extension LayerImage {
    /// The same bitmap at `scale` pixels per point.
    func scaled(_ scale: Double) -> LayerImage {
        guard scale > 0, scale != self.scale else { return self }
        if let data = encodedData, let image = LayerImage(encodedData: data, scale: scale) { return image }
        return LayerImage(width: width, height: height, rgba: rgba, scale: scale)
    }

    /// The bitmap turned by `orientation` (drawn again by the registered rasterizer; unturned
    /// when none is linked).
    func oriented(_ orientation: UIImage.Orientation) -> LayerImage {
        let w = Double(width) / scale, h = Double(height) / scale
        let turned: CGAffineTransform
        switch orientation {
        case .up: return self
        case .down: turned = CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        case .left: turned = CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
        case .right: turned = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
        case .upMirrored: turned = CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
        case .downMirrored: turned = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
        case .leftMirrored: turned = CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
        case .rightMirrored: turned = CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        }
        let sideways = [.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
        let (pw, ph) = sideways ? (height, width) : (width, height)
        let drawing: DrawingRecording = [.concatenate(turned), .drawImage(self, CGRect(x: 0, y: 0, width: w, height: h), flipped: false)]
        return ImageRasterization.rasterizer?.rasterize(drawing, pixelWidth: pw, pixelHeight: ph, scale: scale, opaque: false) ?? self
    }
}
