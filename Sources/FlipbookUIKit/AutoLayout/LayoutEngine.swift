import FlipbookCore
import Foundation

/// Auto Layout for one view tree (kept by its root view): the active constraints found in the tree,
/// the frames of views that keep their autoresizing masks, intrinsic sizes and layout guides, all in
/// one incremental Cassowary tableau (`LinearSolver`). `update(root:)` brings the tableau up to
/// date with what changed (constraints are added and removed one by one, not rebuilt), solves,
/// and asks the superview of each view whose solved frame differs for layout; a view's
/// `layoutSubviews()` then sets its subviews' frames (timing-model.md 12.10).
final class LayoutEngine {
    private let solver = LinearSolver()

    private enum Key: Hashable {
        // Serial numbers, not object addresses: an address is reused once its object is gone.
        case constraint(Int), frame(Int), intrinsic(Int), guide(Int)
    }
    private struct Entry {
        var signature: [Double]
        var constraints: [LinearSolver.Constraint]
        var order: Int
    }
    private var entries: [Key: Entry] = [:]
    private var seenGeneration = -1
    private var participants: Set<Int> = []
    private var broken: Set<Int> = []

    /// Brings the tableau up to date with the tree under `root` and solves, unless nothing that
    /// Auto Layout reads changed since the last time.
    func update(root: UIView) {
        let ctx = TransactionContext.current
        guard seenGeneration != ctx.layoutGeneration else { return }
        var views: [UIView] = []
        var pending = [root]
        while let v = pending.popLast() {
            views.append(v)
            pending.append(contentsOf: v.subviews.reversed())
        }
        // updateConstraints runs before layout, deepest views first, as UIKit runs it.
        for view in views.reversed() where view.needsUpdateConstraintsFlag {
            view.needsUpdateConstraintsFlag = false
            view.updateConstraints()
        }
        seenGeneration = ctx.layoutGeneration
        let inTree = Set(views.map(ObjectIdentifier.init))
        var active: [NSLayoutConstraint] = []
        for view in views {
            for c in view.installedConstraints {
                let hosts = [c.firstLayoutItem?.hostView, c.secondLayoutItem?.hostView].compactMap { $0 }
                if hosts.allSatisfy({ inTree.contains(ObjectIdentifier($0)) }) { active.append(c) }
            }
        }
        active.sort { $0.sequence < $1.sequence }

        // The items, and every view between them and the root (their frames tie them together).
        var participantViews: [UIView] = []
        var seen = Set<ObjectIdentifier>()
        var guides: [UILayoutGuide] = []
        func take(_ item: (any LayoutItem)?) {
            if let guide = item as? UILayoutGuide, seen.insert(ObjectIdentifier(guide)).inserted { guides.append(guide) }
            var view = item?.hostView
            while let v = view, seen.insert(ObjectIdentifier(v)).inserted {
                participantViews.append(v)
                view = v.superview
            }
        }
        for c in active {
            take(c.firstLayoutItem)
            take(c.secondLayoutItem)
        }
        participantViews.sort { (views.firstIndex(of: $0) ?? 0) < (views.firstIndex(of: $1) ?? 0) }
        participants = Set(participantViews.map(\.layoutVariables.serial))

        var desired: [(Key, [Double], () -> [LinearSolver.Constraint])] = []
        for view in participantViews {
            if view === root || view.translatesAutoresizingMaskIntoConstraints {
                desired.append(
                    (
                        .frame(view.layoutVariables.serial), Self.frameSignature(view, root: root),
                        { Self.frameConstraints(view, root: root) }
                    ))
            } else if let sizing = Self.intrinsicSignature(view) {
                desired.append((.intrinsic(view.layoutVariables.serial), sizing, { Self.intrinsicConstraints(view) }))
            }
        }
        for guide in guides where guide.kind != .free {
            guard let owner = guide.owningView else { continue }
            let insets = guide.kind == .safeArea ? owner.safeAreaInsets : owner.layoutMargins
            desired.append(
                (
                    .guide(guide.layoutVariables.serial), [insets.top, insets.left, insets.bottom, insets.right],
                    { Self.guideConstraints(guide, owner, insets) }
                ))
        }
        for c in active {
            desired.append((.constraint(c.sequence), Self.signature(of: c), { Self.solverConstraints(for: c) }))
        }
        apply(desired, active: active)
        solver.updateVariables()

        for view in participantViews where view !== root && !view.translatesAutoresizingMaskIntoConstraints {
            if let frame = solvedFrame(of: view), frame != view.frame { view.superview?.setNeedsLayout() }
        }
    }

    /// Removes what is no longer wanted or changed, then adds what is new, in a fixed order.
    private func apply(_ desired: [(Key, [Double], () -> [LinearSolver.Constraint])], active: [NSLayoutConstraint]) {
        let wanted = Dictionary(desired.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        for (key, entry) in entries.sorted(by: { $0.value.order > $1.value.order }) where wanted[key] != entry.signature {
            for c in entry.constraints { try? solver.remove(c) }
            entries[key] = nil
        }
        for (order, (key, signature, build)) in desired.enumerated() where entries[key] == nil {
            var added: [LinearSolver.Constraint] = []
            for c in build() {
                do {
                    try solver.add(c)
                    added.append(c)
                } catch {
                    reportUnsatisfiable(key, active: active)
                }
            }
            entries[key] = Entry(signature: signature, constraints: added, order: order)
        }
    }

    /// UIKit's message when required constraints contradict each other: the ones involved, and the
    /// one left out.
    private func reportUnsatisfiable(_ key: Key, active: [NSLayoutConstraint]) {
        guard case .constraint(let id) = key, let breaking = active.first(where: { $0.sequence == id }),
            broken.insert(id).inserted
        else { return }
        let items = [breaking.firstItem, breaking.secondItem].compactMap { $0 }
        let involved = active.filter { c in
            [c.firstItem, c.secondItem].contains { item in item.map { i in items.contains { $0 === i } } ?? false }
        }
        let message =
            "Unable to simultaneously satisfy constraints.\n\tProbably at least one of the constraints in the following list is one you don't want.\n(\n"
            + involved.map { "    \"\($0)\"" }.joined(separator: ",\n")
            + "\n)\n\nWill attempt to recover by breaking constraint \n\(breaking)"
        if let stage = Stage.current {
            stage.warnOnce("unsatisfiable \(id)", message)
        } else {
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
    }

    /// Where `view` goes in its superview, as solved (rounded to the screen's pixels); nil when
    /// Auto Layout does not place it.
    func solvedFrame(of view: UIView) -> CGRect? {
        guard participants.contains(view.layoutVariables.serial), let superview = view.superview else { return nil }
        let me = view.layoutVariables.rect, parent = superview.layoutVariables.rect
        let scale = Double(Stage.current?.scale ?? 1)
        func px(_ x: Double) -> Double { (x * scale).rounded() / scale }
        let minX = px(me.minX - parent.minX), minY = px(me.minY - parent.minY)
        let maxX = px(me.maxX - parent.minX), maxY = px(me.maxY - parent.minY)
        return CGRect(
            x: minX + superview.bounds.minX, y: minY + superview.bounds.minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    // MARK: What each part adds to the tableau

    private static func signature(of c: NSLayoutConstraint) -> [Double] {
        let margins = [c.firstLayoutItem?.hostView, c.secondLayoutItem?.hostView].flatMap { v -> [Double] in
            guard let m = v?.layoutMargins else { return [] }
            return [m.top, m.left, m.bottom, m.right]
        }
        return [Double(c.relation.rawValue), c.multiplier, c.constant, Double(c.priority.rawValue)] + margins
    }

    private static func solverConstraints(for c: NSLayoutConstraint) -> [LinearSolver.Constraint] {
        guard let first = c.firstLayoutItem else { return [] }
        let lhs = first.layoutVariables.expression(c.firstAttribute, margins: first.hostView?.layoutMargins ?? .zero)
        var rhs = LinearSolver.Expression(constant: c.constant)
        if let second = c.secondLayoutItem, c.secondAttribute != .notAnAttribute {
            rhs = rhs.plus(
                second.layoutVariables.expression(c.secondAttribute, margins: second.hostView?.layoutMargins ?? .zero).times(c.multiplier))
        }
        let relation: LinearSolver.Relation = [.equal: .equal, .lessThanOrEqual: .lessOrEqual, .greaterThanOrEqual: .greaterOrEqual][
            c.relation]!
        return [LinearSolver.Constraint(lhs.minus(rhs), relation, strength: c.priority.solverStrength)]
    }

    private static func frameSignature(_ view: UIView, root: UIView) -> [Double] {
        let f = view === root ? CGRect(origin: .zero, size: view.bounds.size) : view.frame
        let origin = view.superview?.bounds.origin ?? .zero
        return [f.minX, f.minY, f.width, f.height, origin.x, origin.y]
    }

    /// A view that keeps its autoresizing mask stays where its frame says (the root at zero).
    private static func frameConstraints(_ view: UIView, root: UIView) -> [LinearSolver.Constraint] {
        typealias E = LinearSolver.Expression
        let v = view.layoutVariables
        var left = E(v.minX), top = E(v.minY)
        let frame: CGRect
        if view !== root, let superview = view.superview {
            let p = superview.layoutVariables
            frame = view.frame.offsetBy(dx: -superview.bounds.minX, dy: -superview.bounds.minY)
            left = E([(v.minX, 1), (p.minX, -1)])
            top = E([(v.minY, 1), (p.minY, -1)])
        } else {
            frame = CGRect(origin: .zero, size: view.bounds.size)
        }
        return [
            .init(left.plus(E(constant: -frame.minX)), .equal, strength: nil),
            .init(top.plus(E(constant: -frame.minY)), .equal, strength: nil),
            .init(E([(v.width, 1)], constant: -frame.width), .equal, strength: nil),
            .init(E([(v.height, 1)], constant: -frame.height), .equal, strength: nil)
        ]
    }

    private static func intrinsicSignature(_ view: UIView) -> [Double]? {
        let size = view.intrinsicContentSize
        guard size.width >= 0 || size.height >= 0 else { return nil }
        return [
            size.width, size.height,
            Double(view.contentHuggingPriority(for: .horizontal).rawValue), Double(view.contentHuggingPriority(for: .vertical).rawValue),
            Double(view.contentCompressionResistancePriority(for: .horizontal).rawValue),
            Double(view.contentCompressionResistancePriority(for: .vertical).rawValue)
        ]
    }

    /// A size of its own: hugged at the hugging priority, kept at the compression resistance one.
    private static func intrinsicConstraints(_ view: UIView) -> [LinearSolver.Constraint] {
        typealias E = LinearSolver.Expression
        let size = view.intrinsicContentSize, v = view.layoutVariables
        var out: [LinearSolver.Constraint] = []
        for (axis, length, variable) in [(NSLayoutConstraint.Axis.horizontal, size.width, v.width), (.vertical, size.height, v.height)]
        where length >= 0 {
            let e = E([(variable, 1)], constant: -length)
            out.append(.init(e, .lessOrEqual, strength: view.contentHuggingPriority(for: axis).solverStrength))
            out.append(.init(e, .greaterOrEqual, strength: view.contentCompressionResistancePriority(for: axis).solverStrength))
        }
        return out
    }

    /// The safe-area and margins guides sit inside their view by its insets.
    private static func guideConstraints(_ guide: UILayoutGuide, _ owner: UIView, _ insets: UIEdgeInsets) -> [LinearSolver.Constraint] {
        typealias E = LinearSolver.Expression
        let g = guide.layoutVariables, o = owner.layoutVariables
        return [
            .init(E([(g.minX, 1), (o.minX, -1)], constant: -insets.left), .equal, strength: nil),
            .init(E([(g.minY, 1), (o.minY, -1)], constant: -insets.top), .equal, strength: nil),
            .init(E([(g.width, 1), (o.width, -1)], constant: insets.left + insets.right), .equal, strength: nil),
            .init(E([(g.height, 1), (o.height, -1)], constant: insets.top + insets.bottom), .equal, strength: nil)
        ]
    }
}
