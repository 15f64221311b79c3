import FlipbookCore
import Foundation

/// Repeaters (`rp`) as lottie-ios's Core Animation engine draws them (`setupGroups`,
/// `RepeaterLayer`), not as After Effects composes them: copy i of what comes before a repeater
/// is a layer of its own, moved by i × the repeater's position and turned by i × its rotation
/// about its anchor, and scaled once by its scale (the first copy too: nothing compounds); the
/// offset and the start and end opacity are not applied.
extension ShapeBuilder {
    /// `visible` (with one or more repeaters) split at each repeater, as lottie-ios splits it: the
    /// items before a repeater drawn once per copy, the first copy lowest; the items after the
    /// last one drawn under every copy (inside a group only its subgroups: the group draws its
    /// own paths once afterwards, see `group`).
    func addRepeated(_ visible: [ShapeItem], inherited: [Entry], keypath: [String], topLevel: Bool, to container: CALayer) {
        var groupings: [(items: [ShapeItem], repeater: ShapeItem?)] = []
        for item in visible {
            if groupings.last.map({ $0.repeater != nil }) ?? true { groupings.append(([], nil)) }
            if item.typeCode == "rp" {
                groupings[groupings.count - 1].repeater = item
            } else {
                groupings[groupings.count - 1].items.append(item)
            }
        }
        for grouping in groupings.reversed() {
            guard let item = grouping.repeater, case .repeater(let repeater) = item.kind else {
                let drawn = topLevel ? grouping.items : grouping.items.filter { !Entry(item: $0, keypath: []).drawsPath }
                container.addSublayer(group(drawn, inherited: inherited, keypath: keypath))
                continue
            }
            for index in 0..<copyCount(repeater, at: item.path) {
                let copy = builder.transform(
                    copyTransform(repeater, index: index, at: item.path), opacity: false, at: item.path, keypath: keypath + [item.name],
                    group: true)
                copy.inner.addSublayer(group(grouping.items, inherited: inherited, keypath: keypath))
                container.addSublayer(copy.outer)
            }
        }
    }

    /// `c`, which lottie-ios needs still (an animated count is drawn with its first value).
    private func copyCount(_ repeater: Repeater, at path: String) -> Int {
        if repeater.copies?.isAnimated == true {
            builder.warn(repeater.copies?.path ?? path, "animated repeater copies are drawn with the first count")
        }
        if (repeater.offset?.initial.first ?? 0) != 0 || repeater.offset?.isAnimated == true {
            builder.warn(path, "repeater offsets are not applied (lottie-ios's Core Animation engine does not)")
        }
        let tr = repeater.transform
        if [tr?.startOpacity, tr?.endOpacity].contains(where: { $0 != nil && ($0?.isAnimated == true || $0?.initial.first != 100) }) {
            builder.warn(path, "repeater start and end opacity are not applied (lottie-ios's Core Animation engine does not)")
        }
        return Int(max(0, min(1000, (repeater.copies?.initial.first ?? 1).rounded())))
    }

    /// Copy `index`'s transform: the repeater's anchor and scale, its position and rotation
    /// times `index` (lottie-ios's `RepeaterTransform`).
    private func copyTransform(_ repeater: Repeater, index: Int, at path: String) -> LottieTransform {
        let tr = repeater.transform, times = Double(index)
        var copy = LottieTransform(path: tr?.path ?? path)
        copy.anchor = tr?.anchor
        copy.scale = tr?.scale
        copy.position = tr?.position?.map { $0.map { $0 * times } }
        copy.rotation = tr?.rotation?.map { $0.map { $0 * times } }
        return copy
    }
}
