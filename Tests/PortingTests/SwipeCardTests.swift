import Flipbook
import Foundation
import Testing

/// A swipeable card as card-stack libraries write it with UIKit Dynamics (timing-model.md
/// 11.12): the finger drags the card by an attachment whose anchor follows it; let go near the
/// middle, a snap brings the card back upright; flung, a push throws it off the screen.
@Suite("swipeable card")
struct SwipeCardTests {
    // ---- iOS code (no edits) ----
    final class CardController: UIViewController {
        let card = UIView(frame: CGRect(x: 50, y: 100, width: 200, height: 280))
        lazy var animator = UIDynamicAnimator(referenceView: view)
        var drag: UIAttachmentBehavior?
        var home: CGPoint = .zero
        var thrown = false

        override func viewDidLoad() {
            super.viewDidLoad()
            card.backgroundColor = .systemPink
            card.layer.cornerRadius = 12
            view.addSubview(card)
            home = card.center
        }

        func fingerDown(at location: CGPoint) {
            animator.removeAllBehaviors()
            let offset = UIOffset(horizontal: location.x - card.center.x, vertical: location.y - card.center.y)
            let attachment = UIAttachmentBehavior(item: card, offsetFromCenter: offset, attachedToAnchor: location)
            animator.addBehavior(attachment)
            drag = attachment
        }

        func fingerMoved(to location: CGPoint) { drag?.anchorPoint = location }

        func fingerUp(velocity: CGPoint) {
            animator.removeAllBehaviors()
            drag = nil
            if abs(velocity.x) > 500 {
                let push = UIPushBehavior(items: [card], mode: .instantaneous)
                push.pushDirection = CGVector(dx: velocity.x / 10, dy: velocity.y / 10)
                animator.addBehavior(push)
                let spin = UIDynamicItemBehavior(items: [card])
                spin.addAngularVelocity(velocity.x > 0 ? 3 : -3, for: card)
                animator.addBehavior(spin)
                thrown = true
            } else {
                let snap = UISnapBehavior(item: card, snapTo: home)
                snap.damping = 0.6
                animator.addBehavior(snap)
            }
        }
    }
    // ---- end ----

    /// The card's screen, 0.1 s in, with a finger down at `touch`.
    func screen(touching touch: CGPoint) -> (CardController, Stage, UIView) {
        let controller = CardController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 500), scale: 1)
        stage.advance(to: 0.1)
        controller.fingerDown(at: touch)
        return (controller, stage, controller.card)
    }

    @Test("dragged by a corner the card follows and tilts; released slowly it snaps home upright")
    func dragAndSnapBack() {
        let (controller, stage, card) = screen(touching: CGPoint(x: 150, y: 130))
        for k in 1...20 {
            stage.advance(to: 0.1 + Double(k) / 60)
            controller.fingerMoved(to: CGPoint(x: 150 + CGFloat(k) * 4, y: 130 + CGFloat(k)))
        }
        stage.advance(to: 0.6)
        let tilt = atan2(card.transform.b, card.transform.a)
        // Held near its top edge, the card hangs from the finger: it moves after it and turns.
        #expect(card.center.x > 175 && card.center.y > 240, "followed the finger: \(card.center)")
        #expect(abs(tilt) > 0.02, "held off-centre, the card turns: \(tilt)")
        controller.fingerUp(velocity: CGPoint(x: 100, y: 0))
        stage.advance(to: 2.5)
        #expect(abs(card.center.x - 150) < 1 && abs(card.center.y - 240) < 1 && abs(card.transform.b) < 0.01)
        #expect(!controller.animator.isRunning)
    }

    @Test("flung, the card leaves the screen spinning")
    func fling() {
        let (controller, stage, card) = screen(touching: CGPoint(x: 150, y: 240))
        controller.fingerUp(velocity: CGPoint(x: 1500, y: -200))
        stage.advance(to: 1.5)
        #expect(controller.thrown && card.center.x > 600 && card.center.y < 240, "thrown: \(card.center)")
        #expect(abs(atan2(card.transform.b, card.transform.a)) > 0.5, "spinning")
    }
}
