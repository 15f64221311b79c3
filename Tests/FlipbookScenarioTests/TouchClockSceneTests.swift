import Flipbook
import Foundation
import ProcessTestSupport
import PropertyBased
import Testing

/// The finger's clock in scenario files (timing-model.md 1.1, 13.2): a `touches` script
/// starting at any time moves the table at every 1/60 s while the finger is down, and every
/// frame at 10–60 fps shows the finger's value at that frame's time. Expected offsets come from
/// integer arithmetic on milliseconds and the rubber band written out here.
@Suite("the finger's clock in scenario files")
struct TouchClockSceneTests {
    static let frameRates = [10, 12, 15, 24, 25, 30, 50, 60]

    static func scene(fps: Int, startMs: Int, durationMs: Int, distance: Int) -> String {
        """
        canvas: { width: 100, height: 200, scale: 1 }
        fps: \(fps)
        duration: \(Double(startMs + durationMs) / 1000 + 0.5)
        layers:
          - { id: table, type: table, frame: [0, 0, 100, 200], rows: { template: "Row {n}", count: 25 } }
        refresh: { headerHeight: 60 }
        touches:
          - { at: \(Double(startMs) / 1000), down: true }
          - { drag: \(distance), duration: \(Double(durationMs) / 1000), curve: linear }
          - { hold: 0.3 }
          - { release: true }
        """
    }

    /// The table's offset a frame must show: the finger's last 60 Hz sample due by frame k
    /// (start + j/60 ≤ k/fps, compared in integers), through the rubber band (d = 200).
    static func expectedOffset(frame k: Int, fps: Int, startMs: Int, durationMs: Int, distance: Int) -> Double {
        guard startMs * fps <= k * 1000 else { return 0 }
        let count = max(1, (durationMs * 3 + 49) / 50)
        var finger = 0.0
        for j in 1...count {
            let due = j == count ? (startMs + durationMs) * 60 * fps : startMs * 60 * fps + j * 1000 * fps
            guard due <= k * 60_000 else { break }
            finger = j == count ? Double(distance) : Double(distance) * Double(j * 1000) / Double(60 * durationMs)
        }
        return -(1 - 1 / (finger * 0.55 / 200 + 1)) * 200
    }

    static func tableOffset(in layer: LayerSnapshot) -> Double? {
        if layer.name == "table" { return layer.state.bounds.origin.y }
        return layer.sublayers.lazy.compactMap(tableOffset(in:)).first
    }

    @Test("every frame shows the finger's value at its time, at any start and common frame rate (1.1, 13.2)")
    func framesShowTheFinger() async throws {
        let input = zip(Gen.int(in: 0...2000), Gen.int(in: 100...1200), Gen.int(in: 20...300), Gen.int(in: 0...7))
        await propertyCheck(count: 60, input: input) { startMs, durationMs, distance, rate in
            let fps = Self.frameRates[rate]
            let yaml = Self.scene(fps: fps, startMs: startMs, durationMs: durationMs, distance: distance)
            guard let r = try? runtime(yaml) else {
                Issue.record("the scene does not load:\n\(yaml)")
                return
            }
            let lastFrame = (startMs + durationMs) * fps / 1000
            for k in 0...lastFrame {
                r.stage.advance(to: Double(k) / Double(fps))
                let shown = Self.tableOffset(in: r.stage.snapshot().root) ?? .nan
                let expected = Self.expectedOffset(frame: k, fps: fps, startMs: startMs, durationMs: durationMs, distance: distance)
                #expect(abs(shown - expected) < 1e-9, "frame \(k) at \(fps) fps shows \(shown), the finger is at \(expected):\n\(yaml)")
            }
        }
    }

    @Test("the issue's scene: an offset line at every 1/60 s while the finger is down (1.1)")
    func inspectHasEverySample() throws {
        let r = try runtime(Self.scene(fps: 60, startMs: 300, durationMs: 700, distance: 150))
        var seen: [Double] = []
        var last = 0.0
        for k in 18...60 {  // 0.3 s … 1.0 s
            r.stage.advance(to: Double(k) / 60)
            let y = Self.tableOffset(in: r.stage.snapshot().root) ?? .nan
            if y != last { seen.append(Double(k) / 60) }
            last = y
        }
        #expect(seen == (19...60).map { Double($0) / 60 }, "the table moved at \(seen)")
    }

    @Test("Swift's .pull and a scenario's drag with the same numbers are the same finger (default curve included)")
    func swiftAndYAMLPullsAgree() throws {
        let scenario = try ScenarioLoader.load(
            yaml: Self.scene(fps: 30, startMs: 300, durationMs: 700, distance: 150)
                .replacingOccurrences(of: "  - { hold: 0.3 }\n", with: "  - { hold: 0.2 }\n")
                .replacingOccurrences(of: ", curve: linear", with: ""), file: "p.yaml", baseDirectory: packageRoot)
        let touch = try #require(scenario.touches.first)
        #expect(touch.start == 0.3)
        #expect(touch.script == TouchScript.pull(150, over: 0.7, hold: 0.2), "\(touch.script)")
    }
}
