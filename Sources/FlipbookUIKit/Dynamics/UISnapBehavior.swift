import FlipbookCore
import Foundation

/// Pulls an item to a point with a damped spring and turns it upright, ending with an
/// oscillation whose amount `damping` sets (timing-model.md 11.12: a 2.5 Hz spring whose
/// damping ratio is `damping`, default 0.5 [proj]).
open class UISnapBehavior: UIDynamicBehavior {
    private let item: any UIDynamicItem
    /// The point to snap to, in the reference view's coordinates.
    open var snapPoint: CGPoint { didSet { dynamicAnimator?.wake() } }
    /// 0 to 1: how much of the oscillation at the end is damped.
    open var damping: CGFloat = 0.5 { didSet { dynamicAnimator?.wake() } }

    /// The spring's frequency in hertz [proj].
    static let frequency = 2.5

    public init(item: any UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point
        super.init()
    }

    override var dynamicItems: [any UIDynamicItem] { [item] }

    override func constraints(in world: DynamicsWorld, step: Double) -> [any VelocityConstraint] {
        let body = world.body(for: item)
        let ratio = min(max(Double(damping), 0), 1)
        return [
            PointJoint(
                .point(Vector2(snapPoint)), .body(body, offset: .zero), frequency: Self.frequency, dampingRatio: ratio,
                step: step),
            AngleJoint(nil, body, target: 0, frequency: Self.frequency, dampingRatio: ratio, step: step)
        ]
    }
}
