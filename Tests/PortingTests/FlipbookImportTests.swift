// This file imports Flipbook alone (and Testing), as a ported iOS view file does.
import Flipbook
import Testing

/// Patterns from NVActivityIndicatorView-style loaders, ported by changing nothing but the
/// test harness around them.
@Suite("import Flipbook")
struct FlipbookImportTests {
    /// The audio equalizer: bars whose `path` is animated additively over a rounded-rect model
    /// path (timing-model.md 4.2: paths do not add; the animated path shows).
    @Test("an additive keyframe animation on path shows the animated path (timing-model.md 4.2)")
    func additivePath() throws {
        let stage = Stage(size: CGSize(width: 40, height: 40))
        let bar = CAShapeLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 10, height: 40)
        bar.path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 40), cornerRadius: 2).cgPath
        stage.rootLayer.addSublayer(bar)
        let heights: [CGFloat] = [40, 10, 30]
        let animation = CAKeyframeAnimation(keyPath: "path")
        animation.isAdditive = true
        animation.values = heights.map { h in
            UIBezierPath(roundedRect: CGRect(x: 0, y: 40 - h, width: 10, height: h), cornerRadius: 2).cgPath
        }
        animation.keyTimes = [0, 0.5, 1]
        animation.duration = 1
        animation.repeatCount = HUGE
        bar.add(animation, forKey: "animation")
        stage.advance(to: 0.25)
        let between = try #require(bar.presentation()?.path)
        #expect(abs(between.boundingBoxOfPath.height - 25) < 1e-6, "half-way from 40 to 10: \(between.boundingBoxOfPath)")
        stage.advance(to: 0.5)
        let shown = try #require(bar.presentation()?.path)
        #expect(abs(shown.boundingBoxOfPath.height - 10) < 1e-6, "the 10 pt bar, not the 40 pt model: \(shown.boundingBoxOfPath)")
    }

    /// The orbit: a dot on a keyframe path around an arc from 1.5π to 5.5π, two laps per
    /// animation (timing-model.md 6.6).
    @Test("an arc past a full turn keeps every turn: a keyframe along it laps twice (timing-model.md 6.6)")
    func arcLaps() throws {
        let center = CGPoint(x: 50, y: 50)
        let path = UIBezierPath(arcCenter: center, radius: 20, startAngle: 1.5 * .pi, endAngle: 5.5 * .pi, clockwise: true)
        var curves = 0
        path.cgPath.applyWithBlock { element in
            if element.pointee.type == .addCurveToPoint { curves += 1 }
        }
        #expect(curves == 8, "two laps of four quarter pieces, got \(curves)")
        let stage = Stage(size: CGSize(width: 100, height: 100))
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        stage.rootLayer.addSublayer(dot)
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = path.cgPath
        orbit.calculationMode = .paced
        orbit.duration = 3.8
        orbit.repeatCount = HUGE
        dot.add(orbit, forKey: "orbit")
        // Paced: a quarter of the path per 0.95 s, i.e. half a lap: from the top to the bottom.
        stage.advance(to: 0.95)
        let p = try #require(dot.presentation()?.position)
        #expect(abs(p.x - 50) < 0.1 && abs(p.y - 70) < 0.1, "half a lap after 0.95 s: \(p)")
        stage.advance(to: 1.9)
        let q = try #require(dot.presentation()?.position)
        #expect(abs(q.x - 50) < 0.1 && abs(q.y - 30) < 0.1, "a whole lap after 1.9 s: \(q)")
    }

    @Test("NSCoder's geometry strings round-trip in UIKit's formats")
    func coderStrings() {
        #expect(NSCoder.string(for: CGPoint(x: 1.5, y: -2)) == "{1.5, -2}")
        #expect(NSCoder.string(for: CGSize(width: 10, height: 0.25)) == "{10, 0.25}")
        // 17 significant digits, as UIKit writes doubles: 0.1 reads back exactly.
        #expect(NSCoder.string(for: CGPoint(x: 0.1, y: 0)) == "{0.10000000000000001, 0}")
        #expect(NSCoder.cgPoint(for: NSCoder.string(for: CGPoint(x: 0.1, y: 1.0 / 3))) == CGPoint(x: 0.1, y: 1.0 / 3))
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
        #expect(NSCoder.string(for: CGAffineTransform(scaleX: 2, y: 3)) == "[2, 0, 0, 3, 0, 0]")
        #expect(NSCoder.string(for: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == "{1, 2, 3, 4}")
        #expect(NSCoder.cgPoint(for: "{1.5, -2}") == CGPoint(x: 1.5, y: -2))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgSize(for: "{3e2, 4}") == CGSize(width: 300, height: 4))
        #expect(NSCoder.cgAffineTransform(for: "[2, 0, 0, 3, 5, 6]") == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 6))
        #expect(NSCoder.uiEdgeInsets(for: "{1, 2, 3, 4}") == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(NSCoder.cgVector(for: "{1, 2}") == CGVector(dx: 1, dy: 2))
        #expect(NSCoder.uiOffset(for: "{1, 2}") == UIOffset(horizontal: 1, vertical: 2))
        // Malformed strings give zeros, as UIKit does.
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.cgRect(for: "{{1, 2}") == CGRect(x: 1, y: 2, width: 0, height: 0))
    }
}
