import Foundation

/// An image: PNG, JPEG or WebP bytes or files (`name@2x.png` sets the scale), or pixels.
public final class UIImage: Equatable, Sendable {
    /// The image's pixels or encoded data.
    public let layerImage: LayerImage

    public init(layerImage: LayerImage) { self.layerImage = layerImage }

    /// Looks for `name`, `name@3x.png`, `name@2x.png` and `name.png` relative to the current
    /// directory (or as an absolute path), as an app bundle lookup would.
    public convenience init?(named name: String) {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        for candidate in [name, "\(base)@3x.png", "\(base)@2x.png", "\(base).png"] {
            if let image = UIImage(contentsOfFile: candidate) {
                self.init(layerImage: image.layerImage)
                return
            }
        }
        return nil
    }

    /// An image from PNG, JPEG or WebP bytes, as iOS's `UIImage(data:scale:)`; nil for other data.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let image = LayerImage(encodedData: data, scale: Double(scale)) else { return nil }
        self.init(layerImage: image)
    }

    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let scale: Double = path.contains("@3x") ? 3 : path.contains("@2x") ? 2 : 1
        guard let image = LayerImage(encodedData: data, scale: scale) else { return nil }
        self.init(layerImage: image)
    }

    /// Size in points.
    public var size: CGSize { layerImage.size }
    public var scale: CGFloat { layerImage.scale }
    /// The image, as layer `contents` takes it.
    public var cgImage: LayerImage? { layerImage }

    public static func == (a: UIImage, b: UIImage) -> Bool { a.layerImage == b.layerImage }
}

/// A view showing an image through its layer's `contents`.
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet { layer.contents = image?.layerImage }
    }

    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        layer.contents = image?.layerImage
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// The screen: its bounds are the running Stage's canvas.
public final class UIScreen: Sendable {
    private init() {}
    /// The screen of the running Stage.
    public static var main: UIScreen { UIScreen() }
    public var bounds: CGRect {
        CGRect(origin: .zero, size: TransactionContext.current.activeStage?.size ?? CGSize(width: 375, height: 667))
    }
    public var scale: CGFloat { TransactionContext.current.activeStage?.scale ?? 2 }
}

/// Insets, as UIKit defines them.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
