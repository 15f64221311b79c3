import FlipbookCore
import Foundation

/// A view showing an image through its layer's `contents`, as UIKit's: a highlighted image,
/// frames to play (`animationImages` or an animated `UIImage`, as a discrete keyframe
/// animation of `contents`, which is what iOS adds), and template images drawn in the tint
/// colour.
open class UIImageView: UIView {
    /// The key of the frames' animation on the layer.
    static let animationKey = "UIImageViewAnimation"

    open var image: UIImage? {
        didSet { imageDidChange() }
    }
    /// Shown instead of `image` while `isHighlighted`.
    open var highlightedImage: UIImage? {
        didSet { imageDidChange() }
    }
    open var isHighlighted = false {
        didSet { imageDidChange() }
    }
    /// Frames `startAnimating()` plays.
    open var animationImages: [UIImage]?
    /// Frames played while highlighted.
    open var highlightedAnimationImages: [UIImage]?
    /// Seconds for one pass through the frames; 0: a thirtieth of a second per frame.
    open var animationDuration: TimeInterval = 0
    /// Passes to play; 0: for ever.
    open var animationRepeatCount = 0

    /// Template images: a layer of the tint colour, masked by the image.
    private var templateLayer: CALayer?

    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        imageDidChange()
    }

    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    /// Image views take no touches unless asked (as on iOS): a tap goes to what is behind.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// Plays `animationImages` (or the animated image shown) from now.
    open func startAnimating() {
        let frames = (isHighlighted ? highlightedAnimationImages : nil) ?? animationImages ?? shownImage?.images
        guard let frames, !frames.isEmpty else { return }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames.map { $0.layerImage }
        animation.calculationMode = .discrete
        let perPass = animationDuration > 0 ? animationDuration : (shownImage?.images == nil ? 0 : shownImage?.duration ?? 0)
        animation.duration = perPass > 0 ? perPass : Double(frames.count) / 30
        animation.repeatCount = animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        contentLayer.add(animation, forKey: Self.animationKey)
    }

    /// Stops the frames; the image shows again.
    open func stopAnimating() { contentLayer.removeAnimation(forKey: Self.animationKey) }

    /// Whether frames are playing (false once a counted run has ended).
    open var isAnimating: Bool { contentLayer.animation(forKey: Self.animationKey) != nil }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        Self.withoutActions { templateLayer?.backgroundColor = tintColor.cgColor }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        Self.withoutActions {
            templateLayer?.frame = layer.bounds
            templateLayer?.mask?.frame = layer.bounds
        }
    }

    open override var contentMode: ContentMode {
        didSet { Self.withoutActions { templateLayer?.mask?.contentsGravity = layer.contentsGravity } }
    }

    /// The template layers are the view's own: they follow it without implicit animations.
    private static func withoutActions(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    private var shownImage: UIImage? { isHighlighted ? highlightedImage ?? image : image }

    /// Where the image is drawn: the view's layer, or the template layer's mask.
    private var contentLayer: CALayer { templateLayer?.mask ?? layer }

    private func imageDidChange() {
        let shown = shownImage
        let template = shown.map { $0.renderingMode == .alwaysTemplate || ($0.renderingMode == .automatic && $0.isSymbolImage) } ?? false
        if template {
            Self.withoutActions {
                let tinted = templateLayer ?? makeTemplateLayer()
                tinted.backgroundColor = tintColor.cgColor
                tinted.mask?.contents = shown?.layerImage
                tinted.mask?.contentsCenter = shown?.contentsCenter ?? CGRect(x: 0, y: 0, width: 1, height: 1)
            }
            layer.contents = nil
        } else {
            if let tinted = templateLayer {
                Self.withoutActions { tinted.removeFromSuperlayer() }
                templateLayer = nil
            }
            layer.contents = shown?.layerImage
            // A resizable image keeps its caps: its layer's contentsCenter, as UIKit sets it.
            layer.contentsCenter = shown?.contentsCenter ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        }
        // An animated image plays as soon as it is shown, as on iOS.
        if shown?.images != nil { startAnimating() } else if animationImages == nil { stopAnimating() }
    }

    private func makeTemplateLayer() -> CALayer {
        let tinted = CALayer()
        tinted.frame = layer.bounds
        let mask = CALayer()
        mask.frame = layer.bounds
        mask.contentsGravity = layer.contentsGravity
        tinted.mask = mask
        layer.insertSublayer(tinted, at: 0)
        templateLayer = tinted
        return tinted
    }
}
