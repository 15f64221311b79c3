import FlipbookCore
import Foundation

/// The spinning indicator, drawn as iOS draws it: spokes round a centre, fading from the
/// leading one, stepping one spoke at a time (8 spokes, one turn a second for the medium and
/// large styles; 12 for the pre-iOS 13 styles).
open class UIActivityIndicatorView: UIView {
    /// Its size and look; the pre-iOS 13 names map to the closest current style.
    public enum Style: Int, Sendable {
        case whiteLarge = 0, white = 1, gray = 2, medium = 100, large = 101

        var side: CGFloat { self == .large || self == .whiteLarge ? 37 : 20 }
        var spokes: Int { self == .medium || self == .large ? 8 : 12 }
    }

    open var style: Style { didSet { rebuild() } }
    /// Hidden while stopped (the default, as UIKit).
    open var hidesWhenStopped = true { didSet { isHidden = hidesWhenStopped && !isAnimating } }
    /// The spokes' colour (the tint grey by default; white for the white styles).
    open var color: UIColor! { didSet { rebuild() } }
    public private(set) var isAnimating = false
    private let spinner = CALayer()
    /// How many spokes show, clockwise from the top, all at full strength (a refresh control
    /// being pulled); nil shows them all, fading behind the leading one.
    var revealedSpokes: Int? { didSet { if oldValue != revealedSpokes { rebuild() } } }

    public init(style: Style) {
        self.style = style
        color = style == .white || style == .whiteLarge ? .white : UIColor(white: 0.5, alpha: 1)
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        layer.addSublayer(spinner)
        rebuild()
        isHidden = true
    }

    public override convenience init(frame: CGRect) {
        self.init(style: .medium)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        style = .medium
        color = UIColor(white: 0.5, alpha: 1)
        super.init(coder: coder)
        layer.addSublayer(spinner)
        rebuild()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        UIView.performWithoutAnimation { centreSpinner() }
    }

    /// Starts stepping round (and shows the view).
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        if revealedSpokes != nil { rebuild() }
        let n = style.spokes
        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        turn.values = (0...n).map { CGFloat($0) * 2 * .pi / CGFloat(n) }
        turn.calculationMode = .discrete
        turn.keyTimes = (0...n).map { NSNumber(value: Double($0) / Double(n)) } + [1]
        turn.duration = 1
        turn.repeatCount = .infinity
        spinner.add(turn, forKey: "spin")
    }

    /// Stops (and hides the view when `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spinner.removeAnimation(forKey: "spin")
        if revealedSpokes != nil { rebuild() }
        if hidesWhenStopped { isHidden = true }
    }

    private func centreSpinner() {
        let side = style.side
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spinner.frame = CGRect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
        CATransaction.commit()
    }

    private func rebuild() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spinner.sublayers?.forEach { $0.removeFromSuperlayer() }
        let side = style.side, n = style.spokes
        let centre = CGPoint(x: side / 2, y: side / 2)
        let width = side * (n == 8 ? 0.12 : 0.09)
        let inner = side * 0.25, outer = side / 2 - width / 2
        for k in 0..<n {
            let spoke = CAShapeLayer()
            spoke.frame = CGRect(x: 0, y: 0, width: side, height: side)
            let angle = -CGFloat.pi / 2 + CGFloat(k) * 2 * .pi / CGFloat(n)
            let path = UIBezierPath()
            path.move(to: CGPoint(x: centre.x + inner * cos(angle), y: centre.y + inner * sin(angle)))
            path.addLine(to: CGPoint(x: centre.x + outer * cos(angle), y: centre.y + outer * sin(angle)))
            spoke.path = path.cgPath
            spoke.strokeColor = (color ?? .gray).cgColor
            spoke.fillColor = nil
            spoke.lineWidth = width
            spoke.lineCap = .round
            if let revealed = revealedSpokes, !isAnimating {
                spoke.opacity = k < revealed ? 1 : 0
            } else {
                // The leading spoke (at the top once turned) is darkest; the others fade behind it.
                spoke.opacity = Float(1 - 0.8 * Double((n - k) % n) / Double(n))
            }
            spinner.addSublayer(spoke)
        }
        CATransaction.commit()
        centreSpinner()
    }
}
