import Foundation

/// What changed between two snapshots with the same sections in the same order, as index
/// paths: items gone (old paths), items new (new paths), items that changed place (old → new),
/// and items marked for reloading (new paths). Nil when the sections changed (the view reloads).
struct SnapshotDifference {
    var deleted: [IndexPath] = []
    var inserted: [IndexPath] = []
    var moved: [(from: IndexPath, to: IndexPath)] = []
    var reloaded: [IndexPath] = []

    init?<S: Hashable, I: Hashable>(from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>) {
        guard old.sections == new.sections else { return nil }
        func places(_ snapshot: NSDiffableDataSourceSnapshot<S, I>) -> [I: IndexPath] {
            var out: [I: IndexPath] = [:]
            for (s, items) in snapshot.itemsBySection.enumerated() {
                for (i, item) in items.enumerated() { out[item] = IndexPath(item: i, section: s) }
            }
            return out
        }
        let before = places(old), after = places(new)
        for (s, items) in old.itemsBySection.enumerated() {
            for (i, item) in items.enumerated() {
                let from = IndexPath(item: i, section: s)
                if let to = after[item] {
                    if to != from { moved.append((from, to)) }
                } else {
                    deleted.append(from)
                }
            }
        }
        for (s, items) in new.itemsBySection.enumerated() {
            for (i, item) in items.enumerated() where before[item] == nil { inserted.append(IndexPath(item: i, section: s)) }
        }
        let reloads = Set(new.reloadedItemIdentifiers + new.reconfiguredItemIdentifiers)
        let reloadedSections = Set(new.reloadedSectionIdentifiers.compactMap(new.indexOfSection))
        reloaded = after.filter { reloads.contains($0.key) || reloadedSections.contains($0.value.section) }.map(\.value).sorted()
    }

    var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && moved.isEmpty && reloaded.isEmpty }
}
