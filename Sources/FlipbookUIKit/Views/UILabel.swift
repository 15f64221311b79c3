import FlipbookCore
import Foundation

/// A label: a view backed by a text layer.
open class UILabel: UIView {
    open override class var layerClass: AnyClass { CATextLayer.self }
    private var textLayer: CATextLayer { layer as! CATextLayer }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        textLayer.foregroundColor = UIColor.black.cgColor
        textLayer.fontSize = 17
        textLayer.font = UIFont.systemFont(ofSize: 17)
        textLayer.isWrapped = false
        textLayer.truncationMode = .end
        textLayer.labelLayout = (true, 1)
        isUserInteractionEnabled = false
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    // A label's text attributes are not animatable in UIKit: inside an animation block they
    // change at once, so they are set without actions.
    open var text: String? {
        get { (textLayer.string as? NSAttributedString)?.string ?? textLayer.string as? String }
        set {
            textLayer.string = newValue
            fitFontSize()
        }
    }
    /// The text with its own attributes (font, colour, kerning, paragraph style: the first
    /// character's, as the label's text layer draws them); what it leaves out is the label's.
    /// Setting `text` replaces it with plain text.
    open var attributedText: NSAttributedString? {
        get {
            if let attributed = textLayer.string as? NSAttributedString { return attributed }
            return text.map { NSAttributedString(string: $0, attributes: [.font: font as Any, .foregroundColor: textColor as Any]) }
        }
        set {
            textLayer.string = newValue
            fitFontSize()
        }
    }
    open var font: UIFont! {
        get { textLayer.font as? UIFont ?? .systemFont(ofSize: textLayer.fontSize) }
        set {
            let f = newValue ?? .systemFont(ofSize: 17)
            textLayer.font = f
            UIView.performWithoutAnimation { textLayer.fontSize = f.pointSize }
            fitFontSize()
        }
    }
    /// Whether a one-line text too wide for the label is drawn smaller to fit, down to
    /// `minimumScaleFactor` of the font's size (0: not below the font's size, as UIKit has it).
    open var adjustsFontSizeToFitWidth = false {
        didSet { fitFontSize() }
    }
    open var minimumScaleFactor: CGFloat = 0 {
        didSet { fitFontSize() }
    }
    /// The width a multi-line label wraps to when measured for its intrinsic size (0: its own).
    open var preferredMaxLayoutWidth: CGFloat = 0
    /// Kept as set; a disabled label draws as an enabled one here.
    open var isEnabled = true
    open var isHighlighted = false
    open var highlightedTextColor: UIColor?

    /// The size the text layer draws at: the font's, or smaller where `adjustsFontSizeToFitWidth`
    /// needs it (measured at the font's size; widths scale with the size).
    private func fitFontSize() {
        let size = font.pointSize
        var drawn = size
        if adjustsFontSizeToFitWidth, numberOfLines == 1, bounds.width > 0, minimumScaleFactor > 0, minimumScaleFactor < 1,
            case .text(let style) = textLayer.snapshotContent(), !style.string.isEmpty, let measurer = TextMeasurement.measurer
        {
            let width = measurer.extent(of: style, fontSize: Double(size), width: nil).width
            if width > Double(bounds.width) {
                drawn = max(size * minimumScaleFactor, size * bounds.width / CGFloat(width))
            }
        }
        if drawn != textLayer.fontSize { UIView.performWithoutAnimation { textLayer.fontSize = drawn } }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        fitFontSize()
    }
    open var textColor: UIColor! {
        get { textLayer.foregroundColor.map(UIColor.init(cgColor:)) }
        set { UIView.performWithoutAnimation { textLayer.foregroundColor = (newValue ?? .black).cgColor } }
    }
    open var textAlignment: NSTextAlignment = .natural {
        didSet {
            switch textAlignment {
            case .center: textLayer.alignmentMode = .center
            case .right: textLayer.alignmentMode = .right
            case .justified: textLayer.alignmentMode = .justified
            default: textLayer.alignmentMode = .left
            }
        }
    }
    /// 1 by default; 0 wraps onto as many lines as needed. Lines are centred vertically.
    open var numberOfLines = 1 {
        didSet { updateLineBreaking() }
    }
    /// How the last line that fits ends; UIKit's default truncates the tail with an ellipsis.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet {
            switch lineBreakMode {
            case .byTruncatingHead: textLayer.truncationMode = .start
            case .byTruncatingMiddle: textLayer.truncationMode = .middle
            case .byTruncatingTail: textLayer.truncationMode = .end
            case .byWordWrapping, .byCharWrapping, .byClipping: textLayer.truncationMode = .none
            }
            updateLineBreaking()
        }
    }

    /// Several lines wrap; so does one line that breaks by words or characters, of which the
    /// first line shows (UIKit cuts it at the last word that fits, without an ellipsis). One
    /// line that truncates or clips does not wrap.
    private func updateLineBreaking() {
        textLayer.isWrapped = numberOfLines != 1 || lineBreakMode == .byWordWrapping || lineBreakMode == .byCharWrapping
        textLayer.labelLayout = (true, max(0, numberOfLines))
    }

    /// The text's size, measured with the renderer's fonts: one line, or wrapped to
    /// `size.width` when `numberOfLines` is not 1 (and limited to that many lines).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard case .text(var style) = textLayer.snapshotContent(), !style.string.isEmpty,
            let measurer = TextMeasurement.measurer
        else { return .zero }
        style.maximumLines = max(0, numberOfLines)
        let width: Double? = numberOfLines == 1 || size.width <= 0 || !size.width.isFinite ? nil : Double(size.width)
        return measurer.size(of: style, fontSize: style.attributedFontSize ?? Double(font.pointSize), width: width)
    }
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(
            CGSize(
                width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : .greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }
    /// Resizes the label to its text, keeping its origin (as UIKit does).
    open override func sizeToFit() {
        let origin = frame.origin
        let fitted = sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude))
        frame = CGRect(origin: origin, size: fitted)
    }
}
