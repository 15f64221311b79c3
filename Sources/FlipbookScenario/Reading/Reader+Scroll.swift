import FlipbookCore
import Foundation
import Yams

extension Reader {
    // MARK: - Scroll and table layers

    /// Reads one scroll-view key of a `scroll` or `table` layer.
    func readScrollKey(_ k: String, _ v: YAMLNode, into spec: inout ScrollSpec) {
        switch k {
        case "contentSize":
            if case .size(let s)? = values.value(v, kind: .size) {
                if s.width < 0 || s.height < 0 { sink.error("contentSize must not be negative", at: v.mark) } else { spec.contentSize = s }
            }
        case "contentInset":
            if case .scalar = v.node {
                if let top = v.number("a top inset, or [top, left, bottom, right]") {
                    spec.contentInset = UIEdgeInsets(top: top, left: 0, bottom: 0, right: 0)
                }
            } else if let xs = v.numbers(4, "insets [top, left, bottom, right]") {
                spec.contentInset = UIEdgeInsets(top: xs[0], left: xs[1], bottom: xs[2], right: xs[3])
            }
        case "bounces": spec.bounces = v.bool() ?? true
        case "alwaysBounceVertical": spec.alwaysBounceVertical = v.bool() ?? true
        case "showsVerticalScrollIndicator": spec.showsVerticalScrollIndicator = v.bool() ?? true
        case "showsHorizontalScrollIndicator": spec.showsHorizontalScrollIndicator = v.bool() ?? true
        case "decelerationRate":
            if case .scalar(let s) = v.node, s.string == "normal" || s.string == "fast" {
                spec.decelerationRate = s.string == "fast" ? 0.99 : 0.998
            } else if let r = v.number("normal, fast, or a per-millisecond factor in (0, 1)") {
                if r > 0 && r < 1 {
                    spec.decelerationRate = r
                } else {
                    sink.error("decelerationRate must be in (0, 1), found \(formatted(r))", at: v.mark)
                }
            }
        case "rows": spec.rows = readRows(v)
        default: break
        }
    }

    private func readRows(_ n: YAMLNode) -> RowsSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.rows, what: "rows such as { template: \"Row {n}\", count: 20 }") else {
            return nil
        }
        var rows = RowsSpec()
        var template: String?, count: Int?, first = 1
        var items: [String]?
        for (k, _, v) in pairs {
            switch k {
            case "items": items = v.sequence("a list of row titles")?.compactMap { $0.string("a row title") }
            case "template": template = v.string("a row title with {n} for its number")
            case "count":
                count = v.wholeNumber("a number of rows", key: "count", in: 0...Limits.maximumTableRows)
            case "first":
                // Row numbers are printed, so first + count must stay a number people can read.
                first =
                    v.wholeNumber("the number of the first row", key: "first", in: -Limits.maximumRowNumber...Limits.maximumRowNumber)
                    ?? first
            case "height":
                if let h = v.number("a row height in points") {
                    if h > 0 { rows.height = h } else { sink.error("row height must be positive", at: v.mark) }
                }
            case "font":
                rows.font = v.string("a font family name")
                if let name = rows.font { fontUses.append((name, v.mark)) }
            case "fontSize":
                if let s = v.number("a font size in points") {
                    if s > 0 { rows.fontSize = s } else { sink.error("fontSize must be positive", at: v.mark) }
                }
            case "textColor": if let c = values.color(v) { rows.textColor = c }
            case "background": rows.background = v.isNull ? nil : values.color(v)
            case "separators": rows.separators = v.bool() ?? true
            case "separatorColor": rows.separatorColor = values.color(v)
            case "separatorInset": rows.separatorInset = v.number("a left inset in points") ?? 15
            default: rows.separatorsBelowRows = v.bool() ?? true
            }
        }
        if let items {
            if template != nil || count != nil { sink.error("rows take either 'items' or 'template' with 'count', not both", at: n.mark) }
            rows.texts = items
        } else if let count {
            let t = template ?? "Row {n}"
            rows.texts = (0..<count).map { t.replacingOccurrences(of: "{n}", with: String(first + $0)) }
        } else if template != nil, !pairs.contains(where: { $0.key == "count" }) {
            sink.error("a row 'template' needs a 'count'", at: n.mark)
        }
        return rows
    }

    /// The scroll views (scroll and table layers) the file declares, in file order.
    var scrollViewIDs: [String] { layerOrder.filter { layerTypes[$0]?.isScrollView == true } }

    /// A scroll view named by `n`, or the only one when `n` is absent.
    func scrollViewReference(_ n: YAMLNode?, at mark: SourceMark, kind: LayerType? = nil, what: String) -> String? {
        let candidates = scrollViewIDs.filter { kind == nil || layerTypes[$0] == kind }
        let noun = kind == .table ? "table" : "scroll view"
        guard let n else {
            if candidates.count == 1 { return candidates[0] }
            sink.error(
                candidates.isEmpty
                    ? "\(what) needs a \(noun): declare a layer of type \(kind?.rawValue ?? "scroll or table")"
                    : "\(what) must name its \(noun): one of \(candidates.joined(separator: ", "))", at: mark)
            return nil
        }
        guard let id = n.string("the id of a \(noun)") else { return nil }
        guard candidates.contains(id) else {
            sink.error(
                layerTypes[id] == nil ? "unknown layer '\(id)'" : "layer '\(id)' is not a \(noun)", at: n.mark,
                hint: nearest(to: id, in: candidates).map { "did you mean '\($0)'?" })
            return nil
        }
        return id
    }

    func readInsertRows(_ n: YAMLNode, into: YAMLNode?, row: YAMLNode?, animated: YAMLNode?, at mark: SourceMark) -> [ScenarioAction]? {
        var texts: [String] = []
        if case .sequence(let s) = n.node {
            texts = s.compactMap { YAMLNode(node: $0, sink: sink).string("a row title") }
        } else if let t = n.string("a row title or a list of them") {
            texts = [t]
        }
        var index = 0
        if let row, let r = row.wholeNumber("the row the first new one takes", key: "row", in: 0...Limits.maximumTableRows) {
            index = r
        }
        guard let table = scrollViewReference(into, at: mark, kind: .table, what: "insertRows") else { return nil }
        return [.insertRows(table: table, texts: texts, at: index, animated: animated?.bool() ?? true)]
    }

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
        guard let kp = LayerKeyPath(path), type.classKind.contains(kp.property.layerClassName) else {
            let known = ScenarioKeys.allKeyPaths.filter {
                LayerKeyPath($0).map { type.classKind.contains($0.property.layerClassName) } ?? false
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

    // MARK: - Touches

    /// Where reading a touch list has got to.
    struct TouchReading {
        /// The finger down now: its scroll view, when it touched, its steps, the line it touched on.
        var current: (scroll: String, start: Double, steps: [TouchScript.Step], line: Int)?
        /// Where the finger is in its scroll view (nil: not known), to warn once when a drag
        /// takes it off the view: iOS keeps tracking it, the preview draws it clipped.
        var finger: CGPoint?
        var warnedOffView = false
        /// When the last step ends.
        var clock = 0.0
        var touches: [TouchSpec] = []
        var taps: [TapSpec] = []
    }

    typealias TouchStepPairs = [(key: String, keyNode: YAMLNode, value: YAMLNode)]

    /// A list of finger steps: `{ at, down, x, y }` touches down (on the only scroll view, or the
    /// one named; at its centre unless x/y say where), `{ drag, duration, curve }`, `{ hold }`,
    /// `{ release, velocity }`; each step follows the previous one, `at` may only move it later.
    func readTouches(_ n: YAMLNode, duration: Double) -> (touches: [TouchSpec], taps: [TapSpec]) {
        guard let items = n.sequence("a list of touch steps") else { return ([], []) }
        var reading = TouchReading()
        for item in items {
            guard
                let pairs = item.mapping(
                    allowed: ScenarioKeys.touchStep,
                    what: "a touch step: { down: true }, { drag: 80, duration: 0.5 }, { hold: 0.2 }, { release: true } or { tap: ID }")
            else { continue }
            guard let verb = touchVerb(pairs, at: item) else { continue }
            if let a = pairs.first(where: { $0.key == "at" })?.value { advance(&reading, to: a) }
            switch verb {
            case "down": touchDown(pairs, item: item, &reading)
            case "drag": drag(pairs, item: item, &reading)
            case "hold": hold(pairs, item: item, &reading)
            case "tap": tap(pairs, item: item, &reading)
            default: release(pairs, item: item, &reading)
            }
        }
        // A scene shortened to preview the pull renders what it has (the touches go on past its
        // end, unseen); a duration that is itself wrong has its own error already.
        if duration > 0, reading.clock > duration + 1e-9 {
            sink.warning(
                "the touches end at \(formatted(reading.clock)) s, after the scenario (\(formatted(duration)) s); "
                    + "the render stops at \(formatted(duration)) s", at: n.mark)
        }
        // A finger still down at the end stays down.
        if let c = reading.current, !c.scroll.isEmpty {
            reading.touches.append(TouchSpec(scrollView: c.scroll, start: c.start, script: TouchScript(c.steps)))
        }
        return (reading.touches, reading.taps)
    }

    /// `{ tap: ID }` (the layer's centre) or `{ tap: [x, y] }` (canvas points): down now, up
    /// `duration` later (0.1 s; a long press holds longer).
    private func tap(_ pairs: TouchStepPairs, item: YAMLNode, _ reading: inout TouchReading) {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        if let c = reading.current {
            sink.error("the finger is down (touched down on line \(c.line)); release it before a tap", at: item.mark)
            return
        }
        let hold = entry("duration")?.number("how long the finger stays down, in seconds") ?? 0.1
        if hold < 0 { sink.error("a tap's duration cannot be negative", at: entry("duration")!.mark) }
        let node = entry("tap")!
        let target: TapSpec.Target
        if case .sequence = node.node {
            guard let p = node.numbers(2, "a point [x, y] in canvas points") else { return }
            target = .point(CGPoint(x: p[0], y: p[1]))
        } else {
            guard let id = node.string("a layer id or a point [x, y]") else { return }
            guard layerTypes[id] != nil else {
                sink.error(
                    "unknown layer '\(id)'", at: node.mark,
                    hint: nearest(to: id, in: Array(layerTypes.keys)).map { "did you mean '\($0)'?" })
                return
            }
            target = .layer(id)
        }
        reading.taps.append(TapSpec(target: target, start: reading.clock, hold: max(0, hold)))
        reading.clock += max(0, hold)
    }

    /// The step's one verb (down, drag, hold, release), its other keys checked against it.
    private func touchVerb(_ pairs: TouchStepPairs, at item: YAMLNode) -> String? {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        let verbs = ["down", "drag", "hold", "release", "tap"].filter { entry($0) != nil }
        guard verbs.count == 1 else {
            sink.error(
                verbs.isEmpty
                    ? "a touch step needs one of: down, drag, hold, release, tap"
                    : "one touch step per entry, found \(verbs.joined(separator: " and "))", at: item.mark)
            return nil
        }
        if let c = entry("curve"), verbs[0] != "drag" { sink.error("'curve' belongs to a drag step", at: c.mark) }
        if let d = entry("duration"), verbs[0] != "drag", verbs[0] != "tap" {
            sink.error("'duration' belongs to a drag or tap step", at: d.mark)
        }
        if let v = entry("velocity"), verbs[0] != "release" { sink.error("'velocity' belongs to a release step", at: v.mark) }
        for k in ["x", "y"] where entry(k) != nil && verbs[0] != "down" {
            sink.error("'\(k)' belongs to a down step (where the finger touches)", at: entry(k)!.mark)
        }
        return verbs[0]
    }

    /// `at`: the step starts then, never before the previous one ends (a finger down holds).
    private func advance(_ reading: inout TouchReading, to a: YAMLNode) {
        guard let t = a.number("a time in seconds") else { return }
        if t < reading.clock - 1e-9 {
            sink.error("at \(formatted(t)) s is before the previous touch step ends (\(formatted(reading.clock)) s)", at: a.mark)
        } else if t > reading.clock, reading.current != nil {  // past the scene's end: one warning in readTouches
            reading.current?.steps.append(.hold(t - reading.clock))
            reading.clock = t
        } else {
            reading.clock = t
        }
    }

    private func touchDown(_ pairs: TouchStepPairs, item: YAMLNode, _ reading: inout TouchReading) {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        if let c = reading.current {
            sink.error("the finger is already down (touched down on line \(c.line)); release it first", at: item.mark)
            return
        }
        let target: YAMLNode? = {
            if case .scalar(let s) = entry("down")!.node, s.string == "true" { return nil } else { return entry("down") }
        }()
        // A finger on an unknown target is still down: the steps after it are not errors too.
        let scroll = scrollViewReference(target, at: item.mark, what: "a touch") ?? ""
        // Where across (and down) the scroll view the finger is: its centre by default.
        let x = entry("x")?.number("a position in points from the scroll view's left edge")
        let y = entry("y")?.number("a position in points from the scroll view's top edge")
        let down: TouchScript.Step = x == nil && y == nil ? .touchDown : .touchDownAt(CGPoint(x: x ?? .nan, y: y ?? .nan))
        reading.current = (scroll, reading.clock, [down], item.mark.line)
        reading.finger = layerSizes[scroll].map { CGPoint(x: x ?? $0.width / 2, y: y ?? $0.height / 2) }
    }

    private func drag(_ pairs: TouchStepPairs, item: YAMLNode, _ reading: inout TouchReading) {
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        guard reading.current != nil else {
            sink.error("a drag with no touch down: add { down: true } before it", at: item.mark)
            return
        }
        let dn = entry("drag")!
        var by = CGPoint.zero
        if case .sequence = dn.node {
            if let xs = dn.numbers(2, "a distance [x, y]") { by = CGPoint(x: xs[0], y: xs[1]) }
        } else if let y = dn.number("a distance in points (positive pulls the content down)") {
            by = CGPoint(x: 0, y: y)
        }
        var d = 0.0
        if let dd = entry("duration") {
            if let x = dd.number("a duration in seconds") {
                if x >= 0 { d = x } else { sink.error("duration must not be negative", at: dd.mark) }
            }
        } else {
            sink.error("a drag needs 'duration' (seconds)", at: item.mark)
        }
        let curve = entry("curve").flatMap { timing($0) } ?? .named(.easeInEaseOut)
        reading.current?.steps.append(.move(by: by, duration: d, curve: curve.function))
        reading.clock += d
        guard let start = reading.finger, let c = reading.current, let size = layerSizes[c.scroll] else { return }
        let end = CGPoint(x: start.x + by.x, y: start.y + by.y)
        reading.finger = end
        if !reading.warnedOffView, end.x < 0 || end.y < 0 || end.x > size.width || end.y > size.height {
            reading.warnedOffView = true
            sink.warning(
                String(
                    format: "this drag takes the finger off '%@' (to %g, %g pt of its %g × %g): iOS keeps "
                        + "tracking it; the preview draws the finger clipped at the scene's edge",
                    c.scroll, end.x, end.y, size.width, size.height), at: item.mark)
        }
    }

    private func hold(_ pairs: TouchStepPairs, item: YAMLNode, _ reading: inout TouchReading) {
        guard reading.current != nil else {
            sink.error("a hold with no touch down: add { down: true } before it", at: item.mark)
            return
        }
        guard let h = pairs.first(where: { $0.key == "hold" })!.value.number("seconds to hold") else { return }
        if h < 0 {
            sink.error("hold must not be negative", at: item.mark)
        } else {
            reading.current?.steps.append(.hold(h))
            reading.clock += h
        }
    }

    private func release(_ pairs: TouchStepPairs, item: YAMLNode, _ reading: inout TouchReading) {
        guard let c = reading.current else {
            sink.error("a release with no touch down: add { down: true } before it", at: item.mark)
            return
        }
        var velocity: CGPoint?
        if let v = pairs.first(where: { $0.key == "velocity" })?.value {
            if case .sequence = v.node {
                if let xs = v.numbers(2, "a finger velocity [x, y] in pt/s") { velocity = CGPoint(x: xs[0], y: xs[1]) }
            } else if let y = v.number("a finger velocity in pt/s (positive: downwards)") {
                velocity = CGPoint(x: 0, y: y)
            }
        }
        if !c.scroll.isEmpty {
            let script = TouchScript(c.steps + [.release(velocity: velocity)])
            reading.touches.append(TouchSpec(scrollView: c.scroll, start: c.start, script: script))
        }
        reading.current = nil
    }
}
