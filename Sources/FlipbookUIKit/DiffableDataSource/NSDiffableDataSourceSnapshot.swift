import FlipbookCore
import Foundation

/// The sections and items a diffable data source shows, by identifier (UIKit's value type).
/// Identifiers are unique, as UIKit requires: adding one already in the snapshot is refused with
/// a Stage warning (iOS stops the app), and naming one that is not there changes nothing.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    typealias Section = SectionIdentifierType
    typealias Item = ItemIdentifierType

    private(set) var sections: [Section] = []
    private(set) var itemsBySection: [[Item]] = []
    /// Which section each item is in (by the section's identifier).
    private var sectionOfItem: [Item: Section] = [:]
    /// Sections marked to be asked for again when applied.
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []
    /// Items marked to be asked for again when applied.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// Items marked to be filled again (in their cells) when applied.
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []

    public init() {}

    // MARK: Reading

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { sectionOfItem.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { itemsBySection.flatMap { $0 } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { itemIdentifiers(inSection: identifier).count }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        indexOfSection(identifier).map { itemsBySection[$0] } ?? []
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier]
    }

    /// The item's place among all the snapshot's items.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let path = indexPath(of: identifier) else { return nil }
        return itemsBySection[..<path.section].reduce(0) { $0 + $1.count } + path.item
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    /// Where an item is: its section's index and its index in the section.
    func indexPath(of item: Item) -> IndexPath? {
        guard let section = sectionOfItem[item], let s = indexOfSection(section),
            let i = itemsBySection[s].firstIndex(of: item)
        else { return nil }
        return IndexPath(item: i, section: s)
    }

    // MARK: Sections

    /// Adds sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: sections.count)
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let index = indexOfSection(toIdentifier) else { return refuse("section \(toIdentifier) is not in the snapshot") }
        insertSections(identifiers, at: index)
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        guard let index = indexOfSection(toIdentifier) else { return refuse("section \(toIdentifier) is not in the snapshot") }
        insertSections(identifiers, at: index + 1)
    }

    private mutating func insertSections(_ identifiers: [Section], at index: Int) {
        var at = index
        for section in identifiers {
            guard !sections.contains(section) else {
                refuse("section \(section) is already in the snapshot")
                continue
            }
            sections.insert(section, at: at)
            itemsBySection.insert([], at: at)
            at += 1
        }
    }

    /// Removes sections with their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for section in identifiers {
            guard let index = indexOfSection(section) else { continue }
            for item in itemsBySection[index] { sectionOfItem[item] = nil }
            sections.remove(at: index)
            itemsBySection.remove(at: index)
        }
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: false)
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: true)
    }

    private mutating func moveSection(_ section: Section, relativeTo other: Section, after: Bool) {
        guard section != other, let from = indexOfSection(section), indexOfSection(other) != nil else { return }
        let items = itemsBySection.remove(at: from)
        sections.remove(at: from)
        let to = indexOfSection(other)! + (after ? 1 : 0)
        sections.insert(section, at: to)
        itemsBySection.insert(items, at: to)
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        reloadedSectionIdentifiers += identifiers.filter { sections.contains($0) && !reloadedSectionIdentifiers.contains($0) }
    }

    public mutating func reconfigureSections(_ identifiers: [SectionIdentifierType]) { reloadSections(identifiers) }

    // MARK: Items

    /// Adds items at the end of `identifier`'s section, or of the last section when nil.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        guard let section = sectionIdentifier ?? sections.last else { return refuse("there is no section to append items to") }
        guard let index = indexOfSection(section) else { return refuse("section \(section) is not in the snapshot") }
        insertItems(identifiers, inSection: index, at: itemsBySection[index].count)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        guard let path = indexPath(of: beforeIdentifier) else { return refuse("item \(beforeIdentifier) is not in the snapshot") }
        insertItems(identifiers, inSection: path.section, at: path.item)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        guard let path = indexPath(of: afterIdentifier) else { return refuse("item \(afterIdentifier) is not in the snapshot") }
        insertItems(identifiers, inSection: path.section, at: path.item + 1)
    }

    private mutating func insertItems(_ identifiers: [Item], inSection section: Int, at index: Int) {
        var fresh: [Item] = []
        var seen = Set<Item>()
        for item in identifiers {
            guard sectionOfItem[item] == nil, seen.insert(item).inserted else {
                refuse("item \(item) is already in the snapshot: identifiers must be unique")
                continue
            }
            fresh.append(item)
            sectionOfItem[item] = sections[section]
        }
        itemsBySection[section].insert(contentsOf: fresh, at: index)
    }

    /// Removes items (absent ones are ignored).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var gone = Set<Item>()
        for item in identifiers where sectionOfItem.removeValue(forKey: item) != nil { gone.insert(item) }
        guard !gone.isEmpty else { return }
        for s in itemsBySection.indices { itemsBySection[s].removeAll { gone.contains($0) } }
    }

    /// Empties the snapshot: no sections, no items.
    public mutating func deleteAllItems() {
        sections = []
        itemsBySection = []
        sectionOfItem = [:]
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: false)
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: true)
    }

    private mutating func moveItem(_ item: Item, relativeTo other: Item, after: Bool) {
        guard item != other, let from = indexPath(of: item), indexPath(of: other) != nil else { return }
        itemsBySection[from.section].remove(at: from.item)
        let to = indexPath(of: other)!
        itemsBySection[to.section].insert(item, at: to.item + (after ? 1 : 0))
        sectionOfItem[item] = sections[to.section]
    }

    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        reloadedItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil && !reloadedItemIdentifiers.contains($0) }
    }

    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        reconfiguredItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil && !reconfiguredItemIdentifiers.contains($0) }
    }

    /// Forgets which items and sections were marked for reloading (after it is applied).
    mutating func clearReloads() {
        reloadedItemIdentifiers = []
        reloadedSectionIdentifiers = []
        reconfiguredItemIdentifiers = []
    }

    private func refuse(_ message: String) {
        Stage.current?.warn("NSDiffableDataSourceSnapshot: \(message); ignored (iOS stops the app here)")
    }
}

extension NSDiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
