import Flipbook
import Foundation
import Testing

/// Snaps, attachments, pushes, item properties and item-to-item collisions (timing-model.md
/// 11.12), each driven as iOS code drives it.
@Suite("UIKit Dynamics behaviours")
struct DynamicsBehaviorTests {
    /// A plain controller with `count` 100 × 100 boxes in a row at y = 100 and an animator.
    final class Board: UIViewController {
        var boxes: [UIView] = []
        var animator: UIDynamicAnimator!
        let count: Int
        init(count: Int) {
            self.count = count
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            super.viewDidLoad()
            for k in 0..<count {
                let box = UIView(frame: CGRect(x: 50 + CGFloat(k) * 150, y: 50, width: 100, height: 100))
                view.addSubview(box)
                boxes.append(box)
            }
            animator = UIDynamicAnimator(referenceView: view)
        }
    }

    func board(_ count: Int = 1, size: CGSize = CGSize(width: 600, height: 600)) -> (Board, Stage) {
        let board = Board(count: count)
        return (board, Stage.hosting(board, size: size, scale: 1))
    }

    static func angle(of view: UIView) -> CGFloat { atan2(view.transform.b, view.transform.a) }

    @Test("a snap overshoots less as damping rises, settles on its point upright, then pauses")
    func snap() {
        func overshoot(damping: CGFloat) -> (CGFloat, UIView, UIDynamicAnimator) {
            let (b, stage) = board()
            let box = b.boxes[0]
            box.transform = CGAffineTransform(rotationAngle: 0.5)
            let snap = UISnapBehavior(item: box, snapTo: CGPoint(x: 400, y: 100))
            snap.damping = damping
            b.animator.addBehavior(snap)
            var furthest: CGFloat = 0
            for k in 1...180 {
                stage.advance(to: Double(k) / 60)
                furthest = max(furthest, box.center.x - 400)
            }
            return (furthest, box, b.animator)
        }
        let (loose, box, animator) = overshoot(damping: 0.1)
        let (firm, _, _) = overshoot(damping: 0.9)
        #expect(loose > 60 && firm < 5, "overshoot past the point: \(loose) pt at 0.1, \(firm) pt at 0.9")
        #expect(abs(box.center.x - 400) < 0.5 && abs(box.center.y - 100) < 0.5 && abs(Self.angle(of: box)) < 0.01)
        #expect(!animator.isRunning, "settled: paused")
    }

    @Test("a rigid attachment keeps its length: a pendulum under gravity swings through the bottom")
    func pendulum() {
        let (b, stage) = board(size: CGSize(width: 600, height: 800))
        let box = b.boxes[0]
        let anchor = CGPoint(x: 300, y: 100)
        let rod = UIAttachmentBehavior(item: box, attachedToAnchor: anchor)
        #expect(rod.length == 200 && rod.attachedBehaviorType == .anchor)
        b.animator.addBehavior(rod)
        b.animator.addBehavior(UIGravityBehavior(items: [box]))
        var lowest: CGFloat = 0, farthestRight: CGFloat = 0, worstLength: CGFloat = 0
        for k in 1...120 {
            stage.advance(to: Double(k) / 60)
            lowest = max(lowest, box.center.y)
            farthestRight = max(farthestRight, box.center.x)
            worstLength = max(worstLength, abs(hypot(box.center.x - anchor.x, box.center.y - anchor.y) - 200))
        }
        #expect(worstLength < 2, "the rod stretched by \(worstLength) pt")
        #expect(lowest > 295 && farthestRight > 400, "swung down to \(lowest) and across to \(farthestRight)")
    }

    @Test("a spring attachment (1 Hz, damping 0.3) pulls its item back past the anchor's distance")
    func spring() {
        let (b, stage) = board()
        let box = b.boxes[0]
        let spring = UIAttachmentBehavior(item: box, attachedToAnchor: CGPoint(x: 100, y: 100))
        spring.length = 0
        spring.frequency = 1
        spring.damping = 0.3
        spring.anchorPoint = CGPoint(x: 400, y: 100)
        b.animator.addBehavior(spring)
        var furthest: CGFloat = 0, reachedAt = 0.0
        for k in 1...300 {
            stage.advance(to: Double(k) / 60)
            if box.center.x > furthest {
                furthest = box.center.x
                reachedAt = Double(k) / 60
            }
        }
        // An underdamped 1 Hz spring (ζ 0.3) peaks at half its damped period, ~0.52 s, 37 % past.
        #expect(furthest > 480 && furthest < 540, "peak \(furthest)")
        #expect(abs(reachedAt - 0.52) < 0.1, "peak at \(reachedAt) s")
        #expect(abs(box.center.x - 400) < 2, "settled at the anchor: \(box.center.x)")
    }

    @Test("a continuous push accelerates a 100 pt square by 100 pt/s² per unit, a 200 pt one by a quarter")
    func pushScalesWithMass() {
        let (b, stage) = board(2, size: CGSize(width: 2000, height: 600))
        b.boxes[1].bounds.size = CGSize(width: 200, height: 200)
        let push = UIPushBehavior(items: b.boxes, mode: .continuous)
        push.setAngle(0, magnitude: 1)
        b.animator.addBehavior(push)
        let start = b.boxes.map(\.center.x)
        stage.advance(to: 1)
        let moved = zip(b.boxes, start).map { Double($0.center.x - $1) }
        // 60 steps of semi-implicit Euler: a h² n(n+1)/2 = a × 0.508.
        #expect(abs(moved[0] - 100 * 0.5083) < 0.1 && abs(moved[1] - 25 * 0.5083) < 0.1, "\(moved)")
    }

    @Test("an off-centre push turns an item unless its item behaviour forbids rotation")
    func offCentrePush() {
        for allowsRotation in [true, false] {
            let (b, stage) = board()
            let box = b.boxes[0]
            let push = UIPushBehavior(items: [box], mode: .instantaneous)
            push.setAngle(0, magnitude: 2)
            push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: -40), for: box)
            let properties = UIDynamicItemBehavior(items: [box])
            properties.allowsRotation = allowsRotation
            b.animator.addBehavior(push)
            b.animator.addBehavior(properties)
            stage.advance(to: 0.5)
            #expect(box.center.x > 170, "pushed along x: \(box.center.x)")
            if allowsRotation {
                // y points down: a push right, above the centre, turns it clockwise on screen (+).
                #expect(properties.angularVelocity(for: box) > 0.5 && Self.angle(of: box) > 0.5)
            } else {
                #expect(Self.angle(of: box) == 0 && properties.angularVelocity(for: box) == 0)
            }
        }
    }

    @Test("a gesture's velocity handed over with addLinearVelocity fades by resistance")
    func resistance() {
        let (b, stage) = board(2, size: CGSize(width: 2000, height: 600))
        let free = UIDynamicItemBehavior(items: [b.boxes[0]])
        let damped = UIDynamicItemBehavior(items: [b.boxes[1]])
        damped.resistance = 2
        b.animator.addBehavior(free)
        b.animator.addBehavior(damped)
        free.addLinearVelocity(CGPoint(x: 300, y: 0), for: b.boxes[0])
        damped.addLinearVelocity(CGPoint(x: 300, y: 0), for: b.boxes[1])
        #expect(free.linearVelocity(for: b.boxes[0]).x == 300, "the velocity reads back before the first step")
        stage.advance(to: 1)
        #expect(abs(free.linearVelocity(for: b.boxes[0]).x - 300) < 1e-6)
        // Box2D's damping v /= 1 + h c each step: 300 / (1 + 2/60)^60 ≈ 41.
        let v = damped.linearVelocity(for: b.boxes[1]).x
        #expect(abs(v - 300 / pow(1 + 2.0 / 60, 60)) < 0.5, "damped to \(v)")
    }

    @Test("two boxes under gravity stack on the floor; an anchored one holds still")
    func stacking() {
        let (b, stage) = board(2, size: CGSize(width: 600, height: 600))
        let (top, bottom) = (b.boxes[0], b.boxes[1])
        top.center = CGPoint(x: 300, y: 100)
        bottom.center = CGPoint(x: 300, y: 400)
        let collision = UICollisionBehavior(items: [top, bottom])
        collision.translatesReferenceBoundsIntoBoundary = true
        b.animator.addBehavior(collision)
        b.animator.addBehavior(UIGravityBehavior(items: [top, bottom]))
        stage.advance(to: 4)
        #expect(abs(bottom.center.y - 550) < 0.5 && abs(top.center.y - 450) < 1, "stacked: \(top.center.y), \(bottom.center.y)")
        #expect(abs(top.center.x - 300) < 0.5 && abs(Self.angle(of: top)) < 0.01)

        let (c, stage2) = board(2, size: CGSize(width: 600, height: 600))
        c.boxes[0].center = CGPoint(x: 300, y: 100)
        c.boxes[1].center = CGPoint(x: 300, y: 300)
        let anchored = UIDynamicItemBehavior(items: [c.boxes[1]])
        anchored.isAnchored = true
        c.animator.addBehavior(anchored)
        c.animator.addBehavior(UICollisionBehavior(items: c.boxes))
        c.animator.addBehavior(UIGravityBehavior(items: c.boxes))
        stage2.advance(to: 2)
        #expect(c.boxes[1].center == CGPoint(x: 300, y: 300), "anchored items do not move")
        #expect(abs(c.boxes[0].center.y - 200) < 1, "rests on the anchored box: \(c.boxes[0].center.y)")
    }

    @Test("a fast item stops at the floor instead of sinking in; a bouncy stack of five comes to rest stacked")
    func impactsAndStacks() {
        let (b, stage) = board(1, size: CGSize(width: 600, height: 3000))
        let box = b.boxes[0]
        let collision = UICollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        b.animator.addBehavior(collision)
        b.animator.addBehavior(UIGravityBehavior(items: [box]))
        var deepest: CGFloat = 0
        for k in 1...240 {
            stage.advance(to: Double(k) / 60)
            deepest = max(deepest, box.center.y)
        }
        // It lands at about 2300 pt/s, 38 pt a step: the contact is found a step ahead.
        #expect(deepest < 2950.2, "sank to \(deepest - 2950) pt below the floor")

        let (c, stage2) = board(0, size: CGSize(width: 375, height: 667))
        let column = (0..<5).map { k -> UIView in
            let view = UIView(frame: CGRect(x: 150, y: 600 - Double(k) * 16, width: 20, height: 14))
            c.view.addSubview(view)
            return view
        }
        let walls = UICollisionBehavior(items: column)
        walls.translatesReferenceBoundsIntoBoundary = true
        let bouncy = UIDynamicItemBehavior(items: column)
        bouncy.elasticity = 0.3
        bouncy.friction = 0.5
        for behavior in [walls, UIGravityBehavior(items: column), bouncy] as [UIDynamicBehavior] { c.animator.addBehavior(behavior) }
        stage2.advance(to: 5)
        #expect(!c.animator.isRunning, "at rest")
        // Stacked in order, straight, each within a point of its place (no overlap, no gap to see).
        for (k, view) in column.enumerated() {
            #expect(abs(view.center.y - (660 - CGFloat(k) * 14)) < 1 && abs(view.center.x - 160) < 0.5, "box \(k): \(view.center)")
        }
    }

    final class Watcher: UICollisionBehaviorDelegate {
        var events: [String] = []
        func collisionBehavior(
            _ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
            withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint
        ) {
            events.append("began \((identifier as? NSString).map { String($0) } ?? "bounds") at \(Int(p.y.rounded()))")
        }
        func collisionBehavior(
            _ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
            withBoundaryIdentifier identifier: (any NSCopying)?
        ) {
            events.append("ended \((identifier as? NSString).map { String($0) } ?? "bounds")")
        }
    }

    @Test("a named boundary segment stops a box, tells the delegate, and a tilted ledge lets it slide off")
    func namedBoundary() {
        let (b, stage) = board(size: CGSize(width: 600, height: 1000))
        let box = b.boxes[0]
        let collision = UICollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "ledge" as any NSCopying, from: CGPoint(x: 0, y: 300), to: CGPoint(x: 600, y: 360))
        let watcher = Watcher()
        collision.collisionDelegate = watcher
        b.animator.addBehavior(collision)
        b.animator.addBehavior(UIGravityBehavior(items: [box]))
        #expect(collision.boundaryIdentifiers?.count == 1 && collision.boundary(withIdentifier: "ledge" as any NSCopying) != nil)
        stage.advance(to: 1.5)
        #expect(watcher.events.first?.hasPrefix("began ledge") == true, "\(watcher.events)")
        #expect(box.center.y < 360 && box.center.x > 100, "on the ledge, sliding down it: \(box.center)")
        #expect(abs(Self.angle(of: box) - atan2(60, 600)) < 0.02, "lying along the ledge: \(Self.angle(of: box))")
        collision.removeBoundary(withIdentifier: "ledge" as any NSCopying)
        stage.advance(to: 2.5)
        #expect(box.center.y > 500 && watcher.events.last == "ended ledge", "falls once the ledge is gone: \(watcher.events)")
    }

    @Test("ellipse bounds: a ball rests on its lowest point, and a path-bounded triangle on its flat side")
    func collisionShapes() {
        final class Ball: UIView {
            override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
        }
        final class Triangle: UIView {
            override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }
            override var collisionBoundingPath: UIBezierPath {
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 0, y: -50))
                path.addLine(to: CGPoint(x: 50, y: 25))
                path.addLine(to: CGPoint(x: -50, y: 25))
                path.close()
                return path
            }
        }
        let (b, stage) = board(0)
        let ball = Ball(frame: CGRect(x: 50, y: 100, width: 80, height: 80))
        let triangle = Triangle(frame: CGRect(x: 300, y: 100, width: 100, height: 100))
        b.view.addSubview(ball)
        b.view.addSubview(triangle)
        let collision = UICollisionBehavior(items: [ball, triangle])
        collision.translatesReferenceBoundsIntoBoundary = true
        b.animator.addBehavior(collision)
        b.animator.addBehavior(UIGravityBehavior(items: [ball, triangle]))
        stage.advance(to: 3)
        #expect(abs(ball.center.y - 560) < 0.5, "ball: \(ball.center.y)")
        #expect(abs(triangle.center.y - 575) < 0.5 && abs(Self.angle(of: triangle)) < 0.01, "triangle: \(triangle.center.y)")
    }

    @Test("the same scene steps to the same bits twice; an animator nobody keeps does nothing, as on iOS")
    func deterministicAndOwned() {
        func run() -> [CGPoint] {
            let (b, stage) = board(3, size: CGSize(width: 600, height: 600))
            let collision = UICollisionBehavior(items: b.boxes)
            collision.translatesReferenceBoundsIntoBoundary = true
            b.boxes[1].center.y = 20 + 60
            b.animator.addBehavior(collision)
            b.animator.addBehavior(UIGravityBehavior(items: b.boxes))
            let properties = UIDynamicItemBehavior(items: b.boxes)
            properties.elasticity = 0.6
            properties.friction = 0.4
            b.animator.addBehavior(properties)
            properties.addAngularVelocity(3, for: b.boxes[2])
            stage.advance(to: 2)
            return b.boxes.map(\.center)
        }
        #expect(run() == run())

        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let stage = Stage(size: CGSize(width: 300, height: 300), scale: 1)
        stage.rootView.addSubview(view)
        do {
            let animator = UIDynamicAnimator(referenceView: stage.rootView)
            animator.addBehavior(UIGravityBehavior(items: [view]))
        }
        stage.advance(to: 1)
        #expect(view.center == CGPoint(x: 50, y: 50), "the animator went away with its scope")
    }

    @Test("hostile numbers: infinite pushes, NaN velocities and zero-size items leave finite positions")
    func hostile() {
        let (b, stage) = board(2)
        b.boxes[1].bounds.size = .zero
        let push = UIPushBehavior(items: b.boxes, mode: .continuous)
        push.pushDirection = CGVector(dx: CGFloat.infinity, dy: 1)
        let properties = UIDynamicItemBehavior(items: b.boxes)
        properties.density = 0
        properties.resistance = .nan
        let collision = UICollisionBehavior(items: b.boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        for behavior in [push, properties, collision] as [UIDynamicBehavior] { b.animator.addBehavior(behavior) }
        properties.addLinearVelocity(CGPoint(x: CGFloat.nan, y: 0), for: b.boxes[0])
        stage.advance(to: 1)
        for box in b.boxes {
            #expect(box.center.x.isFinite && box.center.y.isFinite && box.transform.a.isFinite, "\(box.center)")
        }
    }

    @Test("hostile geometry: NaN snap points, infinite anchors and lengths, an item at NaN, degenerate paths")
    func hostileGeometry() {
        final class Dot: UIView {
            override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }
            override var collisionBoundingPath: UIBezierPath { UIBezierPath() }
        }
        let (b, stage) = board(3)
        let lost = UIView(frame: .zero)
        lost.center = CGPoint(x: CGFloat.nan, y: 10)
        let dot = Dot(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        b.view.addSubview(lost)
        b.view.addSubview(dot)
        let snap = UISnapBehavior(item: b.boxes[0], snapTo: CGPoint(x: CGFloat.nan, y: 0))
        let rope = UIAttachmentBehavior(item: b.boxes[1], attachedToAnchor: CGPoint(x: CGFloat.infinity, y: 0))
        rope.length = .nan
        rope.frequency = .infinity
        let collision = UICollisionBehavior(items: b.boxes + [lost, dot])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "nowhere" as any NSCopying, from: CGPoint(x: CGFloat.nan, y: 0), to: .zero)
        let field = UIFieldBehavior.springField()
        field.strength = .infinity
        field.addItem(b.boxes[2])
        for behavior in [snap, rope, collision, field, UIGravityBehavior(items: [lost, dot])] as [UIDynamicBehavior] {
            b.animator.addBehavior(behavior)
        }
        stage.advance(to: 1)
        for box in b.boxes { #expect(box.center.x.isFinite && box.center.y.isFinite, "\(box.center)") }
        #expect(dot.center.y > 10, "a degenerate path collides as its bounds: \(dot.center)")
    }

    @Test("an item group falls, turns and lands as one body, its items keeping their places in it")
    func itemGroup() {
        let (b, stage) = board(2, size: CGSize(width: 600, height: 600))
        let (left, right) = (b.boxes[0], b.boxes[1])
        let group = UIDynamicItemGroup(items: [left, right])
        #expect(group.center == CGPoint(x: 175, y: 100) && group.bounds.size == CGSize(width: 250, height: 100))
        let collision = UICollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        let push = UIPushBehavior(items: [group], mode: .instantaneous)
        push.setAngle(0, magnitude: 2)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: -50), for: group)
        for behavior in [collision, UIGravityBehavior(items: [group]), push] as [UIDynamicBehavior] { b.animator.addBehavior(behavior) }
        stage.advance(to: 0.3)
        let gap = hypot(right.center.x - left.center.x, right.center.y - left.center.y)
        #expect(abs(gap - 150) < 0.01, "the items stay 150 pt apart: \(gap)")
        #expect(abs(atan2(left.transform.b, left.transform.a) - atan2(right.transform.b, right.transform.a)) < 1e-9)
        #expect(atan2(left.transform.b, left.transform.a) > 0.05, "the push above the centre turned the group")
        stage.advance(to: 6)
        #expect(!b.animator.isRunning && max(left.frame.maxY, right.frame.maxY) > 590, "landed: \(left.frame), \(right.frame)")
    }

    @Test("items(in:) finds items where the animator moved them; updateItem re-reads one moved by the app")
    func queries() {
        let (b, stage) = board(2)
        let gravity = UIGravityBehavior(items: b.boxes)
        b.animator.addBehavior(gravity)
        stage.advance(to: 0.5)
        let found = b.animator.items(in: CGRect(x: 0, y: 200, width: 600, height: 100))
        #expect(found.count == 2 && found.first === b.boxes[0], "both fell ~127 pt: \(b.boxes.map(\.center))")
        b.boxes[0].center = CGPoint(x: 100, y: 0)
        b.animator.updateItem(usingCurrentState: b.boxes[0])
        stage.advance(to: 0.5 + 1.0 / 60)
        #expect(b.boxes[0].center.y < 20, "continues from where the app put it: \(b.boxes[0].center)")
        b.animator.removeAllBehaviors()
        let y = b.boxes[1].center.y
        stage.advance(to: 1)
        #expect(b.boxes[1].center.y == y && !b.animator.isRunning && b.animator.behaviors.isEmpty)
    }
}
