import Foundation

/// Runs several animations on one layer in a shared timeline (timing-model.md 1.7).
open class CAAnimationGroup: CAAnimation {
    /// The grouped animations; their delegates and `isRemovedOnCompletion` are ignored.
    open var animations: [CAAnimation]?

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAAnimationGroup {
            animations = o.animations?.map { $0.copy(with: nil) as! CAAnimation }
        }
    }

    override func resolveDurations(default defaultDuration: Double) {
        super.resolveDurations(default: defaultDuration)
        for child in animations ?? [] { child.resolveDurations(default: duration) }
    }

    override var hasFiniteTiming: Bool {
        super.hasFiniteTiming && (animations ?? []).allSatisfy(\.hasFiniteTiming)
    }

    override var animatedKeyPaths: [LayerKeyPath] { (animations ?? []).flatMap(\.animatedKeyPaths) }

    override func apply(to state: inout LayerState, model: LayerState, parentTime: Double) {
        let s = timingState(at: parentTime)
        guard s.applied, let animations else { return }
        let childTime = progress(s) * duration
        for child in animations { child.apply(to: &state, model: model, parentTime: childTime) }
    }
}
