import Foundation

/// A button, as UIKit's `UIButton` before iOS 15's configurations: a title and an image per
/// control state, centred in the bounds (inside `contentEdgeInsets`), drawn as iOS draws them.
/// A `.system` button's title and image take the tint colour, dimmed to 20 % while highlighted
/// and in iOS's tertiary grey when disabled; a `.custom` button shows what it is given (white
/// titles by default). A tap (`Stage.tap`) highlights it and sends `.touchDown`, then
/// `.touchUpInside` and `.primaryActionTriggered` (a `UIAction` given as `primaryAction`).
open class UIButton: UIControl {
    /// UIKit's button types; the glyph types draw as `.system` buttons with no image of their own.
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        /// iOS 7's name for `.system`.
        public static let roundedRect = ButtonType.system
    }

    public let buttonType: ButtonType
    /// The title's label (15 pt system font), made with the button.
    public let titleLabel: UILabel?
    /// The image's view, made with the button.
    public let imageView: UIImageView?
    /// The background image's view; with a configuration, its background.
    let backgroundImageView = UIImageView()
    /// A configuration's subtitle.
    let subtitleLabel = UILabel()
    /// A configuration's activity indicator, made when first shown.
    var activityIndicator: UIActivityIndicatorView?

    /// How the button looks (iOS 15): when set, it draws the title, subtitle, image and
    /// background instead of the per-state titles and images.
    open var configuration: Configuration? { didSet { configurationDidChange() } }
    /// Called when the button's state changes (and on `setNeedsUpdateConfiguration()`), to
    /// change its configuration for that state.
    open var configurationUpdateHandler: ConfigurationUpdateHandler?
    public typealias ConfigurationUpdateHandler = (UIButton) -> Void

    /// Runs the update handler, which may change `configuration` for the current state.
    open func updateConfiguration() {
        configurationUpdateHandler?(self)
        configurationDidChange()
    }

    /// Space around the title and image.
    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout() }
    }
    open var titleEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout() }
    }
    open var imageEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout() }
    }
    /// Custom buttons darken their image while highlighted (system buttons dim instead).
    open var adjustsImageWhenHighlighted = true
    open var adjustsImageWhenDisabled = true

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// A button of `buttonType` with a zero frame.
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        titleLabel = UILabel()
        imageView = UIImageView()
        super.init(frame: .zero)
        setUp()
    }

    /// A `.custom` button, as `UIButton(frame:)` makes.
    public override init(frame: CGRect) {
        buttonType = .custom
        titleLabel = UILabel()
        imageView = UIImageView()
        super.init(frame: frame)
        setUp()
    }

    /// A button whose primary action is `primaryAction` (its title is the action's, when it has one).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(type: .system, primaryAction: primaryAction)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        buttonType = .custom
        titleLabel = UILabel()
        imageView = UIImageView()
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for view in [backgroundImageView, imageView, titleLabel, subtitleLabel].compactMap({ $0 }) {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        titleLabel?.font = .systemFont(ofSize: 15)
        titleLabel?.textAlignment = .center
        imageView?.contentMode = .center
        backgroundImageView.contentMode = .scaleToFill
        refresh()
    }

    open override var sendsPrimaryActionOnTouchUp: Bool { true }

    // MARK: Per-state content (a state without its own uses .normal's)

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refresh()
    }
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        refresh()
    }
    open func titleColor(for state: State) -> UIColor? { titleColors[state.rawValue] ?? defaultTitleColor(for: state) }
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        refresh()
    }
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[State.normal.rawValue] }
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        refresh()
    }
    open func backgroundImage(for state: State) -> UIImage? { backgroundImages[state.rawValue] ?? backgroundImages[State.normal.rawValue] }

    open var currentTitle: String? { title(for: shownState) }
    open var currentTitleColor: UIColor { titleColor(for: shownState) ?? .white }
    open var currentImage: UIImage? { image(for: shownState) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: shownState) }

    /// The state whose content shows: the most specific one set (highlighted over selected).
    private var shownState: State {
        let s = state
        if s.contains(.disabled) { return .disabled }
        if s.contains(.highlighted) { return s.contains(.selected) ? [.highlighted, .selected] : .highlighted }
        return s.contains(.selected) ? .selected : .normal
    }

    /// iOS's colours when none is set: the tint for a system button (20 % while highlighted,
    /// the tertiary label grey disabled), white for a custom one.
    private func defaultTitleColor(for state: State) -> UIColor? {
        let normal = titleColors[State.normal.rawValue]
        if buttonType == .custom { return normal ?? .white }
        if state.contains(.disabled) { return .tertiaryLabel }
        let base: UIColor = normal ?? tintColor
        return state.contains(.highlighted) ? base.withAlphaComponent(0.2) : base
    }

    override func stateDidChange() {
        if configuration != nil, let handler = configurationUpdateHandler { handler(self) }
        refresh()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refresh()
    }

    /// Shows the current state's title, colour and images, without animation (UIKit swaps them).
    func refresh() {
        if let configuration {
            showConfiguration(configuration)
            return
        }
        subtitleLabel.isHidden = true
        UIView.performWithoutAnimation {
            titleLabel?.text = currentTitle
            titleLabel?.textColor = currentTitleColor
            let image = currentImage
            if buttonType == .custom {
                imageView?.image = image
                imageView?.alpha = state.contains(.highlighted) && adjustsImageWhenHighlighted ? 0.7 : 1
            } else {
                imageView?.image = image.map { $0.renderingMode == .alwaysOriginal ? $0 : $0.withRenderingMode(.alwaysTemplate) }
                imageView?.tintColor = state.contains(.disabled) ? .tertiaryLabel : tintColor
                imageView?.alpha = state.contains(.highlighted) ? 0.2 : 1
            }
            backgroundImageView.image = currentBackgroundImage
            setNeedsLayout()
            layoutIfNeeded()
        }
    }

    // MARK: Size and layout

    private var titleSize: CGSize {
        guard let label = titleLabel, let text = label.text, !text.isEmpty else { return .zero }
        return label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }
    private var imageSize: CGSize { currentImage?.size ?? .zero }

    /// The title and image side by side with the content insets; the title's line (the font's
    /// line height, rounded up) gets 6 pt above and below (a 15 pt system button is 30 pt tall,
    /// as on iOS).
    open override var intrinsicContentSize: CGSize {
        if let configuration { return configuredSize(configuration) }
        let t = titleSize, i = imageSize
        let textHeight = t.height > 0 ? ((titleLabel?.font.lineHeight ?? t.height).rounded(.up) + 12) : 0
        return CGSize(
            width: t.width + i.width + contentEdgeInsets.left + contentEdgeInsets.right,
            height: max(textHeight, i.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let configuration {
            layOutConfiguration(configuration)
            return
        }
        let area = CGRect(
            x: contentEdgeInsets.left, y: contentEdgeInsets.top,
            width: bounds.width - contentEdgeInsets.left - contentEdgeInsets.right,
            height: bounds.height - contentEdgeInsets.top - contentEdgeInsets.bottom)
        let t = titleSize, i = imageSize
        let left = area.minX + (area.width - t.width - i.width) / 2
        UIView.performWithoutAnimation {
            backgroundImageView.frame = bounds
            imageView?.frame = CGRect(
                x: left + imageEdgeInsets.left - imageEdgeInsets.right,
                y: area.midY - i.height / 2 + imageEdgeInsets.top - imageEdgeInsets.bottom,
                width: i.width, height: i.height)
            titleLabel?.frame = CGRect(
                x: left + i.width + titleEdgeInsets.left - titleEdgeInsets.right,
                y: area.midY - t.height / 2 + titleEdgeInsets.top - titleEdgeInsets.bottom, width: t.width, height: t.height)
        }
    }
}
