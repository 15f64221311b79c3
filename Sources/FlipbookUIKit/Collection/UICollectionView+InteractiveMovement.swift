import FlipbookCore
import Foundation

/// An item a finger is moving: where it came from, the place it would drop into now, and where
/// the finger holds its centre (content coordinates).
struct InteractiveMove {
    var source: IndexPath
    var target: IndexPath
    var position: CGPoint

    /// The place the item at `path` shows in while the move is under way: the moving item at
    /// the target, the items between shifted one place towards where it came from.
    func displayed(_ path: IndexPath) -> IndexPath {
        guard path.section == source.section else { return path }
        if path == source { return target }
        if source.item < target.item, path.item > source.item, path.item <= target.item {
            return IndexPath(item: path.item - 1, section: path.section)
        }
        if target.item < source.item, path.item >= target.item, path.item < source.item {
            return IndexPath(item: path.item + 1, section: path.section)
        }
        return path
    }
}

/// Moving an item with a finger (UIKit's interactive movement; timing-model.md 11.8, rule 6):
/// the item follows the position it is given, and the others make room for it in 0.25 s [proj]
/// each time the place under it changes; at the end the data source moves it and it settles into
/// its place, or, cancelled, every item goes back. Moves stay within the item's section [proj].
extension UICollectionView {
    /// Starts moving the item at `indexPath` (false when it is not on screen, or the data source
    /// says it cannot move, or a move is under way).
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        layoutIfNeeded()
        guard interactiveMove == nil, let cell = onScreen[indexPath],
            dataSource?.collectionView(self, canMoveItemAt: indexPath) ?? false
        else { return false }
        interactiveMove = InteractiveMove(source: indexPath, target: indexPath, position: cell.center)
        return true
    }

    /// The finger holds the moving item's centre at `targetPosition` (the collection view's own
    /// coordinates); the items make room where it would drop.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard var move = interactiveMove else { return }
        move.position = targetPosition
        var proposed = move.target
        if let slot = indexPathForItem(at: targetPosition), slot.section == move.source.section {
            proposed = slot
        }
        let target =
            collectionDelegate?.collectionView(self, targetIndexPathForMoveFromItemAt: move.source, toProposedIndexPath: proposed)
            ?? proposed
        let moved =
            target != move.target && target.section == move.source.section
            && target.item < numberOfItems(inSection: target.section)
        if moved { move.target = target }
        interactiveMove = move
        if moved {
            UIView.animate(withDuration: 0.25) { self.placeMovingItems() }
        } else {
            placeMovingItems()
        }
    }

    /// The move ends where it would drop: the data source moves the item, which settles into place.
    public func endInteractiveMovement() {
        guard let move = interactiveMove else { return }
        dataSource?.collectionView(self, moveItemAt: move.source, to: move.target)
        var placed: [IndexPath: UICollectionViewCell] = [:]
        for (path, cell) in onScreen { placed[move.displayed(path)] = cell }
        onScreen = placed
        selected = Set(selected.map { move.displayed($0) })
        interactiveMove = nil
        invalidateItems()
        UIView.animate(withDuration: 0.25) { self.layoutItems(appearing: []) }
    }

    /// The move is called off: every item goes back to its place.
    public func cancelInteractiveMovement() {
        guard interactiveMove != nil else { return }
        interactiveMove = nil
        UIView.animate(withDuration: 0.25) { self.layoutItems(appearing: []) }
    }

    /// Places the cells of a move under way: each in the place it shows in, the moving one under
    /// the finger, above the others.
    func placeMovingItems() {
        guard let move = interactiveMove else { return }
        let layout = preparedLayout
        for (path, cell) in onScreen {
            guard let attributes = layout.layoutAttributesForItem(at: move.displayed(path)) else { continue }
            apply(attributes, to: cell)
            if path == move.source {
                UIView.performWithoutAnimation {
                    cell.center = move.position
                    cell.layer.zPosition = CGFloat(attributes.zIndex) + 1
                }
            }
        }
    }
}
