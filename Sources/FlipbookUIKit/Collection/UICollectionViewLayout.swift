import FlipbookCore
import Foundation

/// Where one item of a collection view goes (UIKit's names): its frame, alpha, transform and
/// stacking, as its layout says.
open class UICollectionViewLayoutAttributes: NSObject {
    /// What the attributes place: an item's cell, or a supplementary view.
    public enum ElementCategory: UInt, Sendable {
        case cell, supplementaryView, decorationView
    }

    public let indexPath: IndexPath
    public let representedElementCategory: ElementCategory
    public let representedElementKind: String?
    open var frame: CGRect = .zero
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var size: CGSize {
        get { frame.size }
        set {
            let c = center
            frame.size = newValue
            center = c
        }
    }
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    open var alpha: CGFloat = 1
    open var transform: CGAffineTransform = .identity
    open var transform3D: CATransform3D = CATransform3DIdentity
    open var zIndex = 0
    open var isHidden = false
    /// For a row of a list section: how its cell draws its background and separator.
    var listRow: ListRowPlacement?
    /// For a cell of an orthogonally scrolling section: the line it scrolls in.
    var orthogonalRow: OrthogonalRow?

    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = kind
    }

    /// Whether the frame overlaps `rect` (not only touches it: the line below the bounds' bottom
    /// edge is off screen).
    func overlaps(_ rect: CGRect) -> Bool {
        frame.minX < rect.maxX && rect.minX < frame.maxX && frame.minY < rect.maxY && rect.minY < frame.maxY
    }

    /// A copy (layouts hand out copies they may change).
    open func copy() -> UICollectionViewLayoutAttributes {
        let copy =
            representedElementCategory == .cell
            ? UICollectionViewLayoutAttributes(forCellWith: indexPath)
            : UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: representedElementKind ?? "", with: indexPath)
        copy.frame = frame
        copy.alpha = alpha
        copy.transform = transform
        copy.transform3D = transform3D
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.listRow = listRow
        copy.orthogonalRow = orthogonalRow
        return copy
    }
}

/// What places a collection view's items (UIKit's abstract layout): subclasses override
/// `prepare()`, `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`, as on iOS.
open class UICollectionViewLayout: NSObject {
    /// The collection view the layout places items in.
    open internal(set) weak var collectionView: UICollectionView?

    public override init() {}
    public required init?(coder: NSCoder) {}

    /// Works out the layout; called before the collection view asks for attributes after an
    /// invalidation.
    open func prepare() {}
    open var collectionViewContentSize: CGSize { .zero }
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }

    /// Marks the layout to be prepared again before the next layout pass.
    open func invalidateLayout() {
        isPrepared = false
        collectionView?.setNeedsLayout()
    }

    /// Whether a change of the collection view's bounds (its size; scrolling changes only the
    /// origin) calls for a new layout.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != (collectionView?.bounds.size ?? newBounds.size)
    }

    /// Where an inserted item starts: its final place, transparent (it fades in).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy()
        attributes?.alpha = 0
        return attributes
    }

    /// Where a deleted item ends: its old place, transparent (it fades out).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The offset to stop at when scrolling ends near `proposedContentOffset` (it by default).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint)
        -> CGPoint
    { proposedContentOffset }

    /// Set once `prepare()` has run for the current data.
    var isPrepared = false

    func prepareIfNeeded() {
        guard !isPrepared else { return }
        isPrepared = true
        prepare()
    }
}

/// Where a list row sits in its section and how the list looks (what a list cell reads from
/// its layout attributes to draw its background and separator, as UIKit's list cells do).
struct ListRowPlacement: Equatable {
    var appearance: UICollectionLayoutListConfiguration.Appearance
    var showsSeparators: Bool
    var isFirst: Bool
    var isLast: Bool
}
