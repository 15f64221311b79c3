import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// A stage with one committed stand-alone layer.
func stageWithLayer(_ configure: (CALayer) -> Void = { _ in }) -> (Stage, CALayer) {
    let stage = Stage(size: CGSize(width: 100, height: 100))
    let layer = CALayer()
    layer.name = "layer"
    configure(layer)
    stage.rootLayer.addSublayer(layer)
    stage.advance(to: 0)
    return (stage, layer)
}

func fade(_ d: Double = 1) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = d
    return a
}

@Suite("animation lifecycle (timing-model.md 3)")
struct LifecycleTests {
    @Test("add copies the animation; later changes have no effect (3.1)")
    func addCopies() {
        let (stage, layer) = stageWithLayer()
        let a = fade()
        layer.add(a, forKey: "f")
        a.duration = 100
        a.toValue = 0
        stage.advance(to: 0.5)
        #expect(layer.animation(forKey: "f")?.duration == 1)
        #expect(abs(layer.presentation()!.opacity - 0.5) < 1e-6)
        #expect(layer.animation(forKey: "f") !== a)
    }

    /// iOS code that subclasses an animation copies its own state in copy(with:); add and
    /// groups copy through it (CALayer.attach calls copy(with:) itself).
    @Test("add and groups copy through a subclass's copy(with:) (3.1)")
    func addCopiesThroughOverride() {
        final class TaggedFade: CABasicAnimation {
            var tag = 0
            override func copy(with zone: NSZone? = nil) -> Any {
                let copy = super.copy(with: zone) as! TaggedFade
                copy.tag = tag + 1000
                return copy
            }
        }
        let (_, layer) = stageWithLayer()
        let a = TaggedFade(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 1
        a.tag = 7
        layer.add(a, forKey: "f")
        #expect((layer.animation(forKey: "f") as? TaggedFade)?.tag == 1007)
        let group = CAAnimationGroup()
        group.animations = [a]
        group.duration = 1
        layer.add(group, forKey: "g")
        let member = (layer.animation(forKey: "g") as? CAAnimationGroup)?.animations?.first as? TaggedFade
        #expect(member?.tag == 1007, "tag \(String(describing: member?.tag))")
    }

    @Test("a zero duration becomes the transaction's duration (3.1, 1.2)")
    func defaultDuration() {
        let (stage, layer) = stageWithLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        layer.add(a, forKey: "f")
        #expect(layer.animation(forKey: "f")?.duration == 0.25)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.add(a, forKey: "g")
        CATransaction.commit()
        #expect(layer.animation(forKey: "g")?.duration == 2)
        _ = stage
    }

    @Test("the same key replaces: the old one stops with finished=false and the new goes last (3.1)")
    func replacement() {
        let (stage, layer) = stageWithLayer()
        let d = RecordingDelegate()
        let a = fade()
        a.delegate = d
        layer.add(a, forKey: "x")
        layer.add(fade(), forKey: "y")
        stage.advance(to: 0.3)
        layer.add(fade(), forKey: "x")
        #expect(layer.animationKeys() == ["y", "x"])
        stage.advance(to: 0.4)
        #expect(d.events.map(\.name) == ["animationDidStart", "animationDidStop"])
        #expect(d.events.last?.finished == false)
        #expect(abs(d.events.last!.time - 0.3) < 1e-12)
    }

    @Test("removeAnimation and removeAllAnimations stop with finished=false (3.1)")
    func removal() {
        let (stage, layer) = stageWithLayer()
        let d1 = RecordingDelegate(), d2 = RecordingDelegate()
        let a = fade()
        a.delegate = d1
        let b = fade()
        b.delegate = d2
        layer.add(a, forKey: "a")
        layer.add(b, forKey: "b")
        stage.advance(to: 0.2)
        layer.removeAnimation(forKey: "a")
        #expect(layer.animationKeys() == ["b"])
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil)
        stage.advance(to: 0.3)
        #expect(d1.events.last?.finished == false && d2.events.last?.finished == false)
        #expect(layer.presentation()!.opacity == 1)
    }

    @Test("inside animationDidStop the finished animation is already detached (3.2)")
    func detachedBeforeCallback() {
        let (stage, layer) = stageWithLayer()
        let d = RecordingDelegate()
        var attachedInCallback: Bool?
        d.onStop = { _, _ in attachedInCallback = layer.animation(forKey: "f") != nil }
        let a = fade(0.5)
        a.delegate = d
        layer.add(a, forKey: "f")
        stage.advance(to: 1)
        #expect(attachedInCallback == false)
    }

    @Test("every animation reports its stop exactly once, even when re-added under its key (3.2)")
    func stopOnce() {
        let (stage, layer) = stageWithLayer()
        let d = RecordingDelegate()
        var count = 0
        d.onStop = { _, _ in
            count += 1
            if count < 3 {
                let n = fade(0.5)
                n.delegate = d
                layer.add(n, forKey: "f")
            }
        }
        let a = fade(0.5)
        a.delegate = d
        layer.add(a, forKey: "f")
        stage.advance(to: 5)
        #expect(d.events.filter { $0.name == "animationDidStop" }.map(\.time) == [0.5, 1.0, 1.5])
        #expect(d.events.allSatisfy { $0.finished != false })
    }

    @Test("a kept animation replaced after its stop is removed silently (3.2)")
    func keptThenReplaced() {
        let (stage, layer) = stageWithLayer()
        let d = RecordingDelegate()
        let a = fade(0.5)
        a.delegate = d
        a.isRemovedOnCompletion = false
        a.fillMode = .forwards
        layer.add(a, forKey: "f")
        stage.advance(to: 1)
        #expect(layer.animation(forKey: "f") != nil)
        #expect(layer.presentation()!.opacity == 1)
        layer.add(fade(), forKey: "f")
        stage.advance(to: 1.1)
        #expect(d.events.filter { $0.name == "animationDidStop" }.count == 1)
    }

    @Test("presentation is nil before the first commit; the model never changes (3.3)")
    func presentationAndModel() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        let layer = CALayer()
        #expect(layer.presentation() == nil)
        stage.rootLayer.addSublayer(layer)
        layer.add(fade(), forKey: "f")
        stage.advance(to: 0.25)
        let p = layer.presentation()!
        #expect(abs(p.opacity - 0.25) < 1e-6)
        #expect(layer.opacity == 1)
        #expect(p.model() === layer)
        #expect(layer.model() === layer)
    }

    @Test("animations apply in order: a later whole-value animation wins over a sub-path (3.3)")
    func evaluationOrder() {
        let (stage, layer) = stageWithLayer { $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        let w = CABasicAnimation(keyPath: "bounds.size.width")
        w.fromValue = 100
        w.toValue = 100
        w.duration = 1
        let b = CABasicAnimation(keyPath: "bounds")
        b.fromValue = CGRect(x: 0, y: 0, width: 50, height: 50)
        b.toValue = CGRect(x: 0, y: 0, width: 50, height: 50)
        b.duration = 1
        layer.add(w, forKey: "w")
        layer.add(b, forKey: "b")
        stage.advance(to: 0.5)
        #expect(layer.presentation()!.bounds.width == 50)
        layer.removeAllAnimations()
        layer.add(b, forKey: "b")
        layer.add(w, forKey: "w")
        stage.advance(to: 0.6)
        #expect(layer.presentation()!.bounds.width == 100)
        #expect(layer.presentation()!.bounds.height == 50)
    }

    @Test("setValue(forKey:) on animations stores arbitrary values that the copy keeps (seed 000)")
    func userValues() {
        let (stage, layer) = stageWithLayer()
        let d = RecordingDelegate()
        var tag: String?
        d.onStop = { anim, _ in tag = anim.value(forKey: "AnimationLayer") as? String }
        let a = fade(0.1)
        a.setValue("bottom", forKey: "AnimationLayer")
        a.delegate = d
        layer.add(a, forKey: nil)
        stage.advance(to: 1)
        #expect(tag == "bottom")
    }

    @Test("the delegate is retained by the animation (3.2)")
    func delegateRetained() {
        let (stage, layer) = stageWithLayer()
        var stopped = false
        do {
            let d = RecordingDelegate()
            d.onStop = { _, _ in stopped = true }
            let a = fade(0.1)
            a.delegate = d
            layer.add(a, forKey: "f")
        }
        stage.advance(to: 1)
        #expect(stopped)
    }

    @Test("beginTime in the future with backwards fill shows the from value (1.5)")
    func backwardsFill() {
        let (stage, layer) = stageWithLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 40
        a.toValue = 80
        a.duration = 1
        a.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
        a.fillMode = .backwards
        layer.add(a, forKey: "x")
        stage.advance(to: 0.5)
        #expect(layer.presentation()!.position.x == 40)
        stage.advance(to: 1.5)
        #expect(layer.presentation()!.position.x == 60)
    }
}

@Suite("runaway chains never hang the Stage (timing-model.md 1.1)")
struct RunawayTests {
    @Test("a delegate that re-adds a near-zero animation forever is cut off per advance")
    func runaway() {
        let (stage, layer) = stageWithLayer()
        stage.maximumEventsPerAdvance = 2_000
        let d = RecordingDelegate()
        d.onStop = { _, _ in
            let a = fade(1e-9)
            a.delegate = d
            layer.add(a, forKey: "f")
        }
        let a = fade(1e-9)
        a.delegate = d
        layer.add(a, forKey: "f")
        stage.advance(to: 1)
        #expect(stage.currentTime == 1)
        #expect(
            stage.warningLog.contains { $0.kind == .eventLimit && $0.message.hasPrefix("more than 2000 events before t=1") },
            "\(stage.warnings)")
        #expect(d.events.count <= 2_001)
    }
}

@Suite("UIView queries")
struct UIViewQueryTests {
    @Test("viewWithTag searches the view, then its subviews depth first")
    func tags() {
        let root = UIView(), a = UIView(), b = UIView(), c = UIView()
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(c)
        c.tag = 7
        b.tag = 7
        root.tag = 1
        #expect(root.viewWithTag(1) === root)
        #expect(root.viewWithTag(7) === c)
        #expect(b.viewWithTag(7) === b)
        #expect(root.viewWithTag(9) == nil)
    }

    @Test("convert maps points and rectangles between views through their frames and bounds origins (12.1)")
    func conversions() {
        let stage = Stage(size: CGSize(width: 200, height: 200))
        let outer = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        outer.addSubview(inner)
        stage.rootView.addSubview(outer)
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: outer) == CGPoint(x: 6, y: 7))
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: stage.rootView) == CGPoint(x: 16, y: 27))
        #expect(outer.convert(CGPoint(x: 16, y: 27), from: stage.rootView) == CGPoint(x: 6, y: 7))
        outer.bounds.origin = CGPoint(x: 0, y: 10)  // scrolled, as a scroll view's contentOffset
        #expect(inner.convert(CGRect(x: 0, y: 0, width: 4, height: 4), to: stage.rootView) == CGRect(x: 15, y: 15, width: 4, height: 4))
    }

    @Test("tintColor is inherited from the nearest ancestor that sets one, else the system blue")
    func tint() {
        let root = UIView(), child = UIView()
        root.addSubview(child)
        #expect(child.tintColor.cgColor == UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1).cgColor)
        root.tintColor = .red
        #expect(child.tintColor.cgColor == UIColor.red.cgColor)
        child.tintColor = .green
        #expect(child.tintColor.cgColor == UIColor.green.cgColor && root.tintColor.cgColor == UIColor.red.cgColor)
    }
}
