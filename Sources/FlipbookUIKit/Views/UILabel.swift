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
        get { textLayer.string as? String }
        set { textLayer.string = newValue }
    }
    open var font: UIFont! {
        get { textLayer.font as? UIFont ?? .systemFont(ofSize: textLayer.fontSize) }
        set {
            let f = newValue ?? .systemFont(ofSize: 17)
            textLayer.font = f
            UIView.performWithoutAnimation { textLayer.fontSize = f.pointSize }
        }
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
        didSet {
            textLayer.isWrapped = numberOfLines != 1
            textLayer.labelLayout = (true, max(0, numberOfLines))
        }
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
        }
    }

    /// The text's size, measured with the renderer's fonts: one line, or wrapped to
    /// `size.width` when `numberOfLines` is not 1 (and limited to that many lines).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard case .text(var style) = textLayer.snapshotContent(), !style.string.isEmpty,
            let measurer = TextMeasurement.measurer
        else { return .zero }
        style.maximumLines = max(0, numberOfLines)
        let width: Double? = numberOfLines == 1 || size.width <= 0 || !size.width.isFinite ? nil : Double(size.width)
        return measurer.size(of: style, fontSize: Double(textLayer.fontSize), width: width)
    }
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }
    /// Resizes the label to its text, keeping its origin (as UIKit does).
    open override func sizeToFit() {
        let origin = frame.origin
        let fitted = sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude))
        frame = CGRect(origin: origin, size: fitted)
    }
}
