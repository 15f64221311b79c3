import Flipbook
import Foundation
import Testing

/// Seed 003's wave (CBPullToReflesh; seed 003's blog post, docs/gallery.md), ported: the quadratic wave
/// path and its keyframe bounce back to flat. (The post's NSTimer-driven scroll-back has no
/// Stage clock to run on; see docs/engine-notes.md.)
@Suite("seed 003 ported")
struct Seed003PortTests {
    final class WaveView: UIView, CAAnimationDelegate {
        let waveLayer = CAShapeLayer()
        let bounceDuration: CFTimeInterval = 1.0
        var stopped: [Bool] = []

        override init(frame: CGRect) {
            super.init(frame: frame)
            waveLayer.frame = bounds
            waveLayer.fillColor = UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1).cgColor
            layer.addSublayer(waveLayer)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func wavePath(bendDist: CGFloat) -> CGPath {
            let width = frame.width
            let height = frame.height
            let bottomLeftPoint = CGPoint(x: 0, y: height)
            let topMidPoint = CGPoint(x: width / 2, y: -bendDist)
            let bottomRightPoint = CGPoint(x: width, y: height)
            let bezierPath = UIBezierPath()
            bezierPath.move(to: bottomLeftPoint)
            bezierPath.addQuadCurve(to: bottomRightPoint, controlPoint: topMidPoint)
            bezierPath.addLine(to: bottomLeftPoint)
            return bezierPath.cgPath
        }

        func boundAnimation(bendDist: CGFloat) {
            let bounce = CAKeyframeAnimation(keyPath: "path")
            bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            bounce.values = [
                wavePath(bendDist: bendDist),
                wavePath(bendDist: bendDist * 0.8),
                wavePath(bendDist: bendDist * 0.6),
                wavePath(bendDist: bendDist * 0.4),
                wavePath(bendDist: bendDist * 0.2),
                wavePath(bendDist: 0)
            ]
            bounce.duration = bounceDuration
            bounce.isRemovedOnCompletion = false
            bounce.fillMode = .forwards
            bounce.delegate = self
            waveLayer.add(bounce, forKey: "return")
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append(flag) }
    }

    /// The top of a wave path's curve: y = height/2 − bend/2 for this quadratic.
    static func top(_ path: CGPath?) -> CGFloat? { path.map { $0.boundingBoxOfPath.minY } }

    @Test("the wave flattens through the keyframes under one ease-in-out over the whole second (6.3)")
    func bounceBack() throws {
        let stage = Stage(size: CGSize(width: 375, height: 200), scale: 2)
        let wave = WaveView(frame: CGRect(x: 0, y: 0, width: 375, height: 80))
        stage.rootView.addSubview(wave)
        wave.waveLayer.path = wave.wavePath(bendDist: 0)
        stage.advance(to: 0.1)
        wave.boundAnimation(bendDist: 100)
        stage.advance(to: 0.1)
        #expect(abs((Self.top(wave.waveLayer.presentation()?.path) ?? 0) - (40 - 50)) < 1e-6)
        // Half way in time is half way through the eased progress: between 0.6 and 0.4 of the bend.
        stage.advance(to: 0.6)
        #expect(abs((Self.top(wave.waveLayer.presentation()?.path) ?? 0) - (40 - 25)) < 1e-6)
        stage.advance(to: 1.5)
        #expect(abs((Self.top(wave.waveLayer.presentation()?.path) ?? 0) - 40) < 1e-6)  // flat, held by fillMode
        #expect(wave.stopped == [true])
        #expect(wave.waveLayer.animation(forKey: "return") != nil)
    }

    /// The post's scroll-back: at release the wave flattens (boundAnimation) while a 0.01 s
    /// timer moves the offset by `stepNum` with `setContentOffset(_:animated: false)` until it
    /// reaches its final value. `NSTimer.scheduledTimerWithTimeInterval` → `stage.scheduledTimer`
    /// (the documented edit); the finger is a touch script.
    final class PullToReflesh: NSObject, UIScrollViewDelegate {
        let wave: WaveView
        unowned let stage: Stage
        var scrollViewContentOffSetY: CGFloat?
        let finalScrollViewContentOffSetY: CGFloat = -60
        var bends: [CGFloat] = []
        var timerFirings = 0

        init(wave: WaveView, stage: Stage) {
            self.wave = wave
            self.stage = stage
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            guard scrollView.isDragging, scrollView.contentOffset.y < 0 else { return }
            // The code: while the pull y is under pullDistance (80), bend = 25 + 75·y/80.
            let bend = 25 + 75 * min(-scrollView.contentOffset.y, 80) / 80
            bends.append(bend)
            wave.waveLayer.path = wave.wavePath(bendDist: bend)
        }

        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            guard scrollView.contentOffset.y < finalScrollViewContentOffSetY else { return }
            wave.boundAnimation(bendDist: bends.last ?? 0)
            scrollViewContentOffSetY = scrollView.contentOffset.y
            let stepNum = (finalScrollViewContentOffSetY - scrollView.contentOffset.y) / CGFloat(wave.bounceDuration / 0.01)
            stage.scheduledTimer(withTimeInterval: 0.01, repeats: true) { [weak self, weak scrollView] timer in
                guard let self, let scrollView else { return }
                self.timerFirings += 1
                self.scrollViewContentOffSetY = self.scrollViewContentOffSetY! + stepNum
                if self.scrollViewContentOffSetY! >= self.finalScrollViewContentOffSetY {
                    timer.invalidate()
                }
                scrollView.setContentOffset(CGPoint(x: 0, y: self.scrollViewContentOffSetY!), animated: false)
            }
        }
    }

    @Test("pulled, the wave bends with the offset; released, a 0.01 s timer scrolls back in 100 steps while the wave flattens")
    func scrollBack() throws {
        let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        let wave = WaveView(frame: CGRect(x: 0, y: -80, width: 375, height: 80))
        table.addSubview(wave)
        stage.rootView.addSubview(table)
        let controller = PullToReflesh(wave: wave, stage: stage)
        table.delegate = controller
        stage.advance(to: 0)
        let lift = table.perform(.pull(300, over: 0.5, hold: 0.1), at: 0.2)
        stage.advance(to: lift)
        let released = table.contentOffset.y
        #expect(released < -100 && controller.bends.last == 100)
        #expect(wave.waveLayer.animation(forKey: "return") != nil)
        stage.advance(to: lift + 0.5)
        // Half the steps: half way to −60, the scroll view's own bounce stopped by the timer's offsets.
        #expect(controller.timerFirings == 50)
        #expect(abs(table.contentOffset.y - (released + (-60 - released) / 2)) < 1e-6, "\(table.contentOffset.y)")
        stage.advance(to: lift + 1.2)
        // The post stops at the first step at or past −60: the post's own loop, run here on the
        // same numbers, says how many steps that is (100, or 101 if rounding leaves the
        // hundredth a hair short); the offset then stays there (no inset holds it).
        let step = (-60 - released) / CGFloat(wave.bounceDuration / 0.01)
        var y = released, steps = 0
        repeat {
            y += step
            steps += 1
        } while y < -60
        #expect(controller.timerFirings == steps && (steps == 100 || steps == 101), "\(controller.timerFirings) vs \(steps)")
        #expect(
            table.contentOffset.y >= -60 - 1e-9 && table.contentOffset.y < -60 + step + 1e-9 && !table.isDecelerating,
            "\(table.contentOffset.y)")
        #expect(abs((Self.top(wave.waveLayer.presentation()?.path) ?? 0) - 40) < 1e-6, "flat again")
    }
}
