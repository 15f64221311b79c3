import FlipbookCore
import Foundation

/// A minus-and-plus stepper, drawn as iOS 13 and later draw it: 94 × 32 pt whatever the frame,
/// a grey rounded background (the tertiary system fill, 8 pt corners) split by a hairline, a
/// minus on the left and a plus on the right, each grey at its limit. A tap on a half steps
/// `value` by `stepValue` (held in the range, or wrapping round when `wraps`) and sends
/// `.valueChanged` (timing-model.md 11.6).
open class UIStepper: UIControl {
    /// The stepper's own size.
    public static let size = CGSize(width: 94, height: 32)

    open var value: Double = 0 {
        didSet {
            let held = value.isNaN ? minimumValue : min(max(value, minimumValue), maximumValue)
            if held != value { value = held }
            updateLook()
        }
    }
    open var minimumValue: Double = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = max(value, minimumValue)
        }
    }
    open var maximumValue: Double = 100 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = min(value, maximumValue)
        }
    }
    /// How much a tap changes the value (above 0).
    open var stepValue: Double = 1 {
        didSet { if !(stepValue > 0) { stepValue = oldValue } }
    }
    /// Whether stepping past an end goes round to the other end.
    open var wraps = false { didSet { updateLook() } }
    /// Kept: a held finger repeats its step on iOS; a Stage's taps do not hold.
    open var autorepeat = true
    open var isContinuous = true

    private let background = UIView()
    private let separator = UIView()
    private let minus = CAShapeLayer()
    private let plus = CAShapeLayer()

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addParts(background, separator)
        background.backgroundColor = .tertiarySystemFill
        background.layer.cornerRadius = 8
        separator.backgroundColor = .separator
        for (sign, center) in [(minus, CGPoint(x: 23.5, y: 16)), (plus, CGPoint(x: 70.5, y: 16))] {
            let path = UIBezierPath()
            path.move(to: CGPoint(x: center.x - 7, y: center.y))
            path.addLine(to: CGPoint(x: center.x + 7, y: center.y))
            if sign === plus {
                path.move(to: CGPoint(x: center.x, y: center.y - 7))
                path.addLine(to: CGPoint(x: center.x, y: center.y + 7))
            }
            sign.path = path.cgPath
            sign.lineWidth = 1.5
            sign.lineCap = .round
            sign.fillColor = nil
            layer.addSublayer(sign)
        }
        UIView.performWithoutAnimation {
            background.frame = CGRect(origin: .zero, size: Self.size)
            separator.frame = CGRect(x: Self.size.width / 2 - 0.5, y: 7, width: 1, height: 18)
        }
        updateLook()
    }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    /// A lift on the left half steps down, on the right half up.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, bounds.contains(touch.location(in: self)) else { return }
        let up = touch.location(in: self).x >= Self.size.width / 2
        var next = value + (up ? stepValue : -stepValue)
        if next > maximumValue + 1e-9 { next = wraps ? minimumValue : maximumValue }
        if next < minimumValue - 1e-9 { next = wraps ? maximumValue : minimumValue }
        guard next != value else { return }
        value = next
        sendActions(for: .valueChanged)
    }

    private func updateLook() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let atMinimum = !wraps && value <= minimumValue, atMaximum = !wraps && value >= maximumValue
        minus.strokeColor = (atMinimum || !isEnabled ? UIColor.tertiaryLabel : UIColor.label).cgColor
        plus.strokeColor = (atMaximum || !isEnabled ? UIColor.tertiaryLabel : UIColor.label).cgColor
        CATransaction.commit()
    }
}
