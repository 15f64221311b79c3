import Flipbook
import Foundation
import Testing

/// UIKit Dynamics (timing-model.md 11.12), written as iOS code drives it: an animator over a
/// controller's view, behaviours added in viewDidLoad, the Stage's clock stepping it.
@Suite("UIKit Dynamics")
struct DynamicsTests {
    // ---- iOS code (no edits) ----
    final class Drop: UIViewController, UIDynamicAnimatorDelegate, UICollisionBehaviorDelegate {
        let box = UIView(frame: CGRect(x: 100, y: 50, width: 100, height: 100))
        var animator: UIDynamicAnimator!
        let gravity = UIGravityBehavior()
        let collision = UICollisionBehavior(items: [])
        let itemBehavior = UIDynamicItemBehavior(items: [])
        var paused = 0
        var resumed = 0
        var boundaryContacts: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(box)
            animator = UIDynamicAnimator(referenceView: view)
            animator.delegate = self
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.collisionDelegate = self
            for behavior in [gravity, collision, itemBehavior] as [UIDynamicBehavior] { animator.addBehavior(behavior) }
        }

        func start(elasticity: CGFloat) {
            itemBehavior.elasticity = elasticity
            itemBehavior.addItem(box)
            collision.addItem(box)
            gravity.addItem(box)
        }

        func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { paused += 1 }
        func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { resumed += 1 }

        func collisionBehavior(
            _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?,
            at p: CGPoint
        ) {
            boundaryContacts.append((identifier as? NSString).map { String($0) } ?? "bounds")
        }
    }
    // ---- end ----

    @Test("gravity: 1000 pt/s² down, stepped on the display's 60 Hz grid")
    func gravity() {
        let drop = Drop()
        let stage = Stage.hosting(drop, size: CGSize(width: 300, height: 2000), scale: 1)
        drop.gravity.addItem(drop.box)
        stage.advance(to: 0.5)
        // Semi-implicit Euler at h = 1/60: y = y0 + g h² n(n+1)/2 after n steps (30 by 0.5 s).
        let expected = 100 + 1000.0 / 3600 * 30 * 31 / 2
        #expect(abs(Double(drop.box.center.y) - expected) < 0.01, "\(drop.box.center.y) against \(expected)")
        #expect(abs(expected - (100 + 0.5 * 1000 * 0.25)) < 5, "within 4 % of the exact fall")
        #expect(drop.box.center.x == 150 && drop.animator.isRunning && drop.resumed == 1)
        #expect(abs(drop.animator.elapsedTime - 0.5) < 1e-9)
    }

    @Test("a dropped box rests on the reference bounds' floor, tells its delegate and pauses")
    func restsOnFloor() {
        let drop = Drop()
        let stage = Stage.hosting(drop, size: CGSize(width: 300, height: 400), scale: 1)
        drop.start(elasticity: 0)
        stage.advance(to: 3)
        #expect(abs(Double(drop.box.center.y) - 350) < 0.2, "resting on the floor: \(drop.box.center.y)")
        #expect(abs(DynamicsTests.angle(of: drop.box)) < 1e-6, "a square landing flat does not turn")
        #expect(drop.boundaryContacts == ["bounds"], "one contact with the reference bounds (no identifier)")
        #expect(!drop.animator.isRunning && drop.paused == 1, "at rest, the animator pauses once")
        // A push wakes it.
        let push = UIPushBehavior(items: [drop.box], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0, dy: -5)
        drop.animator.addBehavior(push)
        stage.advance(to: 3.1)
        #expect(drop.animator.isRunning && drop.resumed == 2 && drop.box.center.y < 350)
        #expect(!push.active, "an instantaneous push turns itself off once applied")
    }

    @Test("elasticity sets the bounce: 0.5 rises to about a quarter of the drop")
    func bounce() {
        let drop = Drop()
        let stage = Stage.hosting(drop, size: CGSize(width: 300, height: 450), scale: 1)
        drop.start(elasticity: 0.5)
        // Falls 300 pt: lands at about 0.77 s; rises to ~75 pt above the floor.
        var landed = false, highest = CGFloat.greatestFiniteMagnitude
        for k in 1...90 {
            stage.advance(to: Double(k) / 60)
            if drop.box.center.y > 399 { landed = true }
            if landed { highest = min(highest, drop.box.center.y) }
        }
        let rise = 400 - highest
        #expect(landed && rise > 60 && rise < 90, "rose \(rise) pt after a 300 pt drop")
    }

    static func angle(of view: UIView) -> CGFloat { atan2(view.transform.b, view.transform.a) }
}
