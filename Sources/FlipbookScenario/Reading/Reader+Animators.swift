import FlipbookCore
import FlipbookUIKit
import Foundation

extension Reader {
    /// A non-negative number of seconds for `name` (`duration`, `delay`); nil, with the error
    /// reported, otherwise.
    func seconds(_ v: YAMLNode, _ name: String) -> Double? {
        guard let x = v.number("a \(name) in seconds") else { return nil }
        guard x >= 0 else {
            sink.error("\(name) must not be negative", at: v.mark)
            return nil
        }
        return x
    }

    /// `animators:`: property animators by name (timing-model.md 11.4).
    func readAnimators(_ n: YAMLNode) -> [String: AnimatorSpec] {
        guard let pairs = n.mapping(what: "a mapping of property animators by name") else { return [:] }
        var out: [String: AnimatorSpec] = [:]
        for (name, _, _) in pairs { animatorNames.insert(name) }
        for (name, _, body) in pairs {
            guard
                let fields = body.mapping(
                    allowed: ScenarioKeys.animator, what: "an animator such as { duration: 1, curve: easeIn, set: { … } }")
            else { continue }
            func entry(_ k: String) -> YAMLNode? { fields.first { $0.key == k }?.value }
            var spec = AnimatorSpec(name: name, duration: 0)
            if let d = entry("duration") {
                if let v = seconds(d, "duration") { spec.duration = v }
            } else {
                sink.error("animator '\(name)' needs a 'duration'", at: body.mark)
            }
            if let c = entry("curve") {
                if case .sequence = c.node {
                    if let points = c.numbers(4, "four control points [c1x, c1y, c2x, c2y]") { spec.controlPoints = points }
                } else if let named = viewCurve(c) {
                    spec.curve = named
                }
            }
            if let d = entry("damping"), let v = d.number("a damping ratio in (0, 1]") {
                if v <= 0 || v > 1 { sink.error("damping must be in (0, 1]", at: d.mark) } else { spec.damping = v }
            }
            spec.scrubsLinearly = entry("scrubsLinearly")?.bool() ?? true
            spec.pausesOnCompletion = entry("pausesOnCompletion")?.bool() ?? false
            if let s = entry("set"), let changes = readSets(s) {
                spec.sets = changes.sets
                spec.settings = changes.settings
            } else if entry("set") == nil {
                sink.error("animator '\(name)' needs 'set' (the changes it animates)", at: body.mark)
            }
            if let c = entry("completion") { spec.completion = actionList(c) ?? [] }
            out[name] = spec
        }
        return out
    }

    /// `{ animator: NAME, call: start | pause | continue | reverse | forward | stop | finish }` or
    /// `{ animator: NAME, fraction: 0.4 }`.
    func readAnimatorStep(_ pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], at mark: SourceMark) -> [ScenarioAction]? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let nameNode = entry("animator"), let name = nameNode.string("an animator name") else { return nil }
        guard animatorNames.contains(name) else {
            sink.error(
                "unknown animator '\(name)'", at: nameNode.mark,
                hint: nearest(to: name, in: Array(animatorNames)).map { "did you mean '\($0)'?" } ?? "declare it under 'animators'")
            return nil
        }
        if let f = entry("fraction") {
            if let c = entry("call") {
                sink.error("an animator step either sets 'fraction' or has a 'call', not both", at: c.mark)
                return nil
            }
            guard let v = f.number("a fraction from 0 to 1") else { return nil }
            return [.animator(name, .fraction(v))]
        }
        guard let callNode = entry("call") else {
            sink.error("an animator step needs 'call' (\(ScenarioKeys.animatorCalls.joined(separator: ", "))) or 'fraction'", at: mark)
            return nil
        }
        guard let call = enumValue(callNode, ScenarioKeys.animatorCalls) else { return nil }
        let allowed: [String: [String]] = ["start": ["delay"], "continue": ["curve", "durationFactor"], "finish": ["finishAt"]]
        for key in ["delay", "curve", "durationFactor", "finishAt"] {
            if let n = entry(key), !(allowed[call] ?? []).contains(key) {
                sink.error("'\(key)' does not go with call: \(call)", at: n.mark)
            }
        }
        switch call {
        case "start":
            var delay = 0.0
            if let d = entry("delay"), let v = seconds(d, "delay") { delay = v }
            return [.animator(name, .start(delay: delay))]
        case "pause": return [.animator(name, .pause)]
        case "continue":
            var factor = 1.0
            if let d = entry("durationFactor"), let v = d.number("a positive factor") {
                if v <= 0 { sink.error("durationFactor must be positive", at: d.mark) } else { factor = v }
            }
            let curve = entry("curve").flatMap { viewCurve($0) }
            return [.animator(name, .continue(curve: curve, durationFactor: factor))]
        case "reverse", "forward": return [.animator(name, .reverse(call == "reverse"))]
        case "stop": return [.animator(name, .stop)]
        default:
            var position = UIViewAnimatingPosition.end
            if let p = entry("finishAt"), let s = enumValue(p, ["end", "start", "current"]) {
                position = s == "start" ? .start : s == "current" ? .current : .end
            }
            return [.animator(name, .finish(position))]
        }
    }
}

extension Reader {
    /// `{ keyframes: { duration, delay, curve, mode, … }, frames: [ { start, duration, set } ] }`.
    func readKeyframesStep(
        _ pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], completion: [ScenarioAction],
        at mark: SourceMark
    ) -> [ScenarioAction]? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let kn = entry("keyframes"), let settings = kn.mapping(allowed: ScenarioKeys.keyframeBlock) else { return nil }
        var block = KeyframeBlock(duration: 0)
        var hasDuration = false
        for (k, _, v) in settings {
            switch k {
            case "duration":
                if let d = seconds(v, "duration") {
                    block.duration = d
                    hasDuration = true
                }
            case "delay": if let d = seconds(v, "delay") { block.delay = d }
            case "curve": if let c = viewCurve(v) { block.curve = c }
            case "mode": if let m = enumValue(v, ["linear", "discrete", "paced", "cubic", "cubicPaced"]) { block.mode = m }
            case "repeat": block.repeats = v.bool() ?? false
            case "autoreverse": block.autoreverses = v.bool() ?? false
            default: block.beginFromCurrentState = v.bool() ?? false
            }
        }
        if !hasDuration { sink.error("'keyframes' needs a 'duration'", at: kn.mark) }
        guard let framesNode = entry("frames") else {
            sink.error("'keyframes' needs 'frames' (a list of { start, duration, set })", at: mark)
            return nil
        }
        guard let items = framesNode.sequence("a list of keyframes { start, duration, set }") else { return nil }
        var frames: [KeyframeSpec] = []
        for item in items {
            guard
                let fields = item.mapping(
                    allowed: ScenarioKeys.keyframe, what: "a keyframe such as { start: 0, duration: 0.5, set: { … } }")
            else { continue }
            func field(_ k: String) -> YAMLNode? { fields.first { $0.key == k }?.value }
            func fraction(_ k: String, _ fallback: Double) -> Double {
                guard let n = field(k) else { return fallback }
                guard let v = n.number("a fraction of the whole duration, 0 to 1") else { return fallback }
                if v < 0 || v > 1 {
                    sink.error("'\(k)' is a fraction of the whole duration, 0 to 1; found \(formatted(v))", at: n.mark)
                    return fallback
                }
                return v
            }
            let start = fraction("start", 0), length = fraction("duration", 1 - start)
            guard let setNode = field("set") else {
                sink.error("a keyframe needs 'set' (its changes)", at: item.mark)
                continue
            }
            guard let changes = readSets(setNode) else { continue }
            frames.append(KeyframeSpec(start: start, duration: length, sets: changes.sets, settings: changes.settings))
        }
        return [.keyframes(block, frames: frames, completion: completion)]
    }
}

extension Reader {
    /// `{ transition: { layer, type, subtype, duration, curve, startProgress, endProgress }, set: { … } }`.
    func readTransitionStep(_ pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], at mark: SourceMark) -> [ScenarioAction]? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard let tn = entry("transition"), let fields = tn.mapping(allowed: ScenarioKeys.transition) else { return nil }
        var spec = TransitionSpec(layer: "")
        for (k, _, v) in fields {
            switch k {
            case "layer":
                guard let id = v.string("a layer id") else { continue }
                if layerTypes[id] == nil {
                    sink.error(
                        "unknown layer '\(id)'", at: v.mark,
                        hint: nearest(to: id, in: Array(layerTypes.keys)).map { "did you mean '\($0)'?" })
                }
                spec.layer = id
            case "type": if let t = enumValue(v, ["fade", "push", "moveIn", "reveal", "flip"]) { spec.type = t }
            case "subtype": spec.subtype = enumValue(v, ["fromLeft", "fromRight", "fromTop", "fromBottom"])
            case "duration":
                if let d = seconds(v, "duration") { spec.duration = d }
            case "curve": if let c = viewCurve(v) { spec.curve = c }
            default:
                guard let p = v.number("a progress from 0 to 1") else { continue }
                if p < 0 || p > 1 {
                    sink.error("'\(k)' must be in 0…1, found \(formatted(p))", at: v.mark)
                    continue
                }
                if k == "startProgress" { spec.startProgress = p } else { spec.endProgress = p }
            }
        }
        if spec.layer.isEmpty, !fields.contains(where: { $0.key == "layer" }) {
            sink.error("'transition' needs 'layer' (the layer it plays on)", at: tn.mark)
        }
        var sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)] = [], settings: [LayerSetting] = []
        if let s = entry("set") {
            guard let changes = readSets(s) else { return nil }
            sets = changes.sets
            settings = changes.settings
        }
        return [.transition(spec, sets: sets, settings: settings)]
    }
}
