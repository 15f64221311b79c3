import FlipbookCore
import FlipbookRender
import FlipbookScenario
import Foundation

extension ScenarioRuntime {
    /// Renders the whole scenario to `outputs`, with the canvas background (FlipbookScenario
    /// itself depends on the engine only; rendering joins them here).
    public func render(
        outputs: RenderOutputs, fps: Double? = nil, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: ((Int, Int) -> Void)? = nil
    ) throws -> RenderResult {
        try stage.render(
            duration: scenario.duration, fps: fps ?? scenario.fps, outputs: outputs,
            background: scenario.canvas.background, threads: threads, progress: progress)
    }

    /// Renders the whole scenario into `sinks`.
    public func render(
        sinks: [any RenderSink], fps: Double? = nil, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: ((Int, Int) -> Void)? = nil
    ) throws -> RenderResult {
        try stage.render(
            duration: scenario.duration, fps: fps ?? scenario.fps, sinks: sinks,
            background: scenario.canvas.background, threads: threads, progress: progress)
    }
}
