import FlipbookCore
import Foundation

/// An on/off switch, drawn as iOS 13 and later draw it: a 51 × 31 pt track with round ends,
/// `onTintColor` (system green) when on and the secondary system fill when off, and a white
/// thumb 27 pt across, 2 pt inside the track, on the right when on. A tap (`Stage.tap`)
/// toggles it, the thumb sliding over as a view animation, and sends `.valueChanged` at the
/// lift (timing-model.md 11.6). Its size is its own, whatever the frame asks.
open class UISwitch: UIControl {
    /// On or off; set without animation (`setOn(_:animated:)` animates).
    open var isOn: Bool {
        get { storedIsOn }
        set { setOn(newValue, animated: false) }
    }
    /// The track's colour when on (nil: system green).
    open var onTintColor: UIColor? { didSet { updateColors() } }
    /// The thumb's colour (nil: white).
    open var thumbTintColor: UIColor? { didSet { updateColors() } }
    /// Kept; iOS 7 and later draw no images on the switch.
    open var onImage: UIImage?
    open var offImage: UIImage?
    /// The switch's look (`.automatic` and `.sliding` draw alike here; `.checkbox` is a Mac's).
    open var preferredStyle: Style = .automatic
    public var style: Style { .sliding }

    /// The switch's styles (iOS 14).
    public enum Style: Int, Sendable {
        case automatic, checkbox, sliding
    }

    /// The switch's own size.
    public static let size = CGSize(width: 51, height: 31)
    static let thumbInset: CGFloat = 2

    private var storedIsOn = false
    private let trackView = UIView()
    private let thumbView = UIView()

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addParts(trackView)
        trackView.addParts(thumbView)
        let thumb = Self.size.height - 2 * Self.thumbInset
        thumbView.layer.cornerRadius = thumb / 2
        thumbView.layer.shadowColor = UIColor.black.cgColor
        thumbView.layer.shadowOpacity = 0.15
        thumbView.layer.shadowOffset = CGSize(width: 0, height: 3)
        thumbView.layer.shadowRadius = 4
        trackView.layer.cornerRadius = Self.size.height / 2
        UIView.performWithoutAnimation {
            layoutSwitch()
            updateColors()
        }
    }

    /// Turns it on or off, the thumb and the track's colour moving as a 0.25 s view animation
    /// when `animated`. Sends no action, as in UIKit.
    open func setOn(_ on: Bool, animated: Bool) {
        storedIsOn = on
        UIView.moveControlParts(animated: animated) {
            self.layoutSwitch()
            self.updateColors()
        }
    }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSwitch()
    }

    /// A finger on the switch keeps its sideways pans (UIKit's documented exception for switches).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        !refusesSidewaysGesture(gestureRecognizer)
    }

    /// A lift inside toggles it and sends `.valueChanged` (then the control sends `.touchUpInside`).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, bounds.insetBy(dx: -70, dy: -70).contains(touch.location(in: self)) else { return }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
    }

    /// The track at the top-left of the bounds, the switch's own size; the thumb at its left
    /// end when off, its right end when on.
    private func layoutSwitch() {
        trackView.frame = CGRect(origin: .zero, size: Self.size)
        let side = Self.size.height - 2 * Self.thumbInset
        let x = storedIsOn ? Self.size.width - Self.thumbInset - side : Self.thumbInset
        thumbView.frame = CGRect(x: x, y: Self.thumbInset, width: side, height: side)
    }

    private func updateColors() {
        trackView.backgroundColor = storedIsOn ? onTintColor ?? .systemGreen : .secondarySystemFill
        thumbView.backgroundColor = thumbTintColor ?? .white
    }
}
