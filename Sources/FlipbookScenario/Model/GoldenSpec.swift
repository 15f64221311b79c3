import FlipbookCore
import FlipbookUIKit
import Foundation

/// The `golden:` settings of a scenario: when frames are sampled and how closely they must match.
public struct GoldenSpec: Sendable, Equatable {
    /// Samples per second (a frame at every 1/fps, the last instant of the scenario included).
    public var fps = 10.0
    /// Further instants to sample (seconds), such as the peak of a bounce.
    public var instants: [Double] = []
    /// nil: pixels must be identical.
    public var tolerance: Tolerance?

    /// A perceptual tolerance for other machines (pixelmatch's model): a pixel differs when its
    /// YIQ colour distance exceeds `threshold` (0…1 of the largest possible distance); at most
    /// `share` of the pixels may differ; `ignoreAntialiasing` skips pixels that look like
    /// anti-aliased edges in either image.
    public struct Tolerance: Sendable, Equatable {
        public var threshold: Double
        public var share: Double
        public var ignoreAntialiasing: Bool
        public init(threshold: Double = 0.1, share: Double = 0, ignoreAntialiasing: Bool = false) {
            self.threshold = threshold
            self.share = share
            self.ignoreAntialiasing = ignoreAntialiasing
        }
    }

    public init(fps: Double = 10, instants: [Double] = [], tolerance: Tolerance? = nil) {
        self.fps = fps
        self.instants = instants
        self.tolerance = tolerance
    }

    /// The instants sampled for a scenario of `duration`: every 1/fps from 0, the end, and the
    /// named instants, sorted, each once.
    public func times(duration: Double) -> [Double] {
        let n = Int((duration * fps).rounded(.down))
        var all = (0...max(0, n)).map { Double($0) / fps }.filter { $0 <= duration + 1e-9 }
        all.append(duration)
        all += instants.filter { $0 >= 0 && $0 <= duration }
        var out: [Double] = []
        for t in all.sorted() where out.last.map({ abs($0 - t) > 1e-9 }) ?? true { out.append(t) }
        return out
    }
}
