import FlipbookCore
import FlipbookUIKit
import Foundation

/// Builds Core Animation animations from Lottie properties on the composition's clock: a
/// layer's local time τ seconds is frame τ × framerate.
struct KeyframeAnimator {
    let framerate: Double
    /// Seconds added to every begin time: inside a precomposition whose clock is shifted so that
    /// it never runs before 0 (LayerBuilder.timeLayer).
    var timeShift: Double = 0

    /// The animation for `keyPath` over `keyframes`, each value made by `convert`; nil when a
    /// value cannot be converted. Key times come from frames, timing functions from the easing,
    /// holds as discrete steps; `holdStepShown(frame)` says whether the step at a hold's end is
    /// already shown at exactly that frame (else just after it). `unheld`: what shows instead
    /// of a lone hold among eased keyframes (`firstHoldCovered`: the first keyframe's too, when
    /// it is at or before the composition's start); see `loneHold`.
    func animation<Value>(
        _ keyPath: String, _ keyframes: [LottieKeyframe<Value>], convert: (Value) -> Any?, holdStepShown: (Double) -> Bool = { _ in true },
        unheld: Any? = nil, firstHoldCovered: Bool = false
    ) -> CAKeyframeAnimation? {
        var values: [Any] = [], times: [Double] = [], functions: [CAMediaTimingFunction] = []
        let first = keyframes[0].frame, last = keyframes[keyframes.count - 1].frame
        guard last > first else { return nil }
        // A last step shown just after its frame needs room before the animation's end.
        let lastStepLate = keyframes.count > 1 && keyframes[keyframes.count - 2].hold && !holdStepShown(last)
        let span = (last - first) * (lastStepLate ? 1 + 2e-7 : 1)
        for (index, k) in keyframes.enumerated() {
            guard let v = convert(k.value) else { return nil }
            var at = (k.frame - first) / span
            if index > 0, keyframes[index - 1].hold {
                // A hold keeps the previous value up to this keyframe, then steps (a ten-millionth
                // of the span before or after it, as `holdStepShown` says).
                guard var held = values.last else { return nil }
                if let unheld, Self.loneHold(keyframes, at: index - 1, firstCovered: firstHoldCovered) {
                    if index == 1 {
                        values[values.count - 1] = unheld
                    } else {
                        values.append(unheld)
                        times.append(min((times.last ?? 0) + 1e-7, at - 2e-7))
                        functions.append(CAMediaTimingFunction(name: .linear))
                    }
                    held = unheld
                }
                let shown = holdStepShown(k.frame)
                values.append(held)
                times.append(max(times.last ?? 0, shown ? at - 1e-7 : at))
                functions.append(CAMediaTimingFunction(name: .linear))
                if !shown { at += 1e-7 }
            }
            if index > 0 {
                let previous = keyframes[index - 1]
                if let e = previous.end, !previous.hold, let end = convert(e) {
                    values.append(end)
                } else {
                    values.append(v)
                }
                times.append(at)
            } else {
                values.append(v)
                times.append(0)
            }
            if index < keyframes.count - 1 {
                if k.hold {
                    functions.append(CAMediaTimingFunction(name: .linear))
                } else if let o = k.out, let i = k.into {
                    functions.append(CAMediaTimingFunction(controlPoints: Float(clamp(o.x)), Float(o.y), Float(clamp(i.x)), Float(i.y)))
                } else {
                    functions.append(CAMediaTimingFunction(name: .linear))
                }
            }
        }
        if lastStepLate, let final = values.last {
            values.append(final)
            times.append(1)
            functions.append(CAMediaTimingFunction(name: .linear))
        }
        // A hold on the last segment's start leaves values and times one longer than functions: fine.
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = times.map { NSNumber(value: min(1, max(0, $0))) }
        animation.timingFunctions = functions
        place(animation, from: first, to: first + span)
        return animation
    }

    /// Whether keyframe `index` is a hold that lottie-ios makes a discrete animation of one value:
    /// among eased keyframes it splits the runs of holds into their own discrete animations, and
    /// a run of one hold between eased keyframes (or a first hold at the composition's start)
    /// leaves a single value, which Core Animation does not draw, so the layer's own value shows
    /// (iOS's snapshots of lottie-ios's pr_1632 samples: opacity 1 through such holds).
    static func loneHold<Value>(_ keyframes: [LottieKeyframe<Value>], at index: Int, firstCovered: Bool) -> Bool {
        guard keyframes[index].hold, index + 1 < keyframes.count, !keyframes[index + 1].hold else { return false }
        return index == 0 ? firstCovered : !keyframes[index - 1].hold
    }

    /// Runs from frame `first` to `last` on the layer's clock, holding its ends.
    func place(_ animation: CAAnimation, from first: Double, to last: Double) {
        // beginTime 0 would mean "now" when added; 1e-100 is Core Animation's own idiom for zero.
        let begin = first / framerate + timeShift
        animation.beginTime = begin == 0 ? 1e-100 : begin
        animation.duration = (last - first) / framerate
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
    }

    private func clamp(_ x: Double) -> Double { min(1, max(0, x)) }
}
