import FlipbookCore
import Foundation

/// A list row's content (iOS 14): an image, a text and a secondary text, in the fonts, colours
/// and spacing of the system's cell styles (timing-model.md 11.8 rule 8) [proj: the metrics].
public struct UIListContentConfiguration: UIContentConfiguration {
    /// How a text is drawn.
    public struct TextProperties {
        public var font: UIFont
        public var color: UIColor
        public var numberOfLines = 1
        public var alignment: NSTextAlignment = .natural
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        public var adjustsFontSizeToFitWidth = false
        public var minimumScaleFactor: CGFloat = 0
    }

    /// How the image is drawn: its tint, and at most `maximumSize` (zero: its own size).
    public struct ImageProperties {
        public var tintColor: UIColor?
        public var maximumSize: CGSize = .zero
        public var reservedLayoutSize: CGSize = .zero
        public var cornerRadius: CGFloat = 0
    }

    public var text: String?
    public var secondaryText: String?
    public var image: UIImage?
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextVerticalPadding: CGFloat = 3
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    /// The secondary text beside the text (a value cell) rather than under it.
    public var prefersSideBySideTextAndSecondaryText = false

    init(textSize: CGFloat, textColor: UIColor, secondarySize: CGFloat, secondaryColor: UIColor, margins: NSDirectionalEdgeInsets) {
        textProperties = TextProperties(font: .systemFont(ofSize: textSize), color: textColor)
        secondaryTextProperties = TextProperties(font: .systemFont(ofSize: secondarySize), color: secondaryColor)
        directionalLayoutMargins = margins
    }

    static let rowMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    static let headerMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)

    /// A row: 17 pt text over an optional 15 pt secondary text.
    public static func cell() -> UIListContentConfiguration {
        UIListContentConfiguration(textSize: 17, textColor: .label, secondarySize: 15, secondaryColor: .secondaryLabel, margins: rowMargins)
    }
    /// A row with a 15 pt secondary text under its text.
    public static func subtitleCell() -> UIListContentConfiguration { cell() }
    /// A row with its secondary text at the trailing edge, on the text's line.
    public static func valueCell() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(
            textSize: 17, textColor: .label, secondarySize: 17, secondaryColor: .secondaryLabel, margins: rowMargins)
        configuration.prefersSideBySideTextAndSecondaryText = true
        return configuration
    }
    public static func sidebarCell() -> UIListContentConfiguration { cell() }
    public static func accompaniedSidebarCell() -> UIListContentConfiguration { cell() }
    /// A plain list's section header: 15 pt semibold-sized text.
    public static func plainHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(
            textSize: 15, textColor: .label, secondarySize: 13, secondaryColor: .secondaryLabel, margins: headerMargins)
    }
    public static func plainFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(
            textSize: 13, textColor: .secondaryLabel, secondarySize: 13, secondaryColor: .secondaryLabel, margins: headerMargins)
    }
    /// A grouped list's section header: 13 pt secondary text.
    public static func groupedHeader() -> UIListContentConfiguration { plainFooter() }
    public static func groupedFooter() -> UIListContentConfiguration { plainFooter() }
    public static func sidebarHeader() -> UIListContentConfiguration { plainHeader() }
    public static func header() -> UIListContentConfiguration { plainHeader() }
    public static func footer() -> UIListContentConfiguration { plainFooter() }
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(
            textSize: 20, textColor: .label, secondarySize: 15, secondaryColor: .secondaryLabel, margins: headerMargins)
    }
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(
            textSize: 22, textColor: .label, secondarySize: 15, secondaryColor: .secondaryLabel, margins: headerMargins)
    }

    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
}

/// The view that shows a `UIListContentConfiguration`: the image at the leading margin, the
/// texts after it, centred down the row (timing-model.md 11.8 rule 8).
open class UIListContentView: UIView, UIContentView {
    private let imageView = UIImageView()
    private let textLabel = UILabel()
    private let secondaryTextLabel = UILabel()
    /// Where its text starts (a list cell's separator starts there too).
    var textLeadingEdge: CGFloat {
        layoutIfNeeded()
        return textLabel.isHidden ? listConfiguration.directionalLayoutMargins.leading : textLabel.frame.minX
    }

    public var listConfiguration: UIListContentConfiguration { didSet { apply() } }
    public var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set { if let list = newValue as? UIListContentConfiguration { listConfiguration = list } }
    }

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(view) }
        apply()
    }

    public required init?(coder: NSCoder) { nil }

    public func supports(_ configuration: any UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    private func apply() {
        let c = listConfiguration
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.tintColor = c.imageProperties.tintColor
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        imageView.clipsToBounds = c.imageProperties.cornerRadius > 0
        imageView.contentMode = .scaleAspectFit
        for (label, text, properties) in [
            (textLabel, c.text, c.textProperties), (secondaryTextLabel, c.secondaryText, c.secondaryTextProperties)
        ] {
            label.text = text
            label.isHidden = text?.isEmpty ?? true
            label.font = properties.font
            label.textColor = properties.color
            label.numberOfLines = properties.numberOfLines
            label.textAlignment = properties.alignment
            label.lineBreakMode = properties.lineBreakMode
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let c = listConfiguration, m = c.directionalLayoutMargins
        let content = CGRect(
            x: m.leading, y: m.top, width: max(0, bounds.width - m.leading - m.trailing), height: max(0, bounds.height - m.top - m.bottom))
        var textStart = content.minX
        if let image = c.image {
            var size = image.size
            let limit = c.imageProperties.maximumSize
            if limit.width > 0, size.width > limit.width {
                size = CGSize(width: limit.width, height: size.height * limit.width / size.width)
            }
            if limit.height > 0, size.height > limit.height {
                size = CGSize(width: size.width * limit.height / size.height, height: limit.height)
            }
            let reserved = max(size.width, c.imageProperties.reservedLayoutSize.width)
            imageView.frame = CGRect(
                x: content.minX + (reserved - size.width) / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
            textStart = content.minX + reserved + c.imageToTextPadding
        }
        let width = max(0, content.maxX - textStart)
        let textHeight = textLabel.isHidden ? 0 : textLabel.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
        let secondarySize =
            secondaryTextLabel.isHidden ? .zero : secondaryTextLabel.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        if c.prefersSideBySideTextAndSecondaryText {
            let secondaryWidth = min(width, secondarySize.width)
            secondaryTextLabel.frame = CGRect(
                x: content.maxX - secondaryWidth, y: bounds.midY - secondarySize.height / 2, width: secondaryWidth,
                height: secondarySize.height)
            let textWidth = max(0, width - (secondaryWidth > 0 ? secondaryWidth + c.textToSecondaryTextHorizontalPadding : 0))
            textLabel.frame = CGRect(x: textStart, y: bounds.midY - textHeight / 2, width: textWidth, height: textHeight)
        } else {
            let gap = textHeight > 0 && secondarySize.height > 0 ? c.textToSecondaryTextVerticalPadding : 0
            let top = bounds.midY - (textHeight + gap + secondarySize.height) / 2
            textLabel.frame = CGRect(x: textStart, y: top, width: width, height: textHeight)
            secondaryTextLabel.frame = CGRect(x: textStart, y: top + textHeight + gap, width: width, height: secondarySize.height)
        }
    }
}
