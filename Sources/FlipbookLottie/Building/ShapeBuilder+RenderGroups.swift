import Foundation

/// lottie-ios's render groups: which paths each fill and stroke of a group draws, and which
/// items pass down to subgroups. Its rules, not After Effects': a fill draws the paths listed
/// since the previous fill (or, with none, the previous fill's); strokes, trims and other
/// items apply to every render group begun so far; a path listed after a trim starts a new
/// group. A group whose fill and stroke cannot share one CAShapeLayer (more than one of
/// either, the fill listed first, or different opacities) becomes one per fill and stroke.
extension ShapeBuilder {
    /// A group's item with its keypath (an inherited item keeps its own group's).
    struct Entry {
        var item: ShapeItem
        var keypath: [String]
        var widthScale = 1.0

        var type: String { item.typeCode }
        var drawsPath: Bool { ["sh", "rc", "el", "sr"].contains(type) }
        var isFill: Bool { type == "fl" || type == "gf" }
        var isStroke: Bool { type == "st" || type == "gs" }
        var isStyle: Bool { isFill || isStroke }
    }

    /// Paths drawn together with the items that style them.
    struct RenderGroup {
        var paths: [Entry] = []
        var others: [Entry] = []
    }

    /// The render groups that draw something, and the items none of them uses (passed to the
    /// subgroups when `subgroupsInherit`).
    static func renderGroups(_ entries: [Entry], subgroupsInherit: Bool) -> (valid: [RenderGroup], unused: [Entry]) {
        var groups = [RenderGroup()]
        var members: [[Int]] = [[]]  // entry indices per group, to find the unused ones
        for (index, entry) in entries.enumerated() {
            let last = groups.count - 1
            if entry.drawsPath {
                // A trim applies to the paths before it: a path after one starts a new group.
                if groups[last].others.contains(where: { $0.type == "tm" }) {
                    groups.append(RenderGroup())
                    members.append([])
                }
                groups[groups.count - 1].paths.append(entry)
                members[groups.count - 1].append(index)
            } else if entry.isFill {
                groups[last].others.append(entry)
                members[last].append(index)
                // A fill with no path of its own draws the previous group's paths, unless
                // subgroups will draw it.
                if groups[last].paths.isEmpty, !subgroupsInherit, last > 0 {
                    groups[last].paths = groups[last - 1].paths
                }
                groups.append(RenderGroup())
                members.append([])
            } else {
                for k in groups.indices {
                    groups[k].others.append(entry)
                    members[k].append(index)
                }
            }
        }
        var valid: [RenderGroup] = []
        var used = Set<Int>()
        for (group, indices) in zip(groups, members) where !group.paths.isEmpty {
            let styles = group.others.filter(\.isStyle), rest = group.others.filter { !$0.isStyle }
            let fills = styles.filter(\.isFill).count, strokes = styles.filter(\.isStroke).count
            let strokeOnTop: Bool = {
                guard let s = styles.firstIndex(where: \.isStroke), let f = styles.firstIndex(where: \.isFill) else { return false }
                return s < f
            }()
            let sameOpacity = styles.allSatisfy { $0.item.opacity == styles.first?.item.opacity }
            if fills <= 1, strokes <= 1, strokeOnTop, sameOpacity {
                valid.append(group)
            } else if !styles.isEmpty {
                valid += styles.map { RenderGroup(paths: group.paths, others: [$0] + rest) }
            } else {
                continue  // nothing styles these paths: they pass down like the rest
            }
            used.formUnion(indices)
        }
        let unused = entries.indices.filter { !used.contains($0) }.map { entries[$0] }
        return (valid, unused)
    }
}
