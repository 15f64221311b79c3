// A small pull-to-refresh header written the way iOS libraries write one (a controller object
// that observes the scroll view, a view that draws, a display link, a network delay on the main
// queue), ported to Linux with only the edits the language forces. Each edit is marked
// `// PORT:` with what the iOS line was; docs/porting.md explains them. Everything else is the
// iOS code as it was.
import Flipbook  // PORT: was `import UIKit`

/// Draws a ring that fills as the content is pulled, under the finger, in the tint colour.
final class PulseHeaderView: UIView {
    let ring = CAShapeLayer()
    var progress: CGFloat = 0 { didSet { ring.strokeEnd = min(1, progress) } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.path = UIBezierPath(arcCenter: .zero, radius: 14, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).cgPath
        ring.fillColor = nil
        ring.lineWidth = 3
        ring.lineCap = kCALineCapRound
        ring.strokeEnd = 0
        ring.strokeColor = tintColor.cgColor
        layer.addSublayer(ring)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        ring.strokeColor = tintColor.cgColor
    }

    /// Keeps the ring under the finger, half-way down the pulled area.
    func follow(x: CGFloat, pulled: CGFloat) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.position = CGPoint(x: x, y: bounds.height - max(pulled, 0) / 2)
        CATransaction.commit()
    }

    func startSpinning() {
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 1.25
        pulse.duration = 0.3
        pulse.autoreverses = true
        pulse.repeatCount = HUGE
        pulse.fillMode = kCAFillModeForwards
        ring.add(pulse, forKey: "pulse")
    }

    func stopSpinning() { ring.removeAnimation(forKey: "pulse") }
}

/// The library's controller: not a view, it observes the scroll view it is attached to.
final class PulseRefreshController: NSObject, NSKeyValueObserving {  // PORT: `NSKeyValueObserving` added
    enum State { case idle, pulling, refreshing }

    let header: PulseHeaderView
    let threshold: CGFloat = 60
    private(set) var state = State.idle
    private weak var scrollView: UIScrollView?
    private var displayLink: CADisplayLink?
    private(set) var spinAngle: CGFloat = 0
    var onStateChange: ((State) -> Void)?

    init(scrollView: UIScrollView) {
        header = PulseHeaderView(frame: CGRect(x: 0, y: -60, width: scrollView.bounds.width, height: 60))
        self.scrollView = scrollView
        super.init()
        scrollView.addSubview(header)
        // PORT: was #keyPath(UIScrollView.contentOffset)
        scrollView.addObserver(self, forKeyPath: "contentOffset", options: [.new], context: nil)
        scrollView.addObserver(self, forKeyPath: "panGestureRecognizer.state", options: [.new], context: nil)
    }

    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,  // PORT: `override` removed
        context: UnsafeMutableRawPointer?
    ) {
        guard let scrollView = scrollView else { return }
        if keyPath == "contentOffset", let offset = (change?[.newKey] as? NSValue)?.cgPointValue {
            let pulled = -(offset.y + scrollView.contentInset.top)
            guard state != .refreshing else { return }
            header.progress = pulled / threshold
            header.follow(x: scrollView.panGestureRecognizer.location(in: header).x, pulled: pulled)
            setState(pulled >= threshold ? .pulling : .idle)
        } else if keyPath == "panGestureRecognizer.state",
            let raw = change?[.newKey] as? Int, UIGestureRecognizer.State(rawValue: raw) == .ended,
            state == .pulling
        {
            beginRefreshing()
        }
    }

    private func setState(_ new: State) {
        guard new != state else { return }
        state = new
        onStateChange?(new)
    }

    func beginRefreshing() {
        guard let scrollView = scrollView else { return }
        setState(.refreshing)
        header.startSpinning()
        UIView.animate(withDuration: 0.3) {
            scrollView.contentInset.top = self.threshold
            scrollView.contentOffset = CGPoint(x: 0, y: -self.threshold)
        }
        displayLink = CADisplayLink(target: self, selector: PulseRefreshController.tick)  // PORT: was #selector(tick)
        displayLink?.add(to: .main, forMode: .common)
        // The "network": an answer 1.2 s later, on the main queue (unchanged).
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.2) { [weak self] in
            self?.endRefreshing()
        }
    }

    func tick() {  // PORT: `@objc` removed
        spinAngle += .pi / 30
    }

    func endRefreshing() {
        guard let scrollView = scrollView else { return }
        displayLink?.invalidate()
        displayLink = nil
        header.stopSpinning()
        UIView.animate(
            withDuration: 0.3,
            animations: {
                scrollView.contentInset.top = 0
            },
            completion: { _ in
                self.header.progress = 0
                self.setState(.idle)
            })
    }
}
