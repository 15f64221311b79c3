import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// Property animators declared in scenario files (scenario-format.md; timing-model.md 11.4).
@Suite("animators in scenario files")
struct AnimatorSceneTests {
    let scene = """
        canvas: { width: 100, height: 100 }
        duration: 4
        layers:
          - { id: box, frame: [0, 0, 10, 10], backgroundColor: "#000000" }
        animators:
          move:
            duration: 1
            curve: linear
            set: { box.position.x: 105, box.opacity: 0 }
            completion:
              - { log: moved }

        """

    func x(_ r: ScenarioRuntime) -> Double { r.layers["box"]!.presentation()!.position.x }

    @Test("scrub, start, pause, reverse and finish steps drive one animator (11.4 rules 2–7)")
    func steps() throws {
        let r = try runtime(
            scene + """
                script:
                  - { at: 0.5, animator: move, fraction: 0.5 }
                  - { at: 1.0, animator: move, call: start }
                  - { at: 1.2, animator: move, call: pause }
                  - { at: 1.5, animator: move, call: reverse }
                  - { at: 1.5, animator: move, call: start }
                """)
        // Before any step the animator does not exist: the model holds.
        r.stage.advance(to: 0.25)
        #expect(x(r) == 5)
        // fraction 0.5 (linear scrub): x = 5 + 0.5 · 100.
        r.stage.advance(to: 0.75)
        #expect(abs(x(r) - 55) < 1e-9)
        // Resumed from a linear scrub: a segment over the 0.5 s left, linear: at 1.2 s w = 0.4.
        r.stage.advance(to: 1.2)
        #expect(abs(x(r) - (55 + 0.4 * 50)) < 1e-9)
        // Paused at τ = 0.7 (p = 0.7), then reversed and started: a new segment from p = 0.7
        // back to 0 over the 0.7 s left; at 1.85 s w = 0.5.
        r.stage.advance(to: 1.85)
        #expect(abs(x(r) - (5 + 100 * 0.7 * (1 - 0.5))) < 1e-9)
        r.stage.advance(to: 2.3)
        #expect(r.layers["box"]!.position.x == 5)  // finished at .start
        #expect(r.stage.trace.contains { $0.description.contains("animator move finished at start") })
    }

    @Test("a binding scrubs fractionComplete with the pull (11.4 rule 4)")
    func pullBinding() throws {
        let r = try runtime(
            """
            canvas: { width: 100, height: 200 }
            duration: 2
            layers:
              - id: list
                type: scroll
                frame: [0, 0, 100, 200]
                contentSize: [100, 400]
                sublayers:
                  - { id: arrow, frame: [45, -30, 10, 10], backgroundColor: "#000000", opacity: 0 }
            animators:
              reveal: { duration: 1, curve: easeIn, set: { arrow.opacity: 1 } }
            refresh:
              scrollView: list
              headerHeight: 40
              trigger: 1000
              bindings:
                - { source: pull, input: [0, 40], target: reveal.fractionComplete, output: [0, 1] }
            touches:
              - { at: 0.1, down: true }
              - { drag: 30, duration: 0.3, curve: linear }
              - { hold: 1 }
            """)
        r.stage.advance(to: 1)
        let scroll = r.views["list"] as! UIScrollView
        let pull = -scroll.contentOffset.y
        #expect(pull > 5 && pull < 40)
        // Linear scrub: opacity = pull / 40.
        #expect(abs(Double(r.layers["arrow"]!.presentation()!.opacity) - pull / 40) < 1e-6)
    }

    @Test("bad animator steps name the file, line and what was expected")
    func badSteps() {
        let text =
            scene + """
                script:
                  - { at: 0.5, animator: mvoe, call: start }
                  - { at: 0.5, animator: move, call: jump }
                  - { at: 0.5, animator: move, call: pause, durationFactor: 2 }
                  - { at: 0.5, log: x, fraction: 0.5 }
                """
        #expect {
            _ = try ScenarioLoader.load(yaml: text, file: "inline.yaml", baseDirectory: packageRoot)
        } throws: { error in
            let d = "\(error)"
            return d.contains("inline.yaml:13:") && d.contains("unknown animator 'mvoe'") && d.contains("did you mean 'move'?")
                && d.contains("inline.yaml:14:") && d.contains("jump")
                && d.contains("'durationFactor' does not go with call: pause")
                && d.contains("'fraction' belongs to an animator step")
        }
    }
}

@Suite("keyframe blocks in scenario files")
struct KeyframeSceneTests {
    @Test("frames become one keyframe animation per property (timing-model.md 11.5)")
    func frames() throws {
        let r = try runtime(
            header + """
                script:
                  - at: 1
                    keyframes: { duration: 1, curve: linear }
                    frames:
                      - { start: 0, duration: 0.5, set: { box.opacity: 0 } }
                      - { start: 0.5, duration: 0.5, set: { box.opacity: 1 } }
                    completion:
                      - { log: done }
                """)
        r.stage.advance(to: 1.25)
        #expect(abs(Double(r.layers["box"]!.presentation()!.opacity) - 0.5) < 1e-6)
        r.stage.advance(to: 1.5)
        #expect(abs(Double(r.layers["box"]!.presentation()!.opacity)) < 1e-6)
        r.stage.advance(to: 2.1)
        #expect(r.stage.trace.contains { $0.description.contains("stop box keyframes.opacity finished=true") })
    }

    @Test("a keyframe window outside 0…1 and frames without keyframes are refused")
    func badFrames() {
        let text =
            header + """
                script:
                  - at: 1
                    keyframes: { duration: 1 }
                    frames:
                      - { start: 1.5, set: { box.opacity: 0 } }
                  - { at: 2, log: x, frames: [] }
                """
        #expect {
            _ = try ScenarioLoader.load(yaml: text, file: "inline.yaml", baseDirectory: packageRoot)
        } throws: { error in
            let d = "\(error)"
            return d.contains("inline.yaml:9:") && d.contains("'start' is a fraction of the whole duration")
                && d.contains("inline.yaml:10:") && d.contains("'frames' belongs to a keyframes step")
        }
    }
}

@Suite("transitions in scenario files")
struct TransitionSceneTests {
    @Test("a transition step keys a CATransition under 'transition' and makes its changes at once (timing-model.md 7.1)")
    func step() throws {
        let r = try runtime(
            header + """
                script:
                  - at: 0.5
                    transition: { layer: box, type: push, subtype: fromRight, duration: 0.4 }
                    set: { box.backgroundColor: "#ff0000" }
                """)
        r.stage.advance(to: 0.6)
        #expect(r.layers["box"]!.animationKeys() == ["transition"])
        #expect(r.layers["box"]!.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        r.stage.advance(to: 1.0)
        #expect(r.layers["box"]!.animationKeys() == nil)
    }

    @Test("a transition on an unknown layer or with an unknown type is refused")
    func bad() {
        let text =
            header + """
                script:
                  - { at: 0.5, transition: { layer: bx, type: flop } }
                """
        #expect {
            _ = try ScenarioLoader.load(yaml: text, file: "inline.yaml", baseDirectory: packageRoot)
        } throws: { error in
            let d = "\(error)"
            return d.contains("inline.yaml:6:") && d.contains("unknown layer 'bx'") && d.contains("flop")
        }
    }
}
