import Flipbook
import FlipbookGolden
import Foundation

/// When a picture changes: for each frame, the share of pixels that differ perceptually from
/// the frame before (pixelmatch's threshold 0.1) over the time that change took. A scene and a
/// recording of it move at the same moments, so their profiles line up at the recording's
/// offset (docs/compare.md, "Finding the offset").
struct ChangeProfile {
    /// Each change: the interval it happened over (from the frame before to this one), and the
    /// share of pixels that changed.
    var changes: [(start: Double, end: Double, share: Double)] = []
    /// How long the picture runs.
    var duration: Double
    /// The share of pixels that change between frames while nothing moves (a recording's dither
    /// or compression noise): changes at most `noiseCut` count as none.
    var noiseFloor = 0.0
    /// Each frame's time and the frame small (at most `Thumbnail.pixels` pixels, masked as
    /// compared): what the offset is refined on, pixel by pixel (OffsetEstimate.refined). A
    /// recording too long for every frame's (`VariantComparison.thumbnailBudget`) has them only
    /// for the frames the refinement compares (nil for the others).
    var thumbnails: [(time: Double, frame: PixelBuffer?)] = []

    /// A change at or below this share is noise: twice the floor. (A recording that never
    /// rests has motion at its floor: only its stronger changes then count, which still says
    /// when it moves most.)
    var noiseCut: Double { noiseFloor * 2 }

    /// The per-pixel threshold of a change (pixelmatch's YIQ distance; antialiased edges count).
    static let tolerance = GoldenSpec.Tolerance(threshold: 0.1, share: 1, ignoreAntialiasing: false)

    /// The share of pixels of `b` that differ from `a`, masked pixels left out.
    static func share(_ a: PixelBuffer, _ b: PixelBuffer, mask: (mask: [Bool], count: Int)?) -> Double {
        guard let mask else {
            return ImageComparison.differingShare(a, b, tolerance: tolerance)
        }
        let counted = max(1, a.width * a.height - mask.count)
        return Double(ImageComparison.differingPixels(a.blanking(mask.mask), b.blanking(mask.mask), tolerance: tolerance))
            / Double(counted)
    }

    /// The noise floor of frame-to-frame changes: the tenth percentile. A recording still for
    /// a tenth of its frames or more has its dither or compression noise there; a scene rendered
    /// exactly has none.
    static func noiseFloor(of shares: [Double]) -> Double {
        let sorted = shares.sorted()
        guard sorted.count >= 10 else { return 0 }
        return sorted[sorted.count / 10]
    }

    /// Whether the picture is moving, sampled every `step` seconds from 0 through `span` (1
    /// while a change above the noise is under way), then averaged over `window` samples. How
    /// much changes differs between a render and a recording (a GIF merges frames, a device
    /// draws other pixels); when it changes does not.
    /// With `magnitude`, each sample is instead the square root of the change's rate (share per
    /// second): how much moves, compressed so that one large change does not drown the rest.
    func motion(step: Double, span: Double, window: Int, magnitude: Bool = false) -> [Double] {
        let count = Int((span / step).rounded(.up)) + 1
        var moving = [Double](repeating: 0, count: max(count, 1))
        for c in changes where c.share > noiseCut && c.end > c.start {
            let value = magnitude ? (c.share / max(c.end - c.start, step)).squareRoot() : 1
            let first = max(0, Int((c.start / step).rounded(.up)))
            let last = min(count - 1, Int((c.end / step).rounded(.down)))
            if first > last {
                // A change shorter than a step lands on the step it ends in.
                let i = Int((c.end / step).rounded())
                if i >= 0 && i < count { moving[i] = max(moving[i], value) }
                continue
            }
            for i in first...last { moving[i] = max(moving[i], value) }
        }
        guard window > 1 else { return moving }
        // A centred moving average, by running sums.
        var sums = [Double](repeating: 0, count: moving.count + 1)
        for i in moving.indices { sums[i + 1] = sums[i] + moving[i] }
        return moving.indices.map { i in
            let lo = max(0, i - window / 2), hi = min(moving.count, i - window / 2 + window)
            return (sums[hi] - sums[lo]) / Double(window)
        }
    }
}

extension ChangeProfile {
    /// A scene's profile: its frames at `fps` through `span`, from a runtime of its own.
    static func of(_ runtime: ScenarioRuntime, fps: Double, span: Double, mask: (mask: [Bool], count: Int)?) throws -> ChangeProfile {
        var profile = ChangeProfile(duration: span)
        var previous: (time: Double, frame: PixelBuffer)?
        for k in 0...max(0, Stage.frameCount(duration: span, fps: fps)) {
            let t = min(Double(k) / fps, span)
            runtime.stage.advance(to: t)
            let frame = try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: runtime.scenario.canvas.background)
            if let previous { profile.changes.append((previous.time, t, share(previous.frame, frame, mask: mask))) }
            profile.thumbnails.append((t, Thumbnail.of(frame, mask: mask)))
            previous = (t, frame)
        }
        return profile
    }

    /// A recording's profile, every frame decoded once (cropped and scaled as compared), with
    /// its noise floor; with `thumbnails`, every frame's thumbnail too (else none: see
    /// `addThumbnails`). Decoding is one thread's work (a GIF frame is drawn over the one
    /// before); measuring each change (and making each thumbnail) is another's, a few frames behind.
    static func of(_ frames: RecordedFrames, mask: (mask: [Bool], count: Int)?, thumbnails: Bool) throws -> ChangeProfile {
        let count = frames.starts.count
        let measured = ParallelResults<(share: Double?, thumbnail: PixelBuffer?)>(count: count)
        let measuring = DispatchQueue(label: "flipbook.compare.profile")
        // Frames decoded but not yet measured: a few, so memory stays a few frames.
        let room = DispatchSemaphore(value: 4)
        var previous: PixelBuffer?
        var failure: (any Error)?
        for (k, start) in frames.starts.enumerated() {
            let frame: PixelBuffer
            do { frame = try frames.frame(at: start + frames.offset) } catch {
                failure = error
                break
            }
            room.wait()
            let before = previous
            measuring.async {
                measured.set(
                    k,
                    Result {
                        (before.map { share($0, frame, mask: mask) }, thumbnails ? Thumbnail.of(frame, mask: mask) : nil)
                    })
                room.signal()
            }
            previous = frame
        }
        measuring.sync {}
        if let failure { throw failure }
        var profile = ChangeProfile(duration: frames.duration)
        for (k, value) in try measured.values().enumerated() {
            if let share = value.share { profile.changes.append((frames.starts[k - 1], frames.starts[k], share)) }
            profile.thumbnails.append((frames.starts[k], value.thumbnail))
        }
        profile.noiseFloor = noiseFloor(of: profile.changes.map(\.share))
        return profile
    }

    /// Thumbnails of the recording's frames at `indices` (ascending), from `frames` (a fresh
    /// stream of the recording this profile was made of, at offset 0): decoded ahead on one
    /// thread, made small on this one. For a recording whose every thumbnail would take too
    /// much memory (`VariantComparison.thumbnailBudget`): only the frames the refinement compares.
    mutating func addThumbnails(of indices: [Int], from frames: RecordedFrames, mask: (mask: [Bool], count: Int)?) throws {
        let wanted = indices.filter { thumbnails.indices.contains($0) && $0 < frames.starts.count }
        try frames.prefetch(times: wanted.map { frames.starts[$0] })
        for j in wanted {
            thumbnails[j].frame = Thumbnail.of(try frames.frame(at: frames.starts[j]), mask: mask)
        }
    }
}

/// Where a recording's motion lines up with the scene's: the offset (recording frame shown at
/// t is its frame at t − offset) whose change profiles correlate best.
public struct OffsetEstimate: Codable, Sendable, Equatable {
    /// Seconds into the comparison at which the recording starts.
    public var offset: Double
    /// Pearson correlation of the two change profiles at that offset (1: they move alike).
    public var correlation: Double
    /// The best correlation at an offset more than `separation` away (how unique the match is).
    public var runnerUp: Double
    /// Where that runner-up is.
    public var runnerUpOffset: Double
    /// The profiles' offset before the pixels refined it (`refined(scene:recording:reach:)`);
    /// nil when not refined.
    public var profileOffset: Double?
    /// The mean share of thumbnail pixels that differ at `offset` (after refining).
    public var differingShare: Double?

    /// Offsets this far apart count as different matches.
    static let separation = 0.1
    /// Below this correlation no offset is trusted: 0 is used.
    static let minimumCorrelation = 0.5
    /// Profiles are compared every 5 ms (a fifth of a 50 fps recording's frame), each averaged
    /// over 55 ms.
    static let step = 0.005
    static let window = 11
    /// How far into a recording the scene is looked for: its profile is sampled every `step` that
    /// far at most (a GIF may last days, a video's timestamps jump by millions of seconds: their
    /// profiles would not fit in memory). Past it, `--offset` says where the scene starts.
    public static let searchedSeconds = 600.0

    /// Whether the match is good enough to use.
    public var isTrusted: Bool { correlation >= Self.minimumCorrelation }
    /// Whether another offset matches almost as well (a looping animation).
    public var isAmbiguous: Bool { runnerUp > correlation - 0.05 }

    /// The offset in `range` whose profiles correlate best over the scene's `span`; nil when
    /// either side never moves. Two features of each side are correlated and their
    /// correlations averaged: *when* it moves (for a GIF against a render, whose amounts of
    /// change differ) and *how much* (for an animation that never rests, whose "when" is always).
    /// A feature one side does not vary in is left out.
    static func find(scene: ChangeProfile, recording: ChangeProfile, span: Double, range: ClosedRange<Double>) -> OffsetEstimate? {
        let lowest = Int((range.lowerBound / step).rounded(.down)), highest = Int((range.upperBound / step).rounded(.up))
        var totals = [Double](repeating: 0, count: highest - lowest + 1)
        var features = 0
        // Changes the size of the recording's noise count as none on both sides, so that the two
        // profiles keep the same changes.
        var scene = scene
        scene.noiseFloor = max(scene.noiseFloor, recording.noiseFloor)
        for magnitude in [false, true] {
            let s = scene.motion(step: step, span: span, window: window, magnitude: magnitude)
            let searched = min(recording.duration, max(0, span) + searchedSeconds)
            let r = recording.motion(step: step, span: searched, window: window, magnitude: magnitude)
            guard let scores = correlations(s, r, shifts: lowest...highest) else { continue }
            features += 1
            for k in totals.indices { totals[k] += scores[k] }
        }
        guard features > 0 else { return nil }
        let scores = totals.map { $0 / Double(features) }
        // The best; of equals, the one nearest 0 (a perfectly periodic picture matches at every period).
        guard
            let best = scores.indices.max(by: {
                scores[$0] != scores[$1] ? scores[$0] < scores[$1] : abs($0 + lowest) > abs($1 + lowest)
            })
        else { return nil }
        let apart = Int((separation / step).rounded())
        let other = scores.indices.filter { abs($0 - best) > apart }.max { scores[$0] < scores[$1] }
        // Whole milliseconds (every step is 5 ms): no float noise in messages and JSON.
        func seconds(_ shift: Int) -> Double { (Double(shift) * step * 1000).rounded() / 1000 }
        return OffsetEstimate(
            offset: seconds(best + lowest), correlation: scores[best], runnerUp: other.map { scores[$0] } ?? 0,
            runnerUpOffset: seconds((other ?? best) + lowest))
    }

    /// Pearson's correlation of `s` with `r` shifted by each of `shifts` samples (scene sample i
    /// meets recording sample i − shift; zero outside the recording); nil when `s` does not vary
    /// or `r` never moves.
    static func correlations(_ s: [Double], _ r: [Double], shifts: ClosedRange<Int>) -> [Double]? {
        let n = Double(s.count)
        let meanS = s.reduce(0, +) / n
        let varS = s.reduce(0) { $0 + ($1 - meanS) * ($1 - meanS) }
        // A side that varies in fewer than one sample in a hundred says nothing about when.
        guard varS > 0.01 * n * (s.max() ?? 0) * (s.max() ?? 0), r.contains(where: { $0 > 0 }) else { return nil }
        return shifts.map { shift in
            var sumR = 0.0, sumRR = 0.0, sumSR = 0.0
            let first = max(0, shift), last = min(s.count - 1, shift + r.count - 1)
            if first <= last {
                for i in first...last {
                    let v = r[i - shift]
                    sumR += v
                    sumRR += v * v
                    sumSR += s[i] * v
                }
            }
            let meanR = sumR / n
            let varR = sumRR - n * meanR * meanR
            guard varR > 1e-12 else { return 0 }
            return (sumSR - n * meanS * meanR) / (varS * varR).squareRoot()
        }
    }

    /// The line `compare` prints.
    public var note: String {
        let found = String(format: "%+.3f s", offset)
        var text = String(format: "offset %@ found from both sides' change profiles (correlation %.2f", found, correlation)
        text += String(format: "; next best %.2f at %+.3f s)", runnerUp, runnerUpOffset)
        if let profileOffset, profileOffset != offset {
            text += String(format: " and their pixels (the profiles alone: %+.3f s)", profileOffset)
        }
        if !isTrusted { return text + "; too weak to use: 0 is used, give --offset" }
        if isAmbiguous { text += "; another offset matches almost as well: check it, or give --offset" }
        return text
    }
}
