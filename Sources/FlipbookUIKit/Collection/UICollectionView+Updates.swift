import FlipbookCore
import Foundation

/// Items inserted and deleted in one batch, by their index paths before (deleted) and after
/// (inserted) the batch, as UIKit reads them.
struct ItemUpdates {
    var inserted: Set<IndexPath> = []
    var deleted: Set<IndexPath> = []
    var moved: [(from: IndexPath, to: IndexPath)] = []

    /// Where an item at `path` before the batch is after it (nil: deleted).
    func destination(of path: IndexPath) -> IndexPath? {
        if deleted.contains(path) { return nil }
        if let move = moved.first(where: { $0.from == path }) { return move.to }
        let movedAway = moved.map(\.from), movedIn = moved.map(\.to)
        var item = path.item
        item -= (deleted.union(movedAway)).filter { $0.section == path.section && $0.item < path.item }.count
        for arrival in inserted.union(movedIn).sorted() where arrival.section == path.section && arrival.item <= item { item += 1 }
        return IndexPath(item: item, section: path.section)
    }
}

extension UICollectionView {
    /// Runs `updates` (inserts, deletes, moves, reloads) as one change: the items on screen move
    /// to their new places over 0.3 s, inserted items fade in and deleted ones out; `completion`
    /// runs when the animation ends (timing-model.md 11.8).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let outer = pendingUpdates == nil
        if outer { pendingUpdates = ItemUpdates() }
        updates?()
        guard outer, let batch = pendingUpdates else { return }
        pendingUpdates = nil
        apply(batch, completion: completion)
    }

    public func insertItems(at indexPaths: [IndexPath]) {
        record { $0.inserted.formUnion(indexPaths) }
    }

    public func deleteItems(at indexPaths: [IndexPath]) {
        record { $0.deleted.formUnion(indexPaths) }
    }

    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.moved.append((indexPath, newIndexPath)) }
    }

    /// Asks the data source for these items' cells again.
    public func reloadItems(at indexPaths: [IndexPath]) {
        for path in indexPaths { if let cell = onScreen[path] { recycle(cell, at: path) } }
        invalidateItems()
    }

    /// Asks the data source for these sections again (their items are laid out anew).
    public func reloadSections(_ sections: IndexSet) {
        for (path, cell) in onScreen.sorted(by: { $0.key < $1.key }) where sections.contains(path.section) { recycle(cell, at: path) }
        invalidateItems()
    }

    /// An insert, delete or move outside a batch is a batch of its own.
    private func record(_ change: (inout ItemUpdates) -> Void) {
        guard var batch = pendingUpdates else {
            var alone = ItemUpdates()
            change(&alone)
            apply(alone, completion: nil)
            return
        }
        change(&batch)
        pendingUpdates = batch
    }

    private func apply(_ batch: ItemUpdates, completion: ((Bool) -> Void)?) {
        let before = onScreen
        onScreen = [:]
        var leaving: [UICollectionViewCell] = []
        for (path, cell) in before.sorted(by: { $0.key < $1.key }) {
            if let destination = batch.destination(of: path) {
                onScreen[destination] = cell
            } else {
                leaving.append(cell)
            }
        }
        selected = Set(selected.compactMap { batch.destination(of: $0) })
        invalidateItems()
        UIView.animate(
            withDuration: 0.3,
            animations: {
                self.layoutItems(appearing: batch.inserted.union(batch.moved.map(\.to)).filter { before[$0] == nil })
                for cell in leaving { cell.alpha = 0 }
            },
            completion: { finished in
                for cell in leaving where !self.onScreen.values.contains(where: { $0 === cell }) {
                    UIView.performWithoutAnimation {
                        cell.isHidden = true
                        cell.alpha = 1
                    }
                    cell.removeFromSuperview()
                }
                completion?(finished)
            })
    }

    // MARK: Selection

    /// The selected items, in order (nil when none).
    public var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects `indexPath` (nil deselects all) without asking or telling the delegate, as UIKit
    /// does; scrolls to it when `scrollPosition` says where.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if !allowsMultipleSelection || indexPath == nil {
            for old in selected { onScreen[old]?.isSelected = false }
            selected = []
        }
        guard let indexPath else { return }
        selected.insert(indexPath)
        onScreen[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.remove(indexPath)
        onScreen[indexPath]?.isSelected = false
    }

    // MARK: Taps

    /// Highlights the item under a finger that comes down, when the delegate allows it.
    func highlightItem(under touch: UITouch) {
        guard let path = indexPathForItem(at: touch.location(in: self)) else { return }
        if collectionDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true { onScreen[path]?.isHighlighted = true }
    }

    /// A tap on an item selects it (deselecting the others unless several may be selected), or
    /// deselects it when several may be and it was; the delegate is asked and told.
    func selectItem(tappedBy touch: UITouch) {
        for cell in onScreen.values { cell.isHighlighted = false }
        guard allowsSelection, let path = indexPathForItem(at: touch.location(in: self)) else { return }
        if selected.contains(path) {
            guard allowsMultipleSelection, collectionDelegate?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
            deselectItem(at: path, animated: false)
            collectionDelegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selected.sorted() {
                deselectItem(at: old, animated: false)
                collectionDelegate?.collectionView(self, didDeselectItemAt: old)
            }
        }
        selected.insert(path)
        onScreen[path]?.isSelected = true
        collectionDelegate?.collectionView(self, didSelectItemAt: path)
    }
}
