import FlipbookCore
import Foundation

/// A collection view's data source that shows a snapshot of identifiers: `apply` works out
/// what changed and moves, inserts and deletes those items (timing-model.md 11.8), as UIKit's
/// diffable data source does. It makes itself the collection view's data source; keep it.
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject,
    UICollectionViewDataSource
{
    /// Makes the cell for an item (nil: a plain cell and a Stage warning).
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    /// The snapshot type this data source shows.
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var store = SnapshotStore<SectionIdentifierType, ItemIdentifierType>()
    /// Gives section headers and footers.
    open var supplementaryViewProvider: SupplementaryViewProvider?

    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// A copy of what the collection view shows.
    open func snapshot() -> Snapshot { store.current }

    /// Shows `snapshot`: with `animatingDifferences`, items slide to their new places, new ones
    /// fade in and gone ones out over 0.3 s (a change of sections reloads); else at once.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let difference = store.replace(with: snapshot)
        guard let collectionView else { return completion?() ?? () }
        guard animatingDifferences, collectionView.window != nil, let change = difference else {
            collectionView.reloadData()
            return completion?() ?? ()
        }
        guard !change.isEmpty else { return completion?() ?? () }
        collectionView.performBatchUpdates(
            {
                collectionView.deleteItems(at: change.deleted)
                collectionView.insertItems(at: change.inserted)
                for move in change.moved { collectionView.moveItem(at: move.from, to: move.to) }
            }, completion: { _ in completion?() })
        if !change.reloaded.isEmpty { collectionView.reloadItems(at: change.reloaded) }
    }

    /// Shows `snapshot` at once, asking for every cell again.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    /// The item shown at `indexPath` (nil when there is none).
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        store.item(inSection: indexPath.section, at: indexPath.item)
    }

    /// Where `itemIdentifier` is shown (nil when it is not in the snapshot).
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { store.current.indexPath(of: itemIdentifier) }

    /// The section at `index`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { store.section(at: index) }

    /// Where the section is.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { store.current.indexOfSection(sectionIdentifier) }

    // MARK: UICollectionViewDataSource (answered from the snapshot)

    open func numberOfSections(in collectionView: UICollectionView) -> Int { store.current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        store.count(inSection: section)
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            Stage.current?.warnOnce(
                "diffable cell \(ObjectIdentifier(self))", "UICollectionViewDiffableDataSource: the cell provider gave no cell")
            return UICollectionViewCell(frame: .zero)
        }
        return cell
    }

    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? UICollectionReusableView(frame: .zero)
    }
}
