import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

@Suite("key paths and values (timing-model.md 4.1, 9)")
struct KeyPathTests {
    @Test(
        "struct sub-paths write one field (4.1)",
        arguments: [
            ("position.x", 30.0), ("position.y", 40.0), ("bounds.size.width", 50.0), ("bounds.origin.y", 5.0),
            ("anchorPoint.x", 0.0), ("shadowOffset.height", 7.0)
        ])
    func subPaths(_ path: String, _ value: Double) {
        let (stage, layer) = stageWithLayer {
            $0.position = CGPoint(x: 1, y: 2)
            $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        }
        let a = CABasicAnimation(keyPath: path)
        a.fromValue = value
        a.toValue = value
        a.duration = 1
        layer.add(a, forKey: "a")
        stage.advance(to: 0.5)
        #expect((layer.presentation()!.value(forKeyPath: path) as? CGFloat).map { Double($0) } == value)
        // The other fields keep the model values.
        if path.hasPrefix("position") {
            let p = layer.presentation()!.position
            #expect(path == "position.x" ? p.y == 2 : p.x == 1)
        }
    }

    @Test("transform.scale and rotation sub-paths compose with the model transform (4.1)")
    func transformSubPaths() {
        let (stage, layer) = stageWithLayer { $0.transform = CATransform3DMakeTranslation(10, 0, 0) }
        let s = CABasicAnimation(keyPath: "transform.scale")
        s.fromValue = 2
        s.toValue = 2
        s.duration = 1
        layer.add(s, forKey: "s")
        let r = CABasicAnimation(keyPath: "transform.rotation.z")
        r.fromValue = 0
        r.toValue = Double.pi
        r.duration = 1
        layer.add(r, forKey: "r")
        stage.advance(to: 0.5)
        let t = layer.presentation()!.transform
        // scale 2, rotation 90°, translation kept
        #expect(abs(t.m11) < 1e-9 && abs(t.m12 - 2) < 1e-9 && abs(t.m21 + 2) < 1e-9)
        #expect(abs(t.m41 - 10) < 1e-9)
        #expect(abs((layer.presentation()!.value(forKeyPath: "transform.rotation.z") as! CGFloat) - .pi / 2) < 1e-9)
    }

    @Test("transform.translation.x and valueFunction (4.1, 4.4)")
    func translationAndValueFunction() {
        let (stage, layer) = stageWithLayer()
        let t = CABasicAnimation(keyPath: "transform.translation.x")
        t.fromValue = 0
        t.toValue = 100
        t.duration = 1
        layer.add(t, forKey: "t")
        stage.advance(to: 0.25)
        #expect(abs(layer.presentation()!.transform.m41 - 25) < 1e-9)
        layer.removeAllAnimations()
        let v = CABasicAnimation(keyPath: "transform")
        v.valueFunction = CAValueFunction(name: .rotateZ)
        v.fromValue = 0
        v.toValue = 3 * Double.pi
        v.duration = 1
        layer.add(v, forKey: "v")
        stage.advance(to: 0.25 + 1.0 / 3.0)
        let m = layer.presentation()!.transform
        #expect(abs(m.m11 + 1) < 1e-9)  // exactly π at one third
    }

    @Test("Swift numbers, NSNumber, NSValue and CGColor all bridge (task: values are Any?)")
    func bridging() {
        #expect(AnimatableValue(bridging: 3) == .number(3))
        #expect(AnimatableValue(bridging: Float(1.5)) == .number(1.5))
        #expect(AnimatableValue(bridging: CGFloat(2)) == .number(2))
        #expect(AnimatableValue(bridging: NSNumber(value: 0.25)) == .number(0.25))
        #expect(AnimatableValue(bridging: NSValue(cgPoint: CGPoint(x: 1, y: 2))) == .point(CGPoint(x: 1, y: 2)))
        #expect(
            AnimatableValue(bridging: NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)))
                == .rect(CGRect(x: 1, y: 2, width: 3, height: 4)))
        let t = CATransform3DMakeScale(1.5, 1.5, 0)
        #expect(AnimatableValue(bridging: NSValue(caTransform3D: t)) == .transform(t))
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        #expect(AnimatableValue(bridging: UIColor.red.cgColor) == .color(RGBA(red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(AnimatableValue(bridging: [1, 2.5]) == .array([.number(1), .number(2.5)]))
        #expect(AnimatableValue(bridging: nil) == AnimatableValue.none)
        #expect(AnimatableValue(bridging: Date()) == nil)
    }

    /// Common types are matched by exact type before the general casts (AnimatableValue.swift,
    /// `commonValue`); each must bridge as the general casts did, and near misses (a subclass,
    /// an Optional inside Any, an NSNumber holding a Bool) must still reach them.
    @Test("common types bridge to what the general casts give; subclasses, boxed optionals and NSNumber still do")
    func bridgingCommonTypes() {
        let t = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        let image = LayerImage(width: 1, height: 1, rgba: [255, 0, 0, 255])
        let cases: [(Any?, AnimatableValue?)] = [
            (AnimatableValue.number(4), .number(4)), (2.5, .number(2.5)), (CGFloat(1.25), .number(1.25)), (7, .number(7)),
            (Float(0.5), .number(0.5)), (true, .bool(true)), (CGPoint(x: 1, y: 2), .point(CGPoint(x: 1, y: 2))),
            (CGSize(width: 3, height: 4), .size(CGSize(width: 3, height: 4))),
            (CGRect(x: 1, y: 2, width: 3, height: 4), .rect(CGRect(x: 1, y: 2, width: 3, height: 4))), (t, .transform(t)),
            ("fade", .string("fade")), (UIColor.blue.cgColor, .color(RGBA(red: 0, green: 0, blue: 1, alpha: 1))),
            (UIColor.blue, .color(RGBA(red: 0, green: 0, blue: 1, alpha: 1))), (path, .path(path.elements)),
            (UIBezierPath(cgPath: path), .path(path.elements)), (image, .image(image)),
            (Optional(2.5) as Any, .number(2.5)), (NSNumber(value: true), .number(1)), (Int32(3), .number(3)),
            (CGAffineTransform(scaleX: 2, y: 2), .transform(CATransform3DMakeScale(2, 2, 1))),
            ([CGFloat(1), CGFloat(2)], .array([.number(1), .number(2)])), (Date(), nil)
        ]
        for (value, expected) in cases {
            #expect(AnimatableValue(bridging: value) == expected, "\(String(describing: value))")
        }
    }

    @Test("seed 000's singular scale transform still pulses smoothly (9.6)")
    func singularTransform() {
        let (stage, layer) = stageWithLayer()
        let k = CAKeyframeAnimation(keyPath: "transform")
        k.values = [
            NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 0)), NSValue(caTransform3D: CATransform3DMakeScale(1.5, 1.5, 0)),
            NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 0))
        ]
        k.keyTimes = [0, 0.5, 1]
        k.duration = 0.35
        layer.add(k, forKey: "k")
        stage.advance(to: 0.35 / 4)
        #expect(abs(layer.presentation()!.transform.m11 - 1.25) < 1e-9)
    }

    @Test("a colour animation interpolates sRGB components unpremultiplied (9.2)")
    func colours() {
        let (stage, layer) = stageWithLayer()
        let a = CABasicAnimation(keyPath: "backgroundColor")
        a.fromValue = UIColor.clear.cgColor
        a.toValue = UIColor.white.cgColor
        a.duration = 1
        layer.add(a, forKey: "c")
        stage.advance(to: 0.5)
        #expect(layer.presentation()!.backgroundColor == CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
    }

    @Test("paths morph point by point when their structure matches (9.4)")
    func pathMorph() {
        let shape = CAShapeLayer()
        let stage = Stage(size: CGSize(width: 10, height: 10))
        stage.rootLayer.addSublayer(shape)
        let p1 = CGMutablePath()
        p1.move(to: .zero)
        p1.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 0))
        let p2 = CGMutablePath()
        p2.move(to: .zero)
        p2.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
        let k = CAKeyframeAnimation(keyPath: "path")
        k.values = [p1, p2]
        k.duration = 1
        shape.add(k, forKey: "p")
        stage.advance(to: 0.5)
        let els = shape.presentation()!.path!.elements
        #expect(els[1] == .quadCurveTo(control: CGPoint(x: 50, y: 40), to: CGPoint(x: 100, y: 0)))
    }

    @Test("a line and a curve at the same place morph as cubics; paths of other shapes switch half-way (9.4)")
    func pathMorphAcrossKinds() {
        let shape = CAShapeLayer()
        let stage = Stage(size: CGSize(width: 10, height: 10))
        stage.rootLayer.addSublayer(shape)
        func morph(_ from: CGPath, _ to: CGPath) -> [PathElement] {
            let k = CAKeyframeAnimation(keyPath: "path")
            k.values = [from, to]
            k.duration = 1
            k.beginTime = stage.currentTime
            shape.add(k, forKey: "p")
            stage.advance(to: stage.currentTime + 0.5)
            return shape.presentation()!.path!.elements
        }
        // A line (as lottie-ios writes a vertex without tangents) and a curve bulging down.
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 90, y: 0))
        let curve = CGMutablePath()
        curve.move(to: .zero)
        curve.addCurve(to: CGPoint(x: 90, y: 0), control1: CGPoint(x: 0, y: 60), control2: CGPoint(x: 90, y: 60))
        #expect(
            morph(line, curve)[1]
                == .curveTo(control1: CGPoint(x: 0, y: 30), control2: CGPoint(x: 90, y: 30), to: CGPoint(x: 90, y: 0)))
        // A quadratic curve is its exact cubic: (0,0)…(45,90)…(90,0) has controls (30,60) and (60,60).
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 90, y: 0), control: CGPoint(x: 45, y: 90))
        let flat = CGMutablePath()
        flat.move(to: .zero)
        flat.addCurve(to: CGPoint(x: 90, y: 0), control1: .zero, control2: CGPoint(x: 90, y: 0))
        #expect(
            morph(quad, flat)[1]
                == .curveTo(control1: CGPoint(x: 15, y: 30), control2: CGPoint(x: 75, y: 30), to: CGPoint(x: 90, y: 0)))
        // Two lines against one: no element-by-element match, so the second shows from half-way.
        let bent = CGMutablePath()
        bent.move(to: .zero)
        bent.addLine(to: CGPoint(x: 45, y: 40))
        bent.addLine(to: CGPoint(x: 90, y: 0))
        #expect(morph(line, bent).count == 3)
    }
}

@Suite("bad input through the Swift API never traps (docs/limits.md)")
struct BadInputTests {
    @Test("a value of the wrong type for the key path has no effect")
    func wrongType() {
        let (stage, layer) = stageWithLayer { $0.opacity = 0.7 }
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = CGPoint(x: 1, y: 1)
        a.toValue = "nonsense"
        a.duration = 1
        layer.add(a, forKey: "a")
        let b = CABasicAnimation(keyPath: "position")
        b.toValue = Date()
        b.duration = 1
        layer.add(b, forKey: "b")
        stage.advance(to: 0.5)
        #expect(abs(layer.presentation()!.opacity - 0.7) < 1e-6)
        #expect(layer.presentation()!.position == layer.position)
    }

    @Test("unknown key paths are ignored: nothing in the presentation changes")
    func unknownKeyPath() {
        let (stage, layer) = stageWithLayer()
        layer.position = CGPoint(x: 3, y: 4)
        stage.advance(to: 1)  // past the implicit move
        let before = layer.presentationState(at: 1)
        for path in ["wobble.x", "position.w", "transform.rotation.q", "", "opacity.x"] {
            let a = CABasicAnimation(keyPath: path)
            a.fromValue = 0
            a.toValue = 100
            a.duration = 1
            layer.add(a, forKey: path)
        }
        stage.advance(to: 1.5)
        #expect(layer.presentationState(at: 1.5) == before)
        #expect(before.position == CGPoint(x: 3, y: 4))
        #expect(layer.animationKeys()?.count == 5, "kept, as Core Animation keeps them, but without effect")
    }

    @Test("keyTimes that do not match values are used as given (6.2)")
    func keyTimesMismatch() {
        let (stage, layer) = stageWithLayer()
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = [0, 10, 20]
        k.keyTimes = [0, 1]
        k.duration = 1
        layer.add(k, forKey: "k")
        stage.advance(to: 0.5)
        #expect(layer.presentation()!.position.x == 5)
        let k2 = CAKeyframeAnimation(keyPath: "position.x")
        k2.values = [0, 10]
        k2.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        k2.duration = 1
        layer.add(k2, forKey: "k")
        stage.advance(to: 0.9)
        #expect(layer.presentation()!.position.x == 10)
        let k3 = CAKeyframeAnimation(keyPath: "position.x")
        k3.values = []
        layer.add(k3, forKey: "k")
        stage.advance(to: 1)
        #expect(layer.presentation()!.position.x == 0)
    }

    @Test("NaN and negative durations become the default duration; NaN timing is ignored")
    func nanTiming() {
        let (stage, layer) = stageWithLayer()
        let a = fade()
        a.duration = .nan
        layer.add(a, forKey: "a")
        #expect(layer.animation(forKey: "a")?.duration == 0.25)
        let b = fade()
        b.duration = -3
        layer.add(b, forKey: "b")
        #expect(layer.animation(forKey: "b")?.duration == 0.25)
        let c = fade()
        c.speed = .nan
        layer.add(c, forKey: "c")
        let d = fade()
        d.beginTime = .infinity
        layer.add(d, forKey: "d")
        let e = fade()
        e.repeatCount = -1
        layer.add(e, forKey: "e")
        #expect(layer.animationKeys() == ["a", "b"])
        stage.advance(to: 2)
        #expect(layer.presentation()!.opacity == 1)
    }

    @Test(
        "NaN input (engine-notes.md, bad input): a NaN curve is linear, a NaN keyframe value stays NaN while it plays, springs get their defaults, an overflowing cumulative transform is not finite"
    )
    func nanValues() {
        let (stage, layer) = stageWithLayer()
        layer.position = CGPoint(x: CGFloat.nan, y: 0)
        // Non-finite control points become 0: the curve through (0,0),(0,0),(0,0),(1,1) is y = x.
        let curve = CAMediaTimingFunction(controlPoints: .nan, .nan, .nan, .nan)
        for x in [0.1, 0.3, 0.75] { #expect(abs(curve.evaluate(x) - x) < 1e-9, "x = \(x)") }
        let k = CAKeyframeAnimation(keyPath: "position.y")
        k.values = [0, Double.nan, 1]
        k.timingFunctions = [curve, curve]
        k.duration = 1
        layer.add(k, forKey: "k")
        let s = CASpringAnimation(keyPath: "opacity")
        s.mass = -1
        s.stiffness = 0
        s.damping = -5
        s.fromValue = 0
        s.toValue = 1
        s.duration = 2
        layer.add(s, forKey: "s")
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10)
        stage.advance(to: 0.3)
        // Both segments touch the NaN value: the presentation carries it (the renderer skips the layer).
        #expect(layer.presentation()!.position.y.isNaN)
        #expect(layer.presentation()!.position.x.isNaN)
        stage.advance(to: 0.75)
        #expect(layer.presentation()!.position.y.isNaN)
        // The spring is the default one (mass 1, stiffness 100, damping 10): ζ = 0.5, ω0 = 10,
        // so at 0.75 s the value is 1 − e^(−ζω0 t)(cos ωd t + ζω0/ωd sin ωd t), ωd = ω0 √(1 − ζ²).
        let zeta = 0.5, w0 = 10.0, wd = w0 * (1 - zeta * zeta).squareRoot(), t = 0.75
        let springValue = 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
        #expect(abs(Double(layer.presentation()!.opacity) - springValue) < 1e-4, "\(layer.presentation()!.opacity) vs \(springValue)")
        stage.advance(to: 1.2)
        #expect(layer.presentation()!.position.y == 0, "removed on completion: the model value")
        let r = CABasicAnimation(keyPath: "transform")
        r.toValue = CATransform3DMakeScale(1e308, 1e308, 1e308)
        r.isCumulative = true
        r.repeatCount = 1e30
        r.duration = 0.001
        layer.add(r, forKey: "r")
        stage.advance(to: 5)
        #expect(!layer.presentation()!.transform.m11.isFinite)
    }
}
