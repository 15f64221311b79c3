import Flipbook
import FlipbookComparison
import Foundation

/// What `Stage.compare(againstRecording:…)` measured: `flipbook compare RENDER --against
/// RECORDING`'s rows and notes.
public struct RecordingComparison: Sendable {
    /// The recording's row first (its `offset` and, when found, `offsetEstimate`), then the
    /// render's (`meanDifference`, `largestDifference`, `periods`).
    public var summaries: [VariantComparison.Summary]
    /// The offset found, the recording cut to the render's span, a padded pixel row cropped.
    public var notes: [String]

    /// The render's row.
    public var render: VariantComparison.Summary { summaries[summaries.count - 1] }
    /// Seconds into the render at which the recording starts, as used.
    public var offset: Double { summaries.first?.offset ?? 0 }
}

extension Stage {
    /// Renders `duration` seconds of this Stage at `fps` (from its current time, as `render`
    /// does) and compares the frames with a recording on one clock, as `flipbook compare
    /// --against` does: the recording's offset found from both sides' change profiles unless
    /// `offset` is given, compared over the render's span, differences perceptual.
    /// `output` (GIF, APNG, WebP, MP4) gets the two side by side.
    public func compare(
        againstRecording recording: URL, duration: Double, fps: Double = 30, offset: Double? = nil,
        crop: (x: Int, y: Int, width: Int, height: Int)? = nil, scale: Double? = nil, writing output: URL? = nil
    ) throws -> RecordingComparison {
        // The render is kept exactly (an APNG) and compared as a recording on the left.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = folder.appendingPathComponent("render.apng")
        _ = try self.render(duration: duration, fps: fps, outputs: RenderOutputs(animation: render, format: .apng))
        var against = VariantComparison.Recording(url: recording, offset: offset)
        against.crop = crop
        against.scale = scale
        var comparison = VariantComparison(inputs: [.init(file: render.path, variant: "default", label: "render")], fps: fps)
        comparison.against = against
        let sinks = try output.map { url -> [any RenderSink] in
            let format = OutputFormat.forExtension(url.pathExtension) ?? .gif
            return [try format.sink(VariantComparison.outputRequest(url: url, inputs: [recording]))]
        }
        let summaries = try comparison.run(sinks: sinks ?? [])
        return RecordingComparison(summaries: summaries, notes: comparison.notes)
    }
}
