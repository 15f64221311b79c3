import Flipbook
import Foundation
import Testing

/// Page view controllers (timing-model.md 11.9 rule 8), written as an iOS onboarding carousel
/// is written: pages from a data source, a page control, a finger's swipes and a Next button.
@Suite("page view controllers")
struct PageViewControllerTests {
    // ---- iOS code (as written) ----
    final class OnboardingPage: UIViewController {
        let index: Int
        init(index: Int) {
            self.index = index
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = [UIColor.systemRed, .systemGreen, .systemBlue][index]
        }
    }

    final class Onboarding: UIPageViewController, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        let pagesShown = (0..<3).map { OnboardingPage(index: $0) }
        var turns: [String] = []

        init() {
            super.init(transitionStyle: .scroll, navigationOrientation: .horizontal, options: [.interPageSpacing: 10])
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            super.viewDidLoad()
            dataSource = self
            delegate = self
            setViewControllers([pagesShown[0]], direction: .forward, animated: false)
        }

        func next() {
            guard let current = viewControllers?.first as? OnboardingPage, current.index < 2 else { return }
            setViewControllers([pagesShown[current.index + 1]], direction: .forward, animated: true) { finished in
                self.turns.append("next \(finished)")
            }
        }

        func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController)
            -> UIViewController?
        {
            guard let page = viewController as? OnboardingPage, page.index > 0 else { return nil }
            return pagesShown[page.index - 1]
        }

        func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController)
            -> UIViewController?
        {
            guard let page = viewController as? OnboardingPage, page.index < 2 else { return nil }
            return pagesShown[page.index + 1]
        }

        func presentationCount(for pageViewController: UIPageViewController) -> Int { pagesShown.count }
        func presentationIndex(for pageViewController: UIPageViewController) -> Int {
            (viewControllers?.first as? OnboardingPage)?.index ?? 0
        }

        func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {
            turns.append("will \((pendingViewControllers.first as? OnboardingPage)?.index ?? -1)")
        }

        func pageViewController(
            _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController],
            transitionCompleted completed: Bool
        ) {
            turns.append("did \(completed)")
        }
    }
    // ---- end ----

    func shown() -> (Stage, Onboarding) {
        let onboarding = Onboarding()
        let stage = Stage.hosting(onboarding, size: CGSize(width: 200, height: 300), scale: 1)
        stage.advance(to: 0)
        return (stage, onboarding)
    }

    func page(_ onboarding: Onboarding) -> Int { (onboarding.viewControllers?.first as? OnboardingPage)?.index ?? -1 }

    func onScreenX(_ page: UIViewController, _ stage: Stage) -> CGFloat {
        page.view.convert(CGPoint.zero, to: stage.rootView).x
    }

    @Test("the first page fills the area above a 37 pt page control; its neighbour waits beside it, 10 pt apart")
    func layout() throws {
        let (stage, onboarding) = shown()
        let first = onboarding.pagesShown[0], second = onboarding.pagesShown[1]
        #expect(first.view.bounds.size == CGSize(width: 200, height: 263) && onScreenX(first, stage) == 0)
        #expect(onScreenX(second, stage) == 210 && second.parent === onboarding, "\(onScreenX(second, stage))")
        #expect(onboarding.pagesShown[2].parent == nil, "only the neighbours are laid out")
        let dots = try #require(onboarding.view.subviews.compactMap { $0 as? UIPageControl }.first)
        #expect(dots.numberOfPages == 3 && dots.currentPage == 0 && dots.frame.minY == 263)
    }

    @Test("a swipe turns to the next page: the delegate hears will and did; a short drag springs back, not completed")
    func swipe() throws {
        let (stage, onboarding) = shown()
        stage.drag(from: CGPoint(x: 150, y: 100), by: CGPoint(x: -120, y: 0), over: 0.3, release: CGPoint(x: -600, y: 0), at: 0.1)
        stage.advance(to: 1.5)
        #expect(page(onboarding) == 1)
        #expect(onScreenX(onboarding.pagesShown[1], stage) == 0)
        #expect(onboarding.turns == ["will 1", "did true"])
        let dots = try #require(onboarding.view.subviews.compactMap { $0 as? UIPageControl }.first)
        #expect(dots.currentPage == 1)
        stage.drag(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 40, y: 0), over: 0.3, hold: 0.2, release: .zero, at: 1.6)
        stage.advance(to: 3)
        #expect(page(onboarding) == 1 && onboarding.turns.suffix(2) == ["will 0", "did false"])
        #expect(onScreenX(onboarding.pagesShown[1], stage) == 0)
    }

    @Test("setViewControllers animated slides the next page in over 0.3 s, then the completion runs; the last page has no next")
    func nextButton() throws {
        let (stage, onboarding) = shown()
        stage.schedule(at: 0.5) { onboarding.next() }
        stage.advance(to: 0.65)
        let midway = onScreenX(onboarding.pagesShown[1], stage)
        #expect(midway > 20 && midway < 190, "half way through the slide: \(midway)")
        stage.advance(to: 1)
        #expect(page(onboarding) == 1 && onboarding.turns == ["next true"])
        stage.schedule(at: 1.1) { onboarding.next() }
        stage.advance(to: 2)
        #expect(page(onboarding) == 2 && onboarding.pagesShown[0].parent == nil)
        onboarding.next()
        #expect(page(onboarding) == 2 && onboarding.turns == ["next true", "next true"])
    }
}
