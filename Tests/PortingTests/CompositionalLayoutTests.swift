import Flipbook
import Foundation
import Testing

/// Compositional layouts (timing-model.md 11.8 rule 7), written as iOS 13+ screens write them:
/// a grid from Apple's "Implementing Modern Collection Views" pattern with a cell registration
/// and a diffable data source, nested groups, headers, and a sideways row.
@Suite("compositional layouts")
struct CompositionalLayoutTests {
    // ---- iOS code (one edit: `required` on the cell's init(frame:)) ----
    final class TileCell: UICollectionViewCell {
        required init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .systemBlue
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class HeaderView: UICollectionReusableView {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class GridController: UIViewController {
        enum Section { case main }
        var collectionView: UICollectionView!
        var dataSource: UICollectionViewDiffableDataSource<Section, Int>!
        let layout: UICollectionViewLayout
        let count: Int

        init(layout: UICollectionViewLayout, count: Int) {
            self.layout = layout
            self.count = count
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
            collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(collectionView)
            let cellRegistration = UICollectionView.CellRegistration<TileCell, Int> { cell, _, item in
                cell.contentView.alpha = item % 2 == 0 ? 1 : 0.8
            }
            let headerRegistration = UICollectionView.SupplementaryRegistration<HeaderView>(
                elementKind: UICollectionView.elementKindSectionHeader
            ) { header, _, _ in
                header.label.text = "Tiles"
            }
            dataSource = UICollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) {
                collectionView, indexPath, item in
                collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: item)
            }
            dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
                collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
            snapshot.appendSections([.main])
            snapshot.appendItems(Array(0..<count))
            dataSource.apply(snapshot, animatingDifferences: false)
        }
    }

    /// Apple's grid: five items a row, each a fifth of the width, square.
    static func grid() -> UICollectionViewLayout {
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        return UICollectionViewCompositionalLayout(section: section)
    }
    // ---- end ----

    func laidOut(_ layout: UICollectionViewLayout, count: Int, size: CGSize = CGSize(width: 300, height: 400)) -> (
        Stage, [CGRect], UICollectionView
    ) {
        let controller = GridController(layout: layout, count: count)
        let stage = Stage.hosting(controller, size: size)
        stage.advance(to: 0)
        let frames = (0..<count).map {
            controller.collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame ?? .null
        }
        return (stage, frames, controller.collectionView)
    }

    @Test("a group of fractional items repeats its subitem while it fits; each group takes the next items; content holds the rows")
    func grid() throws {
        let (_, frames, collectionView) = laidOut(Self.grid(), count: 12)
        // 300 pt wide: five 60 pt squares a row, rows 60 pt apart; the third row holds two.
        #expect(frames[0] == CGRect(x: 0, y: 0, width: 60, height: 60))
        #expect(frames[4] == CGRect(x: 240, y: 0, width: 60, height: 60))
        #expect(frames[5] == CGRect(x: 0, y: 60, width: 60, height: 60))
        #expect(frames[11] == CGRect(x: 60, y: 120, width: 60, height: 60))
        #expect(collectionView.contentSize == CGSize(width: 300, height: 180))
        #expect(collectionView.visibleCells.count == 12)
    }

    @Test("item and section insets, fixed spacing between items and groups, a count of items sharing the width")
    func spacingAndInsets() throws {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)), subitem: item,
            count: 3)
        group.interItemSpacing = .fixed(10)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 20
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 30, trailing: 16)
        let (_, frames, collectionView) = laidOut(UICollectionViewCompositionalLayout(section: section), count: 4)
        // 268 pt inside the section's insets: three items of (268 − 2 × 10) / 3 = 82.67 pt.
        let share = (268.0 - 20) / 3
        #expect(
            abs(frames[0].minX - 18) < 1e-9 && frames[0].minY == 12 && abs(frames[0].width - (share - 4)) < 1e-9 && frames[0].height == 46)
        #expect(abs(frames[1].minX - (16 + share + 10 + 2)) < 1e-9)
        #expect(frames[3].minY == 82, "the second group, 20 pt below the first (10 + 50 + 20, and the item's 2)")
        #expect(collectionView.contentSize.height == 160, "10 + 50 + 20 + 50 + 30")
    }

    @Test("nested groups: a large item beside a vertical pair; flexible spacing spreads items to the edges")
    func nestedGroups() throws {
        let large = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(2.0 / 3), heightDimension: .fractionalHeight(1.0)))
        let small = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.5)))
        let pair = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1.0)),
            subitem: small, count: 2)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(200)),
            subitems: [large, pair])
        let (_, frames, _) = laidOut(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), count: 5)
        #expect(frames[0] == CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(frames[1] == CGRect(x: 200, y: 0, width: 100, height: 100))
        #expect(frames[2] == CGRect(x: 200, y: 100, width: 100, height: 100))
        #expect(frames[3] == CGRect(x: 0, y: 200, width: 200, height: 200), "the next group takes the next items")

        let chip = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(80), heightDimension: .absolute(30)))
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(30)), subitems: [chip])
        row.interItemSpacing = .flexible(8)
        let (_, chips, _) = laidOut(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: row)), count: 3)
        // Three 80 pt chips fit with at least 8 pt between; the other 60 pt are shared: 30 apart.
        #expect(chips.map(\.minX) == [0, 110, 220])
    }

    @Test("a section header before the insets, spanning the width inside them; the data source's supplementary view fills it")
    func header() throws {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(40)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 20, bottom: 0, trailing: 20)
        section.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        ]
        let (_, frames, collectionView) = laidOut(UICollectionViewCompositionalLayout(section: section), count: 2)
        let header = try #require(
            collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
                as? HeaderView)
        #expect(header.frame == CGRect(x: 20, y: 0, width: 260, height: 44))
        #expect(header.label.text == "Tiles")
        #expect(frames[0] == CGRect(x: 20, y: 52, width: 130, height: 40), "items after the header and the top inset")
    }

    @Test("a section provider lays out each section; an orthogonal section is one line of groups in a scroll view of its own")
    func sectionProviderAndOrthogonalRow() throws {
        let layout = UICollectionViewCompositionalLayout { _, environment in
            let width = environment.container.effectiveContentSize.width
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width * 0.8), heightDimension: .absolute(120)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPaging
            section.interGroupSpacing = 10
            return section
        }
        let (_, frames, collectionView) = laidOut(layout, count: 3)
        #expect(frames.map(\.minX) == [0, 250, 500])
        #expect(frames.allSatisfy { $0.minY == 0 && $0.size == CGSize(width: 240, height: 120) })
        #expect(collectionView.contentSize == CGSize(width: 300, height: 120), "the row does not widen the content")
        let row = try #require(collectionView.visibleCells.first?.superview as? UIScrollView)
        #expect(row !== collectionView && row.contentSize == CGSize(width: 740, height: 120), "the row scrolls in its own scroll view")
        #expect(collectionView.visibleCells.allSatisfy { $0.superview === row })
    }

    /// A feed: a carousel of cards (80 % wide, 10 pt apart, 16 pt section insets) over a grid.
    final class FeedDelegate: NSObject, UICollectionViewDelegate {
        var selected: [IndexPath] = []
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
    }

    static func feed(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(150)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = behavior
            section.interGroupSpacing = 10
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
            return section
        }
    }

    /// A feed of five cards with `behavior` on a Stage of `size`, and its carousel's scroll view.
    func carousel(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior, size: CGSize = CGSize(width: 300, height: 400))
        throws -> (Stage, GridController, UIScrollView)
    {
        let controller = GridController(layout: Self.feed(behavior), count: 5)
        let stage = Stage.hosting(controller, size: size)
        stage.advance(to: 0)
        let row = try #require(controller.collectionView.visibleCells.first?.superview as? UIScrollView)
        return (stage, controller, row)
    }

    @Test("group paging: a swipe turns one card, the next card's leading edge at the inset; a tap then selects the card under it")
    func groupPagingCarousel() throws {
        let (stage, controller, row) = try carousel(.groupPaging)
        let delegate = FeedDelegate()
        controller.collectionView.delegate = delegate
        // Cards are 0.8 × 268 = 214.4 pt wide, 224.4 pt apart.
        stage.drag(from: CGPoint(x: 200, y: 75), by: CGPoint(x: -80, y: 0), over: 0.2, release: CGPoint(x: -600, y: 0), at: 0.1)
        stage.advance(to: 2)
        #expect(abs(row.contentOffset.x - 224.4) < 1e-6, "one card: \(row.contentOffset.x)")
        #expect(controller.collectionView.contentOffset == .zero, "the feed itself did not move")
        stage.tap(CGPoint(x: 100, y: 75), at: 2.1)
        stage.advance(to: 2.5)
        #expect(delegate.selected == [IndexPath(item: 1, section: 0)], "the second card lies under x 100 now")

        let (other, _, centredRow) = try carousel(.groupPagingCentered)
        other.drag(from: CGPoint(x: 200, y: 75), by: CGPoint(x: -80, y: 0), over: 0.2, release: CGPoint(x: -600, y: 0), at: 0.1)
        other.advance(to: 2)
        // The second card's middle (16 + 224.4 + 107.2 = 347.6) at the middle of the 300 pt row.
        #expect(abs(centredRow.contentOffset.x - 197.6) < 1e-6, "\(centredRow.contentOffset.x)")
    }

    @Test("paging turns the row a whole width; continuous rests where the fling ends; a vertical drag scrolls the feed instead")
    func pagingAndContinuous() throws {
        let (stage, _, row) = try carousel(.paging, size: CGSize(width: 300, height: 200))
        stage.drag(from: CGPoint(x: 200, y: 75), by: CGPoint(x: -80, y: 0), over: 0.2, release: CGPoint(x: -600, y: 0), at: 0.1)
        stage.advance(to: 2)
        #expect(row.contentOffset.x == 300)

        let (other, _, free) = try carousel(.continuous, size: CGSize(width: 300, height: 200))
        other.drag(from: CGPoint(x: 200, y: 75), by: CGPoint(x: -80, y: 0), over: 0.2, release: CGPoint(x: -300, y: 0), at: 0.1)
        other.advance(to: 6)
        let rested = free.contentOffset.x
        #expect(rested > 80 && rested < 900 && abs(rested.truncatingRemainder(dividingBy: 224.4)) > 1, "anywhere: \(rested)")
        other.drag(from: CGPoint(x: 150, y: 100), by: CGPoint(x: 0, y: -60), over: 0.3, hold: 0.3, release: .zero, at: 6.1)
        other.advance(to: 6.5)
        #expect(free.contentOffset.x == rested, "a vertical drag leaves the row alone")
    }
}
