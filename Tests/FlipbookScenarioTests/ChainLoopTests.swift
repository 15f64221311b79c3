import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookScenario

/// Chains that replace what they stop (timing-model.md 3.1: a replaced animation stops with
/// `finished = false` at that instant): refused by validation, and bounded at run time.
@Suite("chains that replace what they stop")
struct ChainLoopTests {
    static let base = """
        canvas: { width: 40, height: 40 }
        duration: 2
        layers:
          - { id: dot, type: shape, frame: [10, 10, 10, 10], path: { oval: [0, 0, 10, 10] }, fillColor: "#333333" }
        animations:
          pulse: { keyPath: opacity, from: 1, to: 0.2, duration: 0.3 }

        """

    static let shapes: [(name: String, script: String, chains: String)] = [
        (
            "duplicated line", "  - { at: 0, add: pulse, to: dot, tag: first }",
            "  - { whenStops: first, add: pulse, to: dot, tag: first }\n  - { whenStops: first, add: pulse, to: dot, tag: first }"
        ),
        (
            "re-add under the stopped key", "  - { at: 0, add: pulse, to: dot, tag: a }\n  - { at: 0.1, add: pulse, to: dot, tag: a }",
            "  - { whenStops: a, add: pulse, to: dot, tag: a }"
        ),
        (
            "two tags replacing each other",
            "  - { at: 0, add: pulse, to: dot, key: k, tag: x }\n  - { at: 0.1, add: pulse, to: dot, key: k, tag: y }",
            "  - { whenStops: x, add: pulse, to: dot, key: k, tag: y }\n  - { whenStops: y, add: pulse, to: dot, key: k, tag: x }"
        )
    ]

    static func yaml(_ shape: (name: String, script: String, chains: String), chainSuffix: String = "") -> String {
        let chains = shape.chains.replacingOccurrences(of: " }", with: chainSuffix + " }")
        return base + "script:\n" + shape.script + "\nchains:\n" + chains + "\n"
    }

    @Test("validate refuses each shape at the chain, naming the key and layer", arguments: [0, 1, 2])
    func refused(_ i: Int) {
        let shape = Self.shapes[i]
        do {
            _ = try ScenarioLoader.load(yaml: Self.yaml(shape), file: "loop.yaml", baseDirectory: packageRoot)
            Issue.record("\(shape.name) loaded")
        } catch let e as ScenarioError {
            #expect(e.diagnostics.count == 1, "\(e.description)")
            let d = e.diagnostics[0]
            #expect(d.message.contains("loops forever at one instant") && d.message.contains("on 'dot'"), "\(d.message)")
            #expect(d.line >= 10, "points at a chain: \(d.line):\(d.column)")
        } catch { Issue.record("\(error)") }
    }

    @Test("finished: true or until on the chains breaks the loop, and validate accepts it", arguments: [0, 1, 2])
    func brokenLoopsAccepted(_ i: Int) throws {
        for suffix in [", finished: true", ", until: 1.5"] {
            let scenario = try ScenarioLoader.load(
                yaml: Self.yaml(Self.shapes[i], chainSuffix: suffix), file: "ok.yaml", baseDirectory: packageRoot)
            let runtime = ScenarioRuntime(scenario: scenario)
            runtime.stage.advance(to: 2)
            let stops = runtime.stage.trace.filter {
                if case .animationDidStop = $0.kind { return true }
                return false
            }
            if suffix.contains("finished") {
                // Only finished stops fire the chains: no runaway, never more stops at one instant
                // than the lines can make (two: one finished, the one it replaced), pulses go on.
                #expect(runtime.stage.warnings.isEmpty, "\(Self.shapes[i].name)\(suffix): \(runtime.stage.warnings)")
                let perInstant = Dictionary(grouping: stops, by: \.time).values.map(\.count).max() ?? 0
                #expect(stops.count >= 5 && perInstant <= 2, "\(Self.shapes[i].name)\(suffix): \(perInstant) stops at one instant")
            } else {
                // until: the chains stop firing at 1.5 s, so the last pulse they add ends by 1.8 s.
                #expect(
                    !stops.isEmpty && stops.allSatisfy { $0.time <= 1.8 + 1e-9 },
                    "\(Self.shapes[i].name)\(suffix): \(stops.last?.time ?? -1)")
            }
        }
    }

    @Test("ordinary loops are accepted: a self-chain, a ring over three layers, a ping-pong started once")
    func ordinaryLoops() throws {
        let ring =
            Self.base.replacingOccurrences(of: "layers:\n", with: "layers:\n  - { id: dot2, frame: [0, 0, 4, 4] }\n")
            + "script:\n  - { at: 0, add: pulse, to: dot, tag: one }\nchains:\n"
            + "  - { whenStops: one, add: pulse, to: dot2, tag: two }\n  - { whenStops: two, add: pulse, to: dot, tag: one }\n"
        let pingpong =
            Self.base + "script:\n  - { at: 0, add: pulse, to: dot, key: k, tag: x }\nchains:\n"
            + "  - { whenStops: x, add: pulse, to: dot, key: k, tag: y }\n  - { whenStops: y, add: pulse, to: dot, key: k, tag: x }\n"
        let selfLoop =
            Self.base + "script:\n  - { at: 0, add: pulse, to: dot, tag: a }\nchains:\n  - { whenStops: a, add: pulse, to: dot, tag: a }\n"
        for yaml in [ring, pingpong, selfLoop] {
            let scenario = try ScenarioLoader.load(yaml: yaml, file: "ok.yaml", baseDirectory: packageRoot)
            let runtime = ScenarioRuntime(scenario: scenario)
            runtime.stage.advance(to: 2)
            #expect(runtime.stage.warnings.isEmpty, "\(runtime.stage.warnings)")
        }
    }

    /// Each shape with its chains unguarded, as the Swift API could build it: validation is
    /// skipped by loading the broken-loop file and removing the guard.
    func unguardedRuntime(_ i: Int) throws -> ScenarioRuntime {
        var scenario = try ScenarioLoader.load(
            yaml: Self.yaml(Self.shapes[i], chainSuffix: ", finished: true"),
            file: "loop.yaml", baseDirectory: packageRoot)
        for c in scenario.chains.indices { scenario.chains[c].finished = nil }
        return ScenarioRuntime(scenario: scenario)
    }

    @Test("at run time the loop is stopped at the instant with one warning naming tag, layer and time", arguments: [0, 1, 2])
    func stoppedAtRunTime(_ i: Int) throws {
        let runtime = try unguardedRuntime(i)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = try runtime.render(outputs: RenderOutputs(animation: url), threads: 1)
        // Unbounded, this took over 30 s and its memory grew: the bound shows in the counts below
        // (one warning, a few replacement stops in the trace), not in a clock.
        let warnings = runtime.stage.warnings
        #expect(warnings.count == 1, "\(warnings)")
        let w = warnings.first ?? ""
        #expect(w.contains("tag '") && w.contains("layer 'dot'") && w.hasPrefix("t="), "\(w)")
        let stops = runtime.stage.trace.filter { $0.kind == .animationDidStop(finished: false) }
        #expect(stops.count < 100, "the trace holds the loop a few times, not thousands: \(stops.count)")
        #expect(
            runtime.stage.trace.contains {
                if case .warning = $0.kind { return true }
                return false
            })
    }
}
