import Flipbook
import Foundation
import Testing

/// A paging scroll view (timing-model.md 13.9): an onboarding pager whose page control follows
/// the offset, written as iOS code writes it.
@Suite("paging scroll views")
struct PagingTests {
    // ---- iOS code (no edits) ----
    final class Onboarding: UIViewController, UIScrollViewDelegate {
        let scrollView = UIScrollView()
        let pageControl = UIPageControl()

        override func viewDidLoad() {
            super.viewDidLoad()
            scrollView.frame = CGRect(x: 0, y: 0, width: 300, height: 400)
            scrollView.isPagingEnabled = true
            scrollView.showsHorizontalScrollIndicator = false
            scrollView.contentSize = CGSize(width: 900, height: 400)
            scrollView.delegate = self
            for (index, color) in [UIColor.systemRed, .systemGreen, .systemBlue].enumerated() {
                let page = UIView(frame: CGRect(x: CGFloat(index) * 300, y: 0, width: 300, height: 400))
                page.backgroundColor = color
                scrollView.addSubview(page)
            }
            view.addSubview(scrollView)
            pageControl.numberOfPages = 3
            pageControl.frame = CGRect(x: 0, y: 360, width: 300, height: 37)
            view.addSubview(pageControl)
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            pageControl.currentPage = Int((scrollView.contentOffset.x / scrollView.bounds.width).rounded())
        }
    }
    // ---- end ----

    @Test("a short slow drag springs back; past half a page it lands on the next; a flick turns one page; the last page holds")
    func paging() throws {
        let onboarding = Onboarding()
        let stage = Stage.hosting(onboarding, size: CGSize(width: 300, height: 400), scale: 1)
        let scrollView = onboarding.scrollView
        func swipe(at time: Double, by dx: CGFloat, velocity: CGFloat) {
            stage.advance(to: time)
            scrollView.beginDragging()
            stage.advance(to: time + 0.1)
            scrollView.drag(translation: CGPoint(x: dx, y: 0))
            stage.advance(to: time + 0.2)
            scrollView.endDragging(velocity: CGPoint(x: velocity, y: 0))
        }
        swipe(at: 0.1, by: -100, velocity: 0)
        stage.advance(to: 0.5)
        #expect(scrollView.contentOffset.x > 1 && scrollView.contentOffset.x < 100, "springing back: \(scrollView.contentOffset.x)")
        stage.advance(to: 2)
        #expect(abs(scrollView.contentOffset.x) < 0.5 && onboarding.pageControl.currentPage == 0)

        swipe(at: 2, by: -200, velocity: -100)
        stage.advance(to: 4)
        #expect(abs(scrollView.contentOffset.x - 300) < 0.5 && onboarding.pageControl.currentPage == 1)

        swipe(at: 4, by: -40, velocity: -800)
        stage.advance(to: 6)
        #expect(abs(scrollView.contentOffset.x - 600) < 0.5 && onboarding.pageControl.currentPage == 2)

        swipe(at: 6, by: -40, velocity: -800)
        stage.advance(to: 8)
        #expect(abs(scrollView.contentOffset.x - 600) < 0.5, "no page past the last")

        swipe(at: 8, by: 30, velocity: 900)
        stage.advance(to: 10)
        #expect(abs(scrollView.contentOffset.x - 300) < 0.5 && onboarding.pageControl.currentPage == 1, "a flick back")
    }
}
