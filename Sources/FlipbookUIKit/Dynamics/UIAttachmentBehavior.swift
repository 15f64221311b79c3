import FlipbookCore
import Foundation

/// Attaches an item to a point or to another item: a rigid rod of `length` (frequency 0, the
/// default) or a spring of `frequency` Hz and damping ratio `damping` (Box2D's distance joint,
/// timing-model.md 11.12). The iOS 9 kinds: a limit (a rope: at most `length`), a pin (the two
/// items share the anchor) and a fixed attachment (a pin that also keeps their angle).
open class UIAttachmentBehavior: UIDynamicBehavior {
    /// What the first item is attached to.
    public enum AttachmentType: Int, Sendable {
        case items, anchor
    }

    enum Kind {
        case distance, limit, pin, fixed, sliding
    }

    /// Whether the first item hangs from an anchor point or from a second item.
    public let attachedBehaviorType: AttachmentType
    /// The attached items (one for an anchor attachment).
    public let items: [any UIDynamicItem]
    /// The anchor an anchor attachment pulls toward (drag it with a finger, as apps do).
    open var anchorPoint: CGPoint { didSet { dynamicAnimator?.wake() } }
    /// The distance kept between the two ends (the distance at creation).
    open var length: CGFloat { didSet { dynamicAnimator?.wake() } }
    /// The spring's damping ratio (used when `frequency` > 0).
    open var damping: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }
    /// The spring's frequency in hertz; 0 is rigid.
    open var frequency: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }
    /// Resistance to turning at the joint: kept for code that sets it; not simulated.
    open var frictionTorque: CGFloat = 0
    /// The lengths a sliding attachment allows: kept; sliding attachments are not simulated.
    open var attachmentRange = UIFloatRange.infinite

    private let offsetA: Vector2, offsetB: Vector2
    private let kind: Kind
    private let fixedAngle: Double

    init(kind: Kind, items: [any UIDynamicItem], offsets: (Vector2, Vector2), anchor: CGPoint) {
        self.kind = kind
        self.items = items
        attachedBehaviorType = items.count == 2 ? .items : .anchor
        offsetA = offsets.0
        offsetB = offsets.1
        anchorPoint = anchor
        let first = items[0]
        let a = Vector2(first.center) + offsetA.rotated(by: DynamicBody.rotation(of: first.transform))
        let b: Vector2
        if items.count == 2 {
            b = Vector2(items[1].center) + offsetB.rotated(by: DynamicBody.rotation(of: items[1].transform))
            fixedAngle = DynamicBody.rotation(of: items[1].transform) - DynamicBody.rotation(of: first.transform)
        } else {
            b = Vector2(anchor)
            fixedAngle = 0
        }
        length = CGFloat((b - a).length)
        super.init()
    }

    /// Attaches `item`'s centre to `point`.
    public convenience init(item: any UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// Attaches the point `offset` from `item`'s centre (turning with it) to `point`.
    public convenience init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        self.init(kind: .distance, items: [item], offsets: (Vector2(offset), .zero), anchor: point)
    }

    /// Attaches two items' centres to each other.
    public convenience init(item item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    public convenience init(
        item item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) {
        self.init(kind: .distance, items: [item1, item2], offsets: (Vector2(offset1), Vector2(offset2)), anchor: .zero)
    }

    /// Two items kept at most their present distance apart (a rope).
    open class func limitAttachment(
        with item1: any UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: any UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .limit, items: [item1, item2], offsets: (Vector2(offset1), Vector2(offset2)), anchor: .zero)
    }

    /// Two items joined at `point`, each free to turn about it.
    open class func pinAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .pin, items: [item1, item2], offsets: localOffsets(item1, item2, at: point), anchor: point)
    }

    /// Two items welded at `point`: they move and turn as one.
    open class func fixedAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .fixed, items: [item1, item2], offsets: localOffsets(item1, item2, at: point), anchor: point)
    }

    /// A sliding attachment along `axis`: accepted, simulated as a pin at `point` (not along an
    /// axis; docs/porting.md).
    open class func slidingAttachment(
        with item1: any UIDynamicItem, attachedTo item2: any UIDynamicItem, attachmentAnchor point: CGPoint,
        axisOfTranslation axis: CGVector
    ) -> UIAttachmentBehavior {
        UIAttachmentBehavior(kind: .sliding, items: [item1, item2], offsets: localOffsets(item1, item2, at: point), anchor: point)
    }

    /// Where `point` sits on each item, from its centre in its own unrotated frame.
    private static func localOffsets(_ a: any UIDynamicItem, _ b: any UIDynamicItem, at point: CGPoint) -> (Vector2, Vector2) {
        func local(_ item: any UIDynamicItem) -> Vector2 {
            (Vector2(point) - Vector2(item.center)).rotated(by: -DynamicBody.rotation(of: item.transform))
        }
        return (local(a), local(b))
    }

    override var dynamicItems: [any UIDynamicItem] { items }

    override func constraints(in world: DynamicsWorld, step: Double) -> [any VelocityConstraint] {
        let a = JointEnd.body(world.body(for: items[0]), offset: offsetA)
        let b = items.count == 2 ? JointEnd.body(world.body(for: items[1]), offset: offsetB) : .point(Vector2(anchorPoint))
        let f = Double(frequency), ratio = Double(damping)
        switch kind {
        case .distance where length < 1e-3:
            return [PointJoint(a, b, frequency: f, dampingRatio: ratio, step: step)]
        case .distance, .limit:
            return [
                DistanceJoint(
                    a, b, length: Double(length), frequency: f, dampingRatio: ratio, ropeOnly: kind == .limit, step: step)
            ]
        case .pin, .sliding:
            return [PointJoint(a, b, frequency: 0, dampingRatio: 0, step: step)]
        case .fixed:
            return [
                PointJoint(a, b, frequency: 0, dampingRatio: 0, step: step),
                AngleJoint(a.body, b.body!, target: fixedAngle, frequency: 0, dampingRatio: 0, step: step)
            ]
        }
    }
}

extension SIMD2 where Scalar == Double {
    init(_ offset: UIOffset) { self.init(Double(offset.horizontal), Double(offset.vertical)) }
}
