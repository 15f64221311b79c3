import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookScenario

/// What a new user tripped on, each fixed and kept fixed.
@Suite("what a new user tripped on")
struct NewcomerTests {
    @Test("UIKit curve names are accepted wherever a curve is named (timing-model.md 11.1)")
    func curveAliases() throws {
        let r = try runtime(
            """
            canvas: { width: 10, height: 10 }
            duration: 1
            layers: [ { id: a } ]
            animations:
              f: { keyPath: opacity, to: 0, timingFunction: easeInOut }
              k: { type: keyframe, keyPath: opacity, values: [1, 0, 1], timingFunctions: [curveEaseIn, easeInOut] }
            script:
              - { at: 0, add: f, to: a }
              - { at: 0, add: k, to: a }
              - { at: 0, animate: { duration: 1, curve: easeInEaseOut }, set: { a.position.x: 10 } }
            """)
        let a = r.layers["a"]!
        let easeInOut = CAMediaTimingFunction(name: .easeInEaseOut).controlPoints
        #expect(a.animation(forKey: "f")?.timingFunction?.controlPoints == easeInOut)
        let k = try #require(a.animation(forKey: "k") as? CAKeyframeAnimation)
        #expect(k.timingFunctions?.map(\.controlPoints) == [CAMediaTimingFunction(name: .easeIn).controlPoints, easeInOut])
        #expect(a.animation(forKey: "position")?.timingFunction?.controlPoints == easeInOut)
    }

    @Test("inspect samples an animated angle unwrapped and says so on stderr")
    func inspectUnwrapped() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spin-\(UUID().uuidString).yaml")
        try """
        canvas: { width: 20, height: 20 }
        duration: 1
        layers: [ { id: dot, frame: [0, 0, 10, 10] } ]
        animations:
          spin: { keyPath: transform.rotation.z, from: 0, to: 4pi, duration: 1 }
        script:
          - { at: 0, add: spin, to: dot }
        """.write(to: dir, atomically: true, encoding: .utf8)
        let r = try CLI.run(["inspect", dir.path, "--sample", "dot.transform.rotation.z", "--fps", "4"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("0.7500,9.42478"), "\(r.stdout)")
        #expect(r.stderr.contains("note: dot.transform.rotation.z is sampled from the animation"))
    }

    @Test("a font that is not installed is a warning at its line, in files and in set actions; the file still loads")
    func missingFontWarning() throws {
        let yaml = """
            canvas: { width: 100, height: 30 }
            duration: 1
            layers:
              - { id: a, type: text, frame: [0, 0, 100, 30], string: "Hi", font: Avenir-Book }
              - { id: b, type: text, frame: [0, 0, 100, 30], string: "Hi", font: DejaVu Serif }
            script:
              - { at: 0.5, set: { b.font: NoSuchFont } }
            """
        let scenario = try ScenarioLoader.load(
            yaml: yaml, file: "f.yaml", baseDirectory: packageRoot,
            fontCheck: FontCatalog.substitute(for:))
        #expect(scenario.warnings.map { [$0.line, $0.column] } == [[4, 70], [7, 31]])
        #expect(
            scenario.warnings.first?.description.hasPrefix(
                "f.yaml:4:70: warning: font 'Avenir-Book' is not installed; Liberation Sans is used instead") == true)
        let unchecked = try ScenarioLoader.load(yaml: yaml, file: "f.yaml", baseDirectory: packageRoot)
        #expect(unchecked.warnings.isEmpty)
    }

    @Test("a top-level value takes a $parameter, and a variant's override of it")
    func topLevelParameters() throws {
        let yaml = """
            params: { d: 1, rate: 12 }
            variants: { long: { d: 2.5 } }
            canvas: { width: 10, height: 10 }
            duration: $d
            fps: $rate
            layers: [ { id: a } ]
            """
        let base = try ScenarioLoader.load(yaml: yaml, file: "p.yaml", baseDirectory: packageRoot)
        #expect(base.duration == 1 && base.fps == 12)
        let long = try ScenarioLoader.load(yaml: yaml, file: "p.yaml", baseDirectory: packageRoot, variant: "long")
        #expect(long.duration == 2.5 && long.fps == 12)
    }

    @Test("variants named like numbers, booleans or null are found by their name", arguments: ["2", "true", "null", "1.5"])
    func numberLikeVariantNames(name: String) throws {
        let yaml = """
            params: { d: 1 }
            variants: { \(name): { d: 3 } }
            canvas: { width: 10, height: 10 }
            duration: $d
            layers: [ { id: a } ]
            """
        let chosen = try ScenarioLoader.load(yaml: yaml, file: "p.yaml", baseDirectory: packageRoot, variant: name)
        #expect(chosen.duration == 3)
    }

    @Test("values iOS keeps but draws within a range load with a warning naming what is drawn; the model keeps them")
    func drawnRanges() throws {
        let yaml = """
            canvas: { width: 20, height: 20, scale: 1, background: "#ffffff" }
            duration: 1
            layers:
              - { id: a, frame: [0, 0, 10, 10], backgroundColor: "#ff0000", opacity: 1.5, cornerRadius: -5 }
              - { id: s, type: shape, frame: [0, 0, 20, 20], path: { rect: [0, 0, 5, 5] }, strokeColor: "#000000", strokeEnd: 2, lineWidth: -3 }
            script:
              - { at: 0.5, set: { a.opacity: -1 }, actions: false }
            """
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "r.yaml", baseDirectory: packageRoot)
        let warnings = scenario.warnings.map(\.description)
        for expected in [
            "r.yaml:4:74: warning: opacity 1.5 is outside 0…1: Core Animation keeps it and draws 1",
            "r.yaml:4:93: warning: cornerRadius -5 is negative: Core Animation keeps it and draws square corners",
            "r.yaml:5:", "strokeEnd 2 is outside 0…1: Core Animation keeps it and draws 1",
            "lineWidth -3 is negative: Core Animation keeps it and draws no stroke",
            "r.yaml:7:", "opacity -1 is outside 0…1: Core Animation keeps it and draws 0"
        ] {
            #expect(warnings.contains { $0.contains(expected) }, "\(expected) in \(warnings)")
        }
        let r = ScenarioRuntime(scenario: scenario)
        r.stage.advance(to: 0.1)
        #expect(r.layers["a"]!.opacity == 1.5, "the model value is kept, as on iOS")
        let many = try ScenarioLoader.load(
            yaml: """
                canvas: { width: 20, height: 20 }
                duration: 1
                layers: [ { id: r, type: replicator, instanceCount: 1e18, sublayers: [ { id: d } ] } ]
                """, file: "n.yaml", baseDirectory: packageRoot)
        #expect(
            many.warnings.contains { $0.description.contains("instanceCount 1e+18 is more than 10000: at most that many copies") },
            "\(many.warnings)")
        let px = try FrameRasterizer.rasterize(r.stage.snapshot(), background: scenario.canvas.background)
        #expect(px.pixel(x: 8, y: 8).r == 255 && px.pixel(x: 8, y: 8).g == 0, "drawn at opacity 1")
    }
}
