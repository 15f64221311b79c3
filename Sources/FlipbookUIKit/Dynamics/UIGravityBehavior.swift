import FlipbookCore
import Foundation

/// Pulls its items along `gravityDirection`: magnitude 1 is 1000 pt/s², UIKit's standard
/// gravity, pointing down by default (Apple's docs).
open class UIGravityBehavior: UIDynamicBehavior {
    private var list: DynamicItemList
    /// The items gravity pulls.
    open var items: [any UIDynamicItem] { list.items }
    /// The acceleration in thousands of points a second squared.
    open var gravityDirection = CGVector(dx: 0, dy: 1) { didSet { dynamicAnimator?.wake() } }

    public init(items: [any UIDynamicItem]) {
        list = DynamicItemList(items)
        super.init()
    }

    public override convenience init() { self.init(items: []) }

    /// Pulls `item` too.
    open func addItem(_ item: any UIDynamicItem) { list.add(item, waking: dynamicAnimator) }

    /// Stops pulling `item`.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item) }

    /// The direction in radians (π/2 is down).
    open var angle: CGFloat {
        get { gravityDirection.polarAngle }
        set { gravityDirection = CGVector(polarAngle: newValue, magnitude: magnitude) }
    }

    /// The strength; 0 also resets the angle to 0, as Apple documents.
    open var magnitude: CGFloat {
        get { gravityDirection.polarMagnitude }
        set { gravityDirection = CGVector(polarAngle: newValue == 0 ? 0 : angle, magnitude: newValue) }
    }

    /// Sets the direction and strength at once.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = CGVector(polarAngle: angle, magnitude: magnitude)
    }

    override var dynamicItems: [any UIDynamicItem] { list.items }

    override func applyForces(in world: DynamicsWorld, step: Double) {
        let g = Vector2(Double(gravityDirection.dx), Double(gravityDirection.dy)) * 1000
        for item in list.items {
            let body = world.body(for: item)
            if body.isDynamic { body.velocity += g * step }
        }
    }
}

extension CGVector {
    /// The vector `magnitude` long at `angle` radians (UIKit geometry: y down).
    init(polarAngle angle: CGFloat, magnitude: CGFloat) {
        self.init(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude)
    }
    var polarAngle: CGFloat { dx == 0 && dy == 0 ? 0 : atan2(dy, dx) }
    var polarMagnitude: CGFloat { (dx * dx + dy * dy).squareRoot() }
}
