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
    /// What the content view shows (iOS 14): its view fills the content view, kept while the
    /// configurations set are of one kind.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet {
            configuredContentView = ContentConfigurationHost.apply(contentConfiguration, in: contentView, replacing: configuredContentView)
        }
    }
    private var configuredContentView: (any UIView & UIContentView)?

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

/// A collection view list's row (iOS 14): a cell whose default content is a list row's, on the
/// background its list's appearance gives rows (white; an inset grouped section's first and last
/// rows round their outer corners, 10 pt [proj]), with a hairline separator under every row but
/// a section's last, from where its text starts (timing-model.md 11.8 rule 8).
open class UICollectionViewListCell: UICollectionViewCell {
    /// Kept; not drawn yet (docs/porting.md).
    open var accessories: [UICellAccessory] = []
    open var indentationLevel = 0
    private let separatorView = UIView()
    private var placement: ListRowPlacement?

    public required init(frame: CGRect) {
        super.init(frame: frame)
        separatorView.backgroundColor = .separator
        separatorView.isHidden = true
        addSubview(separatorView)
    }

    public required init?(coder: NSCoder) { nil }

    /// A row's content configuration, ready to fill and set as `contentConfiguration`.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

    open override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard let row = layoutAttributes.listRow, row != placement else { return }
        placement = row
        backgroundColor = row.appearance == .plain ? .systemBackground : .secondarySystemGroupedBackground
        if row.appearance == .insetGrouped, row.isFirst || row.isLast {
            layer.cornerRadius = 10
            let top: CACornerMask = row.isFirst ? [.layerMinXMinYCorner, .layerMaxXMinYCorner] : []
            let bottom: CACornerMask = row.isLast ? [.layerMinXMaxYCorner, .layerMaxXMaxYCorner] : []
            layer.maskedCorners = top.union(bottom)
        } else {
            layer.cornerRadius = 0
        }
        separatorView.isHidden = !row.showsSeparators || row.isLast
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let start = contentView.subviews.compactMap { ($0 as? UIListContentView)?.textLeadingEdge }.first ?? 16
        let hairline = 1 / max(1, layer.stage?.scale ?? 2)
        separatorView.frame = CGRect(x: start, y: bounds.height - hairline, width: max(0, bounds.width - start), height: hairline)
        bringSubviewToFront(separatorView)
    }
}

/// Something at a list row's edge (iOS 14): kept as written; not drawn yet.
public struct UICellAccessory {
    /// When an accessory shows (kept).
    public enum DisplayedState: Sendable { case always, whenEditing, whenNotEditing }
    let name: String

    public static func disclosureIndicator(displayed: DisplayedState = .always) -> UICellAccessory { .init(name: "disclosureIndicator") }
    public static func checkmark(displayed: DisplayedState = .always) -> UICellAccessory { .init(name: "checkmark") }
    public static func delete(displayed: DisplayedState = .whenEditing) -> UICellAccessory { .init(name: "delete") }
    public static func reorder(displayed: DisplayedState = .whenEditing) -> UICellAccessory { .init(name: "reorder") }
    public static func outlineDisclosure(displayed: DisplayedState = .always) -> UICellAccessory { .init(name: "outlineDisclosure") }
    public static func label(text: String, displayed: DisplayedState = .always) -> UICellAccessory { .init(name: "label") }
    public static func customView(configuration: Any) -> UICellAccessory { .init(name: "customView") }
}
