import Flipbook
import Foundation
import Testing

/// Modal presentation and custom transitions (timing-model.md 11.9), written as iOS code
/// writes them: UIKit's slide up, sheets, a transitioning delegate's animator with a
/// presentation controller that dims alongside, a navigation controller delegate's animator.
@Suite("presentations and custom transitions")
struct PresentationTests {
    // ---- iOS code (no edits) ----
    final class Screen: UIViewController {
        let color: UIColor
        let name: String
        var log: [String]
        init(_ name: String, _ color: UIColor, log: [String] = []) {
            self.name = name
            self.color = color
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = color
        }
        override func viewWillAppear(_ animated: Bool) { log.append("\(name) willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.append("\(name) didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.append("\(name) willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("\(name) didDisappear") }
    }

    /// Grows the presented view from a point, as bubble transitions do.
    final class GrowAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        var ended: [Bool] = []
        init(presenting: Bool) { self.presenting = presenting }
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            if presenting {
                guard let toView = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) else {
                    return
                }
                toView.frame = transitionContext.finalFrame(for: toVC)
                toView.transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
                transitionContext.containerView.addSubview(toView)
                UIView.animate(
                    withDuration: transitionDuration(using: transitionContext), animations: { toView.transform = .identity },
                    completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
            } else {
                guard let fromView = transitionContext.view(forKey: .from) else { return }
                UIView.animate(
                    withDuration: transitionDuration(using: transitionContext), animations: { fromView.alpha = 0 },
                    completion: { _ in transitionContext.completeTransition(true) })
            }
        }
        func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
    }

    final class DimmingPresentationController: UIPresentationController {
        let dimmingView = UIView()
        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }
        override func presentationTransitionWillBegin() {
            guard let containerView else { return }
            dimmingView.backgroundColor = UIColor.black.withAlphaComponent(0.5)
            dimmingView.frame = containerView.bounds
            dimmingView.alpha = 0
            containerView.insertSubview(dimmingView, at: 0)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 })
        }
    }

    final class Transitions: NSObject, UIViewControllerTransitioningDelegate {
        let present = GrowAnimator(presenting: true), dismiss = GrowAnimator(presenting: false)
        func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
            -> (any UIViewControllerAnimatedTransitioning)?
        { present }
        func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { dismiss }
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController)
            -> UIPresentationController?
        { DimmingPresentationController(presentedViewController: presented, presenting: presenting) }
    }
    // ---- end ----

    func stage(_ root: UIViewController) -> Stage {
        Stage.hosting(root, size: CGSize(width: 200, height: 300), scale: 1)
    }

    func pixel(_ stage: Stage, at time: Double, _ x: Int, _ y: Int) throws -> [Int] {
        stage.advance(to: time)
        let p = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1)).pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    @Test("full screen: the view slides up over 0.5 s, the presenter's view leaves, and dismissal slides it back down")
    func fullScreen() throws {
        let root = Screen("root", .white), modal = Screen("modal", .red)
        let stage = stage(root)
        root.log = []
        modal.modalPresentationStyle = .fullScreen
        var presented = false
        root.present(modal, animated: true) { presented = true }
        #expect(root.presentedViewController === modal && modal.presentingViewController === root && modal.isBeingPresented)
        stage.advance(to: 0.25)
        let y = modal.view.layer.presentation()?.frame.minY ?? -1
        #expect(abs(y - 150) < 1, "half-way up at half time (ease in and out): \(y)")
        #expect(try pixel(stage, at: 0.6, 100, 20) == [255, 0, 0] && presented && !modal.isBeingPresented)
        #expect(root.view.isHidden, "the presenter's view has left")
        #expect(root.log == ["root willDisappear", "root didDisappear"] && modal.log == ["modal willAppear", "modal didAppear"])

        var dismissed = false
        modal.dismiss(animated: true) { dismissed = true }
        stage.advance(to: 0.85)
        #expect(abs((modal.view.layer.presentation()?.frame.minY ?? -1) - 150) < 1)
        #expect(try pixel(stage, at: 1.2, 100, 20) == [255, 255, 255] && dismissed)
        #expect(root.presentedViewController == nil && modal.presentingViewController == nil && modal.view.superview == nil)
        #expect(
            root.log.suffix(2) == ["root willAppear", "root didAppear"]
                && modal.log.suffix(2) == ["modal willDisappear", "modal didDisappear"])
    }

    @Test("the default sheet: 10 pt below the safe area's top, the presenter dimmed to 60 % behind it; one presentation at a time")
    func sheet() throws {
        let root = Screen("root", .white), sheet = Screen("sheet", .blue)
        let stage = stage(root)
        root.present(sheet, animated: true)
        #expect(try pixel(stage, at: 1, 100, 5) == [153, 153, 153], "white under black at 40 %")
        #expect(try pixel(stage, at: 1, 100, 15) == [0, 0, 255])
        #expect(sheet.view.frame == CGRect(x: 0, y: 10, width: 200, height: 290) && !root.view.isHidden)
        var called = false
        root.present(Screen("other", .green), animated: false) { called = true }
        #expect(!called && root.presentedViewController === sheet)
        #expect(stage.warnings.contains { "\($0)".contains("already presenting") })
        sheet.dismiss(animated: false)
        #expect(try pixel(stage, at: 1.1, 100, 5) == [255, 255, 255])
    }

    @Test("a transitioning delegate's animator grows the view; its presentation controller places it and dims alongside")
    func customTransition() throws {
        let root = Screen("root", .white), card = Screen("card", .green)
        let stage = stage(root)
        let transitions = Transitions()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions
        root.present(card, animated: true)
        #expect(card.view.frame == CGRect(x: 0, y: 150, width: 200, height: 150))
        stage.advance(to: 0.2)
        let scale = card.view.layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0
        #expect(scale > 0.3 && scale < 0.7, "growing: \(scale)")
        // The dimming view, black at 50 %, fades in over the animator's 0.4 s: at 0.2 s, half.
        #expect(abs(try pixel(stage, at: 0.2, 100, 20)[0] - 191) <= 3)
        let dimmed = try pixel(stage, at: 0.5, 100, 20)
        #expect(dimmed.allSatisfy { abs(Double($0) - 127.5) <= 1 }, "white under black at 50 %: \(dimmed)")
        #expect(transitions.present.ended == [true])
        root.dismiss(animated: true)
        stage.advance(to: 0.7)
        #expect(abs(Double(card.view.layer.presentation()?.opacity ?? 0) - 0.5) < 0.05)
        stage.advance(to: 1)
        #expect(transitions.dismiss.ended == [true] && card.view.superview == nil && root.presentedViewController == nil)
        withExtendedLifetime(transitions) {}
    }

    final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            guard let toView = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) else { return }
            toView.frame = transitionContext.finalFrame(for: toVC)
            toView.alpha = 0
            transitionContext.containerView.addSubview(toView)
            UIView.animate(
                withDuration: 0.3, animations: { toView.alpha = 1 }, completion: { _ in transitionContext.completeTransition(true) })
        }
    }

    final class NavigationFades: NSObject, UINavigationControllerDelegate {
        var shown: [String] = []
        func navigationController(
            _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
            from fromVC: UIViewController, to toVC: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? { operation == .push ? Fade() : nil }
        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
        {
            shown.append((viewController as? Screen)?.name ?? "?")
        }
    }

    @Test("a navigation controller's delegate animates a push with its own animator; pops keep UIKit's slide")
    func navigationTransition() throws {
        let first = Screen("first", .white), second = Screen("second", .red)
        let navigation = UINavigationController(rootViewController: first)
        let fades = NavigationFades()
        navigation.delegate = fades
        let stage = stage(navigation)
        stage.advance(to: 0.1)
        navigation.pushViewController(second, animated: true)
        stage.advance(to: 0.25)
        let alpha = second.view.layer.presentation()?.opacity ?? -1
        #expect(alpha > 0.2 && alpha < 0.8, "fading in: \(alpha)")
        #expect(second.view.frame.minX == 0, "in place from the start: no slide")
        stage.advance(to: 0.5)
        #expect(second.view.superview === navigation.view && first.view.superview == nil && fades.shown == ["second"])
        navigation.popViewController(animated: true)
        stage.advance(to: 0.6)
        #expect((second.view.layer.presentation()?.frame.minX ?? 0) > 0, "the pop slides")
        stage.advance(to: 1.2)
        #expect(fades.shown == ["second", "first"])
        withExtendedLifetime(fades) {}
    }
}
