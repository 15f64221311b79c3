import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// Runs `semantics-vectors.json` (timing-model.md 15) category by category.
@Suite("semantics vectors")
struct SemanticsVectorTests {
    @Test("the vectors file is bundled and complete")
    func fileLoads() {
        #expect(SemanticsVector.all.count == 459)
        // Every category in the file is one a test reads (through `category(_:)`, which checks
        // its count), so no vector goes unchecked.
        #expect(Set(SemanticsVector.all.map(\.category)) == Set(SemanticsVector.expectedCounts.keys))
    }

    /// timing-model.md 2.1–2.4
    @Test("timing functions (timing-model.md 2)")
    func timingFunctions() {
        let vectors = SemanticsVector.category("timing_function")
        #expect(vectors.count == 165)
        for v in vectors {
            let p = nums(v.input["controlPoints"])!
            let f = CAMediaTimingFunction(controlPoints: Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
            expectClose(f.evaluate(num(v.input["x"])!), num(v.expected["y"])!, v.tolerance, v.id)
        }
    }

    static func timing(_ a: [String: Any]) -> TimingParameters {
        var t = TimingParameters()
        t.duration = num(a["d"]) ?? 0
        if t.duration <= 0 { t.duration = 0.25 }
        t.beginTime = num(a["begin"]) ?? 0
        t.speed = num(a["speed"]) ?? 1
        t.timeOffset = num(a["offset"]) ?? 0
        t.repeatCount = num(a["repeatCount"]) ?? 0
        t.repeatDuration = num(a["repeatDuration"]) ?? 0
        t.autoreverses = (a["autoreverses"] as? Bool) ?? false
        t.fillMode = CAMediaTimingFillMode(rawValue: (a["fill"] as? String) ?? "removed")
        return t
    }

    /// timing-model.md 1.3–1.5
    @Test("media timing (timing-model.md 1.3)")
    func mediaTiming() {
        for v in SemanticsVector.category("media_timing") {
            let s = Self.timing(v.input["animation"] as! [String: Any]).evaluate(parentTime: num(v.input["parentTime"])!)
            #expect(s.applied == (v.expected["applied"] as! Bool), "\(v.id): applied")
            if let phase = v.expected["phase"] as? String { #expect(s.phase.rawValue == phase, "\(v.id): phase \(s.phase)") }
            guard s.applied else { continue }
            if let x = num(v.expected["activeTime"]) { expectClose(s.activeTime, x, v.tolerance, "\(v.id) activeTime") }
            if let x = num(v.expected["cycleIndex"]) { expectClose(Double(s.cycleIndex), x, 0, "\(v.id) cycleIndex") }
            if let x = num(v.expected["localTime"]) { expectClose(s.localTime, x, v.tolerance, "\(v.id) localTime") }
            if let x = num(v.expected["fraction"]) { expectClose(s.fraction, x, v.tolerance, "\(v.id) fraction") }
            if let leg = v.expected["leg"] as? String { #expect(s.reversed == (leg == "reverse"), "\(v.id): leg") }
        }
    }

    /// timing-model.md 1.3: a chain's begin times accumulate rounding (0.1 + 0.05 + …); a parent
    /// time a hair before the end is the end, not the start of a cycle that never comes.
    @Test("rounding just before the end keeps the terminal value (timing-model.md 1.3)")
    func terminalBoundaryUnderRounding() {
        let begin = 1.0500000000000003  // seven 0.15 s steps summed in floating point
        let once = TimingParameters(beginTime: begin, duration: 0.35)
        let s = once.evaluate(parentTime: 1.4)
        #expect(s.phase == .active)
        expectClose(s.fraction, 1, 1e-9, "fraction at the end")
        #expect(s.cycleIndex == 0)
        // Inside the interval a boundary still belongs to the next cycle.
        let twice = TimingParameters(beginTime: begin, duration: 0.35, repeatCount: 2)
        let mid = twice.evaluate(parentTime: 1.4)
        expectClose(mid.fraction, 0, 1e-9, "fraction at the repeat boundary")
        #expect(mid.cycleIndex == 1)
        let reversing = TimingParameters(beginTime: begin, duration: 0.175, autoreverses: true)
        expectClose(reversing.evaluate(parentTime: 1.4).fraction, 0, 1e-9, "a reversing animation ends at 0")
    }

    /// timing-model.md 1.6, 1.8, 1.9 — through real layers and `convertTime`.
    @Test("layer time hierarchy (timing-model.md 1.6, 1.8, 1.9)")
    func layerTime() {
        for v in SemanticsVector.category("layer_time_hierarchy") {
            if let chain = v.input["layersRootToLeaf"] as? [[String: Any]] {
                var layers: [CALayer] = []
                for spec in chain {
                    let l = CALayer()
                    l.beginTime = num(spec["begin"])!
                    l.speed = Float(num(spec["speed"])!)
                    l.timeOffset = num(spec["offset"])!
                    layers.last?.addSublayer(l)
                    layers.append(l)
                }
                let expected = nums(v.expected["localTimes"])!
                let t = num(v.input["globalTime"])!
                expectClose(layers.map { $0.convertTime(t, from: nil) }, expected, v.tolerance, v.id)
            } else if let layerSpec = v.input["layer"] as? [String: Any] {
                // beginTime 0 resolves to the commit time in the layer's time (1.8).
                let stage = Stage(size: CGSize(width: 10, height: 10))
                let layer = CALayer()
                layer.beginTime = num(layerSpec["begin"])!
                layer.speed = Float(num(layerSpec["speed"])!)
                layer.timeOffset = num(layerSpec["offset"])!
                stage.rootLayer.addSublayer(layer)
                stage.advance(to: num(v.input["commitGlobalTime"])!)
                let anim = CABasicAnimation(keyPath: "opacity")
                anim.fromValue = 0
                anim.toValue = 1
                anim.duration = 1
                layer.add(anim, forKey: "a")
                CATransaction.flush()
                expectClose(layer.animation(forKey: "a")!.beginTime, num(v.expected["resolvedBeginTime"])!, v.tolerance, v.id)
            } else {
                // QA1673 pause and resume on a real layer.
                let stage = Stage(size: CGSize(width: 10, height: 10))
                let layer = CALayer()
                stage.rootLayer.addSublayer(layer)
                let a = v.input["animation"] as! [String: Any]
                let anim = CABasicAnimation(keyPath: "opacity")
                anim.fromValue = 0
                anim.toValue = 1
                anim.beginTime = num(a["begin"])!
                anim.duration = num(a["d"])!
                anim.fillMode = .forwards
                anim.isRemovedOnCompletion = false
                layer.add(anim, forKey: "a")
                let pauseAt = num(v.input["pauseAtGlobal"])!, resumeAt = num(v.input["resumeAtGlobal"])!
                stage.advance(to: pauseAt)
                let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
                layer.speed = 0
                layer.timeOffset = paused
                expectClose(paused, num(v.expected["pausedTime"])!, v.tolerance, "\(v.id) pausedTime")
                var fractions = [Double(layer.presentation()!.opacity)]
                stage.advance(to: 103)
                expectClose(layer.convertTime(103, from: nil), num(v.expected["layerTimeAtGlobal103"])!, v.tolerance, "\(v.id) t103")
                fractions.append(Double(layer.presentation()!.opacity))
                stage.advance(to: resumeAt)
                let p = layer.timeOffset
                layer.speed = 1
                layer.timeOffset = 0
                layer.beginTime = 0
                layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - p
                expectClose(layer.beginTime, num(v.expected["resumeBeginTime"])!, v.tolerance, "\(v.id) resume begin")
                var times: [Double] = []
                for t in [105.0, 106, 110] {
                    stage.advance(to: t)
                    times.append(layer.convertTime(t, from: nil))
                    if t <= 106 { fractions.append(Double(layer.presentation()!.opacity)) }
                }
                expectClose(times, nums(v.expected["layerTimeAtGlobal105_106_110"])!, v.tolerance, "\(v.id) layer times")
                expectClose(fractions, nums(v.expected["animationFractionAt_pause_103_105_106"])!, 1e-6, "\(v.id) fractions")
            }
        }
    }

    /// timing-model.md 1.7
    @Test("animation groups (timing-model.md 1.7)")
    func groups() {
        for v in SemanticsVector.category("animation_group") {
            if let durations = nums(v.input["children.durations"]) {
                let group = CAAnimationGroup()
                group.duration = num(v.input["group.duration"])!
                group.animations = durations.map { d in
                    let c = CABasicAnimation(keyPath: "opacity")
                    c.duration = d
                    return c
                }
                group.resolveDurations(default: num(v.input["transaction.animationDuration"]) ?? 0.25)
                if let gd = num(v.expected["group.duration"]) { expectClose(group.duration, gd, v.tolerance, v.id) }
                expectClose(group.animations!.map(\.duration), nums(v.expected["children.durations"])!, v.tolerance, v.id)
                continue
            }
            let g = v.input["group"] as! [String: Any], c = v.input["child"] as! [String: Any]
            let group = CAAnimationGroup()
            group.duration = num(g["d"])!
            group.fillMode = CAMediaTimingFillMode(rawValue: (g["fill"] as? String) ?? "removed")
            if let tf = g["timingFunction"] as? String { group.timingFunction = CAMediaTimingFunction(name: .init(rawValue: tf)) }
            let child = CABasicAnimation(keyPath: "position.x")
            child.fromValue = 0
            child.toValue = 1
            child.duration = num(c["d"])!
            child.beginTime = num(c["begin"]) ?? 0
            child.repeatCount = Float(num(c["repeatCount"]) ?? 0)
            group.animations = [child]
            let tp = num(v.input["groupParentTime"])!
            let gs = group.timingState(at: tp)
            if let applied = v.expected["groupApplied"] as? Bool { #expect(gs.applied == applied, "\(v.id) groupApplied") }
            guard gs.applied else { continue }
            let groupLocal = group.progress(gs) * group.duration
            if let x = num(v.expected["groupLocalTime"]) { expectClose(groupLocal, x, v.tolerance, "\(v.id) groupLocalTime") }
            var state = LayerState()
            state.position.x = 1000
            group.apply(to: &state, model: state, parentTime: tp)
            let cs = child.timingState(at: groupLocal)
            if let applied = v.expected["childApplied"] as? Bool {
                #expect(cs.applied == applied, "\(v.id) childApplied")
                #expect((state.position.x != 1000) == applied, "\(v.id) child wrote the value")
            }
            if let x = num(v.expected["childFraction"]) {
                expectClose(cs.fraction, x, v.tolerance, "\(v.id) childFraction")
                expectClose(state.position.x, x, v.tolerance, "\(v.id) child value")
            }
        }
    }
}
