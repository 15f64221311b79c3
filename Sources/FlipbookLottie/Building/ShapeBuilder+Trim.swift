import FlipbookCore
import FlipbookUIKit
import Foundation

/// Trim paths (`tm`) as lottie-ios's Core Animation engine sets them: `strokeStart` and
/// `strokeEnd` of the start and end (swapped where the start is past the end), shifted by the
/// offset (`o`, degrees: 360° is the whole path). Core Animation's trims stay within 0…1, so a
/// trim reaching past the path's end (or before its start) draws a path repeated as many times
/// as it spans, the trims divided by that count.
extension ShapeBuilder {
    /// The most frames a trim that needs sampling is sampled at.
    static let maximumTrimSamples = 600

    /// Sets the trim on `shape` and returns how many times its path must repeat.
    func applyTrim(_ trim: Trim, to shape: CAShapeLayer) -> Int {
        let start = trim.start, end = trim.end, offset = trim.offset
        func value(_ p: Animated<Vector>?, _ frame: Double, _ fallback: Double) -> Double {
            p?.numbers(at: frame).first ?? fallback
        }
        func keyframeFrames(_ p: Animated<Vector>?) -> [Double] { p?.keyframeTimes ?? [] }
        let hasOffset = offset?.isEverNonzero ?? false
        let checked = Set(keyframeFrames(start) + keyframeFrames(end)).sorted()
        let probes = checked.isEmpty ? [0.0] : checked
        let ordered = probes.allSatisfy { value(start, $0, 0) <= value(end, $0, 100) }
        let reversed = probes.allSatisfy { value(start, $0, 0) >= value(end, $0, 100) }
        if !hasOffset, ordered || reversed {
            // As the file says (or swapped): the keyframes and their easing carry over.
            let (from, to) = ordered ? (start, end) : (end, start)
            if let from {
                builder.set(from, on: shape, keyPath: "strokeStart") { $0.first.map { NSNumber(value: min(1, max(0, $0 / 100))) } }
            }
            if let to {
                builder.set(to, on: shape, keyPath: "strokeEnd") { $0.first.map { NSNumber(value: min(1, max(0, $0 / 100))) } }
            }
            return 1
        }
        // Sampled at each frame from the first keyframe to the last, linear between.
        let times = keyframeFrames(start) + keyframeFrames(end) + keyframeFrames(offset)
        let first = times.min() ?? 0, last = times.max() ?? 0
        let count = last > first ? Int(min(Double(Self.maximumTrimSamples - 1), (last - first).rounded(.up))) + 1 : 1
        let frames = (0..<count).map { first + (last - first) * Double($0) / Double(max(1, count - 1)) }
        var starts: [Double] = [], ends: [Double] = []
        for frame in frames {
            let a = value(start, frame, 0), b = value(end, frame, 100), shift = value(offset, frame, 0) / 360 * 100
            starts.append(min(a, b) + shift)
            ends.append(max(a, b) + shift)
        }
        let below = (starts.min() ?? 0) / 100 < 0 ? -((starts.min() ?? 0) / 100).rounded(.down) : 0
        let above = ((ends.max() ?? 100) / 100).rounded(.up)
        let repeats = max(1, Int(min(100, abs(above) + below)))
        func trimValue(_ v: Double) -> Double { min(1, max(0, (v + below * 100) / Double(repeats) / 100)) }
        shape.strokeStart = CGFloat(trimValue(starts[0]))
        shape.strokeEnd = CGFloat(trimValue(ends[0]))
        if count > 1 {
            for (keyPath, values) in [("strokeStart", starts), ("strokeEnd", ends)] {
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                animation.values = values.map { NSNumber(value: trimValue($0)) }
                animation.keyTimes = (0..<count).map { NSNumber(value: Double($0) / Double(count - 1)) }
                builder.animator.place(animation, from: first, to: last)
                shape.add(animation, forKey: keyPath)
            }
        }
        return repeats
    }
}
