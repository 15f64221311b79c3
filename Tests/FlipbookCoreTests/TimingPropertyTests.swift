import Foundation
import PropertyBased
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// Timing invariants under random inputs (timing-model.md 1.3, 2.2, 3.1).
@Suite("timing properties")
struct TimingPropertyTests {
    static let fills: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]

    @Test("local time stays within [0, duration] under any mix of speed, offset, repeat and autoreverse (1.3)")
    func localTimeInRange() async {
        let timing = zip(Gen.double(in: -5...5), Gen.double(in: 0.001...4), Gen.double(in: -4...4), Gen.double(in: -20...20))
        let repeats = zip(Gen.double(in: 0...6), Gen.double(in: 0...10), Gen.bool, Gen.int(in: 0...3))
        await propertyCheck(count: 2000, input: timing, repeats, Gen.double(in: -50...50), Gen.bool(0.1)) { t, r, parentTime, forever in
            let p = TimingParameters(
                beginTime: t.0, duration: t.1, speed: t.2, timeOffset: t.3,
                repeatCount: forever ? .infinity : r.0, repeatDuration: r.1,
                autoreverses: r.2, fillMode: Self.fills[r.3])
            let s = p.evaluate(parentTime: parentTime)
            guard s.applied else { return }
            #expect(
                s.localTime >= 0 && s.localTime <= p.duration * (1 + 1e-12), "local \(s.localTime) of \(p.duration): \(p) at \(parentTime)")
            #expect(s.fraction >= 0 && s.fraction <= 1 + 1e-12, "fraction \(s.fraction): \(p) at \(parentTime)")
            #expect(s.localTime.isFinite && s.fraction.isFinite)
        }
    }

    @Test("an eased value is monotone for monotone curves (control points' y in [0, 1]) (2.2)")
    func easedMonotone() async {
        let points = zip(Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...1))
        await propertyCheck(count: 500, input: points, Gen.double(in: 0...1).array(of: 2...20)) { c, xs in
            let f = CAMediaTimingFunction(controlPoints: Float(c.0), Float(c.1), Float(c.2), Float(c.3))
            let ys = xs.sorted().map(f.evaluate)
            for (a, b) in zip(ys, ys.dropFirst()) {
                #expect(b >= a - 1e-7, "not monotone: \(c) at \(xs.sorted()) gives \(ys)")
            }
            #expect(ys.allSatisfy { $0 >= -1e-9 && $0 <= 1 + 1e-9 })
        }
    }

    @Test("a removed animation never affects the presentation (3.1, 3.3)")
    func removedNeverShows() async {
        let anim = zip(Gen.double(in: 0.01...2), Gen.double(in: -2...2), Gen.double(in: 0...3), Gen.bool)
        await propertyCheck(count: 300, input: anim, Gen.double(in: 0...3), Gen.double(in: 0...3), Gen.int(in: 0...3)) {
            a, removeAt, laterBy, fill in
            let stage = Stage(size: CGSize(width: 10, height: 10))
            let layer = CALayer()
            layer.opacity = 0.3
            layer.position = CGPoint(x: 5, y: 5)
            stage.rootLayer.addSublayer(layer)
            stage.advance(to: 0)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = a.0
            move.speed = Float(a.1)
            move.repeatCount = Float(a.2)
            move.autoreverses = a.3
            move.fillMode = Self.fills[fill]
            move.isRemovedOnCompletion = fill == 0
            move.isAdditive = a.3
            layer.add(move, forKey: "move")
            stage.advance(to: removeAt)
            layer.removeAnimation(forKey: "move")
            stage.advance(to: removeAt + laterBy)
            let shown = layer.presentation()!
            #expect(shown.position == CGPoint(x: 5, y: 5), "\(move) removed at \(removeAt): \(shown.position)")
            #expect(shown.opacity == 0.3)
        }
    }
}
