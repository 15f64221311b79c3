import Flipbook
import Foundation
import Testing

/// Field behaviours and regions (timing-model.md 11.12, rule 12), driven as iOS code drives
/// them: items in a field, their density and charge from an item behaviour.
@Suite("UIKit Dynamics fields")
struct DynamicsFieldTests {
    /// `count` 100 × 100 pt boxes centred at `centers` under a fresh animator.
    func scene(_ centers: [CGPoint]) -> (Stage, UIDynamicAnimator, [UIView]) {
        let stage = Stage(size: CGSize(width: 1000, height: 1000), scale: 1)
        let boxes = centers.map { c -> UIView in
            let box = UIView(frame: CGRect(x: c.x - 50, y: c.y - 50, width: 100, height: 100))
            stage.rootView.addSubview(box)
            return box
        }
        return (stage, UIDynamicAnimator(referenceView: stage.rootView), boxes)
    }

    @Test("a spring field: a mass-1 item swings through the centre and back once a second; a heavier one slower")
    func springField() {
        let (stage, animator, boxes) = scene([CGPoint(x: 600, y: 500), CGPoint(x: 500, y: 600)])
        let field = UIFieldBehavior.springField()
        field.position = CGPoint(x: 500, y: 500)
        field.addItem(boxes[0])
        field.addItem(boxes[1])
        let heavy = UIDynamicItemBehavior(items: [boxes[1]])
        heavy.density = 4
        animator.addBehavior(field)
        animator.addBehavior(heavy)
        stage.advance(to: 0.5)
        #expect(abs(boxes[0].center.x - 400) < 4, "half a period: the far side, \(boxes[0].center.x)")
        #expect(abs(boxes[1].center.y - 500) < 4, "a quarter of its 2 s period: at the centre, \(boxes[1].center.y)")
        stage.advance(to: 1)
        #expect(abs(boxes[0].center.x - 600) < 8, "a whole period: back, \(boxes[0].center.x)")
    }

    @Test("radial gravity pulls items in from both sides; a region keeps the field to a circle")
    func radialGravityAndRegion() {
        let (stage, animator, boxes) = scene([CGPoint(x: 300, y: 500), CGPoint(x: 700, y: 500), CGPoint(x: 500, y: 100)])
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 500, y: 500))
        field.region = UIRegion(radius: 300)
        for box in boxes { field.addItem(box) }
        animator.addBehavior(field)
        stage.advance(to: 0.2)
        #expect(boxes[0].center.x > 310 && boxes[1].center.x < 690 && abs(boxes[0].center.x - 300 - (700 - boxes[1].center.x)) < 1e-6)
        #expect(boxes[2].center == CGPoint(x: 500, y: 100), "400 pt away: outside the region")
    }

    @Test("UIRegion's algebra: circles, rectangles, inverse, union, difference, intersection")
    func regions() {
        let ring = UIRegion(radius: 100).difference(from: UIRegion(radius: 50))
        #expect(ring.contains(CGPoint(x: 75, y: 0)) && !ring.contains(CGPoint(x: 10, y: 10)) && !ring.contains(CGPoint(x: 0, y: 120)))
        let cross = UIRegion(size: CGSize(width: 200, height: 20)).union(with: UIRegion(size: CGSize(width: 20, height: 200)))
        #expect(cross.contains(CGPoint(x: 90, y: 5)) && cross.contains(CGPoint(x: 5, y: -90)) && !cross.contains(CGPoint(x: 50, y: 50)))
        #expect(UIRegion.infinite.contains(CGPoint(x: 1e9, y: -1e9)) && !UIRegion.infinite.inverse().contains(.zero))
        #expect(UIRegion(radius: 10).intersection(with: UIRegion(size: CGSize(width: 4, height: 100))).contains(CGPoint(x: 1, y: 9)))
    }

    @Test("an electric field pushes charged items away, leaves uncharged ones; a magnetic one turns moving charges")
    func charges() {
        let (stage, animator, boxes) = scene([CGPoint(x: 600, y: 500), CGPoint(x: 400, y: 500), CGPoint(x: 500, y: 800)])
        let electric = UIFieldBehavior.electricField()
        electric.position = CGPoint(x: 500, y: 500)
        electric.addItem(boxes[0])
        electric.addItem(boxes[1])
        let charged = UIDynamicItemBehavior(items: [boxes[0]])
        charged.charge = 1
        let magnetic = UIFieldBehavior.magneticField()
        magnetic.addItem(boxes[2])
        let moving = UIDynamicItemBehavior(items: [boxes[2]])
        moving.charge = 1
        for behavior in [electric, charged, magnetic, moving] as [UIDynamicBehavior] { animator.addBehavior(behavior) }
        moving.addLinearVelocity(CGPoint(x: 100, y: 0), for: boxes[2])
        stage.advance(to: 0.5)
        #expect(boxes[0].center.x > 600 && boxes[1].center == CGPoint(x: 400, y: 500))
        let v = moving.linearVelocity(for: boxes[2])
        #expect(v.y > 5 && abs(hypot(v.x, v.y) - 100) < 2, "turned, not sped up: \(v)")
    }

    @Test("drag slows, a velocity field sets the speed, a custom field gets the item's mass and offset")
    func dragVelocityCustom() {
        let (stage, animator, boxes) = scene([CGPoint(x: 100, y: 100), CGPoint(x: 100, y: 300), CGPoint(x: 700, y: 500)])
        let drag = UIFieldBehavior.dragField()
        drag.strength = 2
        drag.addItem(boxes[0])
        let properties = UIDynamicItemBehavior(items: [boxes[0]])
        let stream = UIFieldBehavior.velocityField(direction: CGVector(dx: 50, dy: 0))
        stream.addItem(boxes[1])
        var seen: [(CGPoint, CGFloat)] = []
        let custom = UIFieldBehavior.field { _, position, _, mass, _, _ in
            seen.append((position, mass))
            return CGVector(dx: 0, dy: -1)
        }
        custom.position = CGPoint(x: 500, y: 500)
        custom.addItem(boxes[2])
        for behavior in [drag, properties, stream, custom] as [UIDynamicBehavior] { animator.addBehavior(behavior) }
        properties.addLinearVelocity(CGPoint(x: 300, y: 0), for: boxes[0])
        stage.advance(to: 1)
        let v = properties.linearVelocity(for: boxes[0]).x
        #expect(v > 30 && v < 50, "300 pt/s under drag 2 for 1 s: \(v)")
        #expect(abs(boxes[1].center.x - 150) < 1, "50 pt/s for 1 s: \(boxes[1].center.x)")
        #expect(seen.first.map { $0.0 == CGPoint(x: 200, y: 0) && $0.1 == 1 } == true)
        #expect(abs(boxes[2].center.y - (500 - 100 * 0.5083)) < 0.5, "a force of 1 on mass 1: 100 pt/s² up")
    }

    @Test("noise and turbulence fields move items the same way on every run, and stay bounded")
    func noise() {
        func run() -> [CGPoint] {
            let (stage, animator, boxes) = scene([CGPoint(x: 300, y: 300), CGPoint(x: 600, y: 600)])
            let noise = UIFieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
            noise.strength = 0.1
            noise.addItem(boxes[0])
            let turbulence = UIFieldBehavior.turbulenceField(smoothness: 0.2, animationSpeed: 2)
            turbulence.addItem(boxes[1])
            animator.addBehavior(noise)
            animator.addBehavior(turbulence)
            animator.addBehavior(UIDynamicItemBehavior(items: boxes))
            stage.advance(to: 1)
            return boxes.map(\.center)
        }
        let first = run()
        #expect(first == run())
        #expect(first[0] != CGPoint(x: 300, y: 300) && hypot(first[0].x - 300, first[0].y - 300) < 100)
        #expect(first[1] == CGPoint(x: 600, y: 600), "turbulence does nothing to an item at rest")
    }
}
