import FlipbookCore
import Foundation

/// One cell's place in a compositional layout (iOS 13): its size in its group, and insets that
/// shrink the cell inside that size.
open class NSCollectionLayoutItem {
    public let layoutSize: NSCollectionLayoutSize
    /// Shrink the cell inside its size (the size still counts in full in its group).
    open var contentInsets: NSDirectionalEdgeInsets = .zero

    public init(layoutSize: NSCollectionLayoutSize) { self.layoutSize = layoutSize }
}

/// Items (or groups) side by side along one axis, as one item of its container (iOS 13).
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Axis { case horizontal, vertical }
    let axis: Axis
    public let subitems: [NSCollectionLayoutItem]
    /// When given a count, its subitem that many times, sized to share the group's length.
    let repeatCount: Int?
    /// The space between its items along its axis.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(axis: Axis, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], repeatCount: Int?) {
        self.axis = axis
        self.subitems = subitems
        self.repeatCount = repeatCount.map { max(1, min($0, 10_000)) }
        super.init(layoutSize: layoutSize)
    }

    /// Its subitems left to right, each at its own size, as many times as fit in the group's width.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems, repeatCount: nil)
    }

    /// `count` of `subitem` left to right, sharing the group's width (the item's width ignored).
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    { NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], repeatCount: count) }

    /// iOS 16's name for `horizontal(layoutSize:subitem:count:)`.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    { horizontal(layoutSize: layoutSize, subitem: subitem, count: count) }

    /// Its subitems top to bottom, each at its own size, as many times as fit in the group's height.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems, repeatCount: nil)
    }

    /// `count` of `subitem` top to bottom, sharing the group's height (the item's height ignored).
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    { NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], repeatCount: count) }

    /// iOS 16's name for `vertical(layoutSize:subitem:count:)`.
    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    { vertical(layoutSize: layoutSize, subitem: subitem, count: count) }
}

/// A header or footer of a section, or of the whole layout (iOS 13), of its own element kind.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    public let alignment: NSRectAlignment
    /// Kept: a pinned header is laid out where it stands.
    open var pinToVisibleBounds = false
    open var zIndex = 1

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.elementKind = elementKind
        self.alignment = alignment
        super.init(layoutSize: layoutSize)
    }
}

/// Scrolling of a section across the layout's scrolling (iOS 13).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// What section insets are measured from (kept; from the container's edges here).
public enum UIContentInsetsReference: Int, Sendable {
    case automatic, none, safeArea, layoutMargins, readableContent
}

/// A section of a compositional layout (iOS 13): its group repeated until its items are placed.
open class NSCollectionLayoutSection {
    public let group: NSCollectionLayoutGroup
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    /// The space between one group and the next.
    open var interGroupSpacing: CGFloat = 0
    /// Groups laid out across the layout's scrolling in one line (that line does not scroll
    /// on its own here: what reaches past the collection view's edge is cut off).
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Headers and footers inset by the section's leading and trailing insets (true) or spanning
    /// its whole width.
    open var supplementariesFollowContentInsets = true
    /// Set for a list section: its rows' look (`list(using:layoutEnvironment:)`).
    var listConfiguration: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) { self.group = group }
}

/// The space a section is laid out in (iOS 13's `NSCollectionLayoutContainer`).
public struct NSCollectionLayoutContainer: Sendable {
    public let contentSize: CGSize
    public let contentInsets: NSDirectionalEdgeInsets
    public var effectiveContentSize: CGSize {
        CGSize(
            width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
            height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

/// What a section provider is told about where its section goes (iOS 13).
public struct NSCollectionLayoutEnvironment {
    public let container: NSCollectionLayoutContainer
    public let traitCollection: UITraitCollection
}
