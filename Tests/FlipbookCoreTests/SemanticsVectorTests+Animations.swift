import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// Records delegate callbacks with the time `CACurrentMediaTime()` gave inside them.
final class RecordingDelegate: CAAnimationDelegate {
    var events: [(time: Double, name: String, finished: Bool?)] = []
    var onStop: ((CAAnimation, Bool) -> Void)?
    func animationDidStart(_ anim: CAAnimation) { events.append((CACurrentMediaTime(), "animationDidStart", nil)) }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append((CACurrentMediaTime(), "animationDidStop", flag))
        onStop?(anim, flag)
    }
}

extension SemanticsVectorTests {
    /// timing-model.md 3.2 — on a real Stage.
    @Test("delegate events (timing-model.md 3.2)")
    func delegateEvents() {
        for v in SemanticsVector.category("delegate_events") {
            let stage = Stage(size: CGSize(width: 10, height: 10))
            let layer = CALayer()
            stage.rootLayer.addSublayer(layer)
            stage.advance(to: 0)
            let delegate = RecordingDelegate()
            let anim = CABasicAnimation(keyPath: "opacity")
            anim.fromValue = 0
            anim.toValue = 1
            anim.delegate = delegate
            if let first = v.input["first"] as? [String: Any] {
                anim.duration = num(first["duration"])!
                var secondBegin = -1.0
                let second = v.input["second"] as! [String: Any]
                var callbackTime = -1.0
                delegate.onStop = { _, _ in
                    callbackTime = CACurrentMediaTime()
                    let next = CABasicAnimation(keyPath: "position.x")
                    next.fromValue = 0
                    next.toValue = 1
                    next.duration = num(second["duration"])!
                    layer.add(next, forKey: "second")
                }
                layer.add(anim, forKey: "first")
                stage.advance(to: 0.5)
                secondBegin = layer.animation(forKey: "second")?.beginTime ?? -1
                expectClose(callbackTime, num(v.expected["CACurrentMediaTimeInCallback"])!, v.tolerance, v.id)
                expectClose(secondBegin, num(v.expected["secondResolvedBeginTime"])!, v.tolerance, v.id)
                expectClose(layer.presentation()!.position.x, num(v.expected["secondFractionAt_0.5"])!, 1e-9, v.id)
                stage.advance(to: 0.625)
                expectClose(layer.presentation()!.position.x, num(v.expected["secondFractionAt_0.625"])!, 1e-9, v.id)
                continue
            }
            anim.beginTime = num(v.input["beginTime"])!
            anim.duration = num(v.input["duration"])!
            if let r = v.input["removedOnCompletion"] as? Bool { anim.isRemovedOnCompletion = r }
            if let f = v.input["fillMode"] as? String { anim.fillMode = CAMediaTimingFillMode(rawValue: f) }
            layer.add(anim, forKey: "a")
            if let replaceAt = num(v.input["sameKeyAnimationAddedAt"]) {
                stage.advance(to: replaceAt)
                let other = CABasicAnimation(keyPath: "opacity")
                layer.add(other, forKey: "a")
                stage.advance(to: replaceAt)
            }
            if v.expected["appliedAtTime_0.59"] != nil {
                stage.advance(to: 0.59)
                #expect(layer.presentation()!.opacity != 1, "\(v.id): applied at 0.59")
            }
            stage.advance(to: 2.0)
            let expected = v.expected["events"] as! [[String: Any]]
            #expect(delegate.events.count == expected.count, "\(v.id): \(delegate.events)")
            for (e, x) in zip(delegate.events, expected) {
                #expect(e.name == x["event"] as! String, "\(v.id)")
                expectClose(e.time, num(x["time"])!, v.tolerance, "\(v.id) \(e.name)")
                if let f = x["finished"] as? Bool { #expect(e.finished == f, "\(v.id) finished") }
            }
            if let removed = (expected.last?["removedFromLayer"] as? Bool), v.expected["appliedAtTime_0.6_afterEvents"] == nil {
                #expect((layer.animation(forKey: "a") == nil) == removed, "\(v.id) removedFromLayer")
            }
            if let frac = num(v.expected["fractionAtTime_2.0"]) {
                expectClose(Double(layer.presentation()!.opacity), frac, 1e-9, "\(v.id) held value")
            }
        }
    }

    /// A layer on a Stage whose model `position.y` (or `opacity`) we animate.
    private func evaluate(_ anim: CAAnimation, keyPath: String, model: Double, underlying: Double? = nil, at t: Double) -> Double {
        let layer = CALayer()
        var state = LayerState()
        let kp = LayerKeyPath(keyPath)!
        state.setValue(.number(model), at: kp)
        layer.modelState = state
        var current = state
        if let u = underlying { current.setValue(.number(u), at: kp) }
        let copy = anim.copy() as! CAAnimation
        copy.resolveDurations(default: 0.25)
        copy.apply(to: &current, model: state, parentTime: t)
        return current.value(at: kp).number!
    }

    /// timing-model.md 4.2, 4.3, 5.1, 11.1
    @Test("basic animations (timing-model.md 4, 5)")
    func basicAnimations() {
        for v in SemanticsVector.category("basic_animation") {
            if let values = v.input["values"] as? [String: Any] {
                let a = CABasicAnimation(keyPath: "position.y")
                a.fromValue = num(values["fromValue"])
                a.toValue = num(values["toValue"])
                a.byValue = num(values["byValue"])
                a.duration = 1
                let f = num(v.input["linearFraction"])!
                let value = evaluate(
                    a, keyPath: "position.y", model: num(v.input["modelValue"])!,
                    underlying: num(v.input["presentationValueBeforeThisAnimation"])!, at: f)
                if v.expected["appliesNoValue"] as? Bool == true {
                    expectClose(value, num(v.input["presentationValueBeforeThisAnimation"])!, 0, v.id)
                } else {
                    expectClose(value, num(v.expected["valueAtFraction0.25"])!, v.tolerance, v.id)
                }
            } else if v.input["keyPath"] as? String == "transform.rotation.z" {
                let a = CABasicAnimation(keyPath: "transform.rotation.z")
                a.toValue = num(v.input["toValue"])
                a.duration = num(v.input["duration"])!
                a.repeatCount = .infinity
                a.isCumulative = true
                let layer = CALayer()
                let copy = a.copy() as! CAAnimation
                var state = layer.modelState
                copy.apply(to: &state, model: layer.modelState, parentTime: num(v.input["parentTime"])!)
                let angle = num(v.expected["rotationRadians"])!
                let expected = CATransform3DMakeRotation(angle, 0, 0, 1)
                expectClose(state.transform.entries.map { Double($0) }, expected.entries.map { Double($0) }, 1e-6, v.id)
            } else if v.input["oldPositionY"] != nil {
                continue  // uikit.additive_ios8: UIViewAnimationTests.additive runs it through UIView.animate (11.1)
            } else if let frac = num(v.input["fraction"]) {
                let a = CABasicAnimation(keyPath: "position.y")
                a.fromValue = num(v.input["fromValue"])
                a.toValue = num(v.input["toValue"])
                a.isAdditive = true
                a.duration = 1
                expectClose(
                    evaluate(a, keyPath: "position.y", model: num(v.input["modelValue"])!, at: frac),
                    num(v.expected["presentationValue"])!, v.tolerance, v.id)
            } else {
                let a = CABasicAnimation(keyPath: "position.y")
                a.fromValue = num(v.input["fromValue"])
                a.toValue = num(v.input["toValue"])
                a.duration = num(v.input["duration"])!
                a.repeatCount = Float(num(v.input["repeatCount"])!)
                a.isCumulative = true
                a.autoreverses = (v.input["autoreverses"] as? Bool) ?? false
                if let f = v.input["fillMode"] as? String { a.fillMode = CAMediaTimingFillMode(rawValue: f) }
                let tp = num(v.input["parentTime"])!
                expectClose(evaluate(a, keyPath: "position.y", model: 0, at: tp), num(v.expected["value"])!, v.tolerance, v.id)
                expectClose(Double(a.timingState(at: tp).cycleIndex), num(v.expected["cycleIndex"])!, 0, "\(v.id) cycle")
            }
        }
    }

    /// timing-model.md 6.2–6.4
    @Test("keyframe values (timing-model.md 6)")
    func keyframes() {
        for v in SemanticsVector.category("keyframe") {
            let raw = v.input["values"] as! [Any]
            let isPoint = raw.first is [Any]
            let a = CAKeyframeAnimation(keyPath: isPoint ? "position" : "position.y")
            a.values = raw.map { item -> Any in
                if let p = nums(item) { return CGPoint(x: p[0], y: p[1]) }
                return num(item)!
            }
            a.duration = 1
            if let kt = nums(v.input["keyTimes"]) { a.keyTimes = kt.map { NSNumber(value: $0) } }
            if let m = v.input["mode"] as? String { a.calculationMode = CAAnimationCalculationMode(rawValue: m) }
            if let t = nums(v.input["tension"]) { a.tensionValues = t.map { NSNumber(value: $0) } }
            if let c = nums(v.input["continuity"]) { a.continuityValues = c.map { NSNumber(value: $0) } }
            if let b = nums(v.input["bias"]) { a.biasValues = b.map { NSNumber(value: $0) } }
            if let tfs = v.input["timingFunctions"] as? [Any] {
                a.timingFunctions = tfs.map { item in
                    if let name = item as? String { return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name)) }
                    let p = nums(item)!
                    return CAMediaTimingFunction(controlPoints: Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                }
            }
            let t = num(v.input["fraction"])!
            let copy = a.copy() as! CAKeyframeAnimation
            if let modelY = num(v.input["modelPositionY"]) {
                copy.isAdditive = v.input["additive"] as? Bool ?? false
                expectClose(
                    evaluate(copy, keyPath: "position.y", model: modelY, at: t), num(v.expected["presentationY"])!, v.tolerance, v.id)
                continue
            }
            let kv = KeyframeValues(values: copy.bridgedValues!, animation: copy)
            let value = kv.value(at: t)
            switch value {
            case .number(let x): expectClose(x, num(v.expected["value"])!, v.tolerance, v.id)
            case .point(let p): expectClose([p.x, p.y], nums(v.expected["value"])!, v.tolerance, v.id)
            default: Issue.record("\(v.id): unexpected \(value)")
            }
            if let seg = num(v.expected["segment"]) {
                expectClose(Double(kv.timeline.locate(t).index), seg, 0, "\(v.id) segment")
            }
        }
    }

    /// timing-model.md 6.5
    @Test("keyframe paths and rotation (timing-model.md 6.5)")
    func keyframePaths() {
        for v in SemanticsVector.category("keyframe_path") {
            let path = CGMutablePath()
            for element in v.input["path"] as! [[Any]] {
                let kind = element[0] as! String
                let pts = element.dropFirst().map { nums($0)! }.map { CGPoint(x: $0[0], y: $0[1]) }
                if path.isEmpty { path.move(to: pts[0]) }
                switch kind {
                case "line": path.addLine(to: pts[1])
                case "quad": path.addQuadCurve(to: pts[2], control: pts[1])
                case "cubic": path.addCurve(to: pts[3], control1: pts[1], control2: pts[2])
                default: Issue.record("\(v.id): unknown element \(kind)")
                }
            }
            let a = CAKeyframeAnimation(keyPath: "position")
            a.path = path
            a.calculationMode = CAAnimationCalculationMode(rawValue: v.input["calculationMode"] as! String)
            let sample = KeyframePath(elements: path.elements, animation: a).sample(at: num(v.input["fraction"])!)!
            expectClose([sample.point.x, sample.point.y], nums(v.expected["position"])!, v.tolerance, v.id)
            if let angle = num(v.expected["rotateAutoAngleRadians"]) {
                expectClose(cos(sample.angle), cos(angle), 1e-6, "\(v.id) angle")
                expectClose(sin(sample.angle), sin(angle), 1e-6, "\(v.id) angle")
            }
        }
    }

    /// timing-model.md 8.1–8.4
    @Test("springs (timing-model.md 8)")
    func springs() {
        for v in SemanticsVector.category("spring") {
            let o = SpringOscillator(
                mass: num(v.input["m"])!, stiffness: num(v.input["k"])!, damping: num(v.input["c"])!,
                initialVelocity: num(v.input["v0"])!, allowsOverdamping: v.input["allowsOverdamping"] as? Bool ?? false)
            expectClose(o.position(at: num(v.input["t"])!), num(v.expected["x"])!, v.tolerance, v.id)
        }
        for v in SemanticsVector.category("spring_settling") {
            let s = CASpringAnimation()
            s.mass = num(v.input["m"])!
            s.stiffness = num(v.input["k"])!
            s.damping = num(v.input["c"])!
            s.initialVelocity = num(v.input["v0"])!
            if let sp = num(v.input["speed"]) { s.speed = Float(sp) }
            if let o = v.input["allowsOverdamping"] as? Bool { s.allowsOverdamping = o }
            let expected = num(v.expected["settlingDuration"])!
            expectClose(s.settlingDuration, expected, max(v.tolerance, expected * 1e-12), v.id)
        }
        for v in SemanticsVector.category("spring_mapping") {
            if let pd = num(v.input["perceptualDuration"]) {
                let s = CASpringAnimation(perceptualDuration: pd, bounce: num(v.input["bounce"])!)
                expectClose(s.mass, num(v.expected["mass"])!, v.tolerance, "\(v.id) mass")
                expectClose(s.stiffness, num(v.expected["stiffness"])!, v.tolerance, "\(v.id) stiffness")
                expectClose(s.damping, num(v.expected["damping"])!, v.tolerance, "\(v.id) damping")
                expectClose(s.duration, num(v.expected["duration(settlingDuration)"])!, v.tolerance, "\(v.id) duration")
                #expect(s.allowsOverdamping)
                expectClose(s.perceptualDuration, pd, 1e-9, "\(v.id) perceptualDuration")
            } else {
                let p = UIKitSpring.parameters(
                    duration: num(v.input["duration"])!, dampingRatio: num(v.input["usingSpringWithDamping"])!,
                    velocity: num(v.input["initialSpringVelocity"])!)
                let tol = max(v.tolerance, 1e-6 * num(v.expected["stiffness"])!)
                expectClose(p.stiffness, num(v.expected["stiffness"])!, tol, "\(v.id) stiffness")
                expectClose(p.damping, num(v.expected["damping"])!, max(v.tolerance, 1e-6 * p.damping), "\(v.id) damping")
                expectClose(
                    p.naturalFrequency, num(v.expected["naturalFrequency"])!, max(v.tolerance, 1e-7 * p.naturalFrequency), "\(v.id) ω0")
                expectClose(p.duration, num(v.expected["caAnimationDuration"])!, v.tolerance, "\(v.id) duration")
            }
        }
    }

    /// timing-model.md 9.1, 9.2, 9.6, 4.1
    @Test("interpolation and transforms (timing-model.md 9)")
    func interpolation() {
        for v in SemanticsVector.category("interpolation") {
            let p = num(v.input["fraction"])!
            if let from = nums(v.input["from_rgba"]), let to = nums(v.input["to_rgba"]) {
                let r = ValueMath.interpolate(
                    .color(RGBA(red: from[0], green: from[1], blue: from[2], alpha: from[3])),
                    .color(RGBA(red: to[0], green: to[1], blue: to[2], alpha: to[3])), p)
                guard case .color(let c) = r else {
                    Issue.record("\(v.id): not a colour")
                    continue
                }
                expectClose([c.red, c.green, c.blue, c.alpha], nums(v.expected["value_rgba"])!, v.tolerance, v.id)
            } else {
                let from = nums(v.input["from"])!, to = nums(v.input["to"])!
                let a: AnimatableValue =
                    from.count == 2
                    ? .point(CGPoint(x: from[0], y: from[1])) : .rect(CGRect(x: from[0], y: from[1], width: from[2], height: from[3]))
                let b: AnimatableValue =
                    to.count == 2 ? .point(CGPoint(x: to[0], y: to[1])) : .rect(CGRect(x: to[0], y: to[1], width: to[2], height: to[3]))
                switch ValueMath.interpolate(a, b, p) {
                case .point(let q): expectClose([q.x, q.y], nums(v.expected["value"])!, v.tolerance, v.id)
                case .rect(let r): expectClose([r.minX, r.minY, r.width, r.height], nums(v.expected["value"])!, v.tolerance, v.id)
                default: Issue.record("\(v.id)")
                }
            }
        }
        for v in SemanticsVector.category("transform_interpolation") {
            let p = num(v.input["fraction"])!
            let m: CATransform3D
            if let kp = v.input["keyPath"] as? String {
                let a = CABasicAnimation(keyPath: kp)
                a.fromValue = num(v.input["fromValue"])
                a.toValue = num(v.input["toValue"])
                a.duration = 1
                var state = LayerState()
                a.apply(to: &state, model: state, parentTime: p)
                m = state.transform
            } else {
                let from = CATransform3D(entries: nums(v.input["from_m11_to_m44"])!.map { CGFloat($0) })
                let to = CATransform3D(entries: nums(v.input["to_m11_to_m44"])!.map { CGFloat($0) })
                m = TransformInterpolation.interpolate(from, to, p)
            }
            expectClose(m.entries.map { Double($0) }, nums(v.expected["m11_to_m44"])!, v.tolerance, v.id)
        }
    }

    /// timing-model.md 6.6
    @Test("arcs as cubic pieces (timing-model.md 6.6)")
    func arcs() {
        for v in SemanticsVector.category("path_geometry") {
            let c = nums(v.input["center"])!
            let path = CGMutablePath()
            path.addArc(
                center: CGPoint(x: c[0], y: c[1]), radius: num(v.input["radius"])!, startAngle: num(v.input["startAngle"])!,
                endAngle: num(v.input["endAngle"])!, clockwise: v.input["cgClockwiseFlag"] as! Bool)
            let expected = (v.expected["segments"] as! [[Any]]).map { $0.flatMap { nums($0)! } }
            let pieces = PathGeometry.segments(of: path.elements)
            #expect(pieces.count == expected.count, "\(v.id): \(pieces.count) pieces")
            for (piece, e) in zip(pieces, expected) {
                guard case .cubic(let a, let c1, let c2, let b) = piece else {
                    Issue.record("\(v.id): not cubic")
                    continue
                }
                expectClose([a.x, a.y, c1.x, c1.y, c2.x, c2.y, b.x, b.y], e, v.tolerance, v.id)
            }
        }
    }

    /// timing-model.md 12.1 — through `convert(_:to:)` and `frame` on real layers.
    @Test("layer geometry (timing-model.md 12.1)")
    func geometry() {
        func rect(_ a: [Double]) -> CGRect { CGRect(x: a[0], y: a[1], width: a[2], height: a[3]) }
        for v in SemanticsVector.category("geometry") {
            let parent = CALayer()
            parent.bounds = rect(nums(v.input["super_bounds"]) ?? [0, 0, 200, 200])
            parent.position = CGPoint(x: 100, y: 100)
            if let st = nums(v.input["sublayerTransform"]) { parent.sublayerTransform = CATransform3D(entries: st.map { CGFloat($0) }) }
            let child = CALayer()
            child.bounds = rect(nums(v.input["bounds"])!)
            if let ap = nums(v.input["anchorPoint"]) { child.anchorPoint = CGPoint(x: ap[0], y: ap[1]) }
            let pos = nums(v.input["position"])!
            child.position = CGPoint(x: pos[0], y: pos[1])
            if let t = nums(v.input["transform"]) { child.transform = CATransform3D(entries: t.map { CGFloat($0) }) }
            if let t = v.input["transform"] as? String {
                switch t {
                case "identity": break
                case "rotateZ(pi/4)": child.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
                default: Issue.record("\(v.id): unhandled transform \(t)")
                }
            }
            parent.addSublayer(child)
            if let p = nums(v.input["p"]) {
                let q = child.convert(CGPoint(x: p[0], y: p[1]), to: parent)
                expectClose([q.x, q.y], nums(v.expected["pointInSuperlayer"])!, v.tolerance, v.id)
            } else {
                let f = child.frame
                expectClose([f.minX, f.minY, f.width, f.height], nums(v.expected["frame"])!, v.tolerance, v.id)
            }
        }
    }
}
