import FlipbookCore
import Foundation

/// Pushes its items: magnitude 1 on a 100 × 100 pt item of density 1 accelerates it by
/// 100 pt/s² (Apple's docs); an instantaneous push gives that item 100 pt/s at once [proj]
/// and then turns itself off (`active` becomes false) until set active again.
open class UIPushBehavior: UIDynamicBehavior {
    /// Whether the force lasts (continuous) or is one impulse (instantaneous).
    public enum Mode: Int, Sendable {
        case continuous, instantaneous
    }

    private var list: DynamicItemList
    private var offsets: [ObjectIdentifier: UIOffset] = [:]
    /// The items pushed.
    open var items: [any UIDynamicItem] { list.items }
    /// Continuous or instantaneous, as made.
    public let mode: Mode
    /// Whether the push acts; an instantaneous push clears it once applied.
    open var active = true { didSet { if active { dynamicAnimator?.wake() } } }
    /// The force's x and y parts (see the class's units).
    open var pushDirection = CGVector.zero { didSet { dynamicAnimator?.wake() } }

    public init(items: [any UIDynamicItem], mode: Mode) {
        list = DynamicItemList(items)
        self.mode = mode
        super.init()
    }

    /// Pushes `item` too.
    open func addItem(_ item: any UIDynamicItem) { list.add(item, waking: dynamicAnimator) }

    /// Stops pushing `item`.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item) }

    /// The force's direction in radians (0: right; y points down).
    open var angle: CGFloat {
        get { pushDirection.polarAngle }
        set { pushDirection = CGVector(polarAngle: newValue, magnitude: magnitude) }
    }

    /// The force's strength (see the class's units).
    open var magnitude: CGFloat {
        get { pushDirection.polarMagnitude }
        set { pushDirection = CGVector(polarAngle: angle, magnitude: newValue) }
    }

    /// Sets the direction and strength at once.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        pushDirection = CGVector(polarAngle: angle, magnitude: magnitude)
    }

    /// Where on the item the force acts, from its centre (off-centre pushes turn it).
    open func targetOffsetFromCenter(for item: any UIDynamicItem) -> UIOffset {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    /// Makes the force act `o` from `item`'s centre.
    open func setTargetOffsetFromCenter(_ o: UIOffset, for item: any UIDynamicItem) {
        offsets[ObjectIdentifier(item)] = o
    }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    override func applyForces(in world: DynamicsWorld, step: Double) {
        guard active else { return }
        let force = Vector2(Double(pushDirection.dx), Double(pushDirection.dy)) * 100
        let scale = mode == .continuous ? step : 1
        for item in list.items {
            let body = world.body(for: item)
            let o = targetOffsetFromCenter(for: item)
            let at = body.position + Vector2(Double(o.horizontal), Double(o.vertical)).rotated(by: body.angle)
            body.applyImpulse(force * scale, at: at)
        }
        if mode == .instantaneous { active = false }
    }
}
