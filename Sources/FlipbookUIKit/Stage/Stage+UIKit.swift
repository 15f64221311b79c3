import FlipbookCore
import Foundation

/// What UIKit keeps per Stage: the window over its root layer, the safe area the window
/// reports, the last tap (for `tapCount`). Core Animation holds it without knowing its type.
final class StageUIKitState {
    let window: UIWindow
    var safeAreaInsets: UIEdgeInsets = .zero
    var lastTap: (time: Double, point: CGPoint, count: Int)?
    /// What UIKit's gesture environment decides (GestureArbiter.swift).
    var gestureArbiter: GestureArbiter?

    init(window: UIWindow) { self.window = window }
}

extension Stage {
    var uiKit: StageUIKitState {
        if let state = uiKitState as? StageUIKitState { return state }
        let state = StageUIKitState(window: UIWindow(backingLayer: rootLayer))
        uiKitState = state
        return state
    }

    /// Settles recognizers' transitions on this Stage.
    var gestureArbiter: GestureArbiter {
        if let arbiter = uiKit.gestureArbiter { return arbiter }
        let arbiter = GestureArbiter(stage: self)
        uiKit.gestureArbiter = arbiter
        return arbiter
    }

    /// A view over the root layer, for UIKit-style scenes.
    public var rootView: UIView { uiKit.window }

    /// The insets the Stage's window reports as its safe area, as a device's screen has them
    /// (a status bar or notch, a home indicator); zero by default. Set it before views are
    /// added: views lay out against it at the next commit.
    public var safeAreaInsets: UIEdgeInsets {
        get { uiKit.safeAreaInsets }
        set {
            uiKit.safeAreaInsets = newValue
            rootView.setNeedsLayout()
        }
    }

    /// The `tapCount` of a tap at `point` at `time`: one more than the last tap's when that was
    /// within `multipleTapInterval` and 45 pt, else 1.
    func countTap(at point: CGPoint, time: Double) -> Int {
        var count = 1
        if let last = uiKit.lastTap, time - last.time <= Self.multipleTapInterval,
            hypot(point.x - last.point.x, point.y - last.point.y) <= 45
        {
            count = last.count + 1
        }
        uiKit.lastTap = (time, point, count)
        return count
    }
}

/// What UIKit keeps with a thread's transactions: open `UIView.animate` blocks and image
/// contexts (innermost last), the window's backing layer while it is made, Auto Layout's counters.
final class UIKitTransactionState: TransactionExtension {
    var viewAnimationStack: [UIViewAnimationState] = []
    var imageContexts: [ImageContext] = []
    /// The layer the next `UIView.init(frame:)` adopts instead of making one (the Stage's window).
    var pendingBackingLayer: CALayer?
    /// Bumped by every change Auto Layout reads (constraints, frames of views that keep their
    /// autoresizing masks, the view tree): a tree's engine solves again when it moved.
    var layoutGeneration = 0
    /// Active constraints on this thread: none, and Auto Layout costs nothing.
    var activeConstraintCount = 0
    /// The last number handed to a constraint (they are numbered in the order they were made).
    var layoutSequence = 0

    var asksDelegatesBeforeCommit: Bool { !viewAnimationStack.isEmpty }
}

extension TransactionContext {
    private var uiKit: UIKitTransactionState {
        if let state = uiKitState as? UIKitTransactionState { return state }
        let state = UIKitTransactionState()
        uiKitState = state
        return state
    }

    /// Open `UIView.animate` blocks, innermost last.
    var viewAnimationStack: [UIViewAnimationState] {
        get { (uiKitState as? UIKitTransactionState)?.viewAnimationStack ?? [] }
        set { uiKit.viewAnimationStack = newValue }
    }

    /// `UIGraphicsBeginImageContextWithOptions` contexts still open, innermost last.
    var imageContexts: [ImageContext] {
        get { (uiKitState as? UIKitTransactionState)?.imageContexts ?? [] }
        set { uiKit.imageContexts = newValue }
    }

    /// The layer the next `UIView.init(frame:)` adopts instead of making one (the Stage's window).
    var pendingBackingLayer: CALayer? {
        get { (uiKitState as? UIKitTransactionState)?.pendingBackingLayer }
        set { uiKit.pendingBackingLayer = newValue }
    }

    /// Bumped by every change Auto Layout reads: a tree's engine solves again when it moved.
    var layoutGeneration: Int {
        get { (uiKitState as? UIKitTransactionState)?.layoutGeneration ?? 0 }
        set { uiKit.layoutGeneration = newValue }
    }

    /// Active constraints on this thread: none, and Auto Layout costs nothing.
    var activeConstraintCount: Int {
        get { (uiKitState as? UIKitTransactionState)?.activeConstraintCount ?? 0 }
        set { uiKit.activeConstraintCount = newValue }
    }

    /// Numbers constraints in the order they were made.
    func nextLayoutSequence() -> Int {
        uiKit.layoutSequence += 1
        return uiKit.layoutSequence
    }
}
