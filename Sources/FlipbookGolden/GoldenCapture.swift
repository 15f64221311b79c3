import Flipbook
import Foundation

/// What a scenario looks like at its golden instants, and what happened when.
package struct GoldenCapture: Sendable {
    public var times: [Double]
    public var frames: [PixelBuffer]
    /// The event trace up to the scenario's end, one event a line (`flipbook inspect`'s form).
    public var trace: String
    public var width: Int
    public var height: Int
    public var scale: Double
    /// What the engine worked around (missing fonts, runaway chains).
    public var warnings: [String]
}

/// Keeps the frames at the golden instants; the render loop snapshots the instants that do
/// not fall on its frame grid on the way.
final class GoldenCaptureSink: RenderSink, @unchecked Sendable {
    // Touched only by begin/consume, on the calling thread.
    let times: [Double]
    private(set) var captured: [Double: PixelBuffer] = [:]
    private var frameTimes: [Int: Double] = [:]
    private var offGrid: [Double] = []

    init(times: [Double], fps: Double) {
        self.times = times
        for t in times {
            let k = (t * fps).rounded()
            if abs(k / fps - t) < 1e-9 { frameTimes[Int(k)] = t } else { offGrid.append(t) }
        }
    }

    var instants: [Double] { offGrid }

    func begin(_ plan: RenderPlan) throws {
        // Grid times past the last frame (the end, when duration × fps is whole) are instants too.
        for (k, t) in frameTimes where k >= plan.frameCount {
            frameTimes[k] = nil
            offGrid.append(t)
        }
    }

    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        if let t = frameTimes[index] { captured[t] = frame }
    }

    func consume(instant time: Double, frame: PixelBuffer) throws { captured[time] = frame }
    func finish() throws {}
    func cancel() {}
}

extension GoldenCapture {
    /// Renders `scenario` at its golden instants (`GoldenSpec.times`), frames at the golden
    /// fps, on `threads` threads (the pixels do not depend on it).
    public static func run(_ scenario: Scenario, threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> GoldenCapture {
        let times = scenario.golden.times(duration: scenario.duration)
        let runtime = ScenarioRuntime(scenario: scenario)
        let sink = GoldenCaptureSink(times: times, fps: scenario.golden.fps)
        let result = try runtime.render(sinks: [sink], fps: scenario.golden.fps, threads: threads)
        let frames = try times.map { t -> PixelBuffer in
            guard let f = sink.captured[t] else { throw RenderError.invalidArgument("no frame was captured at \(t) s") }
            return f
        }
        let trace = trace(of: runtime.stage, until: scenario.duration)
        return GoldenCapture(
            times: times, frames: frames, trace: trace, width: result.width, height: result.height,
            scale: scenario.canvas.scale, warnings: runtime.stage.warnings)
    }
}

extension GoldenCapture {
    /// The event trace up to `end` as goldens keep it, one event a line.
    static func trace(of stage: Stage, until end: Double) -> String {
        stage.trace.filter { $0.time <= end + 1e-9 }.map(\.description).joined(separator: "\n") + "\n"
    }

    /// Captures a Stage built in Swift at `times` (seconds from its current time, in any
    /// order): the Stage advances to each in turn; the trace is its events up to the last.
    public static func run(
        _ stage: Stage, times: [Double], background: RGBA? = RGBA(red: 1, green: 1, blue: 1, alpha: 1),
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws -> GoldenCapture {
        let start = stage.currentTime
        let sorted = Array(Set(times)).sorted()
        guard let last = sorted.last, sorted.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            throw RenderError.invalidArgument("golden times must be finite, non-negative and at least one: \(times)")
        }
        let snapshots = sorted.map { t -> FrameSnapshot in
            stage.advance(to: start + t)
            return stage.snapshot()
        }
        let frames = try FrameRasterizer.rasterize(snapshots, background: background, threads: threads)
        let trace = stage.trace.filter { $0.time <= start + last + 1e-9 }.map(\.description).joined(separator: "\n") + "\n"
        return GoldenCapture(
            times: sorted, frames: frames, trace: trace, width: frames[0].width, height: frames[0].height,
            scale: Double(stage.scale), warnings: stage.warnings)
    }
}
