import FlipbookCore
import Foundation

/// A progress bar, drawn as iOS 14 and later draw it: a track 4 pt high with round ends and
/// the filled part from its leading edge, `progress` of its width; the fill in the tint colour
/// (`progressTintColor`), the track in `trackTintColor` (the system fill grey). The `.bar`
/// style draws square ends. `setProgress(_:animated:)` moves the fill as a view animation
/// (0.25 s, ease in and out; timing-model.md 11.6).
open class UIProgressView: UIView {
    /// The bar's look: `.default`, or `.bar` (for toolbars: square ends).
    public enum Style: Int, Sendable {
        case `default`, bar
    }

    open var progressViewStyle: Style = .default { didSet { setNeedsLayout() } }
    /// 0…1 (values outside are pinned to it, as UIKit pins them).
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    /// The fill's colour (nil: the tint colour).
    open var progressTintColor: UIColor? { didSet { updateColors() } }
    /// The track's colour (nil: the system fill grey).
    open var trackTintColor: UIColor? { didSet { updateColors() } }
    /// Stretched over the fill in place of its colour.
    open var progressImage: UIImage? { didSet { updateColors() } }
    /// Stretched over the track in place of its colour.
    open var trackImage: UIImage? { didSet { updateColors() } }

    private var storedProgress: Float = 0
    private let trackView = UIImageView()
    private let fillView = UIImageView()

    public init(progressViewStyle style: Style) {
        progressViewStyle = style
        super.init(frame: CGRect(x: 0, y: 0, width: 150, height: Self.height))
        setUp()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    /// The bar's height, whatever the frame's.
    static let height: CGFloat = 4

    private func setUp() {
        addParts(trackView, fillView)
        trackView.clipsToBounds = true
        fillView.clipsToBounds = true
        updateColors()
        UIView.performWithoutAnimation { layoutBar() }
    }

    /// Sets `progress` (pinned to 0…1), the fill moving to it as a 0.25 s view animation when
    /// `animated` (inside an animation block, with the block's timing).
    open func setProgress(_ progress: Float, animated: Bool) {
        storedProgress = progress.isNaN ? 0 : min(max(progress, 0), 1)
        UIView.moveControlParts(animated: animated) { self.layoutBar() }
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutBar()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    /// The track across the bounds' width, the bar's height centred in them; the fill over
    /// `progress` of it from the left.
    private func layoutBar() {
        let height = min(Self.height, bounds.height)
        let track = CGRect(x: 0, y: (bounds.height - height) / 2, width: bounds.width, height: height)
        trackView.frame = track
        fillView.frame = CGRect(x: track.minX, y: track.minY, width: track.width * CGFloat(storedProgress), height: height)
        let radius = progressViewStyle == .default ? height / 2 : 0
        trackView.layer.cornerRadius = radius
        fillView.layer.cornerRadius = radius
    }

    private func updateColors() {
        fillView.image = progressImage
        trackView.image = trackImage
        fillView.backgroundColor = progressImage == nil ? progressTintColor ?? tintColor : nil
        trackView.backgroundColor = trackImage == nil ? trackTintColor ?? .systemFill : nil
    }
}

/// Swift 3's name for the progress view's style.
public typealias UIProgressViewStyle = UIProgressView.Style
