import FlipbookCore
import Foundation

/// A force field acting on its items inside `region` about `position` (iOS 9). Apple documents
/// what each field does, not its units; Flipbook's are in timing-model.md 11.12 [proj]: fields
/// that accelerate (linear and radial gravity, vortex) use gravity's 1000 pt/s² a unit of
/// strength, fields that push (spring, electric, magnetic, custom) a push's force, so heavier
/// items move less. `falloff` divides by (distance / 100 pt)^falloff past `minimumRadius`.
open class UIFieldBehavior: UIDynamicBehavior {
    /// A custom field's force on an item: (field, position relative to the field, velocity,
    /// mass, charge, step) → force in push units.
    public typealias EvaluationBlock = (UIFieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector

    enum Kind {
        case drag, vortex, radialGravity, linearGravity, velocity, noise, turbulence, spring, electric, magnetic
        case custom(EvaluationBlock)
    }

    private var list = DynamicItemList()
    let kind: Kind
    /// The items the field acts on.
    open var items: [any UIDynamicItem] { list.items }
    /// The field's centre, in the reference view's coordinates.
    open var position = CGPoint.zero { didSet { dynamicAnimator?.wake() } }
    /// Where the field acts, about `position` (everywhere by default).
    open var region = UIRegion.infinite { didSet { dynamicAnimator?.wake() } }
    /// The field's strength (1 by default; see the class's units).
    open var strength: CGFloat = 1 { didSet { dynamicAnimator?.wake() } }
    /// How fast the strength fades with distance (0: not at all).
    open var falloff: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }
    /// Distances below this count as this (and are not faded).
    open var minimumRadius: CGFloat = 0.001 { didSet { dynamicAnimator?.wake() } }
    /// The direction of a linear gravity or velocity field.
    open var direction = CGVector.zero { didSet { dynamicAnimator?.wake() } }
    /// 0 to 1: how smooth a noise field's pattern is.
    open var smoothness: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }
    /// How fast a noise field's pattern changes.
    open var animationSpeed: CGFloat = 0 { didSet { dynamicAnimator?.wake() } }

    init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// Slows items in proportion to their speed.
    open class func dragField() -> UIFieldBehavior { UIFieldBehavior(kind: .drag) }
    /// Turns items around the position.
    open class func vortexField() -> UIFieldBehavior { UIFieldBehavior(kind: .vortex) }
    /// Pulls items toward `position`.
    open class func radialGravityField(position: CGPoint) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }
    /// Accelerates items along `direction`.
    open class func linearGravityField(direction: CGVector) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .linearGravity)
        field.direction = direction
        return field
    }
    /// Sets items moving at `direction` (points a second, times the strength).
    open class func velocityField(direction: CGVector) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .velocity)
        field.direction = direction
        return field
    }
    /// Pushes items about by a smoothly changing pattern.
    open class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        noise(.noise, smoothness, speed)
    }
    /// As a noise field, in proportion to each item's speed.
    open class func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        noise(.turbulence, smoothness, speed)
    }
    /// Pulls items toward `position` in proportion to their distance (Hooke's law): they oscillate.
    open class func springField() -> UIFieldBehavior { UIFieldBehavior(kind: .spring) }
    /// Pushes charged items away from `position` (pulls opposite charges).
    open class func electricField() -> UIFieldBehavior { UIFieldBehavior(kind: .electric) }
    /// Turns moving charged items sideways.
    open class func magneticField() -> UIFieldBehavior { UIFieldBehavior(kind: .magnetic) }
    /// A field whose force `block` works out.
    open class func field(evaluationBlock block: @escaping EvaluationBlock) -> UIFieldBehavior {
        UIFieldBehavior(kind: .custom(block))
    }

    private static func noise(_ kind: Kind, _ smoothness: CGFloat, _ speed: CGFloat) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: kind)
        field.smoothness = smoothness
        field.animationSpeed = speed
        return field
    }

    /// Lets the field act on `item` too.
    open func addItem(_ item: any UIDynamicItem) { list.add(item, waking: dynamicAnimator) }

    /// Stops the field acting on `item`.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item) }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    override func applyForces(in world: DynamicsWorld, step: Double) {
        let center = Vector2(position)
        for item in list.items {
            let body = world.body(for: item)
            let offset = body.position - center
            guard body.isDynamic, region.shape.contains(offset) else { continue }
            let change = FieldForces.velocityChange(
                of: self, on: body, offset: offset, time: world.time, step: step)
            guard change.x.isFinite, change.y.isFinite else { continue }
            body.velocity += change
        }
    }
}
