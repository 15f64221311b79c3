import Flipbook
import FlipbookComparison
import Foundation

/// How a variant's differences from the first cell spread over time: the share of differing
/// pixels per named phase (`--phase pull=0-1.2`) or, by default with a recording, per second.
public struct DifferencePeriod: Codable, Sendable, Equatable {
    public var label: String
    public var start: Double
    public var end: Double
    /// Mean and largest share of differing pixels over the frames in [start, end).
    public var meanDifference: Double
    public var largestDifference: Double
    /// When the frame that differs most in the period is shown (nil: no frames in it).
    public var worstAt: Double?
    public var frames: Int

    public init(label: String, start: Double, end: Double, meanDifference: Double = 0, largestDifference: Double = 0, frames: Int = 0) {
        self.label = label
        self.start = start
        self.end = end
        self.meanDifference = meanDifference
        self.largestDifference = largestDifference
        self.frames = frames
    }

    /// One period per whole second of `duration` ("second 1" is 0–1 s, …).
    public static func seconds(through duration: Double) -> [DifferencePeriod] {
        let count = max(1, Int((duration - 0.0005).rounded(.up)))
        return (0..<count).map { DifferencePeriod(label: "second \($0 + 1)", start: Double($0), end: Double($0 + 1)) }
    }

    /// `NAME=START-END` with times as `1.2`, `1.2s` or `1200ms`.
    public static func parse(_ text: String) -> DifferencePeriod? {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
        let name = String(text[..<eq])
        let range = text[text.index(after: eq)...].split(separator: "-", omittingEmptySubsequences: false)
        guard range.count == 2, let a = seconds(String(range[0])), let b = seconds(String(range[1])), a >= 0, b > a else { return nil }
        return DifferencePeriod(label: name, start: a, end: b)
    }

    private static func seconds(_ s: String) -> Double? {
        let t = s.trimmingCharacters(in: .whitespaces).lowercased()
        let v = t.hasSuffix("ms") ? Double(t.dropLast(2)).map { $0 / 1000 } : t.hasSuffix("s") ? Double(t.dropLast()) : Double(t)
        return v.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The periods filled from (time, share) samples.
    static func measure(_ periods: [DifferencePeriod], samples: [(time: Double, share: Double)]) -> [DifferencePeriod] {
        periods.map { period in
            var p = period
            // Half a millisecond of slack, as frame times are sums of 1/fps.
            let inside = samples.filter { $0.time >= p.start - 0.0005 && $0.time < p.end - 0.0005 }
            p.frames = inside.count
            p.meanDifference = inside.isEmpty ? 0 : inside.reduce(0) { $0 + $1.share } / Double(inside.count)
            // The first of equally bad frames.
            let worst = inside.indices.max { inside[$0].share < inside[$1].share || (inside[$0].share == inside[$1].share && $0 > $1) }
            p.largestDifference = worst.map { inside[$0].share } ?? 0
            p.worstAt = worst.map { inside[$0].time }
            return p
        }
    }
}

/// Rectangles left out of the difference figures (`--ignore x,y,w,h`, e.g. a status bar), in
/// the comparison frame's pixels.
public struct IgnoredRegions: Sendable {
    public var rectangles: [(x: Int, y: Int, width: Int, height: Int)] = []
    public init(_ rectangles: [(x: Int, y: Int, width: Int, height: Int)] = []) { self.rectangles = rectangles }

    /// Which pixels of a `width`×`height` frame are ignored, row-major.
    func mask(width: Int, height: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: width * height)
        for r in rectangles {
            for y in max(0, r.y)..<max(max(0, r.y), min(height, r.y + r.height)) {
                for x in max(0, r.x)..<max(max(0, r.x), min(width, r.x + r.width)) { mask[y * width + x] = true }
            }
        }
        return mask
    }
}

extension PixelBuffer {
    /// The frame with the masked pixels made transparent black, so two masked frames agree there.
    func blanking(_ mask: [Bool]) -> PixelBuffer {
        var words = premultipliedARGB
        for i in words.indices where mask[i] { words[i] = 0 }
        return PixelBuffer(width: width, height: height, premultipliedARGB: words)
    }
}
