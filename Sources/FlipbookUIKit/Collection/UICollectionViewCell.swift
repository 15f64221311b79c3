import FlipbookCore
import Foundation

/// A view a collection view places and reuses (UIKit's names): the base of cells and of
/// supplementary views such as section headers.
open class UICollectionReusableView: UIView {
    public internal(set) var reuseIdentifier: String?
    /// The kind it was dequeued for (headers and footers).
    var supplementaryKind: String?

    /// A view of `frame`. Required, so a registered class can be made by the collection view: a
    /// subclass that overrides it writes `required` (one mechanical edit, as for table cells).
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Called before a reused view is handed out again.
    open func prepareForReuse() {}

    /// Takes the layout's attributes (the collection view has set the frame, alpha and stacking).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}

/// One item of a collection view (UIKit's names): a content view for its subviews over an
/// optional background view, and `selectedBackgroundView` shown while it is selected or
/// highlighted.
open class UICollectionViewCell: UICollectionReusableView {
    /// Where subviews go.
    public let contentView = UIView()
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, belowSubview: contentView) }
            updateSelectedBackground()
        }
    }
    open var isSelected = false { didSet { updateSelectedBackground() } }
    open var isHighlighted = false { didSet { updateSelectedBackground() } }

    public required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    private func updateSelectedBackground() {
        UIView.performWithoutAnimation { selectedBackgroundView?.isHidden = !(isSelected || isHighlighted) }
    }
}
