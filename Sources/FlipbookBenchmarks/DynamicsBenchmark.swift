import Flipbook
import Foundation

/// UIKit Dynamics: `count` 20 × 14 pt boxes dropped into a 375 × 667 pt screen under gravity and
/// collision (elasticity 0.3, friction 0.5), for up to 20 s: the cost of a 60 Hz step while the
/// pile moves (a step must stay well under a frame's 16.7 ms), and when it came to rest.
func dynamicsBenchmark(count: Int) {
    let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
    var boxes: [UIView] = []
    for i in 0..<count {
        let box = UIView(frame: CGRect(x: 10 + Double(i % 12) * 30, y: 10 + Double(i / 12) * 30, width: 20, height: 14))
        box.transform = CGAffineTransform(rotationAngle: CGFloat(i % 7) * 0.2)
        stage.rootView.addSubview(box)
        boxes.append(box)
    }
    let animator = UIDynamicAnimator(referenceView: stage.rootView)
    let collision = UICollisionBehavior(items: boxes)
    collision.translatesReferenceBoundsIntoBoundary = true
    let properties = UIDynamicItemBehavior(items: boxes)
    properties.elasticity = 0.3
    properties.friction = 0.5
    for behavior in [collision, UIGravityBehavior(items: boxes), properties] as [UIDynamicBehavior] {
        animator.addBehavior(behavior)
    }
    var perStep: [Double] = []
    var restedAt: Double?
    for k in 1...1200 where restedAt == nil {
        perStep.append(seconds { stage.advance(to: Double(k) / 60) })
        if !animator.isRunning { restedAt = Double(k) / 60 }
    }
    print(
        String(
            format: "dynamics: %4d boxes falling into a screen: %.3f ms a step (median), %.3f ms at worst; at rest %@",
            count, median(perStep) * 1000, (perStep.max() ?? 0) * 1000, restedAt.map { String(format: "after %.2f s", $0) } ?? "not in 20 s"
        )
    )
}
