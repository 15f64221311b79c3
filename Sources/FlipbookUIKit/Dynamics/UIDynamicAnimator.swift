import FlipbookCore
import Foundation

/// UIKit Dynamics: moves items by gravity, collisions, attachments, snaps and pushes, in the
/// coordinates of its reference view, one step per display refresh of the Stage's clock
/// (timing-model.md 11.12). It pauses when every item has come to rest and resumes when a
/// behaviour or item changes.
///
/// As on iOS, the app must keep the animator: one nobody holds stops.
open class UIDynamicAnimator: NSObject {
    /// The view whose coordinates the behaviours use and whose bounds can be a boundary.
    open private(set) weak var referenceView: UIView?
    /// The behaviours added, in order.
    open private(set) var behaviors: [UIDynamicBehavior] = []
    /// Whether the animator is stepping (false once everything is at rest).
    open private(set) var isRunning = false
    /// Seconds of simulation since the animator first ran (paused time not counted).
    open private(set) var elapsedTime: TimeInterval = 0
    /// Told when the animator starts moving items and when everything comes to rest.
    open weak var delegate: (any UIDynamicAnimatorDelegate)?

    let world = DynamicsWorld()
    private var tickScheduled = false
    /// The layout whose attributes the animator moves (the collection view form).
    private weak var collectionViewLayout: UICollectionViewLayout?

    public init(referenceView view: UIView) {
        referenceView = view
        super.init()
    }

    /// An animator whose items are a collection view layout's attributes, in the collection
    /// view's content coordinates (its content size is the reference bounds); each step
    /// invalidates the layout, so the collection view asks for the moved attributes.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init()
    }

    /// The attributes of the cell at `indexPath` among the animator's items.
    open func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    /// The attributes of a supplementary view among the animator's items.
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        attributes {
            $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind && $0.indexPath == indexPath
        }
    }

    private func attributes(where matches: (UICollectionViewLayoutAttributes) -> Bool) -> UICollectionViewLayoutAttributes? {
        allBehaviors.lazy.flatMap(\.dynamicItems).compactMap { $0 as? UICollectionViewLayoutAttributes }.first(where: matches)
    }

    /// The rectangle the reference bounds boundary follows.
    private var referenceBounds: CGRect {
        if let layout = collectionViewLayout { return CGRect(origin: .zero, size: layout.collectionViewContentSize) }
        return referenceView?.bounds ?? .zero
    }

    /// Adds a behaviour (taking it from another animator); its items join at the next step.
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behavior.dynamicAnimator?.removeBehavior(behavior)
        behaviors.append(behavior)
        behavior.move(to: self)
        wake()
    }

    /// Removes a behaviour; items no other behaviour names leave the simulation.
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard behaviors.contains(where: { $0 === behavior }) else { return }
        behaviors.removeAll { $0 === behavior }
        behavior.move(to: nil)
        world.keepBodies(for: allBehaviors.flatMap(\.dynamicItems))
        wake()
    }

    /// Removes every behaviour: the items stay where they are.
    open func removeAllBehaviors() {
        for behavior in behaviors { removeBehavior(behavior) }
    }

    /// The items whose frames (as the animator moves them) meet `rect`.
    open func items(in rect: CGRect) -> [any UIDynamicItem] {
        var seen = Set<ObjectIdentifier>()
        return allBehaviors.flatMap(\.dynamicItems).filter { item in
            let size = item.bounds.size
            let frame = CGRect(
                x: item.center.x - size.width / 2, y: item.center.y - size.height / 2, width: size.width, height: size.height)
            return frame.applying(Self.rotationAbout(frame, item.transform)).intersects(rect)
                && seen.insert(ObjectIdentifier(item)).inserted
        }
    }

    /// Re-reads an item's centre, size and rotation after the app changed them.
    open func updateItem(usingCurrentState item: any UIDynamicItem) {
        world.existingBody(for: item)?.reloadFromItem()
        wake()
    }

    /// Every behaviour added, with its children.
    var allBehaviors: [UIDynamicBehavior] { behaviors.flatMap(\.flattened) }

    /// Starts stepping again after something changed.
    func wake() {
        world.wakeBodies()
        guard !tickScheduled, !allBehaviors.isEmpty else { return }
        guard let stage = Stage.current ?? referenceView?.layer.stage ?? collectionViewLayout?.collectionView?.layer.stage
        else { return }
        if !isRunning {
            isRunning = true
            delegate?.dynamicAnimatorWillResume(self)
        }
        scheduleStep(on: stage)
    }

    /// The next display refresh (k/60 s) after now, as CADisplayLink ticks.
    private func scheduleStep(on stage: Stage) {
        let k = (stage.now * CADisplayLink.refreshRate + 1e-9).rounded(.down) + 1
        tickScheduled = true
        // Weak, as a run loop does not keep an animator alive on iOS.
        stage.schedule(at: k / CADisplayLink.refreshRate, label: "dynamic animator step") { [weak self, weak stage] in
            guard let self, let stage else { return }
            self.tickScheduled = false
            self.stepOnce(on: stage)
        }
    }

    private func stepOnce(on stage: Stage) {
        let flattened = allBehaviors
        guard !flattened.isEmpty else { return pause() }
        let resting = world.advance(flattened, referenceBounds: referenceBounds)
        elapsedTime += DynamicsWorld.step
        collectionViewLayout?.invalidateLayout()
        for behavior in flattened { behavior.action?() }
        if resting, !tickScheduled {
            pause()
        } else if !tickScheduled {
            scheduleStep(on: stage)
        }
    }

    private func pause() {
        guard isRunning else { return }
        isRunning = false
        delegate?.dynamicAnimatorDidPause(self)
    }

    private static func rotationAbout(_ frame: CGRect, _ t: CGAffineTransform) -> CGAffineTransform {
        let angle = DynamicBody.rotation(of: t)
        return CGAffineTransform(translationX: -frame.midX, y: -frame.midY)
            .concatenating(CGAffineTransform(rotationAngle: CGFloat(angle)))
            .concatenating(CGAffineTransform(translationX: frame.midX, y: frame.midY))
    }
}
