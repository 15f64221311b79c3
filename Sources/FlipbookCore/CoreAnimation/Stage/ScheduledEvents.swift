import Foundation

/// Events scheduled on the Stage clock, kept in firing order (time, then scheduling order), so
/// finding what is due by a time looks at those events only, and firing the next one takes it
/// from the front. A touch script of 10,000 steps schedules 10,000 events; scanning all of them
/// after each one fired made such a script quadratic (11 s for 10,000 steps).
struct ScheduledEvents {
    struct Item {
        var time: Double
        var sequence: Int
        var label: String?
        var action: () -> Void
    }

    private var items: [Item] = []
    /// Items before `head` have fired (compacted away once they are half the array).
    private var head = 0

    var isEmpty: Bool { head == items.count }

    /// Adds an item after every item due at or before its time (scheduling order breaks ties).
    mutating func insert(_ item: Item) {
        if items.last.map({ $0.time <= item.time }) ?? true {
            items.append(item)
            return
        }
        var lo = head, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].time <= item.time { lo = mid + 1 } else { hi = mid }
        }
        items.insert(item, at: lo)
    }

    /// The items due at or before `limit`, in firing order.
    func due(upTo limit: Double) -> ArraySlice<Item> {
        var lo = head, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].time <= limit { lo = mid + 1 } else { hi = mid }
        }
        return items[head..<lo]
    }

    /// The first item, if it is due at or before `limit`.
    func first(dueBy limit: Double) -> Item? {
        head < items.count && items[head].time <= limit ? items[head] : nil
    }

    /// Takes out the item with `sequence` (usually the first).
    mutating func remove(sequence: Int) -> Item? {
        guard let index = items[head...].firstIndex(where: { $0.sequence == sequence }) else { return nil }
        let item = items[index]
        if index == head { head += 1 } else { items.remove(at: index) }
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    /// Drops every item due at or before `instant`.
    mutating func removeAll(upTo instant: Double) {
        items.removeAll { $0.time <= instant }
        items.removeFirst(min(head, items.count))
        head = 0
    }
}
