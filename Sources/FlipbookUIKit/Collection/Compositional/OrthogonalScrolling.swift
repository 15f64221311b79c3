import FlipbookCore
import Foundation

/// Where an orthogonally scrolling section's line of groups lies (collection view coordinates)
/// and how it scrolls: what its cells' attributes carry to the collection view.
struct OrthogonalRow: Equatable {
    let section: Int
    /// The line across the collection view's width.
    let frame: CGRect
    /// From the line's leading edge to past its last group's trailing inset.
    let contentWidth: CGFloat
    let behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
    let leadingInset: CGFloat
    let groupWidth: CGFloat
    /// A group's width and the spacing after it.
    let groupStride: CGFloat
}

/// The scroll view an orthogonally scrolling section's cells live in (as UIKit embeds one per
/// such section, timing-model.md 11.8 rule 7): it scrolls sideways only, coming to rest as the
/// section's behaviour says: anywhere (`.continuous`), a whole width at a time (`.paging`), a
/// group's leading edge at the section's inset (`.groupPaging`, a group at a time as paging
/// turns pages; `.continuousGroupLeadingBoundary`, the one nearest where its fling would end),
/// or a group centred (`.groupPagingCentered`).
final class OrthogonalScrollView: UIScrollView, UIScrollViewDelegate {
    private(set) var row: OrthogonalRow?

    func configure(_ row: OrthogonalRow) {
        guard row != self.row else { return }
        self.row = row
        UIView.performWithoutAnimation {
            frame = row.frame
            contentSize = CGSize(width: row.contentWidth, height: row.frame.height)
        }
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        alwaysBounceVertical = false
        alwaysBounceHorizontal = true
        isPagingEnabled = [.paging, .groupPaging, .groupPagingCentered].contains(row.behavior)
        delegate = self
    }

    /// Group paging pages by a group and the spacing after it, from the first group's leading
    /// edge at the inset (or, centred, its middle at the middle).
    override var horizontalPagingGrid: (stride: CGFloat, origin: CGFloat)? {
        guard let row, row.groupStride > 0 else { return nil }
        switch row.behavior {
        case .groupPaging: return (row.groupStride, 0)
        case .groupPagingCentered: return (row.groupStride, row.leadingInset + row.groupWidth / 2 - bounds.width / 2)
        default: return nil
        }
    }

    /// `.continuousGroupLeadingBoundary`: the fling's rest moved to the nearest group's leading
    /// edge at the inset.
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        guard let row, row.behavior == .continuousGroupLeadingBoundary, row.groupStride > 0 else { return }
        let maximum = max(0, row.contentWidth - bounds.width)
        let group = (targetContentOffset.pointee.x / row.groupStride).rounded()
        targetContentOffset.pointee.x = min(max(0, group * row.groupStride), maximum)
    }
}
