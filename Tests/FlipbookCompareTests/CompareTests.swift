import Flipbook
import FlipbookComparison
import Foundation
import Testing

@testable import FlipbookCompare

/// `flipbook compare`'s core: variants on one clock, composed in cells with labels, and numbers.
@Suite("variant comparison")
struct CompareTests {
    @Test("cells and labels land where the layout says: frame pixels in each cell, label ink in each label strip")
    func geometry() throws {
        let red = PixelBuffer(width: 30, height: 20, rgba: Array(repeating: [255, 0, 0, 255], count: 600).flatMap { $0 })
        let blue = PixelBuffer(width: 30, height: 20, rgba: Array(repeating: [0, 0, 255, 255], count: 600).flatMap { $0 })
        for layout in [VariantGrid.Layout.row, .column, .grid] {
            let out = try VariantGrid.compose([red, blue, red], labels: ["one", "two", "three"], layout: layout)
            let size = VariantGrid.size(of: (30, 20), count: 3, layout: layout)
            #expect(out.width == size.width && out.height == size.height)
            for (i, want) in [[255, 0, 0], [0, 0, 255], [255, 0, 0]].enumerated() {
                let cell = VariantGrid.cell(i, count: 3, frame: (30, 20), layout: layout)
                let p = out.pixel(x: Int(cell.midX), y: Int(cell.midY))
                #expect([Int(p.r), Int(p.g), Int(p.b)] == want, "\(layout) cell \(i)")
                // The label strip above the cell holds dark text ink.
                var ink = 0
                for y in Int(cell.minY) - VariantGrid.labelHeight(forFrameWidth: Int(cell.width))..<Int(cell.minY) {
                    for x in Int(cell.minX)..<Int(cell.maxX) where out.pixel(x: x, y: y).r < 120 { ink += 1 }
                }
                #expect(ink > 10, "\(layout) label \(i) has ink: \(ink)")
            }
        }
        let overlay = try VariantGrid.compose([red, blue], labels: ["a", "b"], layout: .overlay)
        let c = VariantGrid.cell(0, count: 2, frame: (30, 20), layout: .overlay)
        let p = overlay.pixel(x: Int(c.midX), y: Int(c.midY))
        #expect(abs(Int(p.r) - 128) <= 2 && abs(Int(p.b) - 127) <= 2, "onion skin: blue at half over red: \(p)")
    }

    @Test("a variant compared with itself differs by zero; a slower one differs and stops later; shorter variants hold their last frame")
    func numbers() throws {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenarios/demo.yaml").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let gif = dir.appendingPathComponent("c.gif")
        var itself = VariantComparison(inputs: [
            .init(file: demo, variant: "default", label: "a"), .init(file: demo, variant: "default", label: "b")
        ])
        let same = try itself.run(sinks: [GIFSink(url: gif)])
        #expect(same.map(\.largestDifference) == [0, 0])
        var slower = VariantComparison(inputs: [
            .init(file: demo, variant: "default", label: "default"), .init(file: demo, variant: "slow", label: "slow")
        ])
        let slow = try slower.run(sinks: [GIFSink(url: gif)])
        #expect(slow[1].meanDifference > 0 && slow[1].largestDifference >= slow[1].meanDifference)
        let decoded = try GIFReader.read(gif)
        #expect(decoded.frames.count == 63, "2.1 s at 30 fps")
        #expect(decoded.width == VariantGrid.size(of: (320, 120), count: 2, layout: .row).width)
    }
}

@Suite("comparison with a recording (--against)")
struct RecordingComparisonTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios/demo.yaml").path

    /// The demo rendered to a GIF: a recording whose every frame we know.
    func recording(in dir: URL) throws -> URL {
        let runtime = ScenarioRuntime(scenario: try ScenarioLoader.load(file: Self.demo))
        let url = dir.appendingPathComponent("recording.gif")
        _ = try runtime.render(outputs: RenderOutputs(animation: url))
        return url
    }

    func dir() throws -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("against-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }

    /// The demo compared with `recording` started `offset` seconds in.
    func demo(against recording: URL, offset: Double = 0) -> VariantComparison {
        var comparison = VariantComparison(inputs: [.init(file: Self.demo, variant: "default", label: "ours")])
        comparison.against = .init(url: recording, offset: offset)
        return comparison
    }

    @Test("a scene against its own recording: shown first, on the same clock, and all but identical; shifted by --offset it differs")
    func againstItself() throws {
        let d = try dir()
        let original = try recording(in: d)
        let out = d.appendingPathComponent("vs.gif")
        var comparison = demo(against: original)
        let summary = try comparison.run(sinks: [GIFSink(url: out)])
        #expect(summary.map(\.label) == ["recording.gif", "ours"])
        #expect(summary[1].largestDifference < 0.001, "a GIF of the same frames: \(summary[1].largestDifference)")
        let composed = try GIFReader.read(out)
        #expect(composed.width == VariantGrid.size(of: (320, 120), count: 2, layout: .row).width)
        var shifted = demo(against: original, offset: 0.3)
        let moved = try shifted.run(sinks: [GIFSink(url: out)])
        #expect(moved[1].largestDifference > 0.001, "0.3 s apart the dots differ: \(moved[1].largestDifference)")
        #expect(moved[0].duration == summary[0].duration)
    }

    @Test("the filmstrip holds the recording's frame and ours at each exact instant")
    func filmstripInstants() throws {
        let d = try dir()
        let original = try recording(in: d)
        let strip = d.appendingPathComponent("vs.png")
        var comparison = demo(against: original)
        _ = try comparison.run(sinks: [
            GIFSink(url: d.appendingPathComponent("vs.gif")), FilmstripSink(url: strip, times: [0.35, 1.01], columns: 2)
        ])
        // Filmstrips show cells at half size: two composed frames (recording | ours) side by side.
        let image = try PNGCodec.read(strip)
        let composed = VariantGrid.size(of: (320, 120), count: 2, layout: .row)
        #expect(image.width >= composed.width && image.width < composed.width + 60, "\(image.width) vs \(composed.width)")
        // At 0.35 s (between frames at 30 fps) the recording shows the frame before and ours the
        // instant itself; both show the demo's dots, so the two halves of the cell both hold ink.
        func ink(_ x0: Int, _ x1: Int) -> Int {
            var n = 0
            // Below the label strips (the dots are light grey, 200).
            for y in 25..<min(image.height, 80) { for x in x0..<x1 where image.pixel(x: x, y: y).r < 230 { n += 1 } }
            return n
        }
        let half = composed.width / 4
        #expect(ink(0, half) > 20 && ink(half, 2 * half) > 20)
    }

    @Test("a recording of another size is refused, naming both sizes")
    func sizeMismatch() throws {
        let d = try dir()
        let other = d.appendingPathComponent("small.gif")
        let writer = try GIFWriter(url: other, width: 10, height: 10)
        try writer.add(PixelBuffer(width: 10, height: 10, rgba: Array(repeating: 255, count: 400)), delay: 10)
        try writer.finish()
        var comparison = demo(against: other)
        #expect(throws: CompareError.self) { _ = try comparison.run(sinks: [GIFSink(url: d.appendingPathComponent("x.gif"))]) }
        do { _ = try comparison.run(sinks: [GIFSink(url: d.appendingPathComponent("x.gif"))]) } catch {
            #expect("\(error)".contains("10×10 px") && "\(error)".contains("320×120 px"), "\(error)")
        }
    }
}

@Suite("property plots and their numbers")
struct PlotTests {
    func scenario(_ body: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(UUID().uuidString).yaml")
        try ("canvas: { width: 100, height: 40, scale: 1, background: \"#ffffff\" }\n" + body).write(
            to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("the plotted curve passes through a linear and an eased animation's known values at known times (read from the pixels)")
    func curveThroughKnownValues() throws {
        let file = try scenario(
            """
            duration: 1
            fps: 20
            variants: { eased: { curve: easeInEaseOut } }
            params: { curve: linear }
            layers: [ { id: box, frame: [0, 0, 10, 10] } ]
            animations:
              slide: { keyPath: position.x, from: 0, to: 100, duration: 1, timingFunction: $curve, fillMode: forwards, removedOnCompletion: false }
            script:
              - { at: 0, add: slide, to: box }
            """)
        var comparison = VariantComparison(
            inputs: [
                .init(file: file, variant: "default", label: "linear"),
                .init(file: file, variant: "eased", label: "eased")
            ], plots: ["box.position.x"])
        _ = try comparison.run(sinks: [])
        let geometry = try #require(comparison.propertyPlots.first)
        let image = try geometry.render()
        func colorNear(_ time: Double, _ value: Double) -> [Int] {
            let p = geometry.point(time: time, value: value)
            var best = [255, 255, 255]
            for dy in -1...1 {
                for dx in -1...1 {
                    let px = image.pixel(x: Int(p.x) + dx, y: Int(p.y) + dy)
                    if Int(px.r) + Int(px.g) + Int(px.b) < best.reduce(0, +) { best = [Int(px.r), Int(px.g), Int(px.b)] }
                }
            }
            return best
        }
        let blue = PropertyPlot.color(0), red = PropertyPlot.color(1)
        func isColor(_ c: [Int], _ want: RGBA) -> Bool {
            abs(c[0] - Int(want.red * 255)) < 40 && abs(c[1] - Int(want.green * 255)) < 40 && abs(c[2] - Int(want.blue * 255)) < 40
        }
        #expect(isColor(colorNear(0.5, 50), blue) || isColor(colorNear(0.5, 50), red), "both curves cross (0.5 s, 50)")
        #expect(isColor(colorNear(0.25, 25), blue), "linear at 0.25 s is 25: \(colorNear(0.25, 25))")
        // easeInEaseOut at 0.25 s: 12.9 % of the way (timing-model.md 2.4).
        let eased = CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.25) * 100
        #expect(isColor(colorNear(0.25, eased), red), "eased at 0.25 s is \(eased): \(colorNear(0.25, eased))")
    }

    @Test(
        "a known spring's overshoot and settling match the closed form (timing-model.md 8), from the model every millisecond: the same at 20, 30, 60 and 100 fps",
        arguments: [20.0, 30, 60, 100])
    func springAnyFrameRate(fps: Double) throws {
        let file = try scenario(
            """
            duration: 2
            fps: \(fps)
            layers: [ { id: dot, frame: [0, 0, 10, 10] } ]
            animations:
              move: { type: spring, keyPath: position.x, from: 0, to: 100, stiffness: 100, damping: 10, duration: 2, fillMode: forwards, removedOnCompletion: false }
            script:
              - { at: 0, add: move, to: dot }
            """)
        var comparison = VariantComparison(inputs: [.init(file: file, variant: "default", label: "spring")], plots: ["dot.position.x"])
        let summary = try #require(try comparison.run(sinks: []).first?.properties.first)
        // ζ = 0.5, ω0 = 10: the peak e^(−ζπ/√(1−ζ²)) = 16.3 % past the target at t = π/ωd = 0.3628 s.
        let zeta = 0.5, expected = exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())
        #expect(abs(summary.overshoot - expected) < 0.0005, "\(fps) fps: \(summary.overshoot) vs \(expected)")
        // It settles where x(t) = 1 − e^(−ζω0 t)(cos ωd t + ζ/√(1−ζ²) sin ωd t) last leaves the
        // 2 % band (0.8076 s, found here every 10 µs): within the millisecond whatever the frame rate.
        let wd = 10 * (1 - zeta * zeta).squareRoot()
        func x(_ t: Double) -> Double { 1 - exp(-zeta * 10 * t) * (cos(wd * t) + zeta / (1 - zeta * zeta).squareRoot() * sin(wd * t)) }
        let lastExit = (0..<200_000).map { Double($0) * 1e-5 }.last { abs(x($0) - 1) > 0.02 } ?? 0
        #expect(
            summary.settlingTime >= lastExit && summary.settlingTime <= lastExit + 0.0015,
            "\(fps) fps: settled at \(summary.settlingTime), closed form \(lastExit)")
    }
}
