import FlipbookCore
import FlipbookUIKit
import Foundation

/// Values Core Animation cannot interpolate as Lottie does (several moving parts that make one
/// value), sampled at each frame and linear between samples.
extension LayerBuilder {
    /// The most frames a value is sampled at.
    static let maximumSamples = 600

    /// `value(frame)` at each frame from the first of `keyframeTimes` to the last (at most
    /// `maximumSamples`), placed on the layer's clock; inside a time-remapped precomposition,
    /// at each remapped frame. Sets the layer's own value to the first sample. Nothing when
    /// there is no span to sample.
    func setSampled(_ keyPath: String, on layer: CALayer, keyframeTimes: [Double], _ value: (Double) -> Any?) {
        if remapping != nil {
            if let initial = value(remapping?(animation.startFrame) ?? 0) { layer.setValue(initial, forKeyPath: keyPath) }
            if let sampled = remappedAnimation(keyPath, value) { layer.add(sampled, forKey: keyPath) }
            return
        }
        guard let first = keyframeTimes.min(), let last = keyframeTimes.max() else { return }
        if let initial = value(first) { layer.setValue(initial, forKeyPath: keyPath) }
        guard last > first else { return }
        let count = Int(min(Double(Self.maximumSamples - 1), (last - first).rounded(.up))) + 1
        var values: [Any] = []
        for k in 0..<count {
            guard let v = value(first + (last - first) * Double(k) / Double(count - 1)) else { return }
            values.append(v)
        }
        let sampled = CAKeyframeAnimation(keyPath: keyPath)
        sampled.values = values
        sampled.keyTimes = (0..<count).map { NSNumber(value: Double($0) / Double(count - 1)) }
        animator.place(sampled, from: first, to: last)
        layer.add(sampled, forKey: keyPath)
    }
}
