import FlipbookCore
import FlipbookUIKit
import Foundation
import Yams

extension Reader {
    // MARK: - Script and chains

    func readEvent(_ n: YAMLNode, duration: Double) -> EventSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.event, what: "an event such as { at: 0, add: pulse, to: dot }") else {
            return nil
        }
        var at: Double?
        var label: String?
        for (k, _, v) in pairs {
            if k == "at" {
                if let t = v.number("a time in seconds") {
                    if t < 0 { sink.error("event time must not be negative, found \(formatted(t))", at: v.mark) } else { at = t }
                }
            }
            if k == "label" { label = v.string() }
        }
        if at == nil && !pairs.contains(where: { $0.key == "at" }) { sink.error("an event needs 'at' (seconds)", at: n.mark) }
        guard let actions = readActions(pairs, at: n.mark), let at else { return nil }
        return EventSpec(at: at, actions: actions, label: label)
    }

    func readChain(_ n: YAMLNode) -> ChainSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.chain, what: "a chain such as { whenStops: first, add: pulse, to: dot2 }") else {
            return nil
        }
        var when: String?, finished: Bool?, until: Double?
        for (k, _, v) in pairs {
            switch k {
            case "whenStops": when = v.string("a tag")
            case "finished": finished = v.bool()
            case "until": until = v.number("a time in seconds")
            default: break
            }
        }
        if when == nil { sink.error("a chain needs 'whenStops' (the tag of an animation)", at: n.mark) }
        guard let actions = readActions(pairs, at: n.mark), let when else { return nil }
        return ChainSpec(whenStops: when, finished: finished, until: until, actions: actions)
    }

    func layerList(_ n: YAMLNode) -> [String]? {
        var ids: [String] = []
        if case .sequence(let s) = n.node {
            for item in s { if let id = YAMLNode(node: item, sink: sink).string("a layer id") { ids.append(id) } }
        } else if let id = n.string("a layer id or a list of them") {
            ids = [id]
        }
        for id in ids where layerTypes[id] == nil {
            sink.error(
                "unknown layer '\(id)'", at: n.mark, hint: nearest(to: id, in: Array(layerTypes.keys)).map { "did you mean '\($0)'?" })
            return nil
        }
        return ids
    }

    typealias ActionPairs = [(key: String, keyNode: YAMLNode, value: YAMLNode)]

    func readActions(_ pairs: ActionPairs, at mark: SourceMark) -> [ScenarioAction]? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let verb = actionVerb(pairs, at: mark) else { return nil }
        let completion = readCompletion(entry("completion"), verb: verb)
        if verb != "animator" {
            for key in ["call", "fraction", "durationFactor", "finishAt"] {
                if let n = entry(key) { sink.error("'\(key)' belongs to an animator step ({ animator: NAME, call: … })", at: n.mark) }
            }
        }
        switch verb {
        case "animator":
            return readAnimatorStep(pairs, at: mark)
        case "keyframes":
            return readKeyframesStep(pairs, completion: completion, at: mark)
        case "transition":
            return readTransitionStep(pairs, at: mark)
        case "add":
            return readAddStep(pairs, at: mark)
        case "remove":
            guard let key = entry("remove")?.string("an animation key") else { return nil }
            guard let fromNode = entry("from") else {
                sink.error("'remove' needs 'from' (the layer)", at: mark)
                return nil
            }
            guard let layers = layerList(fromNode) else { return nil }
            return [.remove(key: key, layers: layers)]
        case "removeAll":
            guard let layers = entry("removeAll").flatMap({ layerList($0) }) else { return nil }
            return [.removeAll(layers: layers)]
        case "log":
            return entry("log")?.string().map { [.log($0)] }
        case "insertRows":
            return readInsertRows(entry("insertRows")!, into: entry("into"), row: entry("row"), animated: entry("animated"), at: mark)
        case "beginRefreshing", "endRefreshing":
            refreshActionMarks.append(mark)
            return [verb == "beginRefreshing" ? .beginRefreshing : .endRefreshing]
        case "scrollTo":
            guard let p = entry("scrollTo")?.numbers(2, "an offset [x, y]") else { return nil }
            guard let scroll = scrollViewReference(entry("scrollView"), at: mark, what: "scrollTo") else { return nil }
            return [.scrollTo(scrollView: scroll, offset: CGPoint(x: p[0], y: p[1]), animated: entry("animated")?.bool() ?? true)]
        case "animate":
            return readAnimateStep(pairs, completion: completion, at: mark)
        default:
            return readSetStep(pairs, completion: completion)
        }
    }

    /// The entry's one action (`set` goes with `animate` and `transition`).
    private func actionVerb(_ pairs: ActionPairs, at mark: SourceMark) -> String? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        var verbs = [
            "add", "remove", "removeAll", "set", "log", "animate", "insertRows", "beginRefreshing", "endRefreshing", "scrollTo",
            "animator", "keyframes", "transition"
        ]
        .filter { entry($0) != nil }
        if verbs == ["set", "animate"] { verbs = ["animate"] }
        if verbs == ["set", "transition"] { verbs = ["transition"] }
        if entry("frames") != nil && !verbs.contains("keyframes") {
            sink.error("'frames' belongs to a keyframes step ({ keyframes: { duration: 1 }, frames: [ … ] })", at: entry("frames")!.mark)
        }
        guard verbs.count == 1 else {
            sink.error(
                verbs.isEmpty
                    ? "expected one action: add, remove, removeAll, set, animate (with set), keyframes (with frames), transition (with set), insertRows, beginRefreshing, endRefreshing, scrollTo, animator or log"
                    : "one action per entry, found \(verbs.joined(separator: " and "))", at: mark)
            return nil
        }
        return verbs[0]
    }

    /// A set, animate or keyframes block's `completion` actions.
    private func readCompletion(_ node: YAMLNode?, verb: String) -> [ScenarioAction] {
        guard let node else { return [] }
        guard ["set", "animate", "keyframes"].contains(verb) else {
            sink.error("'completion' belongs to a set (transaction) or animate block", at: node.mark)
            return []
        }
        var completion: [ScenarioAction] = []
        for item in node.sequence("a list of actions") ?? [] {
            guard let pairs = item.mapping(allowed: ScenarioKeys.actionKeys, what: "an action such as { add: pulse, to: dot }") else {
                continue
            }
            completion += readActions(pairs, at: item.mark) ?? []
        }
        return completion
    }

    /// `{ add: TEMPLATE, to: LAYERS, key:, tag: }`: the template must animate what each layer has.
    private func readAddStep(_ pairs: ActionPairs, at mark: SourceMark) -> [ScenarioAction]? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let tn = entry("add"), let t = tn.string("an animation name") else { return nil }
        guard let template = templates[t] else {
            sink.error(
                "unknown animation '\(t)'", at: tn.mark,
                hint: nearest(to: t, in: Array(templateMarks.keys)).map { "did you mean '\($0)'?" })
            return nil
        }
        guard let toNode = entry("to") else {
            sink.error("'add' needs 'to' (the layer)", at: mark)
            return nil
        }
        guard let layers = layerList(toNode) else { return nil }
        for id in layers {
            let type = layerTypes[id] ?? .layer
            for (kp, needed) in template.requiredLayerClasses where !type.layerClasses.contains(needed) {
                sink.error(
                    "animation '\(t)' animates '\(kp)', which a layer of type \(type.rawValue) ('\(id)') does not have", at: tn.mark)
            }
        }
        return [.add(template: t, layers: layers, key: entry("key")?.string("an animation key"), tag: entry("tag")?.string("a tag"))]
    }

    /// `{ animate: { duration, delay, curve, … }, set: … }`: a UIView animation block.
    private func readAnimateStep(_ pairs: ActionPairs, completion: [ScenarioAction], at mark: SourceMark) -> [ScenarioAction]? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let an = entry("animate"), let options = an.mapping(allowed: ScenarioKeys.viewBlock) else { return nil }
        guard entry("set") != nil else {
            sink.error("'animate' needs 'set' (the changes to animate)", at: mark)
            return nil
        }
        var block = ViewBlock(duration: 0)
        var hasDuration = false
        for (k, _, v) in options {
            switch k {
            case "duration":
                if let d = seconds(v, "duration") {
                    block.duration = d
                    hasDuration = true
                }
            case "delay": if let d = seconds(v, "delay") { block.delay = d }
            case "curve": if let c = viewCurve(v) { block.curve = c }
            case "damping":
                if let d = v.number("a damping ratio in (0, 1]") {
                    if d <= 0 || d > 1 { sink.error("damping must be in (0, 1]", at: v.mark) } else { block.damping = d }
                }
            case "velocity": block.velocity = v.number("an initial spring velocity") ?? 0
            case "repeat": block.repeats = v.bool() ?? false
            case "autoreverse": block.autoreverses = v.bool() ?? false
            default: block.beginFromCurrentState = v.bool() ?? false
            }
        }
        if !hasDuration { sink.error("'animate' needs a 'duration'", at: an.mark) }
        guard let changes = readSets(entry("set")!) else { return nil }
        return [.animate(block, sets: changes.sets, settings: changes.settings, completion: completion)]
    }

    /// `{ set: …, actions:, duration:, timingFunction: }`: a transaction.
    private func readSetStep(_ pairs: ActionPairs, completion: [ScenarioAction]) -> [ScenarioAction]? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let changes = readSets(entry("set")!) else { return nil }
        var disable = false
        if let a = entry("actions"), let b = a.bool() { disable = !b }
        var dur: Double?
        if let d = entry("duration"), let x = d.number("a duration in seconds") {
            if x < 0 { sink.error("duration must not be negative", at: d.mark) } else { dur = x }
        }
        return [
            .set(
                changes.sets, settings: changes.settings, disableActions: disable, duration: dur,
                timing: entry("timingFunction").flatMap { timing($0) }, completion: completion)
        ]
    }

    func readSets(
        _ setNode: YAMLNode
    ) -> (sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)], settings: [LayerSetting])? {
        guard let sets = setNode.mapping(what: "a mapping of layer.keyPath to value") else { return nil }
        var out: [(String, LayerKeyPath, AnimatableValue)] = []
        var settings: [LayerSetting] = []
        for (k, kn, v) in sets {
            guard let dot = k.firstIndex(of: ".") else {
                sink.error("expected layerId.keyPath, found '\(k)'", at: kn.mark)
                continue
            }
            let id = String(k[..<dot]), path = String(k[k.index(after: dot)...])
            guard let type = layerTypes[id] else {
                sink.error(
                    "unknown layer '\(id)'", at: kn.mark, hint: nearest(to: id, in: Array(layerTypes.keys)).map { "did you mean '\($0)'?" })
                continue
            }
            // A scroll view's insets and offset.
            if type.isScrollView, ScenarioKeys.scrollValueKeys.contains(path) {
                var options = LayerOptions()
                if path == "contentOffset" {
                    if let p = v.numbers(2, "an offset [x, y]") {
                        options.scrollValues = [("contentOffset.x", p[0]), ("contentOffset.y", p[1])]
                    }
                } else if let x = v.number("points") {
                    options.scrollValues = [(path, x)]
                }
                if let i = settings.firstIndex(where: { $0.layer == id }) {
                    settings[i].options.merge(options)
                } else {
                    settings.append(LayerSetting(layer: id, options: options))
                }
                continue
            }
            // Properties that do not animate (string, font, lineCap, frame, …) change at once.
            if ScenarioKeys.settableOptions(type).contains(path) {
                var options = LayerOptions()
                readOption(path, v, into: &options)
                if let i = settings.firstIndex(where: { $0.layer == id }) {
                    settings[i].options.merge(options)
                } else {
                    settings.append(LayerSetting(layer: id, options: options))
                }
                continue
            }
            guard let kp = LayerKeyPath(path) else {
                sink.error(
                    "unknown key path '\(path)'", at: kn.mark,
                    hint: nearest(to: path, in: ScenarioKeys.allKeyPaths + ScenarioKeys.settableOptions(type)).map {
                        "did you mean '\($0)'?"
                    })
                continue
            }
            if !type.layerClasses.contains(kp.property.layerClass) {
                sink.error("a layer of type \(type.rawValue) has no '\(path)'", at: kn.mark)
                continue
            }
            if let value = values.value(v, kind: Reader.kind(of: kp)) {
                if case .number(let x) = value, kp.description == kp.property.rawValue, let warning = DrawnRanges.warning(kp.property, x) {
                    sink.warning(warning, at: v.mark)
                }
                out.append((id, kp, value))
            }
        }
        return (out, settings)
    }

    /// Refuses a chain waiting on a tag that no `add` in the scene gives an animation: it would
    /// validate, render and never run (`whenStops: popp` for `pop`).
    func checkChainTags(_ chains: [ChainSpec], nodes: [YAMLNode], actions: [[ScenarioAction]]) {
        var tags = Set<String>()
        func collect(_ list: [ScenarioAction]) {
            for action in list {
                switch action {
                case .add(_, _, _, let tag?): tags.insert(tag)
                case .set(_, _, _, _, _, let completion), .animate(_, _, _, let completion), .keyframes(_, _, let completion):
                    collect(completion)
                default: break
                }
            }
        }
        for list in actions { collect(list) }
        for (chain, node) in zip(chains, nodes) where !tags.contains(chain.whenStops) {
            var mark = node.mark
            if case .mapping(let pairs) = node.node, let value = pairs.first(where: { $0.key.string == "whenStops" })?.value {
                mark = YAMLNode(node: value, sink: sink).mark
            }
            sink.error(
                "no animation is tagged '\(chain.whenStops)', so this chain never runs", at: mark,
                hint: nearest(to: chain.whenStops, in: tags.sorted()).map { "did you mean '\($0)'?" }
                    ?? "tag the animation it waits for: { at: 0, add: NAME, to: LAYER, tag: \(chain.whenStops) }")
        }
    }

    /// Refuses chains that would loop forever at one instant (every animation in the loop
    /// has zero active duration).
    func checkZeroDurationLoops(script: [EventSpec], chains: [ChainSpec], marks: [SourceMark]) {
        // Edges: tag stopped → tags it starts, weighted by the started animation's duration.
        for (i, chain) in chains.enumerated() {
            var visited = Set<String>()
            var stack: [String] = []
            func startedTags(_ c: ChainSpec) -> [String] {
                c.actions.compactMap {
                    if case .add(let t, _, _, let tag) = $0, let tag, let spec = templates[t], spec.activeSeconds < 1e-3 { return tag }
                    return nil
                }
            }
            stack = startedTags(chain)
            while let tag = stack.popLast() {
                if tag == chain.whenStops {
                    sink.error(
                        "this chain restarts '\(tag)' with zero duration (under 1 ms a cycle): it would loop forever at one instant",
                        at: marks[i])
                    break
                }
                guard visited.insert(tag).inserted else { continue }
                for c in chains where c.whenStops == tag { stack += startedTags(c) }
            }
        }
    }
}
