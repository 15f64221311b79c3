import Flipbook
import FlipbookComparison
import Foundation

extension VariantComparison {
    /// An input as a scene: a scenario or Lottie file, or a recording (GIF, APNG, WebP, video)
    /// played as it was recorded, at its own pixel size and mean frame rate.
    static func load(_ input: Input) throws -> (scenario: Scenario, frames: RecordedFrames?) {
        let variant = input.variant == "default" ? nil : input.variant
        if RecordingReader.extensions.contains(URL(fileURLWithPath: input.file).pathExtension.lowercased()) {
            if variant != nil { throw CompareError.usage("\(input.file): a recording has no variants") }
            let frames = try RecordedFrames(recording: Recording(url: URL(fileURLWithPath: input.file), offset: 0, label: input.label))
            let rate = Double(frames.starts.count) / max(frames.duration, 1e-3)
            let canvas = Scenario.Canvas(width: Double(frames.width), height: Double(frames.height), scale: 1, background: nil)
            let scenario = Scenario(
                file: input.file, title: nil, canvas: canvas,
                fps: min(max(rate, Limits.framesPerSecond.lowerBound), Limits.framesPerSecond.upperBound),
                duration: max(frames.duration, 1e-3), layers: [], animations: [:], script: [], chains: [], variantNames: [])
            return (scenario, frames)
        }
        if let contents = input.contents {
            let base = URL(fileURLWithPath: input.file).deletingLastPathComponent()
            return (
                try ScenarioLoader.load(
                    contents: contents, file: input.file, baseDirectory: base, variant: variant, imageLoader: { try ImageFile.read($0) }
                ),
                nil
            )
        }
        return (try ScenarioLoader.load(file: input.file, variant: variant, imageLoader: { try ImageFile.read($0) }), nil)
    }

    /// Finds where `recorded` lines up with the first input by matching frames (docs/compare.md,
    /// "Finding the offset"): the scene's frames are made small (a render, or the left
    /// recording's frames), every recording frame is measured against them as it streams
    /// (ignored regions left out), and the offset is used when the evidence for it is strong
    /// enough; notes either way.
    mutating func findOffset(
        of recorded: RecordedFrames, scene: (scenario: Scenario, frames: RecordedFrames?), fps: Double, span: Double,
        frameSize: (Int, Int)
    ) throws {
        let mask = ignored.rectangles.isEmpty ? nil : ignored.mask(width: frameSize.0, height: frameSize.1)
        let sceneFrames: [(time: Double, thumbnail: [Float])]
        let sceneStep: Double
        if scene.frames != nil {
            // A recording on the left: its own frames, from the start.
            let left = try RecordedFrames(recording: Recording(url: URL(fileURLWithPath: scene.scenario.file), offset: 0))
            let times = FrameDistances.sampled(left.starts.count).map { left.starts[$0] }
            sceneFrames = try times.map { ($0, Thumbnail.of(try left.frame(at: $0), mask: mask)) }
            sceneStep = OffsetEstimate.usualInterval(left.starts)
        } else {
            let frames = Stage.frameCount(duration: span, fps: fps)
            let times = FrameDistances.sampled(frames + 1).map { min(Double($0) / fps, span) }
            let runtime = ScenarioRuntime(scenario: scene.scenario)
            sceneFrames = Array(zip(times, try FrameDistances.sceneThumbnails(of: runtime, times: times, mask: mask)))
            sceneStep = 1 / fps
        }
        let probe = try recorded.restarted(as: recorded.recording.with(offset: 0))
        let searched = probe.starts.prefix { $0 <= max(0, span) + OffsetEstimate.searchedSeconds }
        // A recording larger than the scene (a 3× screen recording) is averaged straight down to
        // thumbnails: scaling each frame to the scene's size first doubled the decoding side's work.
        let shrinks =
            (probe.width, probe.height) == frameSize && probe.unscaledSize.width > frameSize.0 && probe.unscaledSize.height > frameSize.1
        probe.leavesUnscaled = mask == nil && shrinks
        let measured = try FrameDistances.measure(
            scene: sceneFrames, recordingStarts: Array(searched), mask: mask, like: probe.leavesUnscaled ? frameSize : nil
        ) { j in
            try probe.frame(at: searched[j])
        }
        guard
            let estimate = OffsetEstimate.locate(
                measured, recordingDuration: recorded.duration, span: span, recordingFrame: OffsetEstimate.usualInterval(recorded.starts),
                sceneFrame: sceneStep)
        else {
            notes.append("no offset found: \(recorded.label) has no frames to match; 0 is used (give --offset)")
            return
        }
        offsetEstimate = estimate
        notes.append(estimate.note(label: recorded.label))
        recorded.offset = estimate.isTrusted ? estimate.offset : 0
    }
}

extension VariantComparison.Recording {
    /// The same recording starting at `offset`.
    func with(offset: Double) -> VariantComparison.Recording {
        var copy = self
        copy.offset = offset
        return copy
    }
}
