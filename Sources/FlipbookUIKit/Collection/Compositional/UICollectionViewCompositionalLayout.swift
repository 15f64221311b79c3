import FlipbookCore
import Foundation

/// Settings of a whole compositional layout (iOS 13).
open class UICollectionViewCompositionalLayoutConfiguration {
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The space between one section and the next.
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout, before its first section and after its last.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var contentInsetsReference: UIContentInsetsReference = .automatic

    public init() {}
}

extension UICollectionView {
    /// The axis a compositional layout scrolls along (UIKit's `UICollectionView.ScrollDirection`).
    public typealias ScrollDirection = UICollectionViewFlowLayout.ScrollDirection
}

/// A layout of sections made of groups of items (iOS 13; timing-model.md 11.8 rule 7): each
/// section's group is laid out again and again along the scrolling until the section's items
/// are placed, each group taking the next items in order.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    public typealias SectionProvider = (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

    private let sectionProvider: SectionProvider
    open var configuration: UICollectionViewCompositionalLayoutConfiguration { didSet { invalidateLayout() } }

    private var cells: [[UICollectionViewLayoutAttributes]] = []
    private var supplementary: [String: [IndexPath: UICollectionViewLayoutAttributes]] = [:]
    private var contentSize: CGSize = .zero

    /// Every section laid out as `section`.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sectionProvider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }

    /// Each section laid out as the provider says (nil: the section has no items laid out).
    public convenience init(sectionProvider: @escaping SectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(sectionProvider: @escaping SectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    public required init?(coder: NSCoder) { nil }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        super.prepare()
        cells = []
        supplementary = [:]
        contentSize = .zero
        guard let collectionView else { return }
        let insets = collectionView.contentInset
        let container = NSCollectionLayoutContainer(
            contentSize: collectionView.bounds.size,
            contentInsets: NSDirectionalEdgeInsets(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right))
        let environment = NSCollectionLayoutEnvironment(
            container: container, traitCollection: UITraitCollection(displayScale: UIScreen.main.scale))
        var placer = CompositionalPlacer(
            vertical: configuration.scrollDirection == .vertical, extent: container.effectiveContentSize)
        placer.placeBoundaryItems(configuration.boundarySupplementaryItems, at: .top, section: 0, insets: .zero, follows: false)
        let sectionCount = collectionView.numberOfSections
        for index in 0..<sectionCount {
            let itemCount = collectionView.numberOfItems(inSection: index)
            if let section = sectionProvider(index, environment) {
                cells.append(placer.place(section, index: index, itemCount: itemCount))
            } else {
                cells.append([])
            }
            if index < sectionCount - 1 { placer.advance(by: configuration.interSectionSpacing) }
        }
        placer.placeBoundaryItems(configuration.boundarySupplementaryItems, at: .bottom, section: 0, insets: .zero, follows: false)
        for attributes in placer.supplementary {
            supplementary[attributes.representedElementKind ?? "", default: [:]][attributes.indexPath] = attributes
        }
        contentSize = placer.contentSize
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let views = supplementary.keys.sorted().flatMap { kind in
            supplementary[kind]!.keys.sorted().map { supplementary[kind]![$0]! }
        }
        // A sideways-scrolling line's cells all count while the line shows: where they are on
        // screen depends on its own scroll view.
        func shows(_ a: UICollectionViewLayoutAttributes) -> Bool { a.orthogonalRow.map { $0.frame.intersects(rect) } ?? a.overlaps(rect) }
        return cells.flatMap { $0.filter(shows) } + views.filter { $0.overlaps(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard cells.indices.contains(indexPath.section) else { return nil }
        return cells[indexPath.section].first { $0.indexPath.item == indexPath.item }
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { supplementary[elementKind]?[indexPath] }
}
