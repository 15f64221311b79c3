import FlipbookCore
import Foundation

/// A table's data source that shows a snapshot of identifiers: `apply` inserts and deletes the
/// rows that changed (a row that moves leaves and arrives), over 0.3 s unless
/// `defaultRowAnimation` is `.none`, as UIKit's diffable data source does. It makes itself the
/// table's data source; keep it.
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject,
    UITableViewDataSource
{
    /// Makes the cell for an item (nil: a plain cell and a Stage warning).
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    /// The snapshot type this data source shows.
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var store = SnapshotStore<SectionIdentifierType, ItemIdentifierType>()
    /// How rows come and go when a snapshot is applied with animation.
    open var defaultRowAnimation = UITableView.RowAnimation.automatic

    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// A copy of what the table shows.
    open func snapshot() -> Snapshot { store.current }

    /// Shows `snapshot`; with `animatingDifferences` the changed rows slide and fade (a change
    /// of sections reloads), else at once.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let difference = store.replace(with: snapshot)
        guard let tableView else { return completion?() ?? () }
        guard animatingDifferences, tableView.window != nil, let change = difference else {
            tableView.reloadData()
            return completion?() ?? ()
        }
        let deleted = change.deleted + change.moved.map(\.from), inserted = change.inserted + change.moved.map(\.to)
        if !deleted.isEmpty || !inserted.isEmpty {
            tableView.updateRows(inserting: Set(inserted), deleting: Set(deleted), animation: defaultRowAnimation)
        }
        if !change.reloaded.isEmpty { tableView.reloadRows(at: change.reloaded, with: .none) }
        completion?()
    }

    /// Shows `snapshot` at once, asking for every cell again.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    /// The item shown at `indexPath` (nil when there is none).
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        store.item(inSection: indexPath.section, at: indexPath.row)
    }

    /// Where `itemIdentifier` is shown (nil when it is not in the snapshot).
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        store.current.indexPath(of: itemIdentifier).map { IndexPath(row: $0.item, section: $0.section) }
    }

    /// The section at `index`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { store.section(at: index) }

    /// Where the section is.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { store.current.indexOfSection(sectionIdentifier) }

    // MARK: UITableViewDataSource (answered from the snapshot)

    open func numberOfSections(in tableView: UITableView) -> Int { store.current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        store.count(inSection: section)
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            Stage.current?.warnOnce(
                "diffable row \(ObjectIdentifier(self))", "UITableViewDiffableDataSource: the cell provider gave no cell")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }
}
