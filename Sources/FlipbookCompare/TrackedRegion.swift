import Flipbook
import FlipbookComparison
import Foundation

/// A region followed in the reference's frames (the recording, or the first input) and in the
/// first compared scene's (`--track NAME=x,y,w,h`, docs/compare.md "Tracking motion"): where
/// what moves there is, frame by frame, as the centre of its pixels in points.
public struct TrackedRegion: Sendable {
    public var name: String
    /// In the compared frame's pixels.
    public var rectangle: (x: Int, y: Int, width: Int, height: Int)
    /// Follow pixels of this colour (within pixelmatch's threshold 0.1); nil: every pixel that
    /// differs from the region's background (its commonest colour in the first frame).
    public var color: RGBA?

    public init(name: String, rectangle: (x: Int, y: Int, width: Int, height: Int), color: RGBA? = nil) {
        self.name = name
        self.rectangle = rectangle
        self.color = color
    }

    /// A colour as scenario files write it (ColorText), or hex digits without the `#`.
    static func hexColor(_ text: String) -> RGBA? { ColorText.parse(text) ?? ColorText.hex(text) }

    /// `NAME=x,y,w,h` or `NAME=x,y,w,h@#rrggbb`.
    public static func parse(_ text: String) -> TrackedRegion? {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
        let name = String(text[..<eq])
        var rest = String(text[text.index(after: eq)...])
        var color: RGBA?
        if let at = rest.firstIndex(of: "@") {
            guard let c = hexColor(String(rest[rest.index(after: at)...])) else { return nil }
            color = c
            rest = String(rest[..<at])
        }
        let numbers = rest.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3], x >= 0, y >= 0, w > 0,
            h > 0
        else { return nil }
        return TrackedRegion(name: name, rectangle: (x, y, w, h), color: color)
    }

    /// The centre (x, y, in pixels of the frame) of what the region shows moving in `frame`
    /// (straight RGBA bytes, `width` a row), nil when nothing of it is there. `background` is one
    /// pixel's four bytes.
    func centre(in rgba: [UInt8], width: Int, height: Int, background: [UInt8]) -> (x: Double, y: Double)? {
        let r = rectangle
        let target = color.map { c in [c.red, c.green, c.blue, c.alpha].map { UInt8((min(max($0, 0), 1) * 255).rounded()) } }
        let x0 = r.x, y0 = r.y, w = min(width, r.x + r.width) - r.x, h = min(height, r.y + r.height) - r.y
        guard w > 0, h > 0 else { return nil }
        var hit = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y0 + y) * width + x0 + x
                hit[y * w + x] =
                    target.map { !ImageComparison.differ(rgba, i, $0, 0, threshold: 0.1) }
                    ?? ImageComparison.differ(rgba, i, background, 0, threshold: 0.1)
            }
        }
        // Pixels with fewer than two counted neighbours (of four) are noise: a GIF's dither, a
        // video's speckle. What moves is a shape.
        var sumX = 0.0, sumY = 0.0, count = 0.0
        for y in 0..<h {
            for x in 0..<w where hit[y * w + x] {
                var neighbours = 0
                if x > 0 && hit[y * w + x - 1] { neighbours += 1 }
                if x + 1 < w && hit[y * w + x + 1] { neighbours += 1 }
                if y > 0 && hit[(y - 1) * w + x] { neighbours += 1 }
                if y + 1 < h && hit[(y + 1) * w + x] { neighbours += 1 }
                guard neighbours >= 2 else { continue }
                sumX += Double(x0 + x) + 0.5
                sumY += Double(y0 + y) + 0.5
                count += 1
            }
        }
        return count > 0 ? (sumX / count, sumY / count) : nil
    }

    /// The region's commonest colour (four bytes) in `rgba`: what does not move is behind what does.
    func background(of rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        var counts: [UInt32: Int] = [:]
        let r = rectangle
        for y in r.y..<min(height, r.y + r.height) {
            for x in r.x..<min(width, r.x + r.width) {
                let i = (y * width + x) * 4
                let key = UInt32(rgba[i]) << 24 | UInt32(rgba[i + 1]) << 16 | UInt32(rgba[i + 2]) << 8 | UInt32(rgba[i + 3])
                counts[key, default: 0] += 1
            }
        }
        let key = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        return [UInt8(key >> 24), UInt8(key >> 16 & 0xFF), UInt8(key >> 8 & 0xFF), UInt8(key & 0xFF)]
    }
}

/// One side's motion in a tracked region: its first large move (within 10 % of the largest,
/// so that two sides whose moves are alike pick the same one) along the axis that moved most.
public struct TrackFigures: Codable, Sendable, Equatable {
    /// When the move began and when it settled (2 % band of its size), seconds.
    public var start: Double
    public var settledAt: Double?
    /// Where it went from and to, and its farthest point, in points.
    public var from: Double
    public var to: Double
    public var peak: Double
    /// How far past `to` it went: a share of the move and in points.
    public var overshoot: Double
    public var overshootPoints: Double

    /// `wobble`: how far a position read from pixels moves at rest (half a pixel, in points).
    init?(_ samples: [(time: Double, value: Double)], wobble: Double) {
        let moves = MotionSegment.segments(of: samples, restTolerance: wobble)
        guard let largest = moves.map({ abs($0.to - $0.from) }).max(),
            let move = moves.first(where: { abs($0.to - $0.from) >= 0.9 * largest })
        else { return nil }
        start = move.start
        settledAt = move.atRest ? move.settledAt : nil
        from = move.from
        to = move.to
        peak = move.peak
        overshoot = move.overshoot
        overshootPoints = move.overshoot * abs(move.to - move.from)
    }
}

/// A tracked region's figures on both sides and how far apart they are.
public struct TrackSummary: Codable, Sendable, Equatable {
    public var name: String
    /// The axis that moved most, `x` or `y`.
    public var axis: String
    public var reference: TrackFigures?
    public var scene: TrackFigures?
    /// Scene minus reference: start and settling in milliseconds, overshoot in points.
    public var startDifference: Double?
    public var settlingDifference: Double?
    public var overshootDifference: Double?

    /// The lines `compare` prints.
    public var lines: [String] {
        func figures(_ f: TrackFigures?) -> [String] {
            guard let f else { return ["no move", "", ""] }
            return [
                String(format: "%.3f s, %.1f → %.1f", f.start, f.from, f.to),
                String(format: "%.1f pt (%.1f %%)", f.overshootPoints, f.overshoot * 100),
                f.settledAt.map { String(format: "%.3f s", $0) } ?? "still moving"
            ]
        }
        let r = figures(reference), s = figures(scene)
        func ms(_ v: Double?) -> String { v.map { String(format: "%+.0f ms", $0) } ?? "–" }
        func pad(_ text: String) -> String { text.padding(toLength: 26, withPad: " ", startingAt: 0) }
        func label(_ text: String) -> String { text.padding(toLength: 24, withPad: " ", startingAt: 0) }
        return [
            label("track \(name) (\(axis), points)") + pad("reference") + pad("scene")
                + "scene − reference",
            label("  starts, from → to") + pad(r[0]) + pad(s[0]) + ms(startDifference),
            label("  overshoot") + pad(r[1]) + pad(s[1]) + (overshootDifference.map { String(format: "%+.1f pt", $0) } ?? "–"),
            label("  settled") + pad(r[2]) + pad(s[2]) + ms(settlingDifference)
        ]
    }

    /// Both sides' centres over time (points), as one axis chosen by the larger motion.
    static func of(name: String, reference: [(Double, Double, Double)], scene: [(Double, Double, Double)], wobble: Double) -> TrackSummary {
        func range(_ v: [Double]) -> Double { (v.max() ?? 0) - (v.min() ?? 0) }
        let xRange = max(range(reference.map(\.1)), range(scene.map(\.1)))
        let yRange = max(range(reference.map(\.2)), range(scene.map(\.2)))
        let useX = xRange >= yRange
        let r = TrackFigures(reference.map { ($0.0, useX ? $0.1 : $0.2) }, wobble: wobble)
        let s = TrackFigures(scene.map { ($0.0, useX ? $0.1 : $0.2) }, wobble: wobble)
        var summary = TrackSummary(name: name, axis: useX ? "x" : "y", reference: r, scene: s)
        if let r, let s {
            // Milliseconds to the microsecond: frame times subtract with float noise.
            func ms(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1000 }
            summary.startDifference = ms(s.start - r.start)
            if let a = r.settledAt, let b = s.settledAt { summary.settlingDifference = ms(b - a) }
            summary.overshootDifference = s.overshootPoints - r.overshootPoints
        }
        return summary
    }
}
