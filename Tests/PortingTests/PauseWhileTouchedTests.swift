import Flipbook
import Foundation
import Testing

/// Seed 001's fourth step (seed 001's blog post, docs/gallery.md; "在弹窗展示过程中…暂停"): while a finger is on
/// the scroll view the banner's animations pause (Apple's QA1673: speed 0 and a time offset),
/// and when the content decelerates after the finger lifts they resume where they stopped.
/// Ported from Objective-C with its KVO observer; the finger is a touch script.
@Suite("seed 001: pause while touched, resume on release")
struct PauseWhileTouchedTests {
    /// The one porting edit: an NSObject observer declares `NSKeyValueObserving` and drops
    /// `override` from `observeValue` (Foundation on Linux has no KVO on NSObject).
    final class NewsRefresh: NSObject, NSKeyValueObserving {
        let scrollView: UIScrollView
        var isAnimationStop = false
        var pauses: [Double] = []
        var resumes: [Double] = []

        init(scrollView: UIScrollView) {
            self.scrollView = scrollView
            super.init()
            scrollView.addObserver(self, forKeyPath: "contentOffset", options: [.new], context: nil)
        }

        func observeValue(
            forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
            context: UnsafeMutableRawPointer?
        ) {
            if scrollView.isTracking && !isAnimationStop {
                pauseAnimation(scrollView)
            } else if scrollView.isDecelerating && isAnimationStop {
                resumeAnimation(scrollView)
            }
        }

        // QA1673, as the post uses it.
        func pauseAnimation(_ view: UIView) {
            let layer = view.layer
            let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = pausedTime
            isAnimationStop = true
            pauses.append(CACurrentMediaTime())
        }

        func resumeAnimation(_ view: UIView) {
            let layer = view.layer
            let pausedTime = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
            layer.beginTime = timeSincePause
            isAnimationStop = false
            resumes.append(CACurrentMediaTime())
        }
    }

    /// A scroll view with a banner that fades after 1.5 s (the post's delay; 0.2 s, linear here
    /// to read it), and a finger that touches at 0.5 s, moves 100 pt up over 0.3 s and flings.
    func scene() -> (Stage, UIScrollView, UIView, NewsRefresh) {
        let stage = Stage(size: CGSize(width: 320, height: 480))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroll.contentSize = CGSize(width: 320, height: 3000)
        let banner = UIView(frame: CGRect(x: 0, y: 10, width: 320, height: 30))
        banner.backgroundColor = .red
        scroll.addSubview(banner)
        stage.rootView.addSubview(scroll)
        let refresh = NewsRefresh(scrollView: scroll)
        stage.advance(to: 0)
        UIView.animate(withDuration: 0.2, delay: 1.5, options: .curveLinear, animations: { banner.alpha = 0 })
        scroll.perform(
            TouchScript([
                .touchDown, .move(by: CGPoint(x: 0, y: -100), duration: 0.3, curve: CAMediaTimingFunction(name: .linear)),
                .release(velocity: CGPoint(x: 0, y: -600))
            ]), at: 0.5)
        return (stage, scroll, banner, refresh)
    }

    @Test("paused at the finger's first move, resumed at the first decelerating instant: the fade runs 0.3 s late")
    func pauseAndResume() throws {
        let (stage, scroll, banner, refresh) = scene()
        var opacities: [Int: Float] = [:]
        for frame in 0...150 {  // 60 fps to 2.5 s
            stage.advance(to: Double(frame) / 60)
            opacities[frame] = banner.layer.presentation()?.opacity
        }
        // Paused at 0.5 + 1/60 (the first move), resumed at 0.8 + 1/60 (the first instant of
        // the deceleration after the lift at 0.8).
        #expect(refresh.pauses.count == 1 && refresh.resumes.count == 1)
        #expect(
            abs(refresh.pauses[0] - (0.5 + 1.0 / 60)) < 1e-9 && abs(refresh.resumes[0] - (0.8 + 1.0 / 60)) < 1e-9,
            "\(refresh.pauses) \(refresh.resumes)")
        #expect(scroll.layer.speed == 1)
        // The fade, due over 1.5–1.7 s, runs over 1.8–2.0 s.
        #expect(opacities[102] == 1, "1.7 s: not started")
        #expect(abs((opacities[114] ?? 0) - 0.5) < 1e-3, "1.9 s: half way: \(opacities[114] ?? -1)")
        #expect(opacities[121] == 0, "after 2.0 s: gone")
    }
}
