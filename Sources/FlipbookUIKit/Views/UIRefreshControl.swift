import FlipbookCore
import Foundation

/// UIKit's standard pull-to-refresh control, simulated on a `UIScrollView`
/// (`scrollView.refreshControl = control`). Apple does not document its geometry or trigger
/// distance; docs/engine-notes.md says what this engine does and why:
/// * it sits above the content, its frame spanning the distance pulled (`layoutSubviews` runs
///   each time it changes), at least `UIRefreshControl.height` (60 pt) tall;
/// * it draws iOS 13's spinner centred in what is pulled into view (at most 60 pt, then it
///   moves with the content's top edge): eight grey spokes (the
///   control's own `tintColor` when set) that appear one by one, clockwise from the top, as the
///   pull uncovers the control, then spin while refreshing;
/// * while dragging, pulling `triggerDistance` (60 pt: the control uncovered, its spokes all
///   shown) past the resting edge begins refreshing and sends `.valueChanged`; through the
///   rubber band a finger travels about 120 pt for that on a 667 pt tall table;
/// * on release while refreshing, `contentInset.top` grows by 60 pt so the content settles
///   with the control showing (timing-model.md 13.4, 13.5); `endRefreshing()` gives the inset back
///   inside a 0.25 s animation, which slides the control away (timing-model.md 11.3).
open class UIRefreshControl: UIControl {
    /// The height the control keeps open while refreshing.
    public static let height: CGFloat = 60
    /// How far past the resting edge the content must be pulled to start a refresh: the
    /// control's whole height uncovered.
    public static let triggerDistance: CGFloat = 60

    open private(set) var isRefreshing = false
    open var attributedTitle: NSAttributedString?

    /// The inset this control added to its scroll view (0 or `height`).
    var insetAdded: CGFloat = 0

    /// The spinner: spokes revealed by the pull, spinning while refreshing.
    let spinner = UIActivityIndicatorView(style: .medium)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSpinner()
    }
    public init() {
        super.init(frame: .zero)
        addSpinner()
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSpinner()
    }

    private func addSpinner() {
        spinner.hidesWhenStopped = false
        spinner.isHidden = false
        spinner.revealedSpokes = 0
        addSubview(spinner)
    }

    /// The spokes take the control's own tint; without one they are grey, as on iOS.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.color = hasOwnTint ? tintColor : UIColor(white: 0.5, alpha: 1)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        UIView.performWithoutAnimation {
            // Centred in what the pull shows, up to the control's height; past it, the spinner
            // stays with the content's top edge.
            spinner.center = CGPoint(x: bounds.midX, y: bounds.maxY - min(max(visibleHeight, 0), Self.height) / 2)
        }
    }

    /// How much of the control the pull shows (its own height while refreshing and open).
    private var visibleHeight: CGFloat = 0

    var scrollView: UIScrollView? { superview as? UIScrollView }

    /// Starts refreshing (from code: the content does not scroll to show the control, as on
    /// iOS; the inset grows so it stays showing when scrolled to the top).
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.startAnimating()
        openInset()
    }

    /// Ends refreshing: the inset shrinks back inside a 0.25 s animation.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.stopAnimating()
        guard insetAdded > 0, let scrollView else { return }
        let added = insetAdded
        insetAdded = 0
        UIView.animate(
            withDuration: 0.25, delay: 0, options: [.beginFromCurrentState],
            animations: {
                scrollView.contentInset.top -= added
            })
    }

    func openInset() {
        guard insetAdded == 0, let scrollView, !scrollView.isDragging else { return }
        insetAdded = Self.height
        scrollView.contentInsetKeepingOffset(top: scrollView.contentInset.top + insetAdded)
    }

    /// Lays the control out over the pulled area and starts a refresh when pulled far enough.
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let restingTop = scrollView.contentInset.top - insetAdded
        let pulled = max(0, -(scrollView.contentOffset.y + restingTop))
        let height = max(Self.height, pulled)
        let newFrame = CGRect(x: 0, y: -height, width: scrollView.bounds.width, height: height)
        let uncovered = pulled != visibleHeight
        visibleHeight = pulled
        if !isRefreshing {
            let spokes = spinner.style.spokes
            spinner.revealedSpokes = min(spokes, Int((pulled / Self.triggerDistance * CGFloat(spokes)).rounded(.down)))
        }
        if newFrame != frame || uncovered {
            if newFrame != frame { UIView.performWithoutAnimation { frame = newFrame } }
            layoutSubviews()
        }
        if scrollView.isDragging, !isRefreshing, isEnabled, pulled >= Self.triggerDistance {
            isRefreshing = true
            spinner.startAnimating()
            sendActions(for: .valueChanged)
        }
    }
}
