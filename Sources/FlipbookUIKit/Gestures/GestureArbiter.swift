import FlipbookCore
import Foundation

/// What UIKit's gesture environment decides after recognizers have seen touches
/// (timing-model.md 13.11): which transitions out of `.possible` go through, which recognizers
/// fail because another recognized, which wait for others to fail, and when targets hear
/// actions. One per Stage (it outlives a gesture: a single tap may wait past its finger's lift
/// for a double tap to fail).
final class GestureArbiter {
    weak var stage: Stage?
    /// Recognizers whose recognition waits for others to fail, with the state they asked for.
    private var waiting: [(recognizer: UIGestureRecognizer, wanted: UIGestureRecognizer.State)] = []

    init(stage: Stage) { self.stage = stage }

    /// Settles `recognizers` after a delivery: `before` holds each one's state before it. Those
    /// recognizing in the same delivery do not prevent each other (two taps of a run both fire).
    func settle(_ recognizers: [UIGestureRecognizer], before: [ObjectIdentifier: UIGestureRecognizer.State], session: TouchSession?) {
        let activeBefore = recognizers.filter { [.began, .changed].contains(before[ObjectIdentifier($0)] ?? .possible) }
        for recognizer in recognizers {
            let old = before[ObjectIdentifier(recognizer)] ?? .possible
            let new = recognizer.storedState
            if old == .possible, new == .began || new == .ended {
                decide(recognizer, wanted: new, blockers: activeBefore, among: recognizers, session: session)
            } else if new == .failed, old != .failed {
                recognizerFailed(recognizer)
            } else if recognizer.actionsPending, [.began, .changed, .ended, .cancelled].contains(new) {
                recognizer.sendActions()
            }
        }
    }

    /// A recognizer changed state outside a delivery (a long press's timer, a double tap giving up).
    func recognizerChanged(_ recognizer: UIGestureRecognizer, from old: UIGestureRecognizer.State, session: TouchSession?) {
        let others = session?.recognizers ?? [recognizer]
        settle(others.contains { $0 === recognizer } ? others : [recognizer], before: [ObjectIdentifier(recognizer): old], session: session)
    }

    private func decide(
        _ recognizer: UIGestureRecognizer, wanted: UIGestureRecognizer.State, blockers: [UIGestureRecognizer],
        among recognizers: [UIGestureRecognizer], session: TouchSession?
    ) {
        let refused =
            !(recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true)
            || !(session?.viewsAllow(recognizer) ?? true)
            || blockers.contains { $0 !== recognizer && prevents($0, recognizer) }
            || requirements(of: recognizer, among: recognizers).contains { [.began, .changed, .ended].contains($0.storedState) }
        if refused {
            recognizer.storedState = .possible
            recognizer.state = .failed
            recognizer.actionsPending = false
            recognizerFailed(recognizer)
            return
        }
        if requirements(of: recognizer, among: recognizers).contains(where: { $0.storedState == .possible }) {
            // Wait, unheard: observers see the recognition when (if) it happens.
            recognizer.storedState = .possible
            recognizer.actionsPending = false
            waiting.removeAll { $0.recognizer === recognizer }
            waiting.append((recognizer, wanted))
            return
        }
        grant(recognizer, among: recognizers, session: session)
    }

    /// The recognition goes through: targets hear it, recognizers it prevents fail, the view's
    /// touches are cancelled when it cancels touches.
    private func grant(_ recognizer: UIGestureRecognizer, among recognizers: [UIGestureRecognizer], session: TouchSession?) {
        recognizer.recognitionGranted()
        for other in recognizers where other !== recognizer && other.storedState == .possible && prevents(recognizer, other) {
            other.state = .failed
            recognizerFailed(other)
        }
        for entry in waiting where requirements(of: entry.recognizer, among: []).contains(where: { $0 === recognizer }) {
            waiting.removeAll { $0.recognizer === entry.recognizer }
            entry.recognizer.state = .failed
            finishIfIdle(entry.recognizer)
        }
        if recognizer.cancelsTouchesInView { session?.cancelViewTouches() }
        if recognizer.storedState == .ended { finishIfIdle(recognizer) }
    }

    /// Recognizers waiting on `failed` recognize once nothing they wait on is still possible.
    private func recognizerFailed(_ failed: UIGestureRecognizer) {
        finishIfIdle(failed)
        for entry in waiting where requirements(of: entry.recognizer, among: []).contains(where: { $0 === failed }) {
            let pending = requirements(of: entry.recognizer, among: [])
            guard !pending.contains(where: { $0 !== failed && $0.storedState == .possible }) else { continue }
            waiting.removeAll { $0.recognizer === entry.recognizer }
            entry.recognizer.state = entry.wanted
            entry.recognizer.sendActions()
            finishIfIdle(entry.recognizer)
        }
    }

    /// A recognizer that has recognized, failed or been cancelled and has no finger down is reset.
    private func finishIfIdle(_ recognizer: UIGestureRecognizer) {
        guard [.ended, .cancelled, .failed].contains(recognizer.storedState),
            !recognizer.trackedTouches.contains(where: { $0.phase != .ended && $0.phase != .cancelled })
        else { return }
        recognizer.resetAfterGesture()
    }

    /// Whether `recognizer`, recognizing, makes `other` fail.
    private func prevents(_ recognizer: UIGestureRecognizer, _ other: UIGestureRecognizer) -> Bool {
        let together =
            recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: recognizer) == true
        return !together && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer)
    }

    /// The recognizers `recognizer` waits on to fail: those given to `require(toFail:)`, and those
    /// of `recognizers` that it or its delegate, or they or theirs, say it should wait for.
    private func requirements(of recognizer: UIGestureRecognizer, among recognizers: [UIGestureRecognizer]) -> [UIGestureRecognizer] {
        var out = recognizer.failureRequirements.compactMap(\.recognizer)
        for other in recognizers where other !== recognizer && !out.contains(where: { $0 === other }) {
            if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
                || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
            {
                out.append(other)
            }
        }
        return out
    }

    /// Whether `recognizer` is waiting for others to fail.
    func isWaiting(_ recognizer: UIGestureRecognizer) -> Bool { waiting.contains { $0.recognizer === recognizer } }
}

extension UIGestureRecognizer {
    /// Back to `.possible` after a gesture, as UIKit resets recognizers: `reset()` is called and
    /// the touches are forgotten.
    func resetAfterGesture() {
        if storedState != .possible { state = .possible }
        actionsPending = false
        trackedTouches = []
        reset()
    }
}
