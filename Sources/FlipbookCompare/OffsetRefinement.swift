import Flipbook
import FlipbookGolden
import Foundation

/// Small copies of frames to refine an offset on: a few thousand pixels keep where things are
/// and cost little to hold for every frame of a recording and to compare.
enum Thumbnail {
    /// At most this many pixels (an 800 × 600 recording's frame becomes 92 × 69, 25 KB).
    static let pixels = 6400

    /// `frame` with `mask`'s pixels blanked, scaled down (Cairo's filter averages) to fit `pixels`.
    static func of(_ frame: PixelBuffer, mask: (mask: [Bool], count: Int)?) throws -> PixelBuffer {
        let source = mask.map { frame.blanking($0.mask) } ?? frame
        let factor = (Double(frame.width * frame.height) / Double(pixels)).squareRoot()
        guard factor > 1 else { return source }
        return try source.resized(
            width: max(1, Int((Double(frame.width) / factor).rounded())), height: max(1, Int((Double(frame.height) / factor).rounded())))
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
    func refined(scene: ChangeProfile, recording: ChangeProfile, reach: Double) -> OffsetEstimate {
        let sceneFrames = scene.thumbnails, recorded = recording.thumbnails
        guard !sceneFrames.isEmpty, !recorded.isEmpty, reach > 0 else { return self }
        let starts = recorded.map(\.time)
        // As RecordedFrames.index(at:): the frame a viewer sees, with half a millisecond of slack.
        func shown(at t: Double) -> Int {
            var lo = 0, hi = starts.count  // first start after t
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] <= t + 0.0005 { lo = mid + 1 } else { hi = mid }
            }
            return max(0, lo - 1)
        }
        let steps = Int((reach / Self.refinementStep).rounded())
        var cache: [Int: Double] = [:]
        var scores: [(offset: Double, score: Double)] = []
        for k in -steps...steps {
            let candidate = ((offset + Double(k) * Self.refinementStep) * 1000).rounded() / 1000
            var total = 0.0
            for (i, frame) in sceneFrames.enumerated() {
                let j = shown(at: frame.time - candidate)
                let key = i * recorded.count + j
                if let known = cache[key] {
                    total += known
                } else {
                    let share = ChangeProfile.share(frame.frame, recorded[j].frame, mask: nil)
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
}
