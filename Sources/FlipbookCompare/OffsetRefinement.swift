import Flipbook
import FlipbookGolden
import Foundation

/// Small copies of frames to refine an offset on: a few thousand pixels keep where things are
/// and cost little to hold for every frame of a recording and to compare.
enum Thumbnail {
    /// At most this many pixels (an 800 × 600 recording's frame becomes 92 × 69, 25 KB).
    static let pixels = 6400

    /// The bytes a thumbnail of a `width`×`height` frame holds.
    static func bytes(width: Int, height: Int) -> Int { min(width * height, pixels) * 4 }

    /// `frame` with `mask`'s pixels blanked, scaled down (each pixel the average of those it
    /// covers) to fit `pixels`.
    static func of(_ frame: PixelBuffer, mask: (mask: [Bool], count: Int)?) -> PixelBuffer {
        let source = mask.map { frame.blanking($0.mask) } ?? frame
        let factor = (Double(frame.width * frame.height) / Double(pixels)).squareRoot()
        guard factor > 1 else { return source }
        return source.areaAveraged(
            width: min(frame.width, max(1, Int((Double(frame.width) / factor).rounded()))),
            height: min(frame.height, max(1, Int((Double(frame.height) / factor).rounded()))))
    }
}

extension OffsetEstimate {
    /// The offset within `reach` of this one at which the scene's frames and the recording's
    /// frames shown with them differ in the fewest pixels (their thumbnails; docs/compare.md,
    /// "Finding the offset"). The change profiles say when both sides move, averaged over 55 ms;
    /// the pixels say which recording frame is the scene's frame, which the profiles can miss
    /// by a frame or two when the sides change by different amounts (a GIF merges frames).
    /// Offsets that pair the same frames score alike: of the best run of them, this offset is
    /// kept when it lies inside, else the run's middle is taken.
    /// Without a thumbnail of every frame compared (the recording's: `refinementFrames`), the
    /// offset is left as it is.
    func refined(scene: ChangeProfile, recording: ChangeProfile, reach: Double) -> OffsetEstimate {
        let sceneFrames = scene.thumbnails, recorded = recording.thumbnails
        guard !sceneFrames.isEmpty, !recorded.isEmpty, reach > 0 else { return self }
        let starts = recorded.map(\.time)
        var cache: [Int: Double] = [:]
        var scores: [(offset: Double, score: Double)] = []
        for candidate in candidates(reach: reach) {
            var total = 0.0
            for (i, frame) in sceneFrames.enumerated() {
                let j = Self.shown(at: frame.time - candidate, starts: starts)
                let key = i * recorded.count + j
                if let known = cache[key] {
                    total += known
                } else {
                    guard let shown = frame.frame, let thumbnail = recorded[j].frame else { return self }
                    let share = ChangeProfile.share(shown, thumbnail, mask: nil)
                    cache[key] = share
                    total += share
                }
            }
            scores.append((candidate, total / Double(sceneFrames.count)))
        }
        guard let best = scores.map(\.score).min() else { return self }
        // Runs of candidates at the best score; the one holding (or nearest) the profiles' offset.
        var runs: [ClosedRange<Int>] = []
        for (k, s) in scores.enumerated() where s.score == best {
            if let last = runs.last, last.upperBound == k - 1 { runs[runs.count - 1] = last.lowerBound...k } else { runs.append(k...k) }
        }
        let steps = scores.count / 2  // the index of this offset among the candidates
        func distance(_ run: ClosedRange<Int>) -> Int {
            run.contains(steps) ? 0 : min(abs(run.lowerBound - steps), abs(run.upperBound - steps))
        }
        guard let run = runs.min(by: { distance($0) < distance($1) }) else { return self }
        var refined = self
        refined.profileOffset = offset
        refined.differingShare = best
        if !run.contains(steps) { refined.offset = scores[(run.lowerBound + run.upperBound) / 2].offset }
        return refined
    }

    /// Candidates are 1 ms apart.
    static let refinementStep = 0.001

    /// The offsets `refined` tries: this one and every millisecond within `reach` of it.
    private func candidates(reach: Double) -> [Double] {
        let steps = Int((reach / Self.refinementStep).rounded())
        return (-steps...steps).map { k in ((offset + Double(k) * Self.refinementStep) * 1000).rounded() / 1000 }
    }

    /// As RecordedFrames.index(at:): the frame a viewer sees at `t`, with half a millisecond of slack.
    private static func shown(at t: Double, starts: [Double]) -> Int {
        var lo = 0, hi = starts.count  // first start after t
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= t + 0.0005 { lo = mid + 1 } else { hi = mid }
        }
        return max(0, lo - 1)
    }

    /// The recording's frames (indices into `recordingStarts`, ascending) that `refined` compares
    /// with scene frames at `sceneTimes`: only these need thumbnails.
    func refinementFrames(sceneTimes: [Double], recordingStarts: [Double], reach: Double) -> [Int] {
        guard !sceneTimes.isEmpty, !recordingStarts.isEmpty, reach > 0 else { return [] }
        var wanted = Set<Int>()
        for candidate in candidates(reach: reach) {
            for t in sceneTimes { wanted.insert(Self.shown(at: t - candidate, starts: recordingStarts)) }
        }
        return wanted.sorted()
    }
}
