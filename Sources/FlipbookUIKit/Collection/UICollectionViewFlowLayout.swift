import FlipbookCore
import Foundation

/// Lines of items, as UIKit's flow layout places them (timing-model.md 11.8): each section
/// starts after the previous one, inside its inset; items fill a line (a row when scrolling
/// vertically, a column when horizontally) while they fit with `minimumInteritemSpacing`
/// between them; a line of several items is spread to both edges, a line of one is centred;
/// items are centred across their line, lines `minimumLineSpacing` apart. Sizes, spacings and
/// insets come from a `UICollectionViewDelegateFlowLayout` where it answers.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// How the content scrolls: lines are rows (vertical) or columns (horizontal).
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    /// What section insets are measured from (kept; from the content's edges here).
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }

    /// "Size the items themselves" (`estimatedItemSize`'s sentinel).
    public static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    open var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Kept: items are laid out at `itemSize` (or the delegate's size).
    open var estimatedItemSize: CGSize = .zero
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    open var sectionInsetReference: SectionInsetReference = .fromContentInset
    /// A section's header above its inset (its height when scrolling vertically, its width
    /// when horizontally; the other side spans the collection view); zero: none.
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var sectionHeadersPinToVisibleBounds = false
    open var sectionFootersPinToVisibleBounds = false

    private var items: [[UICollectionViewLayoutAttributes]] = []
    /// Headers and footers by kind and section.
    private var supplementary: [String: [Int: UICollectionViewLayoutAttributes]] = [:]
    private var contentSize: CGSize = .zero

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        super.prepare()
        items = []
        supplementary = [:]
        contentSize = .zero
        guard let collectionView else { return }
        let vertical = scrollDirection == .vertical
        // Worked along the line (`along`) and across lines (`across`), then turned to x and y.
        let extent = vertical ? collectionView.bounds.width : collectionView.bounds.height
        var across: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let inset = self.inset(for: section)
            let (lineSpacing, itemSpacing) = spacings(for: section)
            let start = vertical ? inset.left : inset.top, end = extent - (vertical ? inset.right : inset.bottom)
            placeSupplementary(UICollectionView.elementKindSectionHeader, section: section, at: &across, extent: extent)
            across += vertical ? inset.top : inset.left
            var placed: [UICollectionViewLayoutAttributes] = []
            var line: [(IndexPath, CGSize)] = []
            var lineLength: CGFloat = 0
            func closeLine() {
                guard !line.isEmpty else { return }
                let thickness = line.map { vertical ? $0.1.height : $0.1.width }.max() ?? 0
                let lengths = line.map { vertical ? $0.1.width : $0.1.height }
                let free = max(0, end - start - lengths.reduce(0, +))
                // Several items spread to both edges; one is centred.
                let gap = line.count > 1 ? free / CGFloat(line.count - 1) : 0
                var position = line.count > 1 ? start : start + free / 2
                for ((path, size), length) in zip(line, lengths) {
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
                    let offset = (thickness - (vertical ? size.height : size.width)) / 2
                    attributes.frame =
                        vertical
                        ? CGRect(x: position, y: across + offset, width: size.width, height: size.height)
                        : CGRect(x: across + offset, y: position, width: size.width, height: size.height)
                    placed.append(attributes)
                    position += length + gap
                }
                across += thickness + lineSpacing
                line = []
                lineLength = 0
            }
            let count = collectionView.numberOfItems(inSection: section)
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                let size = self.size(for: path)
                let length = vertical ? size.width : size.height
                if !line.isEmpty && lineLength + itemSpacing + length > end - start { closeLine() }
                lineLength += (line.isEmpty ? 0 : itemSpacing) + length
                line.append((path, size))
            }
            closeLine()
            if count > 0 { across -= lineSpacing }
            across += vertical ? inset.bottom : inset.right
            placeSupplementary(UICollectionView.elementKindSectionFooter, section: section, at: &across, extent: extent)
            items.append(placed)
        }
        contentSize = vertical ? CGSize(width: extent, height: across) : CGSize(width: across, height: extent)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let views = supplementary.keys.sorted().flatMap { kind in supplementary[kind]!.keys.sorted().map { supplementary[kind]![$0]! } }
        return items.flatMap { $0.filter { $0.overlaps(rect) } } + views.filter { $0.overlaps(rect) }
    }

    /// A header or footer of `kind` for `section` spanning the extent, if its size is not zero.
    private func placeSupplementary(_ kind: String, section: Int, at across: inout CGFloat, extent: CGFloat) {
        guard let collectionView else { return }
        let delegate = flowDelegate
        let size =
            kind == UICollectionView.elementKindSectionHeader
            ? delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
            : delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize
        let thickness = scrollDirection == .vertical ? size.height : size.width
        guard thickness > 0, thickness.isFinite else { return }
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
        attributes.frame =
            scrollDirection == .vertical
            ? CGRect(x: 0, y: across, width: extent, height: thickness) : CGRect(x: across, y: 0, width: thickness, height: extent)
        attributes.zIndex = 1
        supplementary[kind, default: [:]][section] = attributes
        across += thickness
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { supplementary[elementKind]?[indexPath.section] }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard items.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return items[indexPath.section][indexPath.item]
    }

    private var flowDelegate: (any UICollectionViewDelegateFlowLayout)? {
        collectionView?.delegate as? any UICollectionViewDelegateFlowLayout
    }

    /// An item's size: the delegate's, else `itemSize` (negative or not finite sizes count as 0).
    private func size(for path: IndexPath) -> CGSize {
        guard let collectionView else { return .zero }
        let size = flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: path) ?? itemSize
        func held(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        return CGSize(width: held(size.width), height: held(size.height))
    }

    private func inset(for section: Int) -> UIEdgeInsets {
        guard let collectionView else { return sectionInset }
        return flowDelegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
    }

    private func spacings(for section: Int) -> (line: CGFloat, item: CGFloat) {
        guard let collectionView, let delegate = flowDelegate else { return (minimumLineSpacing, minimumInteritemSpacing) }
        return (
            delegate.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section),
            delegate.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
        )
    }
}
