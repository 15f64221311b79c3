import FlipbookCore
import FlipbookUIKit
import Foundation
import Yams

extension Reader {
    // MARK: - Animations

    func timing(_ n: YAMLNode) -> TimingSpec? {
        let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
        if case .sequence = n.node {
            guard let p = n.numbers(4, "four control points [x1, y1, x2, y2]") else { return nil }
            if !(0...1).contains(p[0]) || !(0...1).contains(p[2]) {
                sink.error("control point x values must be in [0, 1], found \(formatted(p[0])) and \(formatted(p[2]))", at: n.mark)
                return nil
            }
            return .points(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
        }
        guard let raw = n.string("one of: \(names.joined(separator: ", "))") else { return nil }
        // UIKit's curve names mean the same curves (timing-model.md 11.1).
        if let s = names.contains(raw) ? raw : Self.curveAliases[raw] { return .named(CAMediaTimingFunctionName(rawValue: s)) }
        curveError(raw, allowed: names, at: n.mark)
        return nil
    }

    /// UIKit spellings of Core Animation's named curves.
    static let curveAliases = [
        "easeInOut": "easeInEaseOut", "curveEaseInOut": "easeInEaseOut", "curveEaseIn": "easeIn",
        "curveEaseOut": "easeOut", "curveLinear": "linear", "ease": "default"
    ]

    /// A `UIView.animate` curve: UIKit's names, or Core Animation's for the same curves.
    func viewCurve(_ n: YAMLNode) -> String? {
        let names = ["easeInOut", "easeIn", "easeOut", "linear"]
        guard let raw = n.string("one of: \(names.joined(separator: ", "))") else { return nil }
        if names.contains(raw) { return raw }
        if let ca = Self.curveAliases[raw] ?? (raw == "easeInEaseOut" ? raw : nil), ca != "default" {
            return ca == "easeInEaseOut" ? "easeInOut" : ca
        }
        curveError(raw, allowed: names, at: n.mark)
        return nil
    }

    /// An unknown curve name; the ease-in-ease-out spelling is suggested first for any
    /// "inout" look-alike, since easeOut is closer in letters but not what was meant.
    func curveError(_ raw: String, allowed: [String], at mark: SourceMark) {
        let lowered = raw.lowercased()
        let suggestion =
            lowered.contains("inout") || lowered.contains("in-out") || lowered.contains("inease")
            ? allowed.first { $0.lowercased().contains("inout") || $0 == "easeInEaseOut" }
            : nearest(to: raw, in: allowed + Array(Self.curveAliases.keys))
        sink.error(
            "expected one of: \(allowed.joined(separator: ", ")), found '\(raw)'", at: mark,
            hint: suggestion.map { "did you mean '\($0)'?" })
    }

    /// The value kind of a key path (a sub-field is a number, point or size).
    static func kind(of kp: LayerKeyPath) -> ValueKind {
        guard let c = kp.component else { return kp.property.kind }
        switch c {
        case .origin: return .point
        case .size, .translation: return .size
        default: return .number
        }
    }

    func readAnimation(_ n: YAMLNode, name: String, depth: Int) -> AnimationSpec? {
        if let ref = n.scalarString, case .scalar = n.node { return template(named: ref, at: n, depth: depth) }
        guard case .mapping(let m) = n.node else {
            n.fail("an animation mapping with a type")
            return nil
        }
        let kind = animationKind(of: m)
        guard let pairs = n.mapping(allowed: ScenarioKeys.animation(kind)) else { return nil }
        var spec = AnimationSpec(name: name, kind: kind)
        let keyPath = readKeyPath(pairs, of: n, kind: kind, into: &spec)
        let hasValueFunction = pairs.contains { $0.key == "valueFunction" }
        func value(_ v: YAMLNode) -> AnimatableValue? {
            guard let kp = keyPath else { return nil }
            if hasValueFunction {
                if case .sequence = v.node { return v.numbers(nil, "a list of numbers").map { .array($0.map(AnimatableValue.number)) } }
                return values.number(v).map(AnimatableValue.number)
            }
            return values.value(v, kind: Reader.kind(of: kp))
        }
        var nodes = KeyframeNodes()
        for (k, _, v) in pairs {
            if readTiming(k, v, into: &spec) || readSpring(k, v, into: &spec)
                || readValues(k, v, keyPath: keyPath, value: value, into: &spec, nodes: &nodes)
            {
                continue
            }
            if k == "animations" {
                guard depth < 16 else {
                    sink.error("groups nest too deeply", at: v.mark)
                    continue
                }
                spec.children =
                    v.sequence("a list of animations")?.compactMap { readAnimation($0, name: "\(name).child", depth: depth + 1) } ?? []
            }
        }
        checkKeyframeCounts(spec, nodes: nodes, at: n)
        return spec
    }

    /// A template referenced by name (inside a group), defined before the group.
    private func template(named ref: String, at n: YAMLNode, depth: Int) -> AnimationSpec? {
        guard depth > 0 else {
            n.fail("an animation mapping")
            return nil
        }
        if let t = templates[ref] { return t }
        if templateMarks[ref] != nil {
            sink.error("animation '\(ref)' must be defined before the group that uses it", at: n.mark)
        } else {
            sink.error(
                "unknown animation '\(ref)'", at: n.mark,
                hint: nearest(to: ref, in: Array(templateMarks.keys)).map { "did you mean '\($0)'?" })
        }
        return nil
    }

    /// The `type` given, else what the keys imply: `animations` a group, `values` or `path` keyframes.
    private func animationKind(of m: Node.Mapping) -> AnimationSpec.Kind {
        if let t = m.first(where: { $0.key.string == "type" }) {
            let tn = YAMLNode(node: t.value, sink: sink)
            return enumValue(tn, ["basic", "keyframe", "group", "spring"]).flatMap(AnimationSpec.Kind.init(rawValue:)) ?? .basic
        }
        if m.contains(where: { $0.key.string == "animations" }) { return .group }
        if m.contains(where: { ["values", "path"].contains($0.key.string) }) { return .keyframe }
        return .basic
    }

    /// The animation's key path, checked (every kind but a group needs one).
    private func readKeyPath(
        _ pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], of n: YAMLNode, kind: AnimationSpec.Kind,
        into spec: inout AnimationSpec
    ) -> LayerKeyPath? {
        guard let kpn = pairs.first(where: { $0.key == "keyPath" })?.value else {
            if kind != .group { sink.error("a \(kind.rawValue) animation needs a 'keyPath'", at: n.mark) }
            return nil
        }
        guard let s = kpn.string("a key path such as position.x") else { return nil }
        guard let kp = LayerKeyPath(s) else {
            sink.error(
                "unknown key path '\(s)'", at: kpn.mark,
                hint: nearest(to: s, in: ScenarioKeys.allKeyPaths).map { "did you mean '\($0)'?" })
            return nil
        }
        spec.keyPath = s
        return kp
    }

    /// CAMediaTiming and CAAnimation keys; false when `k` is not one.
    private func readTiming(_ k: String, _ v: YAMLNode, into spec: inout AnimationSpec) -> Bool {
        switch k {
        case "type", "keyPath": break
        case "duration":
            if spec.kind == .spring, v.scalarString == "settling" {
                spec.durationIsSettling = true
                break
            }
            if let d = v.number("a duration in seconds") {
                if d < 0 { sink.error("duration must not be negative, found \(formatted(d))", at: v.mark) } else { spec.duration = d }
            }
        case "beginTime": spec.beginTime = v.number("a begin time in seconds")
        case "timeOffset": spec.timeOffset = v.number("a time offset in seconds")
        case "speed": spec.speed = v.number("a speed")
        case "repeatCount":
            if let r = v.number("a repeat count (or inf)", allowInfinity: true) {
                if r < 0 { sink.error("repeatCount must not be negative, found \(formatted(r))", at: v.mark) } else { spec.repeatCount = r }
            }
        case "repeatDuration":
            if let r = v.number("a repeat duration in seconds", allowInfinity: true) {
                if r < 0 { sink.error("repeatDuration must not be negative", at: v.mark) } else { spec.repeatDuration = r }
            }
        case "autoreverses": spec.autoreverses = v.bool()
        case "fillMode":
            if let s = enumValue(v, ["removed", "forwards", "backwards", "both"]) { spec.fillMode = CAMediaTimingFillMode(rawValue: s) }
        case "removedOnCompletion": spec.removedOnCompletion = v.bool()
        case "timingFunction": spec.timingFunction = timing(v)
        case "additive": spec.additive = v.bool()
        case "cumulative": spec.cumulative = v.bool()
        case "valueFunction":
            let names = [
                "rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ", "translate", "translateX", "translateY",
                "translateZ"
            ]
            if let s = enumValue(v, names) { spec.valueFunction = CAValueFunctionName(rawValue: s) }
        default: return false
        }
        return true
    }

    /// Where the keyframe lists were written, for the messages that compare their lengths.
    struct KeyframeNodes {
        var keyTimes: YAMLNode?
        var values: YAMLNode?
        var timingFunctions: YAMLNode?
    }

    /// Basic (`from`, `to`, `by`) and keyframe values; false when `k` is not one of those keys.
    private func readValues(
        _ k: String, _ v: YAMLNode, keyPath: LayerKeyPath?, value: (YAMLNode) -> AnimatableValue?,
        into spec: inout AnimationSpec, nodes: inout KeyframeNodes
    ) -> Bool {
        switch k {
        case "from": spec.from = value(v)
        case "to": spec.to = value(v)
        case "by": spec.by = value(v)
        case "values":
            nodes.values = v
            if let items = v.sequence("a list of keyframe values") {
                let parsed = items.map { value($0) }
                if !parsed.contains(where: { $0 == nil }) { spec.values = parsed.map { $0! } }
                if items.isEmpty { sink.error("values must not be empty", at: v.mark) }
            }
        case "keyTimes":
            nodes.keyTimes = v
            if let kt = v.numbers(nil, "a list of key times in [0, 1]") {
                if kt.contains(where: { $0 < 0 || $0 > 1 }) {
                    sink.error("key times must lie in [0, 1]", at: v.mark)
                } else if zip(kt, kt.dropFirst()).contains(where: { $0 > $1 }) {
                    sink.error("key times must not decrease", at: v.mark)
                } else {
                    spec.keyTimes = kt
                }
            }
        case "timingFunctions":
            nodes.timingFunctions = v
            if let items = v.sequence("a list of timing functions") {
                let parsed = items.map { timing($0) }
                if !parsed.contains(where: { $0 == nil }) { spec.timingFunctions = parsed.map { $0! } }
            }
        case "calculationMode":
            if let s = enumValue(v, ["linear", "discrete", "paced", "cubic", "cubicPaced"]) {
                spec.calculationMode = CAAnimationCalculationMode(rawValue: s)
            }
        case "path":
            if keyPath.map({ Reader.kind(of: $0) }) != .point {
                sink.error("a keyframe 'path' animates a point key path such as position", at: v.mark)
            }
            spec.path = values.path(v)
        case "rotationMode":
            if let s = enumValue(v, ["auto", "autoReverse"]) { spec.rotationMode = CAAnimationRotationMode(rawValue: s) }
        case "tensionValues": spec.tension = v.numbers(nil, "a list of numbers in [-1, 1]")
        case "continuityValues": spec.continuity = v.numbers(nil, "a list of numbers in [-1, 1]")
        case "biasValues": spec.bias = v.numbers(nil, "a list of numbers in [-1, 1]")
        default: return false
        }
        return true
    }

    /// CASpringAnimation's keys; false when `k` is not one.
    private func readSpring(_ k: String, _ v: YAMLNode, into spec: inout AnimationSpec) -> Bool {
        switch k {
        case "mass": spec.mass = positive(v, "mass")
        case "stiffness": spec.stiffness = positive(v, "stiffness")
        case "damping":
            if let d = v.number("a damping coefficient") {
                if d < 0 { sink.error("damping must not be negative", at: v.mark) } else { spec.damping = d }
            }
        case "initialVelocity": spec.initialVelocity = v.number("an initial velocity")
        case "allowsOverdamping": spec.allowsOverdamping = v.bool()
        case "perceptualDuration": spec.perceptualDuration = positive(v, "perceptualDuration")
        case "bounce":
            if let b = v.number("a bounce in (-1, 1]") {
                if b <= -1 || b > 1 { sink.error("bounce must be in (-1, 1]", at: v.mark) } else { spec.bounce = b }
            }
        default: return false
        }
        return true
    }

    /// keyTimes must match the values (n, or n + 1 for discrete), timingFunctions the segments;
    /// a keyframe animation needs values or a path.
    private func checkKeyframeCounts(_ spec: AnimationSpec, nodes: KeyframeNodes, at n: YAMLNode) {
        if let kt = spec.keyTimes, let vals = spec.values, spec.path == nil {
            let discrete = spec.calculationMode == .discrete
            let expected = discrete ? vals.count + 1 : vals.count
            if kt.count != expected && !(discrete && kt.count == vals.count) {
                sink.error(
                    "keyTimes has \(kt.count) entries but values has \(vals.count); expected \(expected)\(discrete ? " (discrete: one more than values)" : "")",
                    at: nodes.keyTimes?.mark ?? n.mark)
            }
        }
        if let tfs = spec.timingFunctions, let vals = spec.values, vals.count > 1, tfs.count != vals.count - 1 {
            sink.error(
                "timingFunctions has \(tfs.count) entries; expected \(vals.count - 1) (one per segment)",
                at: nodes.timingFunctions?.mark ?? n.mark)
        }
        if spec.kind == .keyframe && spec.values == nil && spec.path == nil && nodes.values == nil {
            sink.error("a keyframe animation needs 'values' or 'path'", at: n.mark)
        }
    }

    func positive(_ v: YAMLNode, _ what: String) -> Double? {
        guard let x = v.number("a positive number") else { return nil }
        if x <= 0 {
            sink.error("\(what) must be positive, found \(formatted(x))", at: v.mark)
            return nil
        }
        return x
    }
}
