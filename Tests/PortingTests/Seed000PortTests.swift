import Flipbook
import Foundation
import Testing

/// Seed 000's own iOS code ("自定义下拉刷新（二）"; seed 000's blog post, docs/gallery.md), ported from
/// Swift 1.2 to today's Apple names and run on a Stage unchanged otherwise: the width chain
/// driven by `animationDidStop` with values stored on the animation (timing-model.md 8, 9), and
/// the three dots moved along arcs by keyframe paths (timing-model.md 5.3).
@Suite("seed 000 ported")
struct SeedPortTests {
    /// The post's view controller, minus UIKit's controller plumbing.
    final class UnreadController: NSObject, CAAnimationDelegate {
        let view: UIView
        let shapeLayer1 = CAShapeLayer()
        let layer1 = CALayer(), layer2 = CALayer(), layer3 = CALayer()
        var widths: [(time: CFTimeInterval, index: String, type: String)] = []

        init(view: UIView) { self.view = view }

        func spreadLayerAnimation(_ animationLayer: CAShapeLayer) {
            layerWidthAnimation(animationLayer, width: 100, animationTypeStr: "Spread", animationIndexStr: "1")
        }

        func layerWidthAnimation(_ animationLayer: CAShapeLayer, width: CGFloat, animationTypeStr: String, animationIndexStr: String) {
            var animationLayerStr = "shapeLayer1"
            if animationLayer.isEqual(shapeLayer1) { animationLayerStr = "shapeLayer1" }
            let screenWidth = UIScreen.main.bounds.width
            let animation = CABasicAnimation(keyPath: "bounds.size.width")
            animation.duration = 0.13
            animation.delegate = self
            animation.toValue = NSNumber(value: 20)
            animation.setValue(animationLayerStr, forKey: "AnimationLayer")
            animation.setValue(animationTypeStr, forKey: "AnimationType")
            animation.setValue(animationIndexStr, forKey: "AnimationIndex")
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            animationLayer.add(animation, forKey: "animation")
            animationLayer.frame = CGRect(
                x: (screenWidth - width) / 2.0, y: animationLayer.frame.origin.y,
                width: width, height: animationLayer.frame.size.height)
            widths.append((CACurrentMediaTime(), animationIndexStr, animationTypeStr))
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            guard let animationLayerStr = anim.value(forKey: "AnimationLayer") as? String,
                let animationTypeStr = anim.value(forKey: "AnimationType") as? String,
                let animationIndexStr = anim.value(forKey: "AnimationIndex") as? String
            else { return }
            var shapeLayer = CAShapeLayer()
            if animationLayerStr == "shapeLayer1" { shapeLayer = shapeLayer1 }
            var width: CGFloat = 0
            switch (animationIndexStr, animationTypeStr) {
            case ("1", _): width = 20
            case ("2", "Spread"): width = 80
            case ("2", "Close"): width = 4
            case ("3", "Spread"): width = 40
            case ("4", "Spread"): width = 60
            default: return
            }
            layerWidthAnimation(
                shapeLayer, width: width, animationTypeStr: animationTypeStr,
                animationIndexStr: String(Int(animationIndexStr)! + 1))
        }

        func settingUI() {
            let screenWidth = UIScreen.main.bounds.width
            for (layer, y) in [(layer1, 100.0), (layer2, 120.0), (layer3, 140.0)] {
                layer.backgroundColor = UIColor.red.cgColor
                layer.frame = CGRect(x: (screenWidth - 8) / 2.0, y: y, width: 8, height: 8)
                layer.cornerRadius = 4
                view.layer.addSublayer(layer)
            }
            shapeLayer1.backgroundColor = UIColor.darkGray.cgColor
            shapeLayer1.frame = CGRect(x: (screenWidth - 4) / 2.0, y: 40, width: 4, height: 4)
            view.layer.addSublayer(shapeLayer1)
        }

        func startAnimation() {
            let screenWidth = UIScreen.main.bounds.width
            let centre = CGPoint(x: (screenWidth - 8) / 2.0 + 4, y: 124.0)
            let animation1 = CAKeyframeAnimation(keyPath: "position")
            animation1.delegate = self
            animation1.duration = CFTimeInterval(0.3)
            animation1.path = UIBezierPath(arcCenter: centre, radius: 58, startAngle: -.pi / 2, endAngle: 0, clockwise: true).cgPath
            animation1.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer1.add(animation1, forKey: "groupAnimation")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer1.position = CGPoint(x: (screenWidth - 8) / 2.0 + 58 + 4, y: 124)
            CATransaction.commit()
            let animation3 = CAKeyframeAnimation(keyPath: "position")
            animation3.delegate = self
            animation3.duration = CFTimeInterval(0.3)
            animation3.path = UIBezierPath(arcCenter: centre, radius: 58, startAngle: .pi / 2, endAngle: .pi, clockwise: true).cgPath
            animation3.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer3.add(animation3, forKey: "groupAnimation")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer3.position = CGPoint(x: (screenWidth - 8) / 2.0 - 58 + 4, y: 124)
            CATransaction.commit()
        }
    }

    @Test("the spread chain runs 1 → 5 through animationDidStop, each step 0.13 s after the last")
    func spreadChain() throws {
        let stage = Stage(size: CGSize(width: 320, height: 200), scale: 2)
        let controller = UnreadController(view: stage.rootView)
        controller.settingUI()
        controller.spreadLayerAnimation(controller.shapeLayer1)
        stage.advance(to: 1)
        #expect(controller.widths.map(\.index) == ["1", "2", "3", "4", "5"])
        for (k, step) in controller.widths.enumerated() {
            #expect(abs(step.time - 0.13 * Double(k)) < 1e-9, "step \(k) began at \(step.time)")
        }
        // The last step set the model width to 60 and its animation (to 20) has ended.
        #expect(controller.shapeLayer1.bounds.width == 60)
        #expect(controller.shapeLayer1.presentation()?.bounds.width == 60)
        // At 0.2 s step 2 (begun at 0.13 s) has set the model width to 20. The seed sets
        // `frame` without disabling actions, so a standalone layer also gets the implicit
        // `bounds` animation (0.25 s, from the width shown at 0.13 s), added after the
        // explicit one and so drawn over it (timing-model.md 10.2): the width is on its way down.
        let replay = Stage(size: CGSize(width: 320, height: 200), scale: 2)
        let again = UnreadController(view: replay.rootView)
        again.settingUI()
        again.spreadLayerAnimation(again.shapeLayer1)
        replay.advance(to: 0.2)
        #expect(again.shapeLayer1.bounds.width == 20)
        let shown = try #require(again.shapeLayer1.presentation()?.bounds.width)
        #expect(shown > 20 && shown < 100, "width shown at 0.2 s: \(shown)")
        #expect(again.shapeLayer1.animation(forKey: "bounds") != nil)
    }

    @Test("the dots move along their arcs, 58 pt from the centre, and rest where the model puts them")
    func rotation() throws {
        let stage = Stage(size: CGSize(width: 320, height: 200), scale: 2)
        let controller = UnreadController(view: stage.rootView)
        controller.settingUI()
        controller.startAnimation()
        let centre = CGPoint(x: (320 - 8) / 2.0 + 4, y: 124.0)
        for t in stride(from: 0.03, to: 0.3, by: 0.06) {
            stage.advance(to: t)
            for layer in [controller.layer1, controller.layer3] {
                let p = try #require(layer.presentation()?.position)
                #expect(abs(hypot(p.x - centre.x, p.y - centre.y) - 58) < 0.05, "at \(t) s: \(p)")
            }
        }
        stage.advance(to: 0.5)
        #expect(controller.layer1.presentation()?.position == CGPoint(x: centre.x + 58, y: 124))
        #expect(controller.layer3.presentation()?.position == CGPoint(x: centre.x - 58, y: 124))
        #expect(controller.layer2.presentation()?.position == CGPoint(x: centre.x, y: 124))
        let gif = FileManager.default.temporaryDirectory.appendingPathComponent("seed000-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: gif) }
        try stage.render(duration: 0.3, fps: 30, to: gif)
        #expect(FileManager.default.fileExists(atPath: gif.path))
    }
}

extension SeedPortTests {
    @Test("on a layer already on screen the chain wobbles 81, 31, 71, 46 and settles at 60 pt (timing-model.md 3.3, 3.4)")
    func wobble() throws {
        let stage = Stage(size: CGSize(width: 320, height: 200), scale: 2)
        let controller = UnreadController(view: stage.rootView)
        controller.settingUI()
        stage.advance(to: 1)  // committed: model changes now animate implicitly, as in the app
        controller.spreadLayerAnimation(controller.shapeLayer1)
        var widths: [Double] = []
        for k in 1...100 {
            stage.advance(to: 1 + Double(k) * 0.01)
            widths.append(Double(try #require(controller.shapeLayer1.presentation()?.bounds.width)))
        }
        // Turning points of the sampled width: alternate maxima and minima.
        var turns: [Double] = []
        for i in 1..<(widths.count - 1) where (widths[i] - widths[i - 1]) * (widths[i + 1] - widths[i]) < 0 {
            turns.append(widths[i])
        }
        // timing-model.md 3.4 simulates ~79, 34, 71, 48 and the recording samples 38…67 pt.
        #expect(turns.count >= 4, "turning points \(turns)")
        if turns.count >= 4 {
            #expect((75...85).contains(turns[0]) && (28...38).contains(turns[1]), "\(turns)")
            #expect((66...76).contains(turns[2]) && (42...52).contains(turns[3]), "\(turns)")
        }
        #expect(abs(widths.last! - 60) < 1e-6)
    }
}
