import FlipbookCore
import FlipbookUIKit
import Foundation
import Yams

extension Reader {
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
