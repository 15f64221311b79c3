import FlipbookCore
import Foundation

// Turning pages (timing-model.md 11.9 rule 8): by `setViewControllers`, and by a finger on the
// paging scroll view; once the scrolling rests on a neighbour, it becomes the page shown and
// the pages beside it are asked for again.
extension UIPageViewController {
    /// Shows `viewControllers`' first page; animated, it slides in from the side `direction`
    /// says (0.3 s, as a scroll view's animated offset), then `completion(true)`.
    public func setViewControllers(
        _ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        loadViewIfNeeded()
        guard let page = viewControllers?.first else { return }
        finishScriptedTurn(completed: false)
        guard animated, let current = pages.current, current !== page else {
            show(page)
            completion?(true)
            return
        }
        pages =
            direction == .forward
            ? PageTriple(before: nil, current: current, after: page) : PageTriple(before: page, current: current, after: nil)
        layOutPages()
        scriptedTurn = completion
        scroller.setContentOffset(offset(ofPage: direction == .forward ? 1 : 0), animated: true)
    }

    /// Makes `page` the one shown, asking the data source for its neighbours.
    func show(_ page: UIViewController) {
        pages = PageTriple(
            before: dataSource?.pageViewController(self, viewControllerBefore: page), current: page,
            after: dataSource?.pageViewController(self, viewControllerAfter: page))
        layOutPages()
        if let dataSource {
            let count = dataSource.presentationCount(for: self)
            pageControl.numberOfPages = max(0, count)
            pageControl.isHidden = count <= 0
            if count > 0 { pageControl.currentPage = min(max(0, dataSource.presentationIndex(for: self)), count - 1) }
        }
    }

    /// Places the pages' views side by side (`interPageSpacing` apart) in the scroll view, the
    /// page control (37 pt) under them when it shows, and rests the scrolling on the shown page.
    func layOutPages() {
        guard let view = viewIfLoaded else { return }
        let horizontal = navigationOrientation == .horizontal
        let controlHeight: CGFloat = pageControl.isHidden ? 0 : 37
        let area = CGRect(x: 0, y: 0, width: view.bounds.width, height: max(0, view.bounds.height - controlHeight))
        let (laid, shown) = pages.laidOut
        UIView.performWithoutAnimation {
            pageControl.frame = CGRect(x: 0, y: area.maxY, width: view.bounds.width, height: controlHeight)
            scroller.frame =
                horizontal
                ? CGRect(x: -spacing / 2, y: 0, width: area.width + spacing, height: area.height)
                : CGRect(x: 0, y: -spacing / 2, width: area.width, height: area.height + spacing)
            let stride = horizontal ? scroller.frame.width : scroller.frame.height
            scroller.contentSize =
                horizontal
                ? CGSize(width: stride * CGFloat(laid.count), height: area.height)
                : CGSize(width: area.width, height: stride * CGFloat(laid.count))
            for (index, page) in laid.enumerated() {
                if page.parent !== self {
                    addChild(page)
                    scroller.addSubview(page.view)
                    page.didMove(toParent: self)
                } else if page.view.superview !== scroller {
                    scroller.addSubview(page.view)
                }
                page.view.frame =
                    horizontal
                    ? CGRect(x: stride * CGFloat(index) + spacing / 2, y: 0, width: area.width, height: area.height)
                    : CGRect(x: 0, y: stride * CGFloat(index) + spacing / 2, width: area.width, height: area.height)
            }
            for child in children where !laid.contains(where: { $0 === child }) {
                child.willMove(toParent: nil)
                child.viewIfLoaded?.removeFromSuperview()
                child.removeFromParent()
            }
            if scriptedTurn == nil && !scroller.isDragging && !scroller.isDecelerating {
                scroller.setContentOffset(offset(ofPage: shown), animated: false)
            }
        }
    }

    func offset(ofPage index: Int) -> CGPoint {
        navigationOrientation == .horizontal
            ? CGPoint(x: scroller.bounds.width * CGFloat(index), y: 0) : CGPoint(x: 0, y: scroller.bounds.height * CGFloat(index))
    }

    /// The page the scrolling rests nearest.
    private var restingPage: Int {
        let stride = navigationOrientation == .horizontal ? scroller.bounds.width : scroller.bounds.height
        let position = navigationOrientation == .horizontal ? scroller.contentOffset.x : scroller.contentOffset.y
        guard stride > 0 else { return 0 }
        return max(0, min(pages.laidOut.pages.count - 1, Int((position / stride).rounded())))
    }

    /// The scrolling rested: the page it rests on becomes the one shown.
    private func settle() {
        let (laid, shown) = pages.laidOut
        let resting = laid.isEmpty ? shown : restingPage
        let previous = pages.current
        let completed = resting != shown
        if completed { show(laid[resting]) } else { layOutPages() }
        if let pending = pendingPage {
            pendingPage = nil
            delegate?.pageViewController(
                self, didFinishAnimating: true, previousViewControllers: previous.map { [$0] } ?? [],
                transitionCompleted: completed && laid[resting] === pending)
        }
        finishScriptedTurn(completed: completed)
    }

    private func finishScriptedTurn(completed: Bool) {
        guard let completion = scriptedTurn else { return }
        scriptedTurn = nil
        completion(completed)
    }

    // MARK: The scroll view's delegate

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard scrollView.isDragging, pendingPage == nil else { return }
        let (laid, shown) = pages.laidOut
        let position = navigationOrientation == .horizontal ? scrollView.contentOffset.x : scrollView.contentOffset.y
        let rest = navigationOrientation == .horizontal ? offset(ofPage: shown).x : offset(ofPage: shown).y
        let index = position > rest ? shown + 1 : position < rest ? shown - 1 : shown
        guard index != shown, laid.indices.contains(index) else { return }
        pendingPage = laid[index]
        delegate?.pageViewController(self, willTransitionTo: [laid[index]])
    }

    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settle() }
    }

    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { settle() }

    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { settle() }
}
