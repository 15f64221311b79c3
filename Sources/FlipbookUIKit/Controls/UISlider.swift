import FlipbookCore
import Foundation

/// A slider, drawn as iOS 13 and later draw it: a track 4 pt high with round ends across the
/// bounds, in `minimumTrackTintColor` (the tint colour) up to the thumb and
/// `maximumTrackTintColor` (the system fill grey) after it, and a white thumb 28 pt across with
/// a shadow, its edges kept within the track. A finger that comes down on the thumb drags it
/// (`.valueChanged` while it moves when `isContinuous`, else at the lift);
/// `setValue(_:animated:)` moves it as a view animation (timing-model.md 11.6).
open class UISlider: UIControl {
    /// Between `minimumValue` and `maximumValue` (pinned to them).
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// Whether a drag sends `.valueChanged` as it moves (true) or once at the lift.
    open var isContinuous = true
    open var minimumTrackTintColor: UIColor? { didSet { updateColors() } }
    open var maximumTrackTintColor: UIColor? { didSet { updateColors() } }
    open var thumbTintColor: UIColor? { didSet { updateColors() } }
    /// Kept (not drawn) beside the track's ends.
    open var minimumValueImage: UIImage?
    open var maximumValueImage: UIImage?

    /// The slider's height, the thumb's diameter and the track's thickness.
    static let height: CGFloat = 31
    static let thumbSide: CGFloat = 28
    static let trackThickness: CGFloat = 4

    private var storedValue: Float = 0
    private var thumbImages: [UInt: UIImage] = [:]
    private var minimumTrackImages: [UInt: UIImage] = [:]
    private var maximumTrackImages: [UInt: UIImage] = [:]
    private let minimumTrackView = UIView()
    private let maximumTrackView = UIView()
    private let thumbView = UIImageView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addParts(maximumTrackView, minimumTrackView, thumbView)
        minimumTrackView.layer.cornerRadius = Self.trackThickness / 2
        maximumTrackView.layer.cornerRadius = Self.trackThickness / 2
        thumbView.layer.cornerRadius = Self.thumbSide / 2
        thumbView.layer.shadowColor = UIColor.black.cgColor
        thumbView.layer.shadowOpacity = 0.2
        thumbView.layer.shadowOffset = CGSize(width: 0, height: 3)
        thumbView.layer.shadowRadius = 4
        UIView.performWithoutAnimation {
            updateColors()
            layoutSlider()
        }
    }

    /// Sets `value` (pinned to the range), the thumb moving to it as a 0.25 s view animation
    /// when `animated`. Sends no action, as in UIKit.
    open func setValue(_ value: Float, animated: Bool) {
        storedValue = value.isNaN ? minimumValue : min(max(value, minimumValue), maximumValue)
        UIView.moveControlParts(animated: animated) { self.layoutSlider() }
    }

    // MARK: Images per state (a state without its own uses .normal's)

    open func setThumbImage(_ image: UIImage?, for state: State) {
        thumbImages[state.rawValue] = image
        updateColors()
    }
    open func thumbImage(for state: State) -> UIImage? { thumbImages[state.rawValue] ?? thumbImages[State.normal.rawValue] }
    open func setMinimumTrackImage(_ image: UIImage?, for state: State) { minimumTrackImages[state.rawValue] = image }
    open func minimumTrackImage(for state: State) -> UIImage? {
        minimumTrackImages[state.rawValue] ?? minimumTrackImages[State.normal.rawValue]
    }
    open func setMaximumTrackImage(_ image: UIImage?, for state: State) { maximumTrackImages[state.rawValue] = image }
    open func maximumTrackImage(for state: State) -> UIImage? {
        maximumTrackImages[state.rawValue] ?? maximumTrackImages[State.normal.rawValue]
    }
    open var currentThumbImage: UIImage? { thumbImage(for: state) }

    // MARK: Geometry (overridable, as on iOS)

    /// The track: the bounds' width, 4 pt high, centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - Self.trackThickness / 2, width: bounds.width, height: Self.trackThickness)
    }

    /// The thumb for `value`: its edges within the track, its centre on the track's.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let side = thumbImage(for: state)?.size ?? CGSize(width: Self.thumbSide, height: Self.thumbSide)
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? CGFloat((value - minimumValue) / range) : 0
        return CGRect(
            x: rect.minX + (rect.width - side.width) * fraction, y: rect.midY - side.height / 2, width: side.width, height: side.height)
    }

    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect { .zero }
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect { .zero }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSlider()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    // MARK: Tracking

    /// A finger on the thumb keeps its sideways drags: other views' pans and swipes along the
    /// slider do not begin (UIKit's documented exception for sliders).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        !refusesSidewaysGesture(gestureRecognizer)
    }

    /// Tracks a finger that comes down on the thumb (or within 10 pt of it).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        thumbFrame.insetBy(dx: -10, dy: -10).contains(touch.location(in: self))
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let track = trackRect(forBounds: bounds), side = thumbFrame.width
        let usable = track.width - side
        let fraction = usable > 0 ? (touch.location(in: self).x - track.minX - side / 2) / usable : 0
        let old = storedValue
        setValue(minimumValue + Float(min(max(fraction, 0), 1)) * (maximumValue - minimumValue), animated: false)
        if isContinuous && storedValue != old { sendActions(for: .valueChanged) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if !isContinuous { sendActions(for: .valueChanged) }
    }

    private var thumbFrame: CGRect { thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue) }

    /// The tracks either side of the thumb's centre and the thumb.
    private func layoutSlider() {
        let track = trackRect(forBounds: bounds), thumb = thumbFrame
        minimumTrackView.frame = CGRect(x: track.minX, y: track.minY, width: max(0, thumb.midX - track.minX), height: track.height)
        maximumTrackView.frame = CGRect(x: thumb.midX, y: track.minY, width: max(0, track.maxX - thumb.midX), height: track.height)
        thumbView.frame = thumb
    }

    private func updateColors() {
        minimumTrackView.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrackView.backgroundColor = maximumTrackTintColor ?? .systemFill
        let image = thumbImage(for: state)
        thumbView.image = image
        thumbView.backgroundColor = image == nil ? thumbTintColor ?? .white : nil
        thumbView.layer.shadowOpacity = image == nil ? 0.2 : 0
    }
}
