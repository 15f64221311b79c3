import Foundation

/// UIKit's standard pull-to-refresh control, simulated on a `UIScrollView`
/// (`scrollView.refreshControl = control`). Apple does not document its geometry or trigger
/// distance; docs/engine-notes.md lists what this engine does:
/// * it sits above the content, its frame spanning the distance pulled (`layoutSubviews` runs
///   each time it changes), at least `UIRefreshControl.height` (60 pt) tall;
/// * while dragging, pulling `triggerDistance` past the resting edge begins refreshing and
///   sends `.valueChanged`;
/// * on release while refreshing, `contentInset.top` grows by 60 pt so the content settles
///   with the control showing (timing-model.md 13.4, 13.5); `endRefreshing()` gives the inset back
///   inside a 0.25 s animation, which slides the control away (timing-model.md 11.3).
open class UIRefreshControl: UIControl {
    /// The height the control keeps open while refreshing.
    public static let height: CGFloat = 60
    /// How far past the resting edge the content must be pulled to start a refresh.
    public static let triggerDistance: CGFloat = 100

    open private(set) var isRefreshing = false
    open var attributedTitle: NSAttributedString?

    /// The inset this control added to its scroll view (0 or `height`).
    var insetAdded: CGFloat = 0

    public override init(frame: CGRect) { super.init(frame: frame) }
    public init() { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    var scrollView: UIScrollView? { superview as? UIScrollView }

    /// Starts refreshing (from code: the content does not scroll to show the control, as on
    /// iOS; the inset grows so it stays showing when scrolled to the top).
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        openInset()
    }

    /// Ends refreshing: the inset shrinks back inside a 0.25 s animation.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        guard insetAdded > 0, let scrollView else { return }
        let added = insetAdded
        insetAdded = 0
        UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState], animations: {
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
        if newFrame != frame {
            UIView.performWithoutAnimation { frame = newFrame }
            layoutSubviews()
        }
        if scrollView.isDragging, !isRefreshing, isEnabled, pulled >= Self.triggerDistance {
            isRefreshing = true
            sendActions(for: .valueChanged)
        }
    }
}
