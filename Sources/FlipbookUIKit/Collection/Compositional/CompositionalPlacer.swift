import FlipbookCore
import Foundation

/// Places a compositional layout's sections one after another along its scrolling (timing-model.md
/// 11.8 rule 7), keeping the attributes of the headers and footers it places on the way.
struct CompositionalPlacer {
    /// Whether the layout scrolls vertically (sections stack downwards) or sideways.
    let vertical: Bool
    /// The container's size without its content insets.
    let extent: CGSize
    /// How far along the scrolling the content reaches.
    private(set) var along: CGFloat = 0
    private(set) var supplementary: [UICollectionViewLayoutAttributes] = []

    init(vertical: Bool, extent: CGSize) {
        self.vertical = vertical
        self.extent = extent
    }

    var contentSize: CGSize { vertical ? CGSize(width: extent.width, height: along) : CGSize(width: along, height: extent.height) }

    mutating func advance(by spacing: CGFloat) { along += spacing.isFinite ? max(0, spacing) : 0 }

    /// The attributes of section `index`'s `itemCount` cells, its headers before them and its
    /// footers after, inside its content insets.
    mutating func place(_ section: NSCollectionLayoutSection, index: Int, itemCount: Int) -> [UICollectionViewLayoutAttributes] {
        let insets = section.contentInsets
        placeBoundaryItems(
            section.boundarySupplementaryItems, at: .top, section: index, insets: insets,
            follows: section.supplementariesFollowContentInsets)
        along += vertical ? insets.top : insets.leading
        // Groups size themselves against the section's content area.
        let container = CGSize(
            width: max(0, extent.width - insets.leading - insets.trailing), height: max(0, extent.height - insets.top - insets.bottom))
        var cells: [UICollectionViewLayoutAttributes] = []
        var next = 0
        let spacing = section.interGroupSpacing.isFinite ? max(0, section.interGroupSpacing) : 0
        if section.orthogonalScrollingBehavior == .none {
            var placedAny = false
            while next < itemCount {
                let size = section.group.layoutSize.resolved(in: container)
                let origin = vertical ? CGPoint(x: insets.leading, y: along) : CGPoint(x: along, y: insets.top)
                let before = next
                place(section.group, in: CGRect(origin: origin, size: size), section: index, next: &next, count: itemCount, into: &cells)
                guard next > before else { break }
                along += (vertical ? size.height : size.width) + spacing
                placedAny = true
            }
            if placedAny { along -= spacing }
        } else {
            // One line of groups across the scrolling, as thick as its thickest group.
            var across = vertical ? insets.leading : insets.top
            var thickness: CGFloat = 0
            var groupLength: CGFloat = 0
            while next < itemCount {
                let size = section.group.layoutSize.resolved(in: container)
                let origin = vertical ? CGPoint(x: across, y: along) : CGPoint(x: along, y: across)
                let before = next
                place(section.group, in: CGRect(origin: origin, size: size), section: index, next: &next, count: itemCount, into: &cells)
                guard next > before else { break }
                groupLength = vertical ? size.width : size.height
                across += groupLength + spacing
                thickness = max(thickness, vertical ? size.height : size.width)
            }
            if vertical {
                // The line scrolls sideways in a scroll view of its own (the collection view's).
                let row = OrthogonalRow(
                    section: index, frame: CGRect(x: 0, y: along, width: extent.width, height: thickness),
                    contentWidth: across - (cells.isEmpty ? 0 : spacing) + insets.trailing, behavior: section.orthogonalScrollingBehavior,
                    leadingInset: insets.leading, groupWidth: groupLength, groupStride: groupLength + spacing)
                for attributes in cells { attributes.orthogonalRow = row }
            }
            along += thickness
        }
        if let list = section.listConfiguration {
            for (index, attributes) in cells.enumerated() {
                attributes.listRow = ListRowPlacement(
                    appearance: list.appearance, showsSeparators: list.showsSeparators, isFirst: index == 0,
                    isLast: index == cells.count - 1)
            }
        }
        along += vertical ? insets.bottom : insets.trailing
        placeBoundaryItems(
            section.boundarySupplementaryItems, at: .bottom, section: index, insets: insets,
            follows: section.supplementariesFollowContentInsets)
        return cells
    }

    /// The headers (`edge` .top) or footers (.bottom) among `items`, one after another along
    /// the scrolling; across it they span the section's width (inside its leading and trailing
    /// insets when `follows`) and sit as their alignment says when narrower.
    mutating func placeBoundaryItems(
        _ items: [NSCollectionLayoutBoundarySupplementaryItem], at edge: NSRectAlignment, section: Int, insets: NSDirectionalEdgeInsets,
        follows: Bool
    ) {
        for item in items where Self.edge(of: item.alignment, vertical: vertical) == edge {
            let start = follows ? (vertical ? insets.leading : insets.top) : 0
            let end = follows ? (vertical ? insets.trailing : insets.bottom) : 0
            let span = max(0, (vertical ? extent.width : extent.height) - start - end)
            let size = item.layoutSize.resolved(
                in: vertical ? CGSize(width: span, height: extent.height) : CGSize(width: extent.width, height: span))
            let length = vertical ? size.width : size.height, thickness = vertical ? size.height : size.width
            let across: CGFloat
            switch item.alignment {
            case .topLeading, .bottomLeading: across = start
            case .topTrailing, .bottomTrailing: across = start + span - length
            case .leading, .trailing: across = vertical ? start : start + (span - length) / 2
            default: across = start + (span - length) / 2
            }
            let attributes = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: item.elementKind, with: IndexPath(item: 0, section: section))
            let frame =
                vertical
                ? CGRect(x: across, y: along, width: length, height: thickness)
                : CGRect(x: along, y: across, width: thickness, height: length)
            attributes.frame = Self.inset(frame, by: item.contentInsets)
            attributes.zIndex = item.zIndex
            supplementary.append(attributes)
            along += thickness
        }
    }

    /// Whether `alignment` puts an item before a section's content (.top) or after it (.bottom).
    static func edge(of alignment: NSRectAlignment, vertical: Bool) -> NSRectAlignment {
        switch alignment {
        case .top, .topLeading, .topTrailing: return vertical ? .top : (alignment == .topTrailing ? .bottom : .top)
        case .bottom, .bottomLeading, .bottomTrailing: return vertical ? .bottom : (alignment == .bottomLeading ? .top : .bottom)
        case .leading: return .top
        case .trailing: return .bottom
        case .none: return .none
        }
    }

    /// Lays `group` out in `frame` (inside its content insets), taking items from `next` on.
    private func place(
        _ group: NSCollectionLayoutGroup, in frame: CGRect, section: Int, next: inout Int, count: Int,
        into cells: inout [UICollectionViewLayoutAttributes]
    ) {
        let inner = Self.inset(frame, by: group.contentInsets)
        let horizontal = group.axis == .horizontal
        let length = horizontal ? inner.width : inner.height
        let slots = Self.slots(of: group, in: inner.size)
        let lengths = slots.map { horizontal ? $0.size.width : $0.size.height }
        let minimum = group.interItemSpacing?.spacing ?? 0
        var gap = minimum
        if group.interItemSpacing?.isFlexibleSpacing == true, slots.count > 1 {
            gap = max(minimum, (length - lengths.reduce(0, +)) / CGFloat(slots.count - 1))
        }
        var position = horizontal ? inner.minX : inner.minY
        for (slot, slotLength) in zip(slots, lengths) {
            guard next < count else { return }
            let origin = horizontal ? CGPoint(x: position, y: inner.minY) : CGPoint(x: inner.minX, y: position)
            let slotFrame = CGRect(origin: origin, size: slot.size)
            if let subgroup = slot.item as? NSCollectionLayoutGroup {
                place(subgroup, in: slotFrame, section: section, next: &next, count: count, into: &cells)
            } else {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: next, section: section))
                attributes.frame = Self.inset(slotFrame, by: slot.item.contentInsets)
                cells.append(attributes)
                next += 1
            }
            position += slotLength + gap
        }
    }

    /// The items of a group and their sizes, in order: `count` copies sharing its length, or
    /// its subitems again and again while they fit (at least one round, at least one item).
    static func slots(of group: NSCollectionLayoutGroup, in size: CGSize) -> [(item: NSCollectionLayoutItem, size: CGSize)] {
        let horizontal = group.axis == .horizontal
        let length = horizontal ? size.width : size.height
        let spacing = group.interItemSpacing?.spacing ?? 0
        if let count = group.repeatCount, let item = group.subitems.first {
            let share = max(0, (length - spacing * CGFloat(count - 1)) / CGFloat(count))
            let own = item.layoutSize.resolved(in: size)
            let itemSize = horizontal ? CGSize(width: share, height: own.height) : CGSize(width: own.width, height: share)
            return Array(repeating: (item, itemSize), count: count)
        }
        let sized = group.subitems.map { ($0, $0.layoutSize.resolved(in: size)) }
        guard !sized.isEmpty else { return [] }
        var slots: [(item: NSCollectionLayoutItem, size: CGSize)] = []
        var used: CGFloat = 0
        // Fractions of a point past the end (0.25 × 4 of a width that does not divide) still fit.
        while slots.count < 10_000 {
            for entry in sized {
                let itemLength = horizontal ? entry.1.width : entry.1.height
                let needed = used + (slots.isEmpty ? 0 : spacing) + itemLength
                if !slots.isEmpty && (needed > length + 0.001 || itemLength <= 0) { return slots }
                used = needed
                slots.append(entry)
            }
        }
        return slots
    }

    static func inset(_ frame: CGRect, by insets: NSDirectionalEdgeInsets) -> CGRect {
        CGRect(
            x: frame.minX + insets.leading, y: frame.minY + insets.top,
            width: max(0, frame.width - insets.leading - insets.trailing), height: max(0, frame.height - insets.top - insets.bottom))
    }
}
