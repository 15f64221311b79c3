import Foundation

/// What a diffable data source keeps: the snapshot it shows, read by section and index.
struct SnapshotStore<Section: Hashable, Item: Hashable> {
    private(set) var current = NSDiffableDataSourceSnapshot<Section, Item>()

    /// Shows `new` from now on (its marks for reloading are not kept) and returns what changed
    /// since the old one, or nil when its sections changed.
    mutating func replace(with new: NSDiffableDataSourceSnapshot<Section, Item>) -> SnapshotDifference? {
        let old = current
        current = new
        current.clearReloads()
        return SnapshotDifference(from: old, to: new)
    }

    func count(inSection section: Int) -> Int {
        section >= 0 && section < current.itemsBySection.count ? current.itemsBySection[section].count : 0
    }

    func item(inSection section: Int, at index: Int) -> Item? {
        index >= 0 && index < count(inSection: section) ? current.itemsBySection[section][index] : nil
    }

    func section(at index: Int) -> Section? {
        index >= 0 && index < current.sections.count ? current.sections[index] : nil
    }
}
