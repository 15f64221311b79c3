import Flipbook
import Foundation
import Testing

/// A card dismissed by dragging it down, as iOS code writes it with a custom animator and a
/// `UIPercentDrivenInteractiveTransition` (timing-model.md 11.9, rule 5).
@Suite("interactive transitions")
struct InteractiveTransitionTests {
    // ---- iOS code (no edits) ----
    final class SlideDown: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }

        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            guard let card = transitionContext.view(forKey: .from) else { return }
            let height = transitionContext.containerView.bounds.height
            UIView.animate(
                withDuration: 0.4, delay: 0, options: [.curveLinear],
                animations: { card.frame.origin.y = height },
                completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
        }
    }

    final class CardController: UIViewController, UIViewControllerTransitioningDelegate {
        let interactor = UIPercentDrivenInteractiveTransition()
        var dragging = false
        var events: [String] = []

        override init(nibName: String?, bundle: Bundle?) {
            super.init(nibName: nibName, bundle: bundle)
            modalPresentationStyle = .overFullScreen
            transitioningDelegate = self
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            events.append("willAppear")
        }
        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            events.append("didDisappear")
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: CardController.handlePan(_:)))
        }

        func handlePan(_ recognizer: UIPanGestureRecognizer) {
            pan(recognizer.state, translation: recognizer.translation(in: view.superview).y)
        }

        func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { SlideDown() }

        func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
            -> (any UIViewControllerInteractiveTransitioning)?
        { dragging ? interactor : nil }

        // The pan's handler (the tests above call it directly, the finger tests through the pan).
        func pan(_ state: UIGestureRecognizer.State, translation: CGFloat) {
            let progress = translation / view.bounds.height
            switch state {
            case .began:
                dragging = true
                dismiss(animated: true) { self.events.append("dismissed") }
            case .changed:
                interactor.update(progress)
            default:
                dragging = false
                progress > 0.5 ? interactor.finish() : interactor.cancel()
            }
        }
    }
    // ---- end ----

    func presented() -> (Stage, UIViewController, CardController) {
        let home = UIViewController()
        let stage = Stage.hosting(home, size: CGSize(width: 300, height: 600), scale: 1)
        let card = CardController()
        stage.advance(to: 0.1)
        home.present(card, animated: false)
        stage.advance(to: 0.2)
        return (stage, home, card)
    }

    /// Where the card is drawn (its presentation layer's top).
    func shownTop(_ card: UIViewController) -> CGFloat {
        let layer = card.view.layer.presentation() ?? card.view.layer
        return layer.position.y - layer.bounds.height / 2
    }

    @Test("a drag moves the card with the finger; let go short of half, it runs back and stays presented")
    func cancelled() {
        let (stage, home, card) = presented()
        card.events = []
        card.pan(.began, translation: 0)
        stage.advance(to: 0.3)
        card.pan(.changed, translation: 240)
        stage.advance(to: 0.4)
        #expect(abs(shownTop(card) - 240) < 0.5, "40 % of the way: \(shownTop(card))")
        stage.advance(to: 1.0)
        #expect(abs(shownTop(card) - 240) < 0.5, "held while the finger rests")
        card.pan(.ended, translation: 240)
        stage.advance(to: 1.1)
        let back = shownTop(card)
        #expect(back > 1 && back < 239, "running back: \(back)")
        stage.advance(to: 1.5)
        #expect(shownTop(card) == 0 && card.view.frame.minY == 0 && home.presentedViewController === card)
        #expect(card.events == ["willAppear"] && card.view.window != nil, "\(card.events)")
        #expect(card.view.layer.superlayer?.speed == 1, "the container's clock is given back")
    }

    @Test("a Stage finger drags the card through its pan recognizer: down 420 pt and let go, it is dismissed")
    func draggedByFinger() {
        let (stage, home, card) = presented()
        stage.drag(card.view, by: CGPoint(x: 0, y: 420), over: 0.3, curve: CAMediaTimingFunction(name: .linear), at: 0.3)
        stage.advance(to: 0.45)
        // Half way through the drag the finger is 210 pt down, and the card with it (a linear
        // slide: progress 210 / 600 of the way).
        let top = shownTop(card)
        #expect(abs(top - 210) < 0.5, "following the finger: \(top)")
        stage.advance(to: 1.2)
        #expect(home.presentedViewController == nil && card.events.suffix(2) == ["didDisappear", "dismissed"], "\(card.events)")
    }

    @Test("past half, let go: the rest plays from there and the card is dismissed")
    func finished() {
        let (stage, home, card) = presented()
        card.pan(.began, translation: 0)
        stage.advance(to: 0.3)
        card.pan(.changed, translation: 420)
        stage.advance(to: 0.35)
        #expect(abs(shownTop(card) - 420) < 0.5)
        card.pan(.ended, translation: 420)
        stage.advance(to: 0.35 + 0.06)
        #expect(shownTop(card) > 420 && shownTop(card) < 600, "playing on: \(shownTop(card))")
        stage.advance(to: 0.6)
        #expect(home.presentedViewController == nil && card.events.suffix(2) == ["didDisappear", "dismissed"], "\(card.events)")
    }
}

/// An interactive back swipe with a custom pop animator, as iOS code writes it with a
/// navigation controller's delegate (timing-model.md 11.9, rule 5).
@Suite("interactive pops")
struct InteractivePopTests {
    // ---- iOS code (no edits) ----
    final class PopAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.3 }

        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to),
                let toController = transitionContext.viewController(forKey: .to)
            else { return }
            to.frame = transitionContext.finalFrame(for: toController)
            transitionContext.containerView.insertSubview(to, belowSubview: from)
            UIView.animate(
                withDuration: 0.3, delay: 0, options: [.curveLinear],
                animations: { from.frame.origin.x = from.bounds.width },
                completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
        }
    }

    final class SwipeBackNavigation: UINavigationController, UINavigationControllerDelegate {
        let interactor = UIPercentDrivenInteractiveTransition()
        var swiping = false

        override func viewDidLoad() {
            super.viewDidLoad()
            delegate = self
        }

        func navigationController(
            _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
            from fromVC: UIViewController, to toVC: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? { operation == .pop ? PopAnimator() : nil }

        func navigationController(
            _ navigationController: UINavigationController,
            interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
        ) -> (any UIViewControllerInteractiveTransitioning)? { swiping ? interactor : nil }

        // A screen-edge pan's handler, called by the test with the finger's x.
        func edgePan(_ state: UIGestureRecognizer.State, x: CGFloat) {
            switch state {
            case .began:
                swiping = true
                popViewController(animated: true)
            case .changed:
                interactor.update(x / view.bounds.width)
            default:
                swiping = false
                x > view.bounds.width / 2 ? interactor.finish() : interactor.cancel()
            }
        }
    }
    // ---- end ----

    func screen() -> (Stage, SwipeBackNavigation, UIViewController, UIViewController) {
        let root = UIViewController(), detail = UIViewController()
        let navigation = SwipeBackNavigation(rootViewController: root)
        let stage = Stage.hosting(navigation, size: CGSize(width: 300, height: 600), scale: 1)
        stage.advance(to: 0.1)
        navigation.pushViewController(detail, animated: false)
        stage.advance(to: 0.2)
        return (stage, navigation, root, detail)
    }

    @Test("a back swipe let go early runs back: the detail stays on top, the stack as it was")
    func cancelledPop() {
        let (stage, navigation, _, detail) = screen()
        navigation.edgePan(.began, x: 0)
        navigation.edgePan(.changed, x: 90)
        stage.advance(to: 0.3)
        let shown = detail.view.layer.presentation()?.position.x ?? detail.view.center.x
        #expect(abs(shown - 150 - 90) < 0.5, "30 % across: \(shown)")
        navigation.edgePan(.ended, x: 90)
        stage.advance(to: 0.8)
        #expect(navigation.topViewController === detail && navigation.viewControllers.count == 2)
        #expect(detail.view.superview === navigation.view && detail.view.frame.minX == 0 && detail.parent === navigation)
        #expect(navigation.navigationBar.items?.count == 2)
    }

    @Test("a back swipe past half finishes the pop from where the finger left it")
    func finishedPop() {
        let (stage, navigation, root, detail) = screen()
        navigation.edgePan(.began, x: 0)
        navigation.edgePan(.changed, x: 210)
        stage.advance(to: 0.3)
        navigation.edgePan(.ended, x: 210)
        stage.advance(to: 0.8)
        #expect(navigation.topViewController === root && navigation.viewControllers.count == 1 && detail.parent == nil)
        #expect(root.view.superview === navigation.view && detail.view.superview == nil)
    }
}
