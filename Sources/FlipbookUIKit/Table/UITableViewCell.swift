import FlipbookCore
import Foundation

/// A table row (UIKit's names): a content view, a text label inset 15 pt, and a hairline
/// separator along its bottom edge inset 15 pt on the left (the table sets it).
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    public enum SeparatorStyle: Int, Sendable { case none, singleLine, singleLineEtched }

    public let reuseIdentifier: String?
    public let style: CellStyle
    /// Where subviews go.
    public let contentView = UIView()
    open var selectionStyle: SelectionStyle = .default
    /// Whether the row is selected (by code; a Stage has no taps).
    open var isSelected = false
    open var isHighlighted = false
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
    private var textLabelStorage: UILabel?
    /// The cell's line separating it from the next (drawn in the table's separator colour).
    let separatorView = UIView()
    /// The separator's insets (left 15 pt, as a plain table's default).
    open var separatorInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0) { didSet { setNeedsLayout() } }

    /// A cell with a style and a reuse identifier. Required, so a registered class can be
    /// made by the table: a subclass that overrides it writes `required` (one mechanical edit).
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = .white
        contentView.frame = bounds
        addSubview(contentView)
        separatorView.isHidden = true
        addSubview(separatorView)
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(coder: coder)
    }

    /// The title label, made on first use, 17 pt, at the content's left margin.
    open var textLabel: UILabel? {
        if let label = textLabelStorage { return label }
        let label = UILabel()
        label.font = UIFont.systemFont(ofSize: 17)
        label.textColor = .black
        contentView.addSubview(label)
        textLabelStorage = label
        setNeedsLayout()
        return label
    }

    /// Called before a reused cell is handed out again.
    open func prepareForReuse() {}

    /// What the content view shows (iOS 14), in place of the text label: its view fills the
    /// content view, kept while the configurations set are of one kind.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet {
            configuredContentView = ContentConfigurationHost.apply(contentConfiguration, in: contentView, replacing: configuredContentView)
            textLabelStorage?.isHidden = contentConfiguration != nil
        }
    }
    private var configuredContentView: (any UIView & UIContentView)?

    /// The cell style's content configuration (a subtitle cell's, a value cell's, or a plain
    /// row's), ready to fill and set as `contentConfiguration`.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .subtitle: return .subtitleCell()
        case .value1, .value2: return .valueCell()
        case .default: return .cell()
        }
    }

    /// How far a swipe has slid the row's content sideways (negative: left, showing trailing actions).
    var swipeOffset: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// The buttons a swipe reveals (TableRowSwipe.swift).
    var swipeActionPane: RowActionPane?

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds.offsetBy(dx: swipeOffset, dy: 0)
        swipeActionPane?.layout(in: bounds, offset: swipeOffset)
        // The text starts where the separator does (both follow the layout margins in UIKit).
        let margin = separatorInset.left
        textLabelStorage?.frame = CGRect(x: margin, y: 0, width: max(0, bounds.width - 2 * margin), height: bounds.height)
        let hairline = 1 / max(1, layer.stage?.scale ?? 2)
        separatorView.frame = CGRect(
            x: separatorInset.left, y: bounds.height - hairline,
            width: max(0, bounds.width - separatorInset.left - separatorInset.right), height: hairline)
    }
}
