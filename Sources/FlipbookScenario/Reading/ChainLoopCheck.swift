import Foundation

/// Finds chains that would replace, at one instant and forever, the animations whose stop
/// fires them.
///
/// Replacing an animation stops it with `finished = false` at that instant (timing-model.md 3.1),
/// which fires the chains on its tag. A set of chains that accept such stops and add, under
/// one layer and key, the tags they listen to, keeps replacing its own last addition once
/// something replaces one of those animations: a zero-time loop. The loop needs a trigger,
/// so only these are refused:
/// - two adds under the same layer and key fired together (a duplicated chain line, two
///   actions of one chain or one event, chains on the same tag);
/// - another add of a looping tag under that layer and key (a later script event, a chain
///   outside the loop, a completion), which can land while the loop's animation runs.
/// `finished: true` or `until` on a chain takes it out of the loop.
struct ChainLoopCheck {
    /// Where an animation lands: a layer id and the key it is added under.
    struct Slot: Hashable, CustomStringConvertible {
        var layer: String
        var key: String
        var description: String { "key '\(key)' on '\(layer)'" }
    }

    /// One `add` action, flattened.
    struct Add {
        var slot: Slot
        var tag: String?
        /// What fires it: a chain's index, a script time, or something else (a completion).
        var origin: Origin
    }

    enum Origin: Equatable {
        case chain(Int)
        case script(Double)
        case completion
    }

    struct Finding {
        var chains: [Int]
        var message: String
        var hint: String
    }

    let script: [EventSpec]
    let chains: [ChainSpec]
    /// The line each chain starts on, for messages.
    let chainLines: [Int]
    /// Actions that run at instants the file does not fix (pull thresholds, refresh states).
    var otherActions: [[ScenarioAction]] = []

    func findings() -> [Finding] {
        let adds = allAdds()
        // Chains that can hear a replacement: no `finished: true`, no `until`.
        let open = chains.indices.filter { chains[$0].finished != true && chains[$0].until == nil }
        var tagsAtSlot: [Slot: Set<String>] = [:]
        for a in adds { if let t = a.tag { tagsAtSlot[a.slot, default: []].insert(t) } }
        // C → D when an add of C lands where D's tag may be running, so replacing it fires D.
        var listeners: [String: [Int]] = [:]
        for d in open { listeners[chains[d].whenStops, default: []].append(d) }
        var slotsOfChain: [Int: Set<Slot>] = [:]
        for a in adds { if case .chain(let c) = a.origin { slotsOfChain[c, default: []].insert(a.slot) } }
        var edges: [Int: [Int]] = [:]
        for c in open {
            var targets = Set<Int>()
            for slot in slotsOfChain[c] ?? [] {
                for tag in tagsAtSlot[slot] ?? [] { targets.formUnion(listeners[tag] ?? []) }
            }
            edges[c] = targets.sorted()
        }
        var found: [Finding] = []
        for component in stronglyConnected(open, edges) {
            let cyclic = component.count > 1 || edges[component[0]]?.contains(component[0]) == true
            guard cyclic else { continue }
            let members = Set(component)
            let tags = Set(component.map { chains[$0].whenStops })
            let loopAdds = adds.filter {
                if case .chain(let c) = $0.origin { return members.contains(c) }
                return false
            }
            let slots = Set(loopAdds.map(\.slot))
            guard let trigger = trigger(adds: adds, members: members, tags: tags, slots: slots) else { continue }
            let sorted = component.sorted()
            let named = sorted.map { "line \(chainLines[$0]) (whenStops: \(chains[$0].whenStops))" }
            let which = named.count == 1 ? "the chain at \(named[0])" : "the chains at " + named.joined(separator: ", ")
            found.append(
                Finding(
                    chains: sorted,
                    message: "\(which) replace\(named.count == 1 ? "s" : "") the animation whose stop fires "
                        + "\(named.count == 1 ? "it" : "them"), under \(trigger): this loops forever at one instant",
                    hint: "add 'finished: true' so a chain fires only when an animation ends on its own, or 'until', or use another key"))
        }
        return found
    }

    /// Why the loop starts, or nil when nothing can replace one of its animations.
    private func trigger(adds: [Add], members: Set<Int>, tags: Set<String>, slots: Set<Slot>) -> String? {
        // Two adds fired together under one slot: the second replaces the first.
        var firedTogether: [String: [Add]] = [:]
        for a in adds {
            switch a.origin {
            case .chain(let c): firedTogether["chain " + chains[c].whenStops, default: []].append(a)
            case .script(let t): firedTogether["script \(t)", default: []].append(a)
            case .completion: break
            }
        }
        for group in firedTogether.values {
            var seen: Set<Slot> = []
            for a in group where slots.contains(a.slot) {
                if !seen.insert(a.slot).inserted { return "\(a.slot) (two adds there fire together)" }
            }
        }
        // Another add of a looping tag under a looping slot: it lands while the loop runs.
        var starters: Set<Slot> = []
        for a in adds.sorted(by: { scriptTime($0) < scriptTime($1) }) {
            guard slots.contains(a.slot), let tag = a.tag, tags.contains(tag) else { continue }
            switch a.origin {
            case .chain(let c) where members.contains(c): continue
            case .script:
                if starters.insert(a.slot).inserted { continue }  // the first one starts the loop
                return "\(a.slot) (a later event adds '\(tag)' there)"
            default:
                return "\(a.slot) (another action adds '\(tag)' there)"
            }
        }
        return nil
    }

    private func scriptTime(_ a: Add) -> Double {
        if case .script(let t) = a.origin { return t }
        return .infinity
    }

    private func allAdds() -> [Add] {
        var out: [Add] = []
        func collect(_ actions: [ScenarioAction], _ origin: Origin) {
            for action in actions {
                switch action {
                case .add(let template, let layers, let key, let tag):
                    for l in layers { out.append(Add(slot: Slot(layer: l, key: key ?? template), tag: tag, origin: origin)) }
                case .set(_, _, _, _, _, let completion), .animate(_, _, _, let completion), .keyframes(_, _, let completion):
                    collect(completion, .completion)
                case .remove, .removeAll, .log, .insertRows, .beginRefreshing, .endRefreshing, .scrollTo, .animator, .transition:
                    break
                }
            }
        }
        for e in script { collect(e.actions, .script(e.at)) }
        for (i, c) in chains.enumerated() { collect(c.actions, .chain(i)) }
        for actions in otherActions { collect(actions, .completion) }
        return out
    }

    /// Tarjan's strongly connected components of `nodes` under `edges`, without recursion
    /// (a hostile file may chain thousands of chains).
    private func stronglyConnected(_ nodes: [Int], _ edges: [Int: [Int]]) -> [[Int]] {
        var counter = 0
        var indices: [Int: Int] = [:], low: [Int: Int] = [:]
        var stack: [Int] = [], onStack: Set<Int> = []
        var components: [[Int]] = []
        for root in nodes where indices[root] == nil {
            // Each frame: a node and how many of its edges have been followed.
            var work: [(node: Int, next: Int)] = [(root, 0)]
            indices[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let (v, i) = work.last {
                let out = edges[v] ?? []
                if i < out.count {
                    work[work.count - 1].next += 1
                    let w = out[i]
                    if indices[w] == nil {
                        indices[w] = counter
                        low[w] = counter
                        counter += 1
                        stack.append(w)
                        onStack.insert(w)
                        work.append((w, 0))
                    } else if onStack.contains(w) {
                        low[v] = min(low[v]!, indices[w]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { low[parent] = min(low[parent]!, low[v]!) }
                if low[v] == indices[v] {
                    var component: [Int] = []
                    while let w = stack.popLast() {
                        onStack.remove(w)
                        component.append(w)
                        if w == v { break }
                    }
                    components.append(component)
                }
            }
        }
        return components
    }
}
