import Flipbook
import Foundation
import Testing

/// Lists as iOS 14+ screens write them (timing-model.md 11.8 rule 8): a settings screen of list
/// cells filled through `defaultContentConfiguration()`, grouped headers, and a table row with a
/// content configuration.
@Suite("list configurations")
struct ListConfigurationTests {
    // ---- iOS code (as written) ----
    final class SettingsController: UIViewController {
        struct Row: Hashable {
            let title: String
            let detail: String?
        }
        var collectionView: UICollectionView!
        var dataSource: UICollectionViewDiffableDataSource<Int, Row>!
        let appearance: UICollectionLayoutListConfiguration.Appearance

        init(appearance: UICollectionLayoutListConfiguration.Appearance) {
            self.appearance = appearance
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            super.viewDidLoad()
            var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
            configuration.headerMode = .supplementary
            let layout = UICollectionViewCompositionalLayout.list(using: configuration)
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
            collectionView.backgroundColor = .systemGroupedBackground
            view.addSubview(collectionView)
            let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Row> { cell, _, row in
                var content = cell.defaultContentConfiguration()
                content.text = row.title
                content.secondaryText = row.detail
                content.image = UIImage(systemName: "star.fill")
                content.imageProperties.tintColor = .systemOrange
                cell.contentConfiguration = content
                cell.accessories = [.disclosureIndicator()]
            }
            let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
                elementKind: UICollectionView.elementKindSectionHeader
            ) { header, _, indexPath in
                var content = UIListContentConfiguration.groupedHeader()
                content.text = indexPath.section == 0 ? "General" : "Privacy"
                header.contentConfiguration = content
            }
            dataSource = UICollectionViewDiffableDataSource<Int, Row>(collectionView: collectionView) { collectionView, indexPath, row in
                collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: row)
            }
            dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
                collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, Row>()
            snapshot.appendSections([0, 1])
            snapshot.appendItems([Row(title: "About", detail: nil), Row(title: "Storage", detail: "12 GB free")], toSection: 0)
            snapshot.appendItems([Row(title: "Location", detail: nil)], toSection: 1)
            dataSource.apply(snapshot, animatingDifferences: false)
        }
    }
    // ---- end ----

    /// The settings screen with `appearance`, laid out on a Stage of `size`.
    static func shown(_ appearance: UICollectionLayoutListConfiguration.Appearance, size: CGSize = CGSize(width: 375, height: 667))
        -> (Stage, SettingsController)
    {
        let controller = SettingsController(appearance: appearance)
        let stage = Stage.hosting(controller, size: size)
        stage.advance(to: 0)
        return (stage, controller)
    }

    static func contentView(of cell: UIView?) -> UIListContentView? {
        (cell as? UICollectionViewCell)?.contentView.subviews.compactMap { $0 as? UIListContentView }.first
    }

    static func labels(_ view: UIView) -> [UILabel] { view.subviews.compactMap { $0 as? UILabel } }

    @Test("an inset grouped list: rows inset 20 pt, 44 pt high, sections after their headers; each row's content in its list content view")
    func insetGroupedList() throws {
        let (stage, controller) = Self.shown(.insetGrouped)
        defer { withExtendedLifetime(stage) {} }
        let collectionView = controller.collectionView!
        let frames = [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 1)].map {
            collectionView.layoutAttributesForItem(at: $0)!.frame
        }
        #expect(frames[0].minX == 20 && frames[0].width == 335 && frames[0].height == 44)
        #expect(frames[1].minY == frames[0].maxY, "rows touch")
        let header = try #require(
            collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)))
        #expect(header.frame.minY == frames[1].maxY && frames[2].minY == header.frame.maxY, "the second section's header between")

        let storage = try #require(Self.contentView(of: collectionView.cellForItem(at: IndexPath(item: 1, section: 0))))
        let texts = Self.labels(storage).filter { !$0.isHidden }.map { $0.text ?? "" }
        #expect(texts == ["Storage", "12 GB free"])
        let title = Self.labels(storage)[0], detail = Self.labels(storage)[1]
        #expect(detail.frame.minY > title.frame.maxY, "a subtitle under the text")
        #expect(abs((title.frame.minY + detail.frame.maxY) / 2 - 22) < 0.5, "the two lines centred down the row")
        let image = try #require(storage.subviews.compactMap { $0 as? UIImageView }.first)
        #expect(
            image.frame.minX == 16 && abs(title.frame.minX - (16 + image.frame.width + 16)) < 1e-9, "image at the margin, text 16 pt after")
        #expect(image.tintColor == .systemOrange)
        let headerLabel = try #require(Self.contentView(of: header).map(Self.labels)?.first)
        #expect(headerLabel.text == "Privacy" && headerLabel.font.pointSize == 13)
    }

    @Test("inset grouped rows: white, the section's outer corners rounded, separators from the text under all but the last row")
    func rowBackgroundsAndSeparators() throws {
        let (stage, controller) = Self.shown(.insetGrouped)
        defer { withExtendedLifetime(stage) {} }
        let collectionView = controller.collectionView!
        let first = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        let last = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        let alone = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 1)))
        #expect(first.backgroundColor == .secondarySystemGroupedBackground)
        #expect(first.layer.cornerRadius == 10 && first.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(last.layer.maskedCorners == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(alone.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        func separator(_ cell: UICollectionViewCell) -> UIView? {
            cell.subviews.first { $0 !== cell.contentView && $0.backgroundColor == .separator && !$0.isHidden }
        }
        let line = try #require(separator(first))
        let text = try #require(Self.contentView(of: first).map(Self.labels)?.first)
        #expect(line.frame.minX == text.frame.minX && line.frame.maxX == first.bounds.width && line.frame.maxY == first.bounds.height)
        #expect(separator(last) == nil && separator(alone) == nil, "none under a section's last row")

        let (plainStage, plain) = Self.shown(.plain)
        defer { withExtendedLifetime(plainStage) {} }
        let row = try #require(plain.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(row.backgroundColor == .systemBackground && row.layer.cornerRadius == 0)
    }

    @Test("a plain list spans the width; setting a new configuration keeps the content view and shows the new text")
    func plainListReconfigured() throws {
        let (stage, controller) = Self.shown(.plain, size: CGSize(width: 320, height: 480))
        defer { withExtendedLifetime(stage) {} }
        let collectionView = controller.collectionView!
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.width == 320)
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        let view = try #require(Self.contentView(of: cell))
        var content = cell.defaultContentConfiguration()
        content.text = "Renamed"
        cell.contentConfiguration = content
        #expect(Self.contentView(of: cell) === view, "the same kind of configuration: the same view")
        #expect(Self.labels(view)[0].text == "Renamed" && Self.labels(view)[1].isHidden)
        cell.contentConfiguration = nil
        #expect(Self.contentView(of: cell) == nil)
    }

    @Test("a table row's content configuration replaces its text label; a value cell puts its secondary text at the trailing edge")
    func tableRow() throws {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: "row")
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        cell.textLabel?.text = "Old"
        var content = cell.defaultContentConfiguration()
        content.text = "Wi-Fi"
        content.secondaryText = "Home"
        cell.contentConfiguration = content
        cell.layoutIfNeeded()
        #expect(cell.textLabel?.isHidden == true)
        let view = try #require(cell.contentView.subviews.compactMap { $0 as? UIListContentView }.first)
        view.layoutIfNeeded()
        let title = Self.labels(view)[0], value = Self.labels(view)[1]
        #expect(title.frame.minX == 16 && abs(value.frame.maxX - 304) < 1e-9, "16 pt margins")
        #expect(abs(title.frame.midY - value.frame.midY) < 0.5, "one line")
        #expect(value.textColor == .secondaryLabel)
    }
}
