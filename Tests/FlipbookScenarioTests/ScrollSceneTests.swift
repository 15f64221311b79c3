import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// Scroll scenes declared in scenario files: tables, touch scripts, bindings, thresholds and
/// the refreshing state (timing-model.md 13.1–13.5; docs/scenario-format.md "Scroll scenes").
@Suite("scroll scenes in scenario files")
struct ScrollSceneTests {
    static let scene = """
        canvas: { width: 320, height: 480, scale: 1 }
        duration: 5
        layers:
          - id: table
            type: table
            frame: [0, 0, 320, 480]
            rows: { template: "Row {n}", count: 30 }
            sublayers:
              - { id: arc, type: shape, frame: [140, -50, 40, 40], strokeEnd: 0 }
              - { id: dot, frame: [0, -10, 4, 4], opacity: 0 }
        animations:
          spin: { keyPath: transform.rotation.z, from: 0, to: 2pi, duration: 1, repeatCount: inf }
        refresh:
          headerHeight: 60
          bindings:
            - { source: percent, input: [0, 1], target: arc.strokeEnd, output: [0, 1] }
          thresholds:
            - { value: 30, when: down, do: [ { set: { dot.opacity: 1 }, actions: false } ] }
            - { value: 30, when: up, whileDragging: false, do: [ { set: { dot.opacity: 0.5 }, actions: false } ] }
            - { value: 60, when: release, do: [ { log: released far } ] }
          refreshing:
            endsAfter: 1
            close: { duration: 0.4, curve: linear }
            onBegin: [ { add: spin, to: arc } ]
            onEnd: [ { remove: spin, from: arc } ]
            onClosed: [ { insertRows: "new", row: 0 } ]

        """

    static func pull(_ distance: Double, hold: Double = 0.2) -> String {
        scene + """
            touches:
              - { at: 0.5, down: true }
              - { drag: \(distance), duration: 0.5, curve: linear }
              - { hold: \(hold) }
              - { release: true }
            """
    }

    /// Content offset of a finger pull of `finger` points past the top (13.2), d = 480.
    static func rubberBand(_ finger: Double) -> Double { 480 * (1 - 1 / (finger * 0.55 / 480 + 1)) }

    @Test("the touch script drives the offset with the rubber band; bindings follow the pull, clamped")
    func dragAndBindings() throws {
        let r = try runtime(Self.pull(200))
        let table = try #require(r.views["table"] as? UIScrollView)
        r.stage.advance(to: 0.75)  // half way through the drag: 100 pt of finger
        #expect(table.isDragging)
        #expect(abs(table.contentOffset.y + Self.rubberBand(100)) < 1e-9)
        let arc = try #require(r.layers["arc"] as? CAShapeLayer)
        #expect(abs(Double(arc.strokeEnd) - Self.rubberBand(100) / 60) < 1e-6)
        r.stage.advance(to: 1.0)
        #expect(arc.strokeEnd == 1, "clamped at the input's end")
    }

    @Test("thresholds fire when the pull crosses them, down while dragging, at release, and up on the way back")
    func thresholds() throws {
        let r = try runtime(Self.pull(200))
        r.stage.advance(to: 1.2)
        let dot = try #require(r.layers["dot"])
        #expect(dot.opacity == 1)
        // 30 pt of content needs a finger at 480·30/(0.55·450) = 58.18 pt: the 60 Hz sample after it.
        let crossing = try #require(r.stage.trace.first { $0.description.contains("pull crossed down 30") })
        let fingerAt30 = 480.0 * 30 / (0.55 * (480 - 30))
        let firstSample = 0.5 + (fingerAt30 / 200 * 0.5 * 60).rounded(.up) / 60
        #expect(abs(crossing.time - firstSample) < 1e-9, "\(crossing.time) vs \(firstSample)")
        #expect(r.stage.trace.contains { $0.description.contains("pull released at 60") })
        r.stage.advance(to: 5)
        #expect(dot.opacity == 0.5, "crossed back up during the close")
    }

    @Test("a down step's x and y place the finger: the pan reports it there, moved by the drag")
    func fingerPosition() throws {
        let r = try runtime(
            Self.scene + """
                touches:
                  - { at: 0.5, down: true, x: 40, y: 100 }
                  - { drag: [30, 60], duration: 0.5, curve: linear }
                  - { hold: 0.5 }
                  - { release: true }
                """)
        let table = try #require(r.views["table"] as? UITableView)
        r.stage.advance(to: 0.75)  // half-way through the drag (0.5 to 1.0 s)
        #expect(table.panGestureRecognizer.location(in: nil) == CGPoint(x: 40 + 15, y: 100 + 30))
        #expect(table.panGestureRecognizer.translation(in: table) == CGPoint(x: 15, y: 30))
        r.stage.advance(to: 1.6)
        #expect(table.contentOffset.x == 0, "a table no wider than its view does not follow sideways")
    }

    @Test("released past the trigger: refreshing holds the header open, ends after its time, closes, then runs onClosed")
    func refreshing() throws {
        let r = try runtime(Self.pull(300))
        let table = try #require(r.views["table"] as? UITableView)
        r.stage.advance(to: 1.2)  // released at 1.2
        #expect(table.contentInset.top == 60)
        #expect(r.layers["arc"]?.animation(forKey: "spin") != nil)
        r.stage.advance(to: 2.1)
        #expect(abs(table.contentOffset.y + 60) < 0.5, "settled with the header showing: \(table.contentOffset.y)")
        r.stage.advance(to: 2.4)  // closing since 2.2, linear over 0.4 s
        #expect(table.contentInset.top == 0 && table.contentOffset.y == 0)
        let shown = try #require(table.layer.presentation()?.bounds.origin.y)
        #expect(abs(shown + 30) < 1, "half way closed: \(shown)")
        #expect(r.layers["arc"]?.animation(forKey: "spin") == nil)
        r.stage.advance(to: 2.7)
        #expect(table.numberOfRows(inSection: 0) == 31)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "new")
        let states = r.stage.trace.compactMap { e -> String? in
            guard case .scripted(let s) = e.kind, s.hasPrefix("refresh: "), !s.contains("crossed"), !s.contains("released") else {
                return nil
            }
            return String(format: "%.3f %@", e.time, String(s.dropFirst(9)))
        }
        #expect(states == ["0.717 pulling", "1.200 refreshing", "2.200 closing", "2.600 idle"], "\(states)")
    }

    @Test("a pull short of the trigger springs back without refreshing")
    func shortPull() throws {
        let r = try runtime(Self.pull(80))
        let table = try #require(r.views["table"] as? UITableView)
        r.stage.advance(to: 1.2)
        let released = table.contentOffset.y
        #expect(abs(released + Self.rubberBand(80)) < 1e-9)
        r.stage.advance(to: 1.3)
        // 0.1 s into the bounce back to the top edge (0), from rest (13.4).
        #expect(
            abs(table.contentOffset.y - released * exp(-10 * 0.1)) < 1e-9,
            "\(table.contentOffset.y)")
        r.stage.advance(to: 3)
        #expect(table.contentOffset.y == 0 && table.contentInset.top == 0)
        #expect(!r.stage.trace.contains { $0.description.contains("refreshing") })
    }

    @Test("what a scroll scene shows at a time does not depend on the frame rate")
    func frameRateIndependent() throws {
        func offsets(fps: Double) throws -> [Double] {
            let r = try runtime(Self.pull(300))
            let table = try #require(r.views["table"] as? UIScrollView)
            var out: [Double] = []
            for k in 0...Int(5 * fps) {
                let t = Double(k) / fps
                r.stage.advance(to: t)
                if (t * 10).rounded() == t * 10 { out.append(Double(table.contentOffset.y)) }
            }
            return out
        }
        let a = try offsets(fps: 10), b = try offsets(fps: 30)
        #expect(a.count == 51 && a == b)
    }

    @Test("a fling releases with the given velocity and decelerates (13.3)")
    func fling() throws {
        let r = try runtime(
            Self.scene + """
                touches:
                  - { at: 0.2, down: true }
                  - { drag: -100, duration: 0.2, curve: linear }
                  - { release: true, velocity: -800 }
                """)
        let table = try #require(r.views["table"] as? UIScrollView)
        r.stage.advance(to: 0.4)
        #expect(table.contentOffset.y == 100 && table.isDecelerating)
        r.stage.advance(to: 0.9)
        // 13.3: x(t) = x0 + v0 · (rate^(1000t) − 1) / (1000·ln rate), 0.5 s after the release.
        let expected = 100 + 800 * (pow(0.998, 500) - 1) / (1000 * log(0.998))
        #expect(abs(table.contentOffset.y - expected) < 1e-9)
    }

    @Test("tables lay out their declared rows; inspect-style states name offset, pull and state")
    func tableRows() throws {
        let r = try runtime(Self.pull(300))
        let table = try #require(r.views["table"] as? UITableView)
        #expect(table.contentSize.height == 1320, "\(table.contentSize.height - 1320)")
        #expect(table.visibleCells.map { $0.textLabel?.text ?? "" }.prefix(3) == ["Row 1", "Row 2", "Row 3"])
        r.stage.advance(to: 2.1)
        #expect(
            r.scrollStates.first?.hasPrefix("offset table y=-60.") == true && r.scrollStates.first?.contains("refreshing") == true,
            "\(r.scrollStates)")
    }

    @Test("inspect's offset lines follow the shown offset through an animated open (a spring block), every frame it moves")
    func offsetLinesDuringAnimatedOpen() throws {
        let yaml = Self.pull(200).replacingOccurrences(
            of: "endsAfter: 1\n", with: "endsAfter: 1\n    open: { duration: 0.5, damping: 0.7 }\n")
        #expect(yaml.contains("open: { duration: 0.5, damping: 0.7 }"))
        let r = try runtime(yaml)
        var lines: [Double: String] = [:]
        var last: [String] = []
        for k in 0...60 {
            let t = 1.0 + Double(k) / 60  // the finger lifts at 1.2 s; the open runs 0.5 s after it
            r.stage.advance(to: t)
            let states = r.scrollStates
            if states != last {
                lines[t] = states.first
                last = states
            }
        }
        let during = lines.keys.filter { $0 > 1.21 && $0 < 1.69 }
        #expect(during.count >= 20, "a line at most frames of the open, not one: \(lines.sorted { $0.key < $1.key }.map(\.value))")
    }

    @Test("a drag that takes the finger off its scroll view warns once (iOS keeps tracking it; the preview clips the finger)")
    func fingerOffTheView() throws {
        let off = try ScenarioLoader.load(yaml: Self.pull(600), file: "off.yaml", baseDirectory: packageRoot)
        let warnings = off.warnings.map(\.description).filter { $0.contains("takes the finger off 'table'") }
        #expect(warnings.count == 1 && warnings[0].contains("to 160, 840 pt of its 320 × 480"), "\(off.warnings)")
        let inside = try ScenarioLoader.load(yaml: Self.pull(200), file: "in.yaml", baseDirectory: packageRoot)
        #expect(!inside.warnings.contains { $0.description.contains("takes the finger off") })
    }
}
