import FlipbookCore
import FlipbookUIKit
import Foundation
import Yams

extension Reader {
    // MARK: - Refresh

    func readRefresh(_ n: YAMLNode) -> RefreshSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.refresh, what: "pull-to-refresh settings (scrollView, headerHeight, bindings, …)")
        else { return nil }
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let scroll = scrollViewReference(entry("scrollView"), at: n.mark, what: "refresh") else { return nil }
        var height: Double?
        if let h = entry("headerHeight") {
            if let x = h.number("the header's height in points") {
                if x > 0 { height = x } else { sink.error("headerHeight must be positive", at: h.mark) }
            }
        } else {
            sink.error("refresh needs 'headerHeight' (points; the pull percentage and the held-open inset use it)", at: n.mark)
        }
        var spec = RefreshSpec(scrollView: scroll, headerHeight: height ?? 60, trigger: height ?? 60)
        if let t = entry("trigger"), let x = t.number("a pull distance in points") {
            if x > 0 { spec.trigger = x } else { sink.error("trigger must be positive", at: t.mark) }
        }
        if let b = entry("bindings"), let items = b.sequence("a list of bindings") {
            spec.bindings = items.compactMap { readBinding($0) }
        }
        if let t = entry("thresholds"), let items = t.sequence("a list of thresholds") {
            var marks: [SourceMark] = []
            for item in items {
                if let th = readThreshold(item) {
                    spec.thresholds.append(th)
                    marks.append(item.mark)
                }
            }
            checkThresholdOrder(spec.thresholds, marks: marks)
        }
        if let r = entry("refreshing") { spec.refreshing = readRefreshing(r) }
        return spec
    }

    private func pullSource(_ n: YAMLNode?) -> PullSource? {
        guard let n else { return .pull }
        return enumValue(n, PullSource.allCases.map(\.rawValue)).flatMap(PullSource.init)
    }

    private func readBinding(_ n: YAMLNode) -> BindingSpec? {
        guard
            let pairs = n.mapping(
                allowed: ScenarioKeys.binding,
                what: "a binding such as { source: percent, input: [0, 1], target: arc.strokeEnd, output: [0, 1] }")
        else { return nil }
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let source = pullSource(entry("source")) else { return nil }
        guard let inputNode = entry("input"), let input = inputNode.numbers(2, "an input range [from, to]") else {
            if entry("input") == nil { sink.error("a binding needs 'input' (the pull range [from, to])", at: n.mark) }
            return nil
        }
        if input[0] == input[1] {
            sink.error("the input range must not be empty", at: inputNode.mark)
            return nil
        }
        guard let targetNode = entry("target") else {
            sink.error("a binding needs 'target' (layerId.keyPath)", at: n.mark)
            return nil
        }
        if let animator = animatorTarget(targetNode) {
            guard let outputNode = entry("output"), let out = outputNode.numbers(2, "two fractions [at input start, at input end]") else {
                if entry("output") == nil { sink.error("a binding needs 'output' (two values for the target)", at: n.mark) }
                return nil
            }
            var binding = BindingSpec(
                source: source, input: (input[0], input[1]), layer: "", keyPath: LayerKeyPath("opacity")!,
                output: (.number(out[0]), .number(out[1])))
            binding.animator = animator
            binding.always = entry("always")?.bool() ?? false
            return binding
        }
        guard let target = animatableTarget(targetNode) else { return nil }
        guard let outputNode = entry("output") else {
            sink.error("a binding needs 'output' (two values for the target)", at: n.mark)
            return nil
        }
        guard let items = outputNode.sequence("two values [at input start, at input end]"), items.count == 2 else {
            if case .sequence = outputNode.node { sink.error("output needs exactly two values", at: outputNode.mark) }
            return nil
        }
        let kind = Reader.kind(of: target.keyPath)
        guard let a = values.value(items[0], kind: kind), let b = values.value(items[1], kind: kind) else { return nil }
        var binding = BindingSpec(source: source, input: (input[0], input[1]), layer: target.layer, keyPath: target.keyPath, output: (a, b))
        binding.always = entry("always")?.bool() ?? false
        return binding
    }

    /// `NAME.fractionComplete` naming a declared animator; nil for anything else.
    private func animatorTarget(_ n: YAMLNode) -> String? {
        guard case .scalar(let s) = n.node, let dot = s.string.firstIndex(of: ".") else { return nil }
        let name = String(s.string[..<dot]), path = String(s.string[s.string.index(after: dot)...])
        guard animatorNames.contains(name), layerTypes[name] == nil else { return nil }
        guard path == "fractionComplete" else {
            sink.error(
                "an animator binding drives 'fractionComplete', found '\(path)'", at: n.mark,
                hint: "did you mean '\(name).fractionComplete'?")
            return name
        }
        return name
    }

    /// `layerId.keyPath` naming an animatable property the layer has.
    private func animatableTarget(_ n: YAMLNode) -> (layer: String, keyPath: LayerKeyPath)? {
        guard let s = n.string("layerId.keyPath") else { return nil }
        guard let dot = s.firstIndex(of: ".") else {
            sink.error("expected layerId.keyPath, found '\(s)'", at: n.mark)
            return nil
        }
        let id = String(s[..<dot]), path = String(s[s.index(after: dot)...])
        guard let type = layerTypes[id] else {
            sink.error(
                "unknown layer '\(id)'", at: n.mark, hint: nearest(to: id, in: Array(layerTypes.keys)).map { "did you mean '\($0)'?" })
            return nil
        }
        guard let kp = LayerKeyPath(path), type.layerClasses.contains(kp.property.layerClass) else {
            let known = ScenarioKeys.allKeyPaths.filter {
                LayerKeyPath($0).map { type.layerClasses.contains($0.property.layerClass) } ?? false
            }
            sink.error(
                "'\(path)' is not an animatable property of layer '\(id)' (type \(type.rawValue))", at: n.mark,
                hint: nearest(to: path, in: known).map { "did you mean '\($0)'?" })
            return nil
        }
        return (id, kp)
    }

    private func readThreshold(_ n: YAMLNode) -> ThresholdSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.threshold, what: "a threshold such as { value: 60, when: down, do: [ … ] }")
        else { return nil }
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let source = pullSource(entry("source")) else { return nil }
        guard let vn = entry("value") else {
            sink.error("a threshold needs 'value' (the pull it reacts to)", at: n.mark)
            return nil
        }
        guard let value = vn.number("a pull value") else { return nil }
        var on = ThresholdSpec.Crossing.down
        if let o = entry("when") {
            guard let c = enumValue(o, ThresholdSpec.Crossing.allCases.map(\.rawValue)) else { return nil }
            on = .init(rawValue: c)!
        }
        var whileDragging = true
        if let w = entry("whileDragging") { whileDragging = w.bool() ?? true }
        guard let d = entry("do") else {
            sink.error("a threshold needs 'do' (a list of actions)", at: n.mark)
            return nil
        }
        guard let actions = actionList(d) else { return nil }
        return ThresholdSpec(source: source, value: value, on: on, whileDragging: whileDragging, actions: actions)
    }

    /// Within one source and direction, thresholds come in the order the pull meets them:
    /// rising values for `down` and `release`, falling ones for `up`.
    private func checkThresholdOrder(_ thresholds: [ThresholdSpec], marks: [SourceMark]) {
        var last: [String: (value: Double, line: Int)] = [:]
        for (t, mark) in zip(thresholds, marks) {
            let slot = "\(t.source.rawValue) \(t.on.rawValue)"
            if let previous = last[slot] {
                let ordered = t.on == .up ? t.value <= previous.value : t.value >= previous.value
                if !ordered {
                    sink.error(
                        "thresholds out of order: \(t.source.rawValue) \(formatted(t.value)) (when: \(t.on.rawValue)) comes after \(formatted(previous.value)) on line \(previous.line)",
                        at: mark,
                        hint: t.on == .up
                            ? "list 'when: up' thresholds from the largest value down"
                            : "list them from the smallest value up, as the pull meets them")
                }
            }
            last[slot] = (t.value, mark.line)
        }
    }

    func actionList(_ n: YAMLNode) -> [ScenarioAction]? {
        guard let items = n.sequence("a list of actions") else { return nil }
        var out: [ScenarioAction] = []
        for item in items {
            guard let pairs = item.mapping(allowed: ScenarioKeys.actionKeys, what: "an action such as { add: pulse, to: dot }") else {
                continue
            }
            out += readActions(pairs, at: item.mark) ?? []
        }
        return out
    }

    private func readRefreshing(_ n: YAMLNode) -> RefreshingSpec? {
        guard
            let pairs = n.mapping(
                allowed: ScenarioKeys.refreshing, what: "the refreshing state (open, endsAfter or endsAt, close, onBegin, …)")
        else { return nil }
        var spec = RefreshingSpec()
        for (k, _, v) in pairs {
            switch k {
            case "open":
                if case .scalar(let s) = v.node, s.string == "spring" { spec.open = nil } else { spec.open = readBlockSettings(v) }
            case "close": if let b = readBlockSettings(v) { spec.close = b }
            case "endsAt", "endsAfter":
                guard let t = v.number("a time in seconds") else { continue }
                if t < 0 {
                    sink.error("\(k) must not be negative", at: v.mark)
                    continue
                }
                if k == "endsAt" { spec.endsAt = t } else { spec.endsAfter = t }
            case "onBegin": spec.onBegin = actionList(v) ?? []
            case "onEnd": spec.onEnd = actionList(v) ?? []
            default: spec.onClosed = actionList(v) ?? []
            }
        }
        if spec.endsAt != nil && spec.endsAfter != nil { sink.error("refreshing takes 'endsAt' or 'endsAfter', not both", at: n.mark) }
        return spec
    }

    /// `{ duration, curve, damping, … }`: a UIView.animate block's settings.
    private func readBlockSettings(_ n: YAMLNode) -> ViewBlock? {
        guard
            let pairs = n.mapping(
                allowed: ScenarioKeys.viewBlock, what: "'spring' or an animation such as { duration: 0.25, curve: easeInOut }")
        else { return nil }
        var block = ViewBlock(duration: 0.25)
        for (k, _, v) in pairs {
            switch k {
            case "duration":
                if let d = v.number("a duration in seconds") {
                    if d >= 0 { block.duration = d } else { sink.error("duration must not be negative", at: v.mark) }
                }
            case "delay": if let d = v.number("a delay in seconds") { block.delay = max(0, d) }
            case "curve": if let c = viewCurve(v) { block.curve = c }
            case "damping":
                if let d = v.number("a damping ratio in (0, 1]") {
                    if d > 0 && d <= 1 { block.damping = d } else { sink.error("damping must be in (0, 1]", at: v.mark) }
                }
            case "velocity": block.velocity = v.number("an initial spring velocity") ?? 0
            default: sink.error("'\(k)' does not apply here", at: v.mark)
            }
        }
        return block
    }
}
