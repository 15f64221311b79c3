import FlipbookCore
import Foundation

/// A row of page dots, drawn as iOS draws them: dots 7 pt across, 16 pt apart, centred in the
/// bounds; the current page's in `currentPageIndicatorTintColor` (white), the others in
/// `pageIndicatorTintColor` (white at 30 %). A tap left or right of the current dot turns one
/// page that way and sends `.valueChanged` (timing-model.md 11.6).
open class UIPageControl: UIControl {
    open var numberOfPages = 0 {
        didSet {
            numberOfPages = max(0, numberOfPages)
            currentPage = min(currentPage, max(0, numberOfPages - 1))
            rebuild()
        }
    }
    /// The page shown (held within the pages).
    open var currentPage = 0 {
        didSet {
            let held = min(max(0, currentPage), max(0, numberOfPages - 1))
            if held != currentPage { currentPage = held }
            updateColors()
        }
    }
    /// Hidden when there is only one page.
    open var hidesForSinglePage = false { didSet { rebuild() } }
    open var pageIndicatorTintColor: UIColor? { didSet { updateColors() } }
    open var currentPageIndicatorTintColor: UIColor? { didSet { updateColors() } }
    /// Kept: whether a tap sends `.valueChanged` before the dots move (they move at once here).
    open var defersCurrentPageDisplay = false
    /// Whether the dots respond to a tap (true, as UIKit).
    open var allowsContinuousInteraction = true
    /// The look of the strip behind the dots (kept; drawn without one).
    open var backgroundStyle: BackgroundStyle = .automatic

    /// The strip behind the dots (iOS 14).
    public enum BackgroundStyle: Int, Sendable {
        case automatic, prominent, minimal
    }

    static let dotSide: CGFloat = 7
    static let pitch: CGFloat = 16
    static let height: CGFloat = 37

    private var dots: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The size the dots of `pageCount` pages take: 16 pt a page less the last gap, 37 pt high.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: pageCount > 0 ? CGFloat(pageCount - 1) * Self.pitch + Self.dotSide : 0, height: Self.height)
    }

    /// Kept for older code: the dots always show the current page here.
    open func updateCurrentPageDisplay() { updateColors() }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutDots()
    }

    /// A lift left of the current dot turns back a page, right of it forward.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, allowsContinuousInteraction, bounds.contains(touch.location(in: self)), !dots.isEmpty else { return }
        let current = dots[currentPage].frame.midX, x = touch.location(in: self).x
        let page = x < current ? currentPage - 1 : x > current ? currentPage + 1 : currentPage
        guard page >= 0, page < numberOfPages, page != currentPage else { return }
        currentPage = page
        sendActions(for: .valueChanged)
    }

    private func rebuild() {
        UIView.performWithoutAnimation {
            dots.forEach { $0.removeFromSuperview() }
            dots = (0..<numberOfPages).map { _ in
                let dot = UIView()
                dot.isUserInteractionEnabled = false
                dot.layer.cornerRadius = Self.dotSide / 2
                addSubview(dot)
                return dot
            }
            isHidden = hidesForSinglePage && numberOfPages <= 1
            layoutDots()
            updateColors()
        }
    }

    /// The dots in a row centred in the bounds.
    private func layoutDots() {
        let width = size(forNumberOfPages: numberOfPages).width
        let left = bounds.midX - width / 2, top = bounds.midY - Self.dotSide / 2
        for (index, dot) in dots.enumerated() {
            dot.frame = CGRect(x: left + CGFloat(index) * Self.pitch, y: top, width: Self.dotSide, height: Self.dotSide)
        }
    }

    private func updateColors() {
        UIView.performWithoutAnimation {
            for (index, dot) in dots.enumerated() {
                dot.backgroundColor =
                    index == currentPage
                    ? currentPageIndicatorTintColor ?? .white : pageIndicatorTintColor ?? UIColor.white.withAlphaComponent(0.3)
            }
        }
    }
}
