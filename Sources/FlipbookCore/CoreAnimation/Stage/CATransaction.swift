import Foundation

/// Groups layer changes; nests; holds per-scope animation settings (timing-model.md 10.1).
/// Transactions are per thread, as in Core Animation.
public final class CATransaction {
    private init() {}

    /// Opens a nested transaction; it sees the enclosing settings until it sets its own.
    public static func begin() {
        let ctx = TransactionContext.current
        ctx.explicitFrames.append(TransactionContext.Frame(isImplicit: false))
    }

    /// Closes the innermost explicit transaction. Closing the outermost commits its changes
    /// at the current time, unless it is nested in the run-loop turn's implicit transaction,
    /// which commits them at the turn's end (timing-model.md 10.1).
    public static func commit() {
        let ctx = TransactionContext.current
        guard let frame = ctx.explicitFrames.popLast() else { return }
        let time = ctx.now
        if ctx.explicitFrames.isEmpty && ctx.implicitFrame == nil {
            ctx.layOutAndDisplay(stage: ctx.activeStage)
            ctx.flush(at: time)
        }
        frame.completion?.seal(at: time, stage: ctx.activeStage)
    }

    /// Commits the implicit transaction now, laid out and displayed (after any explicit ones
    /// still open have closed, as Core Animation delays it).
    public static func flush() {
        let ctx = TransactionContext.current
        guard ctx.explicitFrames.isEmpty else { return }
        if let stage = ctx.activeStage {
            ctx.commitImplicit(at: ctx.now, stage: stage)
        } else {
            ctx.layOutAndDisplay(stage: nil)
            ctx.flush(at: ctx.now)
        }
    }

    public static func animationDuration() -> CFTimeInterval { TransactionContext.current.animationDuration }

    public static func setAnimationDuration(_ dur: CFTimeInterval) {
        TransactionContext.current.innermost.animationDuration = dur
    }

    public static func animationTimingFunction() -> CAMediaTimingFunction? { TransactionContext.current.timingFunction }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        TransactionContext.current.innermost.timingFunction = .some(function)
    }

    public static func disableActions() -> Bool { TransactionContext.current.disableActions }

    public static func setDisableActions(_ flag: Bool) {
        TransactionContext.current.innermost.disableActions = flag
    }

    public static func completionBlock() -> (() -> Void)? { nil }

    /// Runs `block` once every animation added after this call, in this transaction, has
    /// stopped; right after the commit when none was added.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let frame = TransactionContext.current.innermost
        guard let block else {
            frame.completion = nil
            return
        }
        frame.completion = CompletionGroup { _ in block() }
    }

    /// KVC-style access for the keys Core Animation defines.
    public static func value(forKey key: String) -> Any? {
        switch key {
        case "animationDuration": return animationDuration()
        case "animationTimingFunction": return animationTimingFunction()
        case "disableActions": return disableActions()
        default: return nil
        }
    }

    public static func setValue(_ anObject: Any?, forKey key: String) {
        switch key {
        case "animationDuration": if let n = AnimatableValue(bridging: anObject)?.number { setAnimationDuration(n) }
        case "animationTimingFunction": setAnimationTimingFunction(anObject as? CAMediaTimingFunction)
        case "disableActions": if let n = AnimatableValue(bridging: anObject)?.number { setDisableActions(n != 0) }
        default: break
        }
    }
}

/// The current time of the Stage that is running, in seconds; inside a callback, that
/// callback's due time (timing-model.md 1.1).
public func CACurrentMediaTime() -> CFTimeInterval { TransactionContext.current.now }
