import Flipbook
import Foundation
import Testing

/// Seed 004's GMPullToRefresh pieces (seed 004's blog post, docs/gallery.md), ported from Objective-C to
/// Swift with Apple's names: the progress arc drawn in `draw(_:)` through
/// `UIGraphicsGetCurrentContext()`, the spinning `transform.rotation.z` animation, and the
/// rising-rectangle loop that restarts itself from its `UIView.animate` completion.
@Suite("seed 004 ported")
struct Seed004PortTests {
    final class CircleProgessView: UIView {
        var progress: CGFloat = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .clear
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func drawCircleWithProgress(_ mProgress: CGFloat) {
            progress = mProgress
            setNeedsDisplay()
        }

        override func draw(_ rect: CGRect) {
            if progress > 1 { progress = 1 }
            if progress < 0 { progress = 0 }
            guard let context = UIGraphicsGetCurrentContext() else { return }
            context.setLineWidth(1)
            context.setLineCap(.round)
            context.setStrokeColor(UIColor.blue.cgColor)
            let startAngle: CGFloat = 0
            let step = 11.4 * .pi / 6 * progress
            context.addArc(
                center: CGPoint(x: bounds.size.width / 2, y: bounds.size.height / 2), radius: bounds.size.width / 2 - 1,
                startAngle: startAngle, endAngle: startAngle + step, clockwise: false)
            context.strokePath()
        }

        func startAnimation() {
            drawCircleWithProgress(1)
            let rotate = CABasicAnimation(keyPath: "transform.rotation.z")
            rotate.isRemovedOnCompletion = false
            rotate.fillMode = .forwards
            rotate.toValue = NSNumber(value: Float.pi / 2)
            rotate.repeatCount = .infinity
            rotate.duration = 0.25
            rotate.isCumulative = true
            rotate.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(rotate, forKey: "rotateAnimation")
        }

        func stopAnimation() { layer.removeAnimation(forKey: "rotateAnimation") }
    }

    final class GMActivityView: UIView {
        let frontView = UIView(), backView = UIView()
        var isStop = false
        var loops = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            frontView.frame = bounds
            frontView.backgroundColor = .white
            frontView.clipsToBounds = true
            backView.frame = bounds
            backView.backgroundColor = .blue
            backView.clipsToBounds = true
            addSubview(backView)
            addSubview(frontView)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func startAnimation() {
            isHidden = false
            isStop = false
            frontView.frame = bounds
            var rect = bounds
            rect.size.height = 0
            UIView.animate(
                withDuration: 0.5, delay: 0, options: .curveLinear,
                animations: { [weak self] in
                    self?.frontView.frame = rect
                },
                completion: { [weak self] _ in
                    guard let self, !self.isStop else { return }
                    self.loops += 1
                    self.startAnimation()
                })
        }

        func stopAnimation() { isStop = true }
    }

    /// A 50×50 pt stage at 2x showing `view`.
    static func stage(showing view: UIView) -> Stage {
        let stage = Stage(size: CGSize(width: 50, height: 50), scale: 2)
        stage.rootView.addSubview(view)
        return stage
    }

    @Test("the arc drawn at half progress runs clockwise on screen from 3 o'clock through 6 (timing-model.md 6.6)")
    func halfArc() throws {
        let circle = CircleProgessView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        let stage = Self.stage(showing: circle)
        circle.drawCircleWithProgress(0.5)
        stage.advance(to: 0.05)
        let px = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        // Radius 14 pt about (25, 25): the bottom of the circle is inked, the top is not.
        func blue(_ x: Double, _ y: Double) -> Bool {
            let p = px.pixel(x: Int(x * 2), y: Int(y * 2))
            return p.b > 200 && p.r < 180
        }
        #expect(blue(25, 39) || blue(25, 38.6))
        #expect(!blue(25, 11) && !blue(25, 11.4))
        #expect(blue(39, 25) || blue(38.6, 25))
    }

    @Test("the spinner turns a quarter every 0.25 s, cumulatively, and stops when removed")
    func spinner() throws {
        let circle = CircleProgessView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        let stage = Self.stage(showing: circle)
        stage.advance(to: 0.1)
        circle.startAnimation()
        stage.advance(to: 0.1 + 0.625)  // two and a half quarter turns
        let angle = try #require(circle.layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(abs(angle - 2.5 * .pi / 2) < 1e-6 || abs(angle - (2.5 * .pi / 2 - 2 * .pi)) < 1e-6, "angle \(angle)")
        circle.stopAnimation()
        stage.advance(to: 1)
        #expect(circle.layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat == 0)
    }

    @Test("the rising rectangle restarts itself from its completion until stopped")
    func risingLoop() throws {
        let activity = GMActivityView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let stage = Self.stage(showing: activity)
        stage.advance(to: 0.1)
        activity.startAnimation()
        stage.advance(to: 0.35)  // half way down the first pass
        let h = try #require(activity.frontView.layer.presentation()?.bounds.height)
        #expect(abs(h - 10) < 1e-6, "height \(h)")
        stage.advance(to: 1.6)  // passes end at 0.6, 1.1, 1.6
        #expect(activity.loops == 3)
        activity.stopAnimation()
        stage.advance(to: 3)
        #expect(activity.loops == 3)  // the running pass completes, finds isStop and ends the loop
        #expect(activity.frontView.layer.presentation()?.bounds.height == 0)
    }
}
