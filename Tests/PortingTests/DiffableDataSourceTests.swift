import Flipbook
import Foundation
import Testing

/// Diffable data sources (timing-model.md 11.8), written as a modern iOS screen writes them:
/// a snapshot of identifiers, cell registrations, and `apply` moving what changed.
@Suite("diffable data sources")
struct DiffableDataSourceTests {
    // ---- iOS code (one edit: `required` on the cell's init(frame:)) ----
    final class NameCell: UICollectionViewCell {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            label.frame = contentView.bounds
            contentView.addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class ContactsController: UIViewController {
        enum Section { case favourites, everyone }
        struct Contact: Hashable {
            let id: Int
            var name: String
            static func == (a: Contact, b: Contact) -> Bool { a.id == b.id }
            func hash(into hasher: inout Hasher) { hasher.combine(id) }
        }

        var collectionView: UICollectionView!
        var dataSource: UICollectionViewDiffableDataSource<Section, Contact>!
        var applied = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 300, height: 40)
            layout.minimumLineSpacing = 0
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
            view.addSubview(collectionView)
            let registration = UICollectionView.CellRegistration<NameCell, Contact> { cell, _, contact in
                cell.label.text = contact.name
            }
            dataSource = UICollectionViewDiffableDataSource<Section, Contact>(collectionView: collectionView) {
                collectionView, indexPath, contact in
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: contact)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Section, Contact>()
            snapshot.appendSections([.favourites, .everyone])
            snapshot.appendItems([Contact(id: 1, name: "Ada")], toSection: .favourites)
            snapshot.appendItems(
                ["Bob", "Cy", "Di"].enumerated().map { Contact(id: $0.offset + 2, name: $0.element) }, toSection: .everyone)
            dataSource.apply(snapshot, animatingDifferences: false)
        }

        func rearrange() {
            var snapshot = dataSource.snapshot()
            let bob = Contact(id: 2, name: "Bob"), di = Contact(id: 4, name: "Di")
            snapshot.deleteItems([Contact(id: 3, name: "")])
            snapshot.moveItem(di, beforeItem: bob)
            snapshot.appendItems([Contact(id: 5, name: "Eve")])
            dataSource.apply(snapshot) { self.applied += 1 }
        }
    }
    // ---- end ----

    func names(_ controller: ContactsController, section: Int) -> [String] {
        (0..<controller.collectionView.numberOfItems(inSection: section)).map {
            (controller.collectionView.cellForItem(at: IndexPath(item: $0, section: section)) as? NameCell)?.label.text ?? "-"
        }
    }

    @Test("a snapshot fills the collection view; applying a change slides kept items, fades the new in and the gone out")
    func applyAnimates() throws {
        let controller = ContactsController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 400), scale: 1)
        stage.advance(to: 0.1)
        #expect(names(controller, section: 0) == ["Ada"] && names(controller, section: 1) == ["Bob", "Cy", "Di"])
        let di = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 2, section: 1)))
        let cy = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 1, section: 1)))
        let diBefore = di.center.y
        controller.rearrange()
        stage.advance(to: 0.25)
        let diMid = di.layer.presentation()?.position.y ?? di.center.y
        #expect(diMid < diBefore - 5 && diMid > diBefore - 75, "Di slides up past Bob: \(diBefore) → \(diMid)")
        #expect(controller.applied == 0, "the completion waits for the animation")
        stage.advance(to: 0.5)
        #expect(names(controller, section: 1) == ["Di", "Bob", "Eve"] && controller.applied == 1)
        #expect(di.center.y == 60, "Di at the top of its section, under Ada's row")
        #expect(cy.isHidden || cy.alpha == 0 || cy.superview == nil, "Cy is gone")
        #expect(controller.dataSource.indexPath(for: .init(id: 5, name: "")) == IndexPath(item: 2, section: 1))
        #expect(controller.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1))?.name == "Di")
        #expect(controller.dataSource.sectionIdentifier(for: 1) == .everyone && controller.dataSource.index(for: .favourites) == 0)
    }

    @Test("an item equal by identity is not asked for again until reconfigured; a change of sections reloads")
    func reloadsAndSections() {
        let controller = ContactsController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 400), scale: 1)
        stage.advance(to: 0.1)
        // Bob renamed: a Contact is identified by its id, so, as on iOS, the diff sees the same
        // item moved after Cy and keeps its cell ("Bob") until the item is reconfigured.
        var snapshot = controller.dataSource.snapshot()
        snapshot.deleteItems([.init(id: 2, name: "")])
        snapshot.insertItems([.init(id: 2, name: "Robert")], afterItem: .init(id: 3, name: ""))
        controller.dataSource.apply(snapshot)
        stage.advance(to: 0.5)
        #expect(names(controller, section: 1) == ["Cy", "Bob", "Di"])
        var renamed = controller.dataSource.snapshot()
        renamed.reconfigureItems([.init(id: 2, name: "")])
        #expect(renamed.reconfiguredItemIdentifiers.count == 1)
        controller.dataSource.apply(renamed)
        stage.advance(to: 0.6)
        #expect(names(controller, section: 1) == ["Cy", "Robert", "Di"])
        #expect(controller.dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty, "reloads are not kept once applied")

        var fewer = controller.dataSource.snapshot()
        fewer.deleteSections([.favourites])
        controller.dataSource.apply(fewer)
        stage.advance(to: 0.7)
        #expect(controller.collectionView.numberOfSections == 1 && names(controller, section: 0) == ["Cy", "Robert", "Di"])
    }

    @Test("a snapshot's edits and queries: order, places, sections; duplicates refused with a warning")
    func snapshotAPI() {
        let stage = Stage(size: CGSize(width: 10, height: 10), scale: 1)
        var s = NSDiffableDataSourceSnapshot<String, Int>()
        s.appendItems([1])
        #expect(s.numberOfItems == 0, "no section to append to")
        s.appendSections(["a", "c"])
        s.insertSections(["b"], beforeSection: "c")
        s.appendItems([1, 2, 3], toSection: "a")
        s.appendItems([4, 5])
        s.insertItems([6], afterItem: 1)
        s.moveItem(5, beforeItem: 2)
        s.moveSection("c", beforeSection: "a")
        #expect(s.sectionIdentifiers == ["c", "a", "b"] && s.itemIdentifiers == [4, 1, 6, 5, 2, 3])
        #expect(s.indexOfItem(2) == 4 && s.sectionIdentifier(containingItem: 5) == "a" && s.numberOfItems(inSection: "c") == 1)
        s.appendItems([2, 7, 7], toSection: "b")
        #expect(s.itemIdentifiers(inSection: "b") == [7] && stage.warnings.count == 3, "\(stage.warnings)")
        s.deleteSections(["a"])
        #expect(s.itemIdentifiers == [4, 7] && s.indexOfItem(1) == nil && s.numberOfItems == 2)
        s.reloadItems([7, 99])
        #expect(s.reloadedItemIdentifiers == [7])
        s.deleteAllItems()
        #expect(s.numberOfSections == 0 && s.numberOfItems == 0)
    }

    @Test("a table's diffable data source inserts and deletes rows by identifier")
    func tableDataSource() {
        final class ListController: UITableViewController {
            var source: UITableViewDiffableDataSource<Int, String>!
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
                source = UITableViewDiffableDataSource<Int, String>(tableView: tableView) { tableView, indexPath, name in
                    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                    cell.textLabel?.text = name
                    return cell
                }
                var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
                snapshot.appendSections([0])
                snapshot.appendItems(["one", "two", "three"])
                source.apply(snapshot, animatingDifferences: false)
            }
        }
        let controller = ListController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 400), scale: 1)
        stage.advance(to: 0.1)
        func rows() -> [String] {
            (0..<controller.tableView.numberOfRows(inSection: 0)).map {
                controller.tableView.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text ?? "-"
            }
        }
        #expect(rows() == ["one", "two", "three"])
        var snapshot = controller.source.snapshot()
        snapshot.deleteItems(["two"])
        snapshot.insertItems(["zero"], beforeItem: "one")
        controller.source.apply(snapshot)
        stage.advance(to: 0.6)
        #expect(rows() == ["zero", "one", "three"] && controller.source.indexPath(for: "three") == IndexPath(row: 2, section: 0))
    }
}
