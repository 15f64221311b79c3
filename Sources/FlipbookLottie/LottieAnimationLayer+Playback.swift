import FlipbookCore
import FlipbookUIKit
import Foundation

/// A frame of a Lottie animation (lottie-ios's name).
public typealias AnimationFrameTime = CGFloat
/// A share of a Lottie animation, 0…1 (lottie-ios's name).
public typealias AnimationProgressTime = CGFloat
/// Called when a play ends: true when it ran to its end, false when a pause, seek or another play
/// interrupted it (lottie-ios's `LottieCompletionBlock`).
public typealias LottieCompletionBlock = (_ completed: Bool) -> Void

/// How a play repeats (lottie-ios's `LottieLoopMode`).
public enum LottieLoopMode: Hashable, Sendable {
    /// Once, then it stays on the last frame.
    case playOnce
    /// From the start again, for ever.
    case loop
    /// Forwards, backwards, for ever.
    case autoReverse
    /// This many times (a fraction stops part-way through the last).
    case `repeat`(Float)
    /// This many times forwards and back.
    case repeatBackwards(Float)
}

/// What a play runs: its range, whether it turns round at each end, and how many legs (one
/// direction each) are left, fractions included.
struct PlaybackPlan {
    var from: Double
    var to: Double
    var reverses: Bool
    var legsLeft: Double
    var forward: Bool
}

/// Playing on the Stage's clock, as lottie-ios's `play` methods do: each leg (one pass through
/// the range in one direction) runs the composition's clock from its first frame towards its
/// last at `animationSpeed` (backwards at the negated speed), and its end is an event on the
/// Stage that starts the next leg or, after the last, pauses on its end frame and calls the
/// completion. A layer not in a Stage has no clock to end on: it runs without ending.
extension LottieAnimationLayer {
    /// Plays from the frame shown to the last (from the first when it is at the end), as
    /// `loopMode` says.
    public func play(completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        let start = currentFrame >= animation.endFrame - 1e-9 ? animation.startFrame : currentFrame
        begin(
            PlaybackPlan(from: animation.startFrame, to: animation.endFrame, reverses: false, legsLeft: 1, forward: true),
            at: start, loopMode: loopMode, completion: completion)
        currentPlaybackMode = .playing(.fromProgress(nil, toProgress: 1, loopMode: loopMode))
    }

    /// Plays from `fromProgress` (nil: the progress shown) to `toProgress`, as `loopMode` (nil:
    /// the layer's) says.
    public func play(
        fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        guard let animation else { return }
        play(
            fromFrame: fromProgress.map { CGFloat(animation.frame(atProgress: Double($0))) },
            toFrame: CGFloat(animation.frame(atProgress: Double(toProgress))),
            loopMode: loopMode, completion: completion)
        currentPlaybackMode = .playing(.fromProgress(fromProgress, toProgress: toProgress, loopMode: loopMode ?? self.loopMode))
    }

    /// Plays from `fromFrame` (nil: the frame shown) to `toFrame` (backwards when it is
    /// earlier), as `loopMode` (nil: the layer's) says.
    public func play(
        fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        let start = Double(fromFrame ?? currentFrame)
        begin(
            PlaybackPlan(from: start, to: Double(toFrame), reverses: false, legsLeft: 1, forward: true),
            at: start, loopMode: loopMode ?? self.loopMode, completion: completion)
        currentPlaybackMode = .playing(.fromFrame(fromFrame, toFrame: toFrame, loopMode: loopMode ?? self.loopMode))
    }

    /// Pauses on the first frame (lottie-ios's `stop()`).
    public func stop() {
        guard let animation else { return }
        currentFrame = animation.startFrame
    }

    /// Pauses at the frame shown now; a play in progress ends with `completion(false)`.
    public func pause() {
        pause(at: .currentFrame)
    }

    /// Ends the play in progress (its completion gets false) and any leg end scheduled.
    func interruptPlayback() {
        playbackToken += 1
        playbackPlan = nil
        if let completion = pendingCompletion {
            pendingCompletion = nil
            completion(false)
        }
    }

    private func begin(_ base: PlaybackPlan, at start: Double, loopMode: LottieLoopMode, completion: LottieCompletionBlock?) {
        interruptPlayback()
        var plan = base
        switch loopMode {
        case .playOnce: plan.legsLeft = 1
        case .loop: plan.legsLeft = .infinity
        case .autoReverse:
            plan.legsLeft = .infinity
            plan.reverses = true
        case .repeat(let n): plan.legsLeft = Double(max(0, n))
        case .repeatBackwards(let n):
            plan.legsLeft = 2 * Double(max(0, n))
            plan.reverses = true
        }
        pendingCompletion = completion
        runLeg(plan, from: start)
    }

    /// Runs one leg from `start` towards the plan's end in its direction (part of it when less
    /// than a leg is left), and schedules what follows at its end.
    func runLeg(_ plan: PlaybackPlan, from start: Double) {
        guard let animation, let composition else { return }
        playbackToken += 1
        let token = playbackToken
        let target = plan.forward ? plan.to : plan.from
        let end = plan.legsLeft < 1 ? start + (target - start) * plan.legsLeft : target
        let speed = max(1e-6, abs(animationSpeed))
        let seconds = abs(end - start) / animation.framerate / speed
        guard plan.legsLeft > 1e-9, seconds > 0, seconds.isFinite else {
            finish(at: end)
            return
        }
        playbackPlan = plan
        isAnimationPlaying = true
        composition.speed = Float(end >= start ? speed : -speed)
        composition.timeOffset = start / animation.framerate
        let now = CACurrentMediaTime()
        // Its clock starts now, from `start`: local time = (now − beginTime) × speed + timeOffset.
        composition.beginTime = convertTime(now, from: nil)
        stage?.schedule(at: now + seconds, label: "Lottie leg end") { [weak self] in
            guard let self, self.playbackToken == token else { return }
            var next = plan
            next.legsLeft -= 1
            guard next.legsLeft > 1e-9 else {
                self.finish(at: end)
                return
            }
            if plan.reverses {
                next.forward.toggle()
                self.runLeg(next, from: end)
            } else {
                self.runLeg(next, from: plan.forward ? plan.from : plan.to)
            }
        }
    }

    /// Pauses on `frame` and reports the play complete.
    private func finish(at frame: Double) {
        let completion = pendingCompletion
        pendingCompletion = nil
        show(frame: frame)
        completion?(true)
    }
}
