import FlipbookCore
import Foundation

/// The edges of a rectangle by leading and trailing (where a button's image sits).
public struct NSDirectionalRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// A background's look (iOS 14): a colour, a corner radius and a stroke.
public struct UIBackgroundConfiguration {
    public var backgroundColor: UIColor?
    /// The corner radius; a button's corner style sets it unless the style is `.fixed`.
    public var cornerRadius: CGFloat = 0
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    public var image: UIImage?

    public init() {}
    /// No background.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
}

extension UIButton {
    /// How a button looks, as a value (iOS 15; timing-model.md 11.6 rule 5): a style's colours,
    /// a title and subtitle, an image, their spacing, the content insets and corners of its size.
    public struct Configuration {
        public enum CornerStyle: Int, Sendable { case fixed, dynamic, small, medium, large, capsule }
        public enum Size: Int, Sendable { case mini, small, medium, large }
        public enum TitleAlignment: Int, Sendable { case automatic, leading, center, trailing }
        enum Style { case plain, gray, tinted, filled }

        let style: Style
        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        /// The title and image's colour; the style's (the tint, or white when filled) when nil.
        public var baseForegroundColor: UIColor?
        /// The background's colour; the style's (none, grey, a pale or full tint) when nil.
        public var baseBackgroundColor: UIColor?
        public var background = UIBackgroundConfiguration()
        public var cornerStyle: CornerStyle = .dynamic
        public var buttonSize: Size = .medium { didSet { if !insetsSet { contentInsets = Self.insets(for: buttonSize) } } }
        public var contentInsets = Configuration.insets(for: .medium) { didSet { insetsSet = true } }
        private var insetsSet = false
        public var imagePlacement: NSDirectionalRectEdge = .leading
        public var imagePadding: CGFloat = 0
        public var titlePadding: CGFloat = 0
        public var titleAlignment: TitleAlignment = .automatic
        /// An activity indicator in the image's place.
        public var showsActivityIndicator = false
        public var preferredSymbolConfigurationForImage: UIImage.SymbolConfiguration?

        init(style: Style) { self.style = style }

        public static func plain() -> Configuration { Configuration(style: .plain) }
        public static func gray() -> Configuration { Configuration(style: .gray) }
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderless() -> Configuration { plain() }
        public static func bordered() -> Configuration { gray() }
        public static func borderedTinted() -> Configuration { tinted() }
        public static func borderedProminent() -> Configuration { filled() }

        /// This configuration as `button`'s state shows it (unchanged: the button applies its
        /// state's colours as it draws).
        public func updated(for button: UIButton) -> Configuration { self }

        /// The content insets of a size [proj: medium 7 and 12 pt, as iOS 15's medium buttons].
        static func insets(for size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: return NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: return NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: return NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: return NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// The title's point size for the button's size (the subtitle's is 2–5 pt smaller).
        var titleFontSize: CGFloat {
            switch buttonSize {
            case .mini: return 12
            case .small: return 15
            case .medium, .large: return 17
            }
        }
        var subtitleFontSize: CGFloat { buttonSize == .mini ? 10 : buttonSize == .small ? 12 : 15 }

        /// The corner radius for a button `height` tall.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: return background.cornerRadius
            case .small: return 4
            case .medium: return 6
            case .large: return 8
            case .capsule: return height / 2
            case .dynamic: return buttonSize == .large ? 8 : buttonSize == .medium ? 6 : 4
            }
        }

        /// The colours for `state`: foreground, background.
        func colors(tint: UIColor, state: UIControl.State) -> (foreground: UIColor, background: UIColor?) {
            let accent = baseBackgroundColor ?? tint
            var foreground = baseForegroundColor ?? (style == .filled ? .white : tint)
            var back: UIColor? = background.backgroundColor
            if back == nil {
                switch style {
                case .plain: back = nil
                case .gray: back = .tertiarySystemFill
                case .tinted: back = accent.withAlphaComponent(0.15)
                case .filled: back = accent
                }
            }
            if state.contains(.disabled) {
                foreground = .tertiaryLabel
                if style == .filled || style == .tinted { back = .tertiarySystemFill }
            } else if state.contains(.highlighted) {
                if style == .filled { back = back?.withAlphaComponent(0.8) } else { foreground = foreground.withAlphaComponent(0.5) }
            }
            return (foreground, back)
        }
    }

    /// A button drawn by `configuration`, sending `primaryAction` when tapped.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system, primaryAction: primaryAction)
        self.configuration = configuration
        // An initializer's own assignment does not run the property's observer.
        configurationDidChange()
    }

    /// Asks for the configuration to be updated: the update handler runs at once.
    public func setNeedsUpdateConfiguration() { updateConfiguration() }
}

// MARK: Drawing a configuration

extension UIButton {
    /// A new or changed configuration: shown at once, and the button's size follows it.
    func configurationDidChange() {
        invalidateIntrinsicContentSize()
        refresh()
    }

    /// The state's colours, title, subtitle and image, without animation (UIKit swaps them).
    func showConfiguration(_ configuration: Configuration) {
        let colors = configuration.colors(tint: tintColor, state: state)
        UIView.performWithoutAnimation {
            titleLabel?.text = configuration.title
            titleLabel?.font = .systemFont(ofSize: configuration.titleFontSize, weight: configuration.style == .plain ? .regular : .medium)
            titleLabel?.textColor = colors.foreground
            subtitleLabel.text = configuration.subtitle
            subtitleLabel.isHidden = configuration.subtitle?.isEmpty ?? true
            subtitleLabel.font = .systemFont(ofSize: configuration.subtitleFontSize)
            subtitleLabel.textColor = colors.foreground
            subtitleLabel.textAlignment = .center
            imageView?.image = configuration.image.map { $0.renderingMode == .alwaysOriginal ? $0 : $0.withRenderingMode(.alwaysTemplate) }
            imageView?.tintColor = colors.foreground
            imageView?.alpha = 1
            imageView?.isHidden = configuration.showsActivityIndicator
            if configuration.showsActivityIndicator {
                let indicator = activityIndicator ?? UIActivityIndicatorView(style: .medium)
                if indicator.superview == nil { addSubview(indicator) }
                activityIndicator = indicator
                indicator.color = colors.foreground
                indicator.startAnimating()
            } else {
                activityIndicator?.stopAnimating()
                activityIndicator?.removeFromSuperview()
            }
            backgroundImageView.image = configuration.background.image
            backgroundImageView.backgroundColor = colors.background
            backgroundImageView.layer.borderColor = configuration.background.strokeColor?.cgColor
            backgroundImageView.layer.borderWidth = configuration.background.strokeWidth
            setNeedsLayout()
            layoutIfNeeded()
        }
    }

    private func measuredText(_ configuration: Configuration) -> (title: CGSize, subtitle: CGSize, block: CGSize) {
        // A line is the font's line height rounded up to whole pixels (a medium title: 20.33 pt
        // at 3x, so the button is 34.33 pt tall, as on iOS).
        let scale = max(1, layer.stage?.scale ?? UIScreen.main.scale)
        func measure(_ label: UILabel?) -> CGSize {
            guard let label, let text = label.text, !text.isEmpty, !label.isHidden else { return .zero }
            let size = label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
            return CGSize(width: size.width, height: max(size.height, (label.font.lineHeight * scale).rounded(.up) / scale))
        }
        let title = measure(titleLabel), subtitle = measure(subtitleLabel)
        let gap = title.height > 0 && subtitle.height > 0 ? configuration.titlePadding : 0
        return (title, subtitle, CGSize(width: max(title.width, subtitle.width), height: title.height + gap + subtitle.height))
    }

    private func configuredImageSize(_ configuration: Configuration) -> CGSize {
        if configuration.showsActivityIndicator { return CGSize(width: 20, height: 20) }
        return configuration.image?.size ?? .zero
    }

    /// The image beside (leading, trailing) or above and below (top, bottom) the text,
    /// `imagePadding` apart, inside the content insets.
    func configuredSize(_ configuration: Configuration) -> CGSize {
        let text = measuredText(configuration).block, image = configuredImageSize(configuration)
        let content = Self.arranged(text: text, image: image, configuration: configuration)
        let insets = configuration.contentInsets
        return CGSize(
            width: content.width + insets.leading + insets.trailing, height: content.height + insets.top + insets.bottom)
    }

    private static func arranged(text: CGSize, image: CGSize, configuration: Configuration) -> CGSize {
        let both = text != .zero && image != .zero
        let padding = both ? configuration.imagePadding : 0
        if configuration.imagePlacement == .top || configuration.imagePlacement == .bottom {
            return CGSize(width: max(text.width, image.width), height: text.height + padding + image.height)
        }
        return CGSize(width: text.width + padding + image.width, height: max(text.height, image.height))
    }

    /// The background fills the bounds, its corners as the corner style says; the content is
    /// centred inside the content insets.
    func layOutConfiguration(_ configuration: Configuration) {
        let measured = measuredText(configuration), image = configuredImageSize(configuration)
        let insets = configuration.contentInsets
        let area = CGRect(
            x: insets.leading, y: insets.top, width: max(0, bounds.width - insets.leading - insets.trailing),
            height: max(0, bounds.height - insets.top - insets.bottom))
        let content = Self.arranged(text: measured.block, image: image, configuration: configuration)
        let origin = CGPoint(x: area.midX - content.width / 2, y: area.midY - content.height / 2)
        let padding = measured.block != .zero && image != .zero ? configuration.imagePadding : 0
        var textOrigin = origin, imageOrigin = origin
        switch configuration.imagePlacement {
        case .trailing:
            imageOrigin.x = origin.x + measured.block.width + padding
        case .top:
            textOrigin.y = origin.y + image.height + padding
        case .bottom:
            imageOrigin.y = origin.y + measured.block.height + padding
        default:
            textOrigin.x = origin.x + image.width + padding
        }
        if configuration.imagePlacement == .top || configuration.imagePlacement == .bottom {
            imageOrigin.x = origin.x + (content.width - image.width) / 2
            textOrigin.x = origin.x + (content.width - measured.block.width) / 2
        } else {
            imageOrigin.y = origin.y + (content.height - image.height) / 2
            textOrigin.y = origin.y + (content.height - measured.block.height) / 2
        }
        let gap = measured.title.height > 0 && measured.subtitle.height > 0 ? configuration.titlePadding : 0
        UIView.performWithoutAnimation {
            backgroundImageView.frame = bounds
            backgroundImageView.layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
            backgroundImageView.clipsToBounds = configuration.background.image != nil
            let imageFrame = CGRect(origin: imageOrigin, size: image)
            imageView?.frame = imageFrame
            activityIndicator?.center = CGPoint(x: imageFrame.midX, y: imageFrame.midY)
            titleLabel?.frame = CGRect(
                x: textOrigin.x + (measured.block.width - measured.title.width) / 2, y: textOrigin.y, width: measured.title.width,
                height: measured.title.height)
            subtitleLabel.frame = CGRect(
                x: textOrigin.x + (measured.block.width - measured.subtitle.width) / 2, y: textOrigin.y + measured.title.height + gap,
                width: measured.subtitle.width, height: measured.subtitle.height)
        }
    }
}
