import FlipbookCore
import Foundation

/// Row selection as far as ported code calls it: a Stage has no taps, so rows are selected
/// only by code; a selected cell reports `isSelected` (its look does not change).
extension UITableView {
    /// The selected row, if any.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.sorted().first }

    /// The selected rows (nil when none).
    public var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows.sorted() }

    /// Selects `indexPath` (nil deselects all); the table does not scroll.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        for old in selectedRows { cellForRow(at: old)?.isSelected = false }
        selectedRows = indexPath.map { [$0] } ?? []
        if let indexPath { cellForRow(at: indexPath)?.isSelected = true }
    }

    /// Deselects `indexPath` (what a row's tap handler calls first).
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selectedRows.remove(indexPath)
        cellForRow(at: indexPath)?.isSelected = false
    }
}
