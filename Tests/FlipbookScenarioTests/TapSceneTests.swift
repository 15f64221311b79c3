import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// Taps in scenario files (docs/scenario-format.md, "Taps"): `{ tap: ID }` and `{ tap: [x, y] }`
/// touch steps deliver a finger through `Stage.tap`; a layer's `onTap` runs at the lift.
@Suite("taps in scenario files")
struct TapSceneTests {
    static let scene = """
        canvas: { width: 200, height: 100, scale: 1 }
        duration: 2
        layers:
          - id: card
            frame: [0, 0, 200, 100]
            onTap: [ { log: card tapped } ]
            sublayers:
              - id: heart
                frame: [80, 30, 40, 40]
                backgroundColor: "#ff2d55"
                onTap: [ { add: pop, to: heart } ]
        animations:
          pop: { keyPath: transform.scale, values: [1, 1.3, 1], duration: 0.3 }
        touches:
          - { at: 0.2, tap: heart }
          - { at: 1.0, tap: [10, 10], duration: 0.2 }

        """

    @Test("a tap on a layer runs the frontmost onTap under the finger at the lift; a tap elsewhere the one behind")
    func tapsRunOnTap() throws {
        let r = try runtime(Self.scene)
        r.stage.advance(to: 0.35)
        let heart = try #require(r.layers["heart"])
        let scale = heart.presentation()?.value(forKeyPath: "transform.scale") as? CGFloat
        #expect(scale.map { $0 > 1 } == true, "popping 0.05 s after the lift: \(String(describing: scale))")
        r.stage.advance(to: 2)
        let trace = r.stage.trace.map(\.description)
        #expect(trace.contains("0.2000 event touch down UIWindow at 100.0,50.0"), "\(trace)")
        #expect(trace.contains { $0.hasPrefix("0.3000 event tap heart: add pop") }, "\(trace)")
        #expect(trace.contains("1.2000 event tap card: card tapped"), "\(trace)")
        #expect(!trace.contains { $0.hasPrefix("0.3000 event tap card") }, "only the frontmost layer's onTap runs")
    }

    @Test("a tap step on an unknown layer, with the finger down, or with a negative duration is refused at its line")
    func badTaps() {
        func errors(_ touches: String) -> [Diagnostic] {
            let yaml = Self.scene.components(separatedBy: "touches:")[0] + "touches:\n" + touches
            do {
                _ = try ScenarioLoader.load(yaml: yaml, file: "taps.yaml", baseDirectory: packageRoot)
                return []
            } catch let e as ScenarioError { return e.diagnostics } catch { return [] }
        }
        let unknown = errors("  - { tap: hart }\n")
        #expect(unknown.count == 1 && unknown[0].message.contains("unknown layer 'hart'") && unknown[0].line == 15, "\(unknown)")
        #expect(unknown.first?.hint?.contains("heart") == true)
        let down = errors("  - { down: true }\n  - { tap: heart }\n")
        #expect(down.contains { $0.message.contains("the finger is down") && $0.line == 16 }, "\(down)")
        let negative = errors("  - { tap: heart, duration: -1 }\n")
        #expect(negative.contains { $0.message.contains("duration cannot be negative") }, "\(negative)")
        let point = errors("  - { tap: [1, 2, 3] }\n")
        #expect(point.count == 1 && point[0].line == 15, "\(point)")
        let curve = errors("  - { tap: heart, curve: linear }\n")
        #expect(curve.contains { $0.message.contains("'curve' belongs to a drag step") }, "\(curve)")
    }
}

/// Scroll and layer keys issue 43 added to scenario files: `cornerCurve` (timing-model.md 12.8)
/// and `showsVerticalScrollIndicator` (13.7) reach the layer and the scroll view; a bad value is
/// refused at its line.
@Suite("cornerCurve and scroll indicator keys")
struct CornerAndIndicatorKeyTests {
    static let scene = """
        canvas: { width: 100, height: 100, scale: 1 }
        duration: 1
        layers:
          - { id: card, frame: [10, 10, 80, 80], cornerRadius: 20, cornerCurve: continuous }
          - { id: list, type: scroll, frame: [0, 0, 100, 100], contentSize: [100, 300], showsVerticalScrollIndicator: false }

        """

    @Test("the keys set the layer's corner curve and the scroll view's indicator; `oval` is refused")
    func keysApply() throws {
        let r = try runtime(Self.scene)
        #expect(r.layers["card"]?.cornerCurve == .continuous)
        #expect((r.views["list"] as? UIScrollView)?.showsVerticalScrollIndicator == false)
        do {
            _ = try ScenarioLoader.load(
                yaml: Self.scene.replacingOccurrences(of: "cornerCurve: continuous", with: "cornerCurve: oval"), file: "c.yaml",
                baseDirectory: packageRoot)
            Issue.record("cornerCurve: oval was accepted")
        } catch let e as ScenarioError {
            #expect(e.diagnostics.contains { $0.line == 4 && $0.message.contains("continuous") }, "\(e.diagnostics)")
        }
    }
}
