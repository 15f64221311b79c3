import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

@Suite("arcs past a full turn (timing-model.md 6.6)")
struct ArcTurnTests {
    @Test("an end a turn or more past the start keeps every turn, in either direction")
    func sweeps() {
        let pi = CGFloat.pi
        expectClose(Double(PathGeometry.arcSweep(start: 1.5 * pi, end: 5.5 * pi, decreasing: false)), Double(4 * pi), 1e-12, "two laps")
        expectClose(
            Double(PathGeometry.arcSweep(start: 5.5 * pi, end: 1.5 * pi, decreasing: true)), Double(-4 * pi), 1e-12, "two laps back")
        expectClose(Double(PathGeometry.arcSweep(start: 0, end: 3 * pi, decreasing: false)), Double(3 * pi), 1e-12, "one and a half turns")
        // Less than a turn ahead (or behind): the modulo rule, a full turn for a multiple of 2π.
        expectClose(Double(PathGeometry.arcSweep(start: 0, end: 1.5 * pi, decreasing: false)), Double(1.5 * pi), 1e-12, "three quarters")
        expectClose(Double(PathGeometry.arcSweep(start: 0, end: -0.5 * pi, decreasing: false)), Double(1.5 * pi), 1e-12, "behind: mod 2π")
        expectClose(
            Double(PathGeometry.arcSweep(start: 0, end: 4 * pi, decreasing: true)), Double(-2 * pi), 1e-12, "the wrong way: one turn")
        #expect(PathGeometry.arcSweep(start: 0, end: 2 * pi, decreasing: false) == 2 * pi)
    }

    @Test("a two-lap arc is eight quarter pieces ending where it started")
    func pieces() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 4 * .pi, clockwise: false)
        var curves = 0
        path.applyWithBlock { if $0.pointee.type == .addCurveToPoint { curves += 1 } }
        #expect(curves == 8)
        expectClose(Double(path.currentPoint.x), 10, 1e-9, "end x")
        expectClose(Double(path.currentPoint.y), 0, 1e-9, "end y")
    }
}

@Suite("animated values, unwrapped (timing-model.md 4.1)")
struct AnimatedValueTests {
    @Test("transform.rotation.z animated past π reads back unwrapped from its animation")
    func rotationUnwrapped() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 4 * CGFloat.pi
        spin.duration = 1
        layer.add(spin, forKey: "spin")
        stage.advance(to: 0.75)
        expectClose(Double(layer.animatedValue(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0), 3 * .pi, 1e-9, "unwrapped")
        expectClose(Double(layer.animatedValue(forKeyPath: "transform.rotation") as? CGFloat ?? 0), 3 * .pi, 1e-9, "alias")
        // The presentation's decomposed angle wraps into (−π, π].
        let wrapped = Double(layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0)
        #expect(abs(wrapped) <= .pi + 1e-9)
        #expect(layer.animatedValue(forKeyPath: "opacity") == nil, "no animation drives opacity")
        let second = CABasicAnimation(keyPath: "transform.rotation.z")
        second.toValue = 1
        second.duration = 1
        layer.add(second, forKey: "second")
        #expect(layer.animatedValue(forKeyPath: "transform.rotation.z") == nil, "two animations: no single driver")
    }
}
