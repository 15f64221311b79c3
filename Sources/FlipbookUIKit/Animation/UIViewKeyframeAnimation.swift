import FlipbookCore
import Foundation

extension UIView {
    /// Options of `UIView.animateKeyframes` (Apple's bit values; the curve bits of
    /// `AnimationOptions` pass through and pace the whole animation, timing-model.md 11.5).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }
    }

    /// Animates the keyframes added in `animations` with `addKeyframe` over one duration
    /// (timing-model.md 11.5).
    public static func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval,
        options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let ctx = TransactionContext.current
        let viewOptions = AnimationOptions(rawValue: options.rawValue & ~(0x7 << 10))
        var state = UIViewAnimationState(duration: duration, delay: delay, options: viewOptions, spring: nil)
        let recorder = KeyframeRecorder()
        state.keyframes = recorder
        ctx.viewAnimationStack.append(state)
        animations()
        ctx.viewAnimationStack.removeLast()
        let group = CompletionGroup { finished in completion?(finished) }
        if state.duration > 0 {
            for track in recorder.tracks {
                guard let layer = track.layer else { continue }
                let anim = track.animation(mode: options.calculationMode)
                anim.duration = state.duration
                anim.timingFunction = viewOptions.timingFunction
                anim.fillMode = .both
                if viewOptions.contains(.repeat) { anim.repeatCount = .infinity }
                if viewOptions.contains(.autoreverse) { anim.autoreverses = true }
                if state.delay > 0 { anim.beginTime = layer.convertTime(ctx.now, from: nil) + state.delay }
                var key = "keyframes." + track.property.rawValue
                var n = 1
                while layer.animation(forKey: key) != nil {
                    n += 1
                    key = "keyframes.\(track.property.rawValue)-\(n)"
                }
                layer.attach(anim, forKey: key, extraGroups: [group])
                if !viewOptions.contains(.allowUserInteraction) { (layer.delegate as? UIView)?.blockInteraction(whileAnimating: key) }
            }
        }
        group.seal(at: ctx.now, stage: ctx.activeStage)
    }

    /// Inside `animateKeyframes`: the changes in `animations` reach their values between
    /// `frameStartTime` and `frameStartTime + frameDuration` (fractions of the whole).
    public static func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        let ctx = TransactionContext.current
        guard let recorder = ctx.viewAnimationStack.last?.keyframes else {
            animations()
            return
        }
        let start = frameStartTime.isFinite ? min(1, max(0, frameStartTime)) : 0
        let length = frameDuration.isFinite ? min(1 - start, max(0, frameDuration)) : 0
        let saved = recorder.window
        recorder.window = (start, length)
        animations()
        recorder.window = saved
    }
}

/// Collects the property changes of a keyframe block, per layer and property.
final class KeyframeRecorder {
    /// The keyframe being recorded (the whole animation outside `addKeyframe`).
    var window: (start: Double, duration: Double) = (0, 1)
    private(set) var tracks: [KeyframeTrack] = []

    func record(layer: CALayer, property: LayerProperty, from: AnimatableValue, to: AnimatableValue) {
        let track: KeyframeTrack
        if let existing = tracks.first(where: { $0.layer === layer && $0.property == property }) {
            track = existing
        } else {
            track = KeyframeTrack(layer: layer, property: property, initial: from)
            tracks.append(track)
        }
        track.frames.append((window.start, window.duration, to))
    }
}

/// One property's keyframes: its value before the block and each keyframe's target.
final class KeyframeTrack {
    weak var layer: CALayer?
    let property: LayerProperty
    let initial: AnimatableValue
    var frames: [(start: Double, duration: Double, value: AnimatableValue)] = []

    init(layer: CALayer, property: LayerProperty, initial: AnimatableValue) {
        self.layer = layer
        self.property = property
        self.initial = initial
    }

    /// Key times and values (11.5): hold the value until a keyframe starts, reach its target
    /// when it ends; keyframes are taken in start order and may not reach back before the
    /// previous one's end. Discrete: the value jumps at each keyframe's start.
    func animation(mode: CAAnimationCalculationMode) -> CAKeyframeAnimation {
        let ordered = frames.enumerated().sorted {
            $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset
        }
        .map(\.element)
        var times: [Double] = [0], values: [AnimatableValue] = [initial]
        if mode == .discrete {
            for f in ordered {
                let t = max(f.start, times.last!)
                if t == times.last!, times.count > 1 {
                    values[values.count - 1] = f.value
                } else {
                    times.append(t)
                    values.append(f.value)
                }
            }
            if times.last! < 1 {
                times.append(1)
            } else {
                values.removeLast()
                times[times.count - 1] = 1
            }
        } else {
            var current = initial
            for f in ordered {
                let start = max(f.start, times.last!)
                let end = max(start, f.start + f.duration)
                if start > times.last! {
                    times.append(start)
                    values.append(current)
                }
                if end > times.last! || times.count == 1 {
                    times.append(end)
                    values.append(f.value)
                } else {
                    values[values.count - 1] = f.value
                }
                current = f.value
            }
            if times.last! < 1 {
                times.append(1)
                values.append(current)
            }
        }
        let anim = CAKeyframeAnimation(keyPath: property.rawValue)
        anim.values = values.map(\.bridged)
        anim.keyTimes = times.map { NSNumber(value: $0) }
        anim.calculationMode = mode
        return anim
    }
}
