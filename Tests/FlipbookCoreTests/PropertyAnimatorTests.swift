import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// UIViewPropertyAnimator, each expectation worked by hand from timing-model.md 11.4.
@Suite("property animators (timing-model.md 11.4)")
struct PropertyAnimatorTests {
    /// A view at x = 0 (centre) on a Stage at t = 0, and an animator moving it to x = 100.
    func scene(duration: Double = 1, curve: UIView.AnimationCurve = .linear) -> (Stage, UIView, UIViewPropertyAnimator) {
        let (stage, view) = stageWithView()
        view.center = CGPoint(x: 0, y: 0)
        let animator = UIViewPropertyAnimator(duration: duration, curve: curve) { view.center = CGPoint(x: 100, y: 0) }
        return (stage, view, animator)
    }

    /// The presentation x after the pending transaction commits (as the next frame would show).
    func shownX(_ view: UIView) -> Double {
        view.layer.stage?.advance(to: view.layer.stage!.now)
        return view.layer.presentation()!.position.x
    }

    /// Bézier timing curve y(x) by bisection on x(t): an independent check of rule 2's curves.
    func bezier(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, _ x: Double) -> Double {
        func coord(_ a: Double, _ b: Double, _ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if coord(p1x, p2x, mid) < x { lo = mid } else { hi = mid }
        }
        return coord(p1y, p2y, (lo + hi) / 2)
    }

    @Test("running: τ moves 1/D per second, the view shows c(τ), and the block's values are the model at once (rules 1–3)")
    func running() {
        let (stage, view, animator) = scene()
        animator.startAnimation()
        #expect(view.center.x == 100)
        #expect(animator.state == .active && animator.isRunning)
        stage.advance(to: 0.3)
        #expect(abs(shownX(view) - 30) < 1e-9)
        #expect(abs(animator.fractionComplete - 0.3) < 1e-9)

        let (stage2, view2, eased) = scene(curve: .easeInOut)
        eased.startAnimation()
        // Control points are Floats, as in Core Animation: agreement to 1e-4 of the distance.
        stage2.advance(to: 0.25)
        #expect(abs(shownX(view2) - 100 * bezier(0.42, 0, 0.58, 1, 0.25)) < 1e-2)
        stage2.advance(to: 0.5)
        #expect(abs(shownX(view2) - 50) < 1e-2)  // ease-in-ease-out is symmetric about (0.5, 0.5)
    }

    @Test("finishing at τ = 1: completions run at that instant with .end; the animator is inactive (rule 7)")
    func finishes() {
        let (stage, view, animator) = scene()
        var finished: [(UIViewAnimatingPosition, Double)] = []
        animator.addCompletion { finished.append(($0, stage.now)) }
        animator.startAnimation()
        stage.advance(to: 0.99)
        #expect(finished.isEmpty)
        stage.advance(to: 2)
        #expect(finished.count == 1 && finished.first?.0 == .end && abs(finished[0].1 - 1) < 1e-9)
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(view.layer.animationKeys() == nil)
        #expect(shownX(view) == 100)
    }

    @Test("paused: τ holds; scrubbing sets it, linearly or along the curve (rules 2, 4)")
    func scrubbing() {
        let (stage, view, animator) = scene(curve: .easeIn)
        animator.pauseAnimation()
        #expect(animator.state == .active && !animator.isRunning && shownX(view) == 0)
        animator.fractionComplete = 0.7
        stage.advance(to: 5)
        #expect(abs(shownX(view) - 70) < 1e-9)  // scrubsLinearly: p = τ
        animator.scrubsLinearly = false
        animator.fractionComplete = 0.7
        #expect(abs(shownX(view) - 100 * bezier(0.42, 0, 1, 1, 0.7)) < 1e-2)
        animator.fractionComplete = 1.8
        #expect(animator.fractionComplete == 1)  // clamped
    }

    @Test("setting fractionComplete on an inactive animator pauses it first; while running it is ignored (rule 4)")
    func scrubStates() {
        let (stage, view, animator) = scene()
        animator.fractionComplete = 0.4
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(shownX(view) - 40) < 1e-9)
        animator.startAnimation()
        stage.advance(to: 0.1)
        animator.fractionComplete = 0.9
        #expect(abs(animator.fractionComplete - 0.5) < 1e-9)
    }

    @Test("resuming after a linear scrub: a segment from the shown progress over the time left (rule 5)")
    func resumeAfterScrub() {
        let (stage, view, animator) = scene(duration: 1, curve: .easeIn)
        var endedAt: Double?
        animator.addCompletion { _ in endedAt = stage.now }
        animator.fractionComplete = 0.5
        stage.advance(to: 2)
        animator.startAnimation()
        // Time left 0.5 s; at 2.25 s w = 0.5, p = 0.5 + 0.5 · easeIn(0.5).
        stage.advance(to: 2.25)
        #expect(abs(shownX(view) - 100 * (0.5 + 0.5 * bezier(0.42, 0, 1, 1, 0.5))) < 1e-2)
        stage.advance(to: 3)
        #expect(endedAt.map { abs($0 - 2.5) < 1e-9 } == true)
    }

    @Test("pause then start continues the original curve; continueAnimation's factor stretches the time left (rules 2, 5)")
    func continueOriginal() {
        let (stage, view, animator) = scene(duration: 1, curve: .linear)
        animator.startAnimation()
        stage.advance(to: 0.5)
        animator.pauseAnimation()
        stage.advance(to: 1)
        #expect(abs(shownX(view) - 50) < 1e-9)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        // 1/(D·f) = 0.5 per second: τ = 0.5 + 0.5 · 0.5 at 1.5 s.
        stage.advance(to: 1.5)
        #expect(abs(shownX(view) - 75) < 1e-9)
        #expect(animator.isRunning)
        stage.advance(to: 2.01)
        #expect(animator.state == .inactive)
    }

    @Test("continueAnimation with new timing: a segment along the new curve (rule 5)")
    func continueWithNewTiming() {
        let (stage, view, animator) = scene(duration: 1, curve: .linear)
        animator.startAnimation()
        stage.advance(to: 0.4)
        animator.pauseAnimation()
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeOut), durationFactor: 1)
        // Time left 0.6 s; at 0.7 s w = 0.5, p = 0.4 + 0.6 · easeOut(0.5).
        stage.advance(to: 0.7)
        #expect(abs(shownX(view) - 100 * (0.4 + 0.6 * bezier(0, 0, 0.58, 1, 0.5))) < 1e-2)
    }

    @Test("reversing while running turns back at once and finishes at .start with the old values (rules 6, 7)")
    func reversing() {
        let (stage, view, animator) = scene()
        var position: UIViewAnimatingPosition?
        animator.addCompletion { position = $0 }
        animator.startAnimation()
        stage.advance(to: 0.6)
        animator.isReversed = true
        stage.advance(to: 0.8)
        #expect(abs(shownX(view) - 40) < 1e-9)
        stage.advance(to: 1.3)
        #expect(position == .start)
        #expect(view.center.x == 0)
        #expect(view.layer.animationKeys() == nil)
    }

    @Test("stopAnimation(true) leaves the views where they are, with no completion (rule 8)")
    func stopWithoutFinishing() {
        let (stage, view, animator) = scene()
        var called = false
        animator.addCompletion { _ in called = true }
        animator.startAnimation()
        stage.advance(to: 0.3)
        animator.stopAnimation(true)
        stage.advance(to: 2)
        #expect(abs(view.center.x - 30) < 1e-9)
        #expect(abs(shownX(view) - 30) < 1e-9)
        #expect(!called && animator.state == .inactive)
    }

    @Test("stopAnimation(false) then finishAnimation(at:) writes that position and runs completions (rule 8)")
    func stopThenFinish() {
        let (stage, view, animator) = scene()
        var position: UIViewAnimatingPosition?
        animator.addCompletion { position = $0 }
        animator.startAnimation()
        stage.advance(to: 0.3)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        stage.advance(to: 0.6)
        #expect(abs(shownX(view) - 30) < 1e-9)  // frozen
        animator.finishAnimation(at: .start)
        stage.advance(to: 0.7)
        #expect(position == .start && view.center.x == 0 && shownX(view) == 0)
    }

    @Test("pausesOnCompletion: reaching the end pauses there, with no completion (rule 7)")
    func pausesAtEnd() {
        let (stage, _, animator) = scene()
        var called = false
        animator.addCompletion { _ in called = true }
        animator.pausesOnCompletion = true
        animator.startAnimation()
        stage.advance(to: 2)
        #expect(!called && animator.state == .active && !animator.isRunning && animator.fractionComplete == 1)
    }

    @Test("delay factors: a block waits d of the way, then moves over the rest (rule 3)")
    func delayFactor() {
        let (stage, view, animator) = scene()
        animator.addAnimations({ view.alpha = 0 }, delayFactor: 0.5)
        animator.startAnimation()
        stage.advance(to: 0.25)
        #expect(abs(Double(view.layer.presentation()!.opacity) - 1) < 1e-6)
        stage.advance(to: 0.75)
        #expect(abs(Double(view.layer.presentation()!.opacity) - 0.5) < 1e-6)
    }

    @Test("runningPropertyAnimator starts after its delay with the options' curve (rule 2)")
    func runningAnimator() {
        let (stage, view) = stageWithView()
        view.center = CGPoint(x: 0, y: 0)
        var position: UIViewAnimatingPosition?
        UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 1, delay: 0.5, options: .curveLinear,
            animations: { view.center.x = 100 }, completion: { position = $0 })
        stage.advance(to: 0.5)
        #expect(abs(shownX(view) - 0) < 1e-9)
        stage.advance(to: 1.0)
        #expect(abs(shownX(view) - 50) < 1e-9)
        stage.advance(to: 1.6)
        #expect(position == .end)
    }

    @Test("a mass/stiffness spring runs for its settling duration; a damping-ratio spring for D (rule 9)")
    func springDurations() {
        // Defaults of 8.2's vectors: mass 1, stiffness 100, damping 10 settle in 1.47270 s.
        let physical = UIViewPropertyAnimator(
            duration: 5,
            timingParameters:
                UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: 0)))
        #expect(abs(physical.duration - 1.47270) < 1e-4)
        let ratio = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.7)
        #expect(ratio.duration == 0.5)
    }

    @Test("a pull-driven header: fractionComplete = pull percent, in a few lines")
    func pullDriven() {
        let (stage, view) = stageWithView()
        view.alpha = 0
        stage.advance(to: 0.01)
        let reveal = UIViewPropertyAnimator(duration: 1, curve: .easeIn) {
            view.alpha = 1
            view.transform = CGAffineTransform(rotationAngle: .pi)
        }
        for (pull, expected) in [(15.0, 0.25), (30.0, 0.5), (60.0, 1.0), (90.0, 1.0)] {
            reveal.fractionComplete = CGFloat(min(1, pull / 60))
            stage.advance(to: stage.now + 1.0 / 60)
            #expect(abs(Double(view.layer.presentation()!.opacity) - expected) < 1e-6, "pull \(pull)")
        }
    }

    @Test("an animator that runs to its end stops its animations as finished; a stop asked for reports false (rules 7, 8)")
    func finishedFlags() {
        let (stage, view, animator) = scene()
        animator.startAnimation()
        stage.advance(to: 2)
        let stops = stage.trace.map(\.description).filter { $0.contains(" stop ") }
        #expect(!stops.isEmpty && stops.allSatisfy { $0.hasSuffix("finished=true") }, "\(stops)")
        #expect(view.center.x == 100)
        let (stage2, _, stopped) = scene()
        stopped.startAnimation()
        stage2.advance(to: 0.5)
        stopped.stopAnimation(true)
        stage2.advance(to: 0.6)
        let early = stage2.trace.map(\.description).filter { $0.contains(" stop ") }
        #expect(!early.isEmpty && early.allSatisfy { $0.hasSuffix("finished=false") }, "\(early)")
    }

    @Test("a layer without a name is named in the trace by its view's type and place in the tree, not '?'")
    func unnamedLayersInTrace() {
        let (stage, view, animator) = scene()
        animator.startAnimation()
        stage.advance(to: 2)
        let lines = stage.trace.map(\.description).filter { $0.contains(" start ") || $0.contains(" stop ") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(" UIView@0") && !$0.contains(" ? ") }, "\(lines)")
        #expect(view.layer.traceName == "UIView@0")
        let plain = CALayer()
        view.layer.addSublayer(plain)
        #expect(plain.traceName == "CALayer@0.0")
        plain.name = "badge"
        #expect(plain.traceName == "badge")
    }
}
