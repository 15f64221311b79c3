import Foundation

/// Per-thread transaction state, as Core Animation keeps transactions per thread
/// (timing-model.md 10.1). The Stage sets the clock it answers with while it runs callbacks.
package final class TransactionContext {
    /// One level of `CATransaction.begin()` nesting (or the implicit transaction).
    final class Frame {
        var animationDuration: Double?
        var timingFunction: CAMediaTimingFunction??
        var disableActions: Bool?
        var completion: CompletionGroup?
        let isImplicit: Bool
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    private static let perThread = ThreadLocal<TransactionContext>()

    /// The context of the calling thread.
    package static var current: TransactionContext {
        perThread.value { TransactionContext() }
    }

    /// Makes `context` the calling thread's (a nested walk's thread takes its caller's).
    static func install(_ context: TransactionContext) { perThread.set(context) }

    var explicitFrames: [Frame] = []
    var implicitFrame: Frame?
    /// Layers touched since the last commit: they are committed (and their new animations'
    /// begin times resolved) at the next flush.
    var pendingLayers: [CALayer] = []
    package weak var activeStage: Stage?
    /// While a model snapshot is taken: layers give their model values, animations unapplied.
    var drawsModelValues = false
    /// The due time of the event being processed, while the Stage runs a callback.
    var callbackTime: Double?
    /// What UIKit, the module above, keeps with the transactions (open `UIView.animate`
    /// blocks, image contexts), held without knowing its type.
    package var uiKitState: (any TransactionExtension)?
    /// Drawing contexts of `draw(_:)` calls in progress, innermost last.
    package var graphicsContexts: [CGContext] = []
    /// Last sequence number handed out (orders simultaneous events).
    var sequence = 0
    /// Layers that asked for layout since the last commit, laid out before it (as a run-loop turn
    /// lays out before committing).
    var pendingLayout: [CALayer] = []
    /// Layers marked for display since the last commit, displayed at it when on the Stage.
    var pendingDisplay: [CALayer] = []

    /// The clock: the running callback's due time, else the active stage's time.
    package var now: Double { callbackTime ?? activeStage?.currentTime ?? 0 }

    private var frames: [Frame] {
        (implicitFrame.map { [$0] } ?? []) + explicitFrames
    }

    var animationDuration: Double {
        for f in frames.reversed() { if let d = f.animationDuration { return d } }
        return 0.25
    }
    var timingFunction: CAMediaTimingFunction? {
        for f in frames.reversed() { if let t = f.timingFunction { return t } }
        return nil
    }
    var disableActions: Bool {
        for f in frames.reversed() { if let d = f.disableActions { return d } }
        return false
    }
    /// Completion groups that newly added animations count toward (timing-model.md 10.1).
    var activeCompletionGroups: [CompletionGroup] { frames.compactMap(\.completion) }

    /// The innermost frame, opening the implicit transaction when none is open.
    var innermost: Frame {
        if let f = explicitFrames.last { return f }
        if let f = implicitFrame { return f }
        let f = Frame(isImplicit: true)
        implicitFrame = f
        return f
    }

    func noteChanged(_ layer: CALayer) {
        if !layer.isPendingCommit {
            layer.isPendingCommit = true
            pendingLayers.append(layer)
        }
        _ = innermost
    }

    /// Commits pending layers at global time `time`: resolves "now" begin times (1.8).
    func flush(at time: Double) {
        let layers = pendingLayers
        pendingLayers.removeAll()
        for layer in layers {
            layer.isPendingCommit = false
            layer.commit(at: time)
        }
    }

    func noteNeedsLayout(_ layer: CALayer) { pendingLayout.append(layer) }
    func noteNeedsDisplay(_ layer: CALayer) { pendingDisplay.append(layer) }

    /// What a commit does before its layers reach the screen (timing-model.md 12.9): layout,
    /// then `display()` of the marked layers on `stage`, again while either asks for more (a
    /// display that builds sublayers has them laid out in the same commit), bounded as layout is.
    func layOutAndDisplay(stage: Stage?) {
        for _ in 0..<Self.maximumLayoutPasses {
            guard layOutPendingLayers(stage: stage) else { return }
            let asked = pendingDisplay
            pendingDisplay = []
            for layer in asked where layer.needsDisplay() && layer.isAttached(to: stage) { layer.displayMarked() }
            if pendingLayout.isEmpty { return }
        }
    }

    /// How many times one commit lays out trees that keep asking for layout before it leaves the
    /// rest to the next commit (a `layoutSubviews` that dirties its superview never settles).
    static let maximumLayoutPasses = 16

    /// The layout part of a commit (timing-model.md 12.9): each tree holding a layer that asked for
    /// layout is laid out from its root, top-down; layout may ask for more, which runs in a further
    /// pass, up to `maximumLayoutPasses`. False when it did not settle within them (the rest
    /// waits for the next commit).
    @discardableResult
    func layOutPendingLayers(stage: Stage?) -> Bool {
        var passes = 0
        while !pendingLayout.isEmpty {
            guard passes < Self.maximumLayoutPasses else {
                let names = Set(pendingLayout.map { $0.layoutDescription }).sorted().prefix(3).joined(separator: ", ")
                stage?.warnOnce(
                    "layout-loop",
                    "layout did not settle in \(Self.maximumLayoutPasses) passes: \(names) asked for layout again each time "
                        + "(a layoutSubviews or layoutSublayers that calls setNeedsLayout on its own tree?); the rest waits for the next commit"
                )
                return false
            }
            passes += 1
            let asked = pendingLayout
            pendingLayout = []
            var seen = Set<ObjectIdentifier>()
            for layer in asked where layer.needsLayoutFlag {
                var root = layer
                while let parent = root.superlayer { root = parent }
                if seen.insert(ObjectIdentifier(root)).inserted { root.layOutTree() }
            }
        }
        return true
    }

    /// Ends the implicit transaction (end of a run-loop turn on the Stage).
    func commitImplicit(at time: Double, stage: Stage) {
        layOutAndDisplay(stage: stage)
        flush(at: time)
        if let f = implicitFrame {
            implicitFrame = nil
            f.completion?.seal(at: time, stage: stage)
        }
    }
}

/// Counts the animations a transaction's (or a UIView block's) completion waits for.
package final class CompletionGroup {
    private var pending = 0
    private var sealed = false
    private var fired = false
    private var anyUnfinished = false
    private let block: (Bool) -> Void

    package init(block: @escaping (Bool) -> Void) { self.block = block }

    func register() { pending += 1 }

    /// An animation counted here stopped (finished or removed) at `time`.
    func animationStopped(finished: Bool, at time: Double, stage: Stage?) {
        pending -= 1
        if !finished { anyUnfinished = true }
        fireIfDone(at: time, stage: stage)
    }

    /// No further animations will be added; fires at `time` if none are running.
    package func seal(at time: Double, stage: Stage?) {
        sealed = true
        fireIfDone(at: time, stage: stage)
    }

    private func fireIfDone(at time: Double, stage: Stage?) {
        guard sealed, pending <= 0, !fired else { return }
        fired = true
        let finished = !anyUnfinished
        if let stage {
            stage.enqueue(at: time) { [block] in block(finished) }
        } else {
            block(finished)
        }
    }
}

/// State a module above Core Animation keeps with a thread's transactions (UIKit's open
/// animation blocks).
package protocol TransactionExtension: AnyObject {
    /// Whether a layer's delegate is asked for its action even before the layer is committed:
    /// inside a `UIView.animate` block a view animates whatever its layer's commit state
    /// (timing-model.md 10.3, 11.1).
    var asksDelegatesBeforeCommit: Bool { get }
}
