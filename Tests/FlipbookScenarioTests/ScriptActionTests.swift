import Flipbook
import Foundation
import ProcessTestSupport
import Testing

func runtime(_ yaml: String) throws -> ScenarioRuntime {
    ScenarioRuntime(scenario: try ScenarioLoader.load(yaml: yaml, file: "inline.yaml", baseDirectory: packageRoot))
}

let header = """
    canvas: { width: 100, height: 100 }
    duration: 3
    layers:
      - { id: box, frame: [0, 0, 10, 10], backgroundColor: "#000000" }

    """

@Suite("script actions")
struct ScriptActionTests {
    @Test("set animates stand-alone layers implicitly; actions: false snaps (timing-model.md 10.3)")
    func setImplicit() throws {
        let r = try runtime(
            header + """
                script:
                  - { at: 0.5, set: { box.opacity: 0 } }
                  - { at: 1.0, set: { box.position.x: 50 }, actions: false }
                """)
        r.stage.advance(to: 0.625)
        let o = Double(r.layers["box"]!.presentation()!.opacity)
        #expect(o > 0.05 && o < 0.95)
        r.stage.advance(to: 1.0)
        #expect(r.layers["box"]!.presentation()!.position.x == 50)
    }

    @Test("a transaction's completion runs its actions when the animations finish (timing-model.md 10.1)")
    func transactionCompletion() throws {
        let r = try runtime(
            header + """
                animations:
                  spin: { keyPath: transform.rotation.z, to: 1, duration: 0.2 }
                script:
                  - at: 0.5
                    set: { box.opacity: 0.5 }
                    duration: 0.4
                    completion:
                      - { add: spin, to: box, tag: after }
                """)
        r.stage.advance(to: 2)
        let starts = r.stage.trace.filter { $0.kind == .animationDidStart && $0.key == "spin" }
        #expect(starts.count == 1)
        #expect(abs((starts.first?.time ?? 0) - 0.9) < 1e-9)
    }

    @Test("animate runs a UIView block: additive position, completion actions at its end (timing-model.md 11.1)")
    func viewBlock() throws {
        let r = try runtime(
            header + """
                animations:
                  fade: { keyPath: opacity, from: 1, to: 0.2, duration: 0.1, fillMode: forwards, removedOnCompletion: false }
                script:
                  - at: 0.2
                    animate: { duration: 1, curve: linear }
                    set: { box.position.x: 105 }
                    completion:
                      - { add: fade, to: box }
                """)
        r.stage.advance(to: 0.7)
        let box = r.layers["box"]!
        #expect(abs(box.presentation()!.position.x - 55) < 1e-9)
        #expect(box.animationKeys()?.contains("position") == true)
        #expect((box.animation(forKey: "position") as? CABasicAnimation)?.isAdditive == true)
        r.stage.advance(to: 1.4)
        #expect(box.animationKeys()?.contains("fade") == true)
        #expect(box.animation(forKey: "fade")?.beginTime == 1.2)
    }

    @Test("an animate block at time 0 animates layers built in the same turn, completions chain (timing-model.md 11.1)")
    func viewBlockAtZero() throws {
        let r = try runtime(
            header + """
                script:
                  - at: 0
                    animate: { duration: 0.5, curve: linear }
                    set: { box.opacity: 0 }
                    completion:
                      - animate: { duration: 0.5, curve: linear }
                        set: { box.opacity: 1 }
                """)
        let box = r.layers["box"]!
        r.stage.advance(to: 0.25)
        #expect(abs(Double(box.presentation()!.opacity) - 0.5) < 1e-9, "fading out from 1 at time 0")
        r.stage.advance(to: 0.625)
        #expect(abs(Double(box.presentation()!.opacity) - 0.25) < 1e-9, "the completion's block fades back in from 0.5 s")
    }

    @Test("set changes any settable property: text, font and lineCap at once, frame implicitly (timing-model.md 10.3)")
    func setNonAnimatable() throws {
        let r = try runtime(
            """
            canvas: { width: 100, height: 100 }
            duration: 2
            layers:
              - { id: title, type: text, frame: [0, 0, 100, 20], string: "before", font: DejaVu Sans }
              - { id: line, type: shape, frame: [0, 30, 100, 10], path: "M0 5 L100 5", lineCap: butt }
              - { id: box, frame: [0, 50, 10, 10] }
            script:
              - at: 0.5
                set: { title.string: "after", title.font: DejaVu Serif, title.alignment: center, line.lineCap: round, box.frame: [50, 50, 20, 20] }
            """)
        r.stage.advance(to: 0.5)
        let title = try #require(r.layers["title"] as? CATextLayer)
        #expect(title.string as? String == "after")
        #expect(title.font as? String == "DejaVu Serif")
        #expect(title.alignmentMode == .center)
        #expect((r.layers["line"] as? CAShapeLayer)?.lineCap == .round)
        let box = r.layers["box"]!
        #expect(box.frame == CGRect(x: 50, y: 50, width: 20, height: 20), "the model takes the frame at once")
        #expect(box.animation(forKey: "position") != nil, "position animates implicitly from the old frame")
        r.stage.advance(to: 0.625)
        let x = box.presentation()!.position.x
        #expect(x > 5 && x < 60, "moving: \(x)")
    }

    @Test("set refuses a property the layer type does not have, suggesting the close one")
    func setUnknownSetting() throws {
        do {
            _ = try runtime(header + "script:\n  - { at: 0, set: { box.lineCapp: round } }\n")
            Issue.record("loaded")
        } catch let e as ScenarioError {
            #expect(e.diagnostics.first?.message == "unknown key path 'lineCapp'")
        }
    }

    @Test("a spring block builds UIKit's spring (timing-model.md 8.4)")
    func springBlock() throws {
        let r = try runtime(
            header + """
                script:
                  - { at: 0, animate: { duration: 0.5, damping: 0.7 }, set: { box.position.y: 60 } }
                """)
        let s = try #require(r.layers["box"]!.animation(forKey: "position") as? CASpringAnimation)
        #expect(abs(s.stiffness - 387.2746) < 1e-3)
    }

    @Test("chains stop at 'until' and can be limited to unfinished stops")
    func chainUntil() throws {
        let r = try runtime(
            header + """
                animations:
                  blink: { keyPath: opacity, from: 1, to: 0, duration: 0.25 }
                script:
                  - { at: 0, add: blink, to: box, tag: loop }
                chains:
                  - { whenStops: loop, add: blink, to: box, tag: loop, until: 1.0 }
                  - { whenStops: loop, finished: false, log: interrupted }
                """)
        r.stage.advance(to: 3)
        let stops = r.stage.trace.filter {
            if case .animationDidStop = $0.kind { return true }
            return false
        }
        #expect(stops.map(\.time) == [0.25, 0.5, 0.75, 1.0])
    }
}
