import Foundation

extension OffsetEstimate {
    /// Offsets are tried 1 ms apart (more apart only past 200,000 of them: a recording minutes long).
    static let searchStep = 0.001
    static let maximumCandidates = 200_000
    /// How many other local best places are weighed against the best one.
    static let rivalsWeighed = 8
    /// A local best place counts as another place when the scores between it and the best rise
    /// this share of the contrast above it.
    static let ridgeShare = 0.1

    /// The offset in `range` at which the recording frames shown with the scene's frames differ
    /// least (their mean squared difference, each scene frame paired with the recording frame a
    /// viewer sees at its time, the first before the recording starts and the last after it
    /// ends: as compare shows them), with the evidence for it against every other local best
    /// place more than `frame` seconds away (the longer of the two sides' frames). Offsets that
    /// pair the same frames score alike: of the best run of them, its middle is taken (of equal
    /// runs, the one nearest 0). Nil when either side has no frames.
    static func search(_ measured: FrameDistances, range: ClosedRange<Double>, frame: Double) -> OffsetEstimate? {
        let times = measured.sceneTimes, starts = measured.recordingStarts
        guard !times.isEmpty, !starts.isEmpty else { return nil }
        let step = max(searchStep, (range.upperBound - range.lowerBound) / Double(maximumCandidates))
        let count = Int(((range.upperBound - range.lowerBound) / step).rounded(.down)) + 1
        func candidate(_ k: Int) -> Double { ((range.lowerBound + Double(k) * step) * 1000).rounded() / 1000 }
        let scores = scores(measured, offsets: (0..<count).map(candidate))
        let runs = Self.runs(of: scores)
        guard
            let bestRun = runs.min(by: { a, b in
                scores[a.lowerBound] != scores[b.lowerBound]
                    ? scores[a.lowerBound] < scores[b.lowerBound]
                    : distanceFromZero(a, candidate) < distanceFromZero(b, candidate)
            })
        else { return nil }
        let bestIndex = (bestRun.lowerBound + bestRun.upperBound) / 2
        let best = candidate(bestIndex)
        let median = scores.indices.sorted { scores[$0] != scores[$1] ? scores[$0] < scores[$1] : $0 < $1 }[count / 2]
        // How far a rival's score sits from the best towards a typical offset's.
        let contrast = scores[median] - scores[bestIndex]
        // Other places: local minima more than a frame away that a ridge of at least
        // `ridgeShare` of the contrast parts from the best (not wiggles on its own slope).
        let apart = Int((frame / step).rounded(.up))
        let ridges = Self.ridges(scores, from: bestRun)
        var places = runs.filter { run in
            let lower = run.lowerBound == 0 || scores[run.lowerBound - 1] > scores[run.lowerBound]
            let upper = run.upperBound == count - 1 || scores[run.upperBound + 1] > scores[run.upperBound]
            return lower && upper && abs((run.lowerBound + run.upperBound) / 2 - bestIndex) > apart
                && ridges[run.lowerBound] - scores[run.lowerBound] >= ridgeShare * contrast
        }.map { ($0.lowerBound + $0.upperBound) / 2 }
        places.sort { scores[$0] != scores[$1] ? scores[$0] < scores[$1] : $0 < $1 }
        places = Array(places.prefix(rivalsWeighed))
        // The evidence is weighed against those places and the best one's own slope a frame away.
        let edges = [bestRun.lowerBound - apart - 1, bestRun.upperBound + apart + 1].filter { $0 >= 0 && $0 < count }
        let pairedAtBest = pairing(measured, offset: best)
        let noise = noiseVariance(measured, best: pairedAtBest)
        var evidence = evidenceCap, weakest = best
        for k in places + edges {
            let e = Self.evidence(measured, best: pairedAtBest, other: pairing(measured, offset: candidate(k)), noise: noise)
            if e < evidence || weakest == best {
                evidence = min(evidence, e)
                weakest = candidate(k)
            }
        }
        let margin = places.first.map { contrast > 0 ? min(1, (scores[$0] - scores[bestIndex]) / contrast) : 0 } ?? 1
        let runnerUp = places.first.map(candidate) ?? weakest
        // The curve's lowest point; inside the best run, the run's last offset, where a scene
        // frame is due just as a recording frame starts (a recording of the scene's own frames
        // lines up there, at −0.300 s for 0.3 s of still frames in front, not mid-run).
        let lowest = vertex(scores, around: bestIndex, reach: apart)
        let placed = bestRun.contains(lowest) ? bestRun.upperBound : lowest
        let strength = Self.evidence(measured, best: pairedAtBest, other: pairing(measured, offset: candidate(median)), noise: noise)
        return OffsetEstimate(
            offset: candidate(placed), evidence: rounded(evidence), margin: rounded(margin), runnerUpOffset: runnerUp,
            strength: rounded(strength),
            correlation: rounded(changeCorrelation(measured, pairedAtBest)),
            runnerUp: rounded(changeCorrelation(measured, pairing(measured, offset: runnerUp))),
            difference: rounded(Double(scores[bestIndex]).squareRoot()))
    }

    /// The offset `compare` uses for a recording measured against the scene (`measured`):
    /// searched between −(the recording's duration, at most `searchedSeconds`) and the scene's
    /// `span`, rivals more than the longer of the two sides' frames away; within half of the
    /// recording's usual frame of 0 it is 0 (the frames cannot tell, and a WebP stores 33 ms
    /// for 1/30 s: a recording of the scene itself lines up at 0).
    static func locate(
        _ measured: FrameDistances, recordingDuration: Double, span: Double, recordingFrame: Double, sceneFrame: Double
    ) -> OffsetEstimate? {
        guard
            var estimate = search(
                measured, range: -min(recordingDuration, searchedSeconds)...max(0, span), frame: max(recordingFrame, sceneFrame))
        else { return nil }
        if abs(estimate.offset) < recordingFrame / 2 && score(measured, offset: 0) <= score(measured, offset: estimate.offset) {
            estimate.offset = 0
        }
        return estimate
    }

    /// The median time between frames starting at `starts` (0 for one frame).
    static func usualInterval(_ starts: [Double]) -> Double {
        let intervals = zip(starts.dropFirst(), starts).map { $0 - $1 }.sorted()
        return intervals.isEmpty ? 0 : intervals[intervals.count / 2]
    }

    /// Three decimals: figures people read, without float noise.
    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    private static func distanceFromZero(_ run: ClosedRange<Int>, _ candidate: (Int) -> Double) -> Double {
        let a = candidate(run.lowerBound), b = candidate(run.upperBound)
        return a <= 0 && b >= 0 ? 0 : min(abs(a), abs(b))
    }

    /// Between the frames: the lowest point of a parabola fitted (least squares) to the scores
    /// within 1.5 × `reach` of `best`, kept within `reach` of it. Scores are flat over offsets
    /// that pair the same frames, and a recording whose frames fall halfway between the scene's
    /// scores two pairings alike: the curve through them says where between them it lies.
    static func vertex(_ scores: [Double], around best: Int, reach: Int) -> Int {
        let lo = max(0, best - reach * 3 / 2), hi = min(scores.count - 1, best + reach * 3 / 2)
        guard hi - lo >= 2, reach > 0 else { return best }
        // y = a·x² + b·x + c over x = k − best, by the normal equations.
        var sums = [Double](repeating: 0, count: 5), moments = [Double](repeating: 0, count: 3)
        for k in lo...hi {
            let x = Double(k - best), y = scores[k]
            var power = 1.0
            for p in 0..<5 {
                sums[p] += power
                if p < 3 { moments[p] += power * y }
                power *= x
            }
        }
        // [s4 s3 s2; s3 s2 s1; s2 s1 s0] · [a b c] = [m2 m1 m0], by Cramer's rule.
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let matrix = [[sums[4], sums[3], sums[2]], [sums[3], sums[2], sums[1]], [sums[2], sums[1], sums[0]]]
        let d = det(matrix)
        guard d != 0 else { return best }
        let a = det([[moments[2], sums[3], sums[2]], [moments[1], sums[2], sums[1]], [moments[0], sums[1], sums[0]]]) / d
        let b = det([[sums[4], moments[2], sums[2]], [sums[3], moments[1], sums[1]], [sums[2], moments[0], sums[0]]]) / d
        guard a > 0 else { return best }
        let x = -b / (2 * a)
        return best + Int(max(-Double(reach), min(Double(reach), x)).rounded())
    }

    /// For each index, the highest score between it and `best` (inclusive of it): the ridge a
    /// local minimum there must climb to reach the best.
    static func ridges(_ scores: [Double], from best: ClosedRange<Int>) -> [Double] {
        var ridges = scores
        var high = -Double.infinity
        for k in stride(from: best.lowerBound, through: 0, by: -1) {
            high = max(high, scores[k])
            ridges[k] = high
        }
        high = -Double.infinity
        for k in best.upperBound..<scores.count {
            high = max(high, scores[k])
            ridges[k] = high
        }
        return ridges
    }

    /// Runs of consecutive equal scores.
    static func runs(of scores: [Double]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start = 0
        for k in 1...scores.count where k == scores.count || scores[k] != scores[start] {
            runs.append(start...(k - 1))
            start = k
        }
        return runs
    }

    /// Each offset's mean distance (offsets ascending): each scene frame's recording frame
    /// found by a pointer that only moves back as the offset grows.
    static func scores(_ measured: FrameDistances, offsets: [Double]) -> [Double] {
        let times = measured.sceneTimes, starts = measured.recordingStarts, n = times.count
        guard let first = offsets.first else { return [] }
        var shown = times.map { shownIndex(at: $0 - first, starts: starts) }
        return measured.distances.withUnsafeBufferPointer { distances in
            offsets.map { offset in
                var total = 0.0
                for i in 0..<n {
                    var j = shown[i]
                    let t = times[i] - offset + 0.0005
                    while j > 0 && starts[j] > t { j -= 1 }
                    shown[i] = j
                    total += Double(distances[j * n + i])
                }
                return total / Double(n)
            }
        }
    }

    /// The mean distance of the frames shown together at `offset`.
    static func score(_ measured: FrameDistances, offset: Double) -> Double {
        let paired = pairing(measured, offset: offset)
        return paired.indices.reduce(0.0) { $0 + Double(measured.distance(scene: $1, recording: paired[$1])) }
            / Double(max(1, paired.count))
    }

    /// The recording frame shown with each scene frame at `offset`.
    static func pairing(_ measured: FrameDistances, offset: Double) -> [Int] {
        measured.sceneTimes.map { shownIndex(at: $0 - offset, starts: measured.recordingStarts) }
    }

    /// As RecordedFrames.index(at:): the frame a viewer sees at `t`, with half a millisecond of slack.
    static func shownIndex(at t: Double, starts: [Double]) -> Int {
        var lo = 0, hi = starts.count  // first start after t
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= t + 0.0005 { lo = mid + 1 } else { hi = mid }
        }
        return max(0, lo - 1)
    }

    /// How many standard errors of the recording's noise the scene frames' distances under
    /// `other` exceed those under `best` together. A thumbnail value's noise variance σ² is
    /// read from the distances at `best` (their median: what is left when the frames line up,
    /// noise and any difference in drawing, so it errs high); a frame's distance to a picture
    /// that differs from it by d then varies by about 2σ·√(d / P) for P independent values
    /// (taken as a twelfth of the thumbnail's: neighbouring pixels and channels of a compressed
    /// video are not independent). Scene frames shown with the same two recording frames share
    /// their noise, so their deviations add up before squaring.
    static func evidence(_ measured: FrameDistances, best: [Int], other: [Int], noise: Double) -> Double {
        let independent = max(1, Double(measured.thumbnailValues) / 12)
        var groups: [Int: Double] = [:]
        var total = 0.0
        for i in best.indices where best[i] != other[i] {
            let near = Double(measured.distance(scene: i, recording: best[i]))
            let far = Double(measured.distance(scene: i, recording: other[i]))
            total += far - near
            let deviation = (4 * noise * (near + far) / independent + 4 * noise * noise / independent).squareRoot()
            groups[best[i] * measured.recordingStarts.count + other[i], default: 0] += deviation
        }
        guard total > 0 else { return 0 }
        let variance = groups.keys.sorted().reduce(0.0) { $0 + groups[$1]! * groups[$1]! }
        guard variance > 0 else { return evidenceCap }
        return min(evidenceCap, total / variance.squareRoot())
    }

    /// σ² of `evidence`: the median distance of the frames shown together at `best`, at least
    /// the rounding of thumbnails to whole values (1/12 on each side).
    static func noiseVariance(_ measured: FrameDistances, best: [Int]) -> Double {
        let matched = best.indices.map { Double(measured.distance(scene: $0, recording: best[$0])) }.sorted()
        return max(1.0 / 6, matched[matched.count / 2])
    }

    /// Pearson correlation of each scene frame's change from the one before with the change
    /// across the recording frames shown between them (0 when either side never changes).
    static func changeCorrelation(_ measured: FrameDistances, _ paired: [Int]) -> Double {
        guard paired.count > 2 else { return 0 }
        var s: [Double] = [], r: [Double] = []
        for i in 1..<paired.count {
            s.append(Double(measured.sceneChanges[i]))
            var change = 0.0
            if paired[i] > paired[i - 1] {
                for j in (paired[i - 1] + 1)...paired[i] { change += Double(measured.recordingChanges[j]) }
            }
            r.append(change)
        }
        let ms = s.reduce(0, +) / Double(s.count), mr = r.reduce(0, +) / Double(r.count)
        var sr = 0.0, ss = 0.0, rr = 0.0
        for k in s.indices {
            sr += (s[k] - ms) * (r[k] - mr)
            ss += (s[k] - ms) * (s[k] - ms)
            rr += (r[k] - mr) * (r[k] - mr)
        }
        guard ss > 0, rr > 0 else { return 0 }
        return sr / (ss * rr).squareRoot()
    }
}
