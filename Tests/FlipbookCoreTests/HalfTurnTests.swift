import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// A transform animated to or from a half-turn about z turns the way iOS turns it, through
/// −π/2 (timing-model.md 9.6, "The half-turn"; reference/devices/SwiftPullToRefresh-demo01.gif).
@Suite("half-turn transforms")
struct HalfTurnTests {
    /// The layer's presented transform half way through a 1 s linear animation from `a` to `b`.
    static func halfway(from a: CATransform3D, to b: CATransform3D, implicit: Bool = false) -> CATransform3D {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let arrow = CALayer()
        arrow.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        arrow.transform = a
        stage.rootLayer.addSublayer(arrow)
        stage.advance(to: 0)
        if implicit {
            stage.schedule(at: 0.1) {
                CATransaction.setAnimationDuration(1)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                arrow.transform = b
            }
            stage.advance(to: 0.6)
        } else {
            let turn = CABasicAnimation(keyPath: "transform")
            turn.fromValue = a
            turn.toValue = b
            turn.duration = 1
            arrow.add(turn, forKey: "turn")
            stage.advance(to: 0.5)
        }
        return arrow.presentation()!.transform
    }

    @Test(
        "identity → half-turn and back pass through −π/2 (the arrow points right half way), explicitly and implicitly",
        arguments: [false, true])
    func throughMinusHalfPi(implicit: Bool) {
        let half = CATransform3DMakeRotation(.pi, 0, 0, 1)
        for m in [
            Self.halfway(from: CATransform3DIdentity, to: half, implicit: implicit),
            Self.halfway(from: half, to: CATransform3DIdentity, implicit: implicit)
        ] {
            // Row vectors: rot(θ) has m12 = sin θ; −π/2 gives m11 = 0, m12 = −1.
            #expect(abs(m.m11) < 1e-9 && abs(m.m12 + 1) < 1e-9 && abs(m.m21 - 1) < 1e-9, "\(m)")
        }
    }

    @Test("other turns are as before: 0 → π/2 passes π/4; a half-turn's angle reads back as π")
    func othersUnchanged() {
        let m = Self.halfway(from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        #expect(abs(m.m12 - sin(Double.pi / 4)) < 1e-9 && abs(m.m11 - cos(Double.pi / 4)) < 1e-9, "\(m)")
        let layer = CALayer()
        layer.transform = CATransform3DMakeRotation(.pi, 0, 0, 1)
        let angle = layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
        #expect(abs(Double(angle) - .pi) < 1e-9, "\(angle)")
    }
}
