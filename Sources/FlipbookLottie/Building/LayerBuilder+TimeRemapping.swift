import FlipbookCore
import FlipbookUIKit
import Foundation

/// Time remapping (`tm`), as lottie-ios's Core Animation engine does it: Core Animation's clocks
/// are linear, so inside a remapped precomposition every animation is sampled at each frame of
/// the enclosing composition, at the local frame the remapping gives there, linear between.
/// Precompositions nested inside one are sampled on the composed mapping too (their `st`/`sr`
/// become part of it instead of layer timing).
extension LayerBuilder {
    /// The most frames a remapped animation is sampled at; longer animations are sampled at
    /// evenly spaced frames.
    static let maximumRemappedSamples = 2000

    /// The enclosing clock's frames a remapped animation takes values at: each frame from the
    /// animation's first to the one before its last, as lottie-ios samples them.
    var remappedFrames: [Double] {
        let first = animation.startFrame, span = max(1, animation.endFrame - animation.startFrame)
        let step = max(1, span / Double(Self.maximumRemappedSamples))
        return Array(stride(from: first, to: first + span, by: step))
    }

    /// The clock a precomposition's layers run on: a mapping from the enclosing clock's frame to
    /// their local frame when it cannot be layer timing (time remapping, or inside a remapped
    /// precomposition), else nil with `st`/`sr` as the time layer's `beginTime` and `speed`.
    func contentClock(_ item: LottieLayer, _ settings: PrecompositionLayer) -> ((Double) -> Double)? {
        let start = item.startTime
        let stretch = item.stretch > 0 ? item.stretch : 1
        let outer = remapping ?? { $0 }
        if let tm = settings.timeRemapping {
            let framerate = animation.framerate
            return { frame in tm.first(at: outer(frame), or: 0) * framerate }
        }
        guard remapping != nil else { return nil }
        return { frame in (outer(frame) - start) / stretch }
    }

    /// An animation of `keyPath` with `value(localFrame)` at each remapped frame, linear
    /// between; nil when a value cannot be made or it never changes.
    func remappedAnimation(_ keyPath: String, _ value: (Double) -> Any?) -> CAKeyframeAnimation? {
        guard let remapping else { return nil }
        let frames = remappedFrames
        guard let first = frames.first, let last = frames.last, last > first else { return nil }
        var values: [Any] = []
        for frame in frames {
            guard let v = value(remapping(frame)) else { return nil }
            values.append(v)
        }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = frames.map { NSNumber(value: ($0 - first) / (last - first)) }
        animator.place(animation, from: first, to: last)
        return animation
    }

    /// A remapped layer's in and out points: hidden wherever the local frame is outside them
    /// (a local frame past the end is past the out point too, unlike the last frame of an
    /// unremapped composition).
    func remappedVisibility(in inPoint: Double, out outPoint: Double) -> CAKeyframeAnimation? {
        guard let remapping else { return nil }
        let frames = remappedFrames
        guard let first = frames.first, let last = frames.last, last > first else { return nil }
        let show = CAKeyframeAnimation(keyPath: "hidden")
        // Discrete: one key time more than values (timing-model.md 6.4).
        show.values = frames.map { frame in
            let local = remapping(frame)
            return !(local >= inPoint && local < outPoint)
        }
        show.keyTimes = frames.map { NSNumber(value: ($0 - first) / (last - first)) } + [1]
        show.calculationMode = .discrete
        animator.place(show, from: first, to: last)
        return show
    }

    /// A numeric property inside a remapped precomposition: its eased value at each remapped
    /// frame. False when there is nothing to remap (no remapping, or values that are not numbers).
    func setRemapped(_ property: Animated<Vector>, on layer: CALayer, keyPath: String, convert: (Vector) -> Any?) -> Bool {
        guard let remapping, property.isAnimated else { return false }
        func value(_ frame: Double) -> Any? { convert(property.numbers(at: frame)) }
        if let initial = value(remapping(animation.startFrame)) { layer.setValue(initial, forKeyPath: keyPath) }
        if let sampled = remappedAnimation(keyPath, value) { layer.add(sampled, forKey: keyPath) }
        return true
    }
}
