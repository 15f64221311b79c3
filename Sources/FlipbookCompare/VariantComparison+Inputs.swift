import Flipbook
import FlipbookGolden
import Foundation

extension VariantComparison {
    /// An input as a scene: a scenario or Lottie file, or a recording (GIF, APNG, WebP, video)
    /// played as it was recorded, at its own pixel size and mean frame rate.
    static func load(_ input: Input) throws -> (scenario: Scenario, frames: RecordedFrames?) {
        let variant = input.variant == "default" ? nil : input.variant
        if RecordingReader.extensions.contains(URL(fileURLWithPath: input.file).pathExtension.lowercased()) {
            if variant != nil { throw GoldenError.usage("\(input.file): a recording has no variants") }
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

    /// Finds where `recorded` lines up with the first input from both sides' change profiles
    /// (each decoded or rendered once more, ignored regions left out), refined on the
    /// thumbnails of the frames around it (made while profiling; for a recording too long for
    /// `thumbnailBudget`, decoded again through the last of them), and uses it when the match
    /// is good enough; notes either way.
    mutating func findOffset(
        of recorded: RecordedFrames, scene: (scenario: Scenario, frames: RecordedFrames?), fps: Double, span: Double,
        frameSize: (Int, Int)
    ) throws {
        let mask =
            ignored.rectangles.isEmpty
            ? nil
            : { () -> (mask: [Bool], count: Int) in
                let m = ignored.mask(width: frameSize.0, height: frameSize.1)
                return (m, m.reduce(0) { $0 + ($1 ? 1 : 0) })
            }()
        // A scene's profile (its own render) is made on another thread while the recording's
        // is decoded; a recording on the left is decoded after it (one decoder at a time).
        let sceneResult = ParallelResults<ChangeProfile>(count: 1)
        let sceneDone = DispatchGroup()
        if scene.frames == nil {
            let scenario = scene.scenario
            DispatchQueue.global().async(group: sceneDone) {
                sceneResult.set(0, Result { try ChangeProfile.of(ScenarioRuntime(scenario: scenario), fps: fps, span: span, mask: mask) })
            }
        }
        let probe = try recorded.restarted(as: recorded.recording.with(offset: 0))
        // Each frame's thumbnail as it is measured, when they all fit the budget; else only those
        // the refinement compares, after (a long recording's would not fit in memory).
        let everyThumbnail = probe.starts.count * Thumbnail.bytes(width: probe.width, height: probe.height) <= thumbnailBudget
        var recordingProfile: ChangeProfile
        do { recordingProfile = try ChangeProfile.of(probe, mask: mask, thumbnails: everyThumbnail) } catch {
            sceneDone.wait()
            throw error
        }
        let sceneProfile: ChangeProfile
        if scene.frames != nil {
            // A recording on the left: its frames again, from the start.
            let fresh = try RecordedFrames(recording: Recording(url: URL(fileURLWithPath: scene.scenario.file), offset: 0))
            sceneProfile = try ChangeProfile.of(fresh, mask: mask, thumbnails: true)
        } else {
            sceneDone.wait()
            sceneProfile = try sceneResult.values()[0]
        }
        guard
            var estimate = OffsetEstimate.find(
                scene: sceneProfile, recording: recordingProfile, span: span,
                range: -min(recorded.duration, OffsetEstimate.searchedSeconds)...span)
        else {
            notes.append("no offset found: \(recorded.label) or the scene never moves; 0 is used (give --offset)")
            return
        }
        let intervals = zip(recorded.starts.dropFirst(), recorded.starts).map { $0 - $1 }.sorted()
        let recordingFrame = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
        // The pixels decide between the frames around the profiles' answer: two of either
        // side's frames each way.
        if estimate.isTrusted {
            let reach = 2 * max(recordingFrame, 1 / fps)
            if !everyThumbnail {
                let compared = estimate.refinementFrames(
                    sceneTimes: sceneProfile.thumbnails.map(\.time), recordingStarts: recordingProfile.thumbnails.map(\.time), reach: reach)
                try recordingProfile.addThumbnails(
                    of: compared, from: recorded.restarted(as: recorded.recording.with(offset: 0)), mask: mask)
            }
            estimate = estimate.refined(scene: sceneProfile, recording: recordingProfile, reach: reach)
        }
        // Within half of the recording's usual frame of 0, the profiles cannot tell (a WebP stores
        // 33 ms for 1/30 s): a recording of the scene itself lines up at 0.
        let halfFrame = recordingFrame / 2
        if abs(estimate.offset) < halfFrame { estimate.offset = 0 }
        offsetEstimate = estimate
        notes.append(estimate.note)
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
