import Foundation
import Testing
import Flipbook

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
            animationLayer.frame = CGRect(x: (screenWidth - width) / 2.0, y: animationLayer.frame.origin.y,
                                          width: width, height: animationLayer.frame.size.height)
            widths.append((CACurrentMediaTime(), animationIndexStr, animationTypeStr))
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            guard let animationLayerStr = anim.value(forKey: "AnimationLayer") as? String,
                  let animationTypeStr = anim.value(forKey: "AnimationType") as? String,
                  let animationIndexStr = anim.value(forKey: "AnimationIndex") as? String else { return }
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
            layerWidthAnimation(shapeLayer, width: width, animationTypeStr: animationTypeStr,
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
        stage.advance(to: 1)   // committed: model changes now animate implicitly, as in the app
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

/// Seed 004's GMPullToRefresh pieces (seed 004's blog post, docs/gallery.md), ported from Objective-C to
/// Swift with Apple's names: the progress arc drawn in `draw(_:)` through
/// `UIGraphicsGetCurrentContext()`, the spinning `transform.rotation.z` animation, and the
/// rising-rectangle loop that restarts itself from its `UIView.animate` completion.
@Suite("seed 004 ported")
struct Seed004PortTests {
    final class CircleProgessView: UIView {
        var progress: CGFloat = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .clear
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func drawCircleWithProgress(_ mProgress: CGFloat) {
            progress = mProgress
            setNeedsDisplay()
        }

        override func draw(_ rect: CGRect) {
            if progress > 1 { progress = 1 }
            if progress < 0 { progress = 0 }
            guard let context = UIGraphicsGetCurrentContext() else { return }
            context.setLineWidth(1)
            context.setLineCap(.round)
            context.setStrokeColor(UIColor.blue.cgColor)
            let startAngle: CGFloat = 0
            let step = 11.4 * .pi / 6 * progress
            context.addArc(center: CGPoint(x: bounds.size.width / 2, y: bounds.size.height / 2), radius: bounds.size.width / 2 - 1,
                           startAngle: startAngle, endAngle: startAngle + step, clockwise: false)
            context.strokePath()
        }

        func startAnimation() {
            drawCircleWithProgress(1)
            let rotate = CABasicAnimation(keyPath: "transform.rotation.z")
            rotate.isRemovedOnCompletion = false
            rotate.fillMode = .forwards
            rotate.toValue = NSNumber(value: Float.pi / 2)
            rotate.repeatCount = .infinity
            rotate.duration = 0.25
            rotate.isCumulative = true
            rotate.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(rotate, forKey: "rotateAnimation")
        }

        func stopAnimation() { layer.removeAnimation(forKey: "rotateAnimation") }
    }

    final class GMActivityView: UIView {
        let frontView = UIView(), backView = UIView()
        var isStop = false
        var loops = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            frontView.frame = bounds
            frontView.backgroundColor = .white
            frontView.clipsToBounds = true
            backView.frame = bounds
            backView.backgroundColor = .blue
            backView.clipsToBounds = true
            addSubview(backView)
            addSubview(frontView)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func startAnimation() {
            isHidden = false
            isStop = false
            frontView.frame = bounds
            var rect = bounds
            rect.size.height = 0
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { [weak self] in
                self?.frontView.frame = rect
            }, completion: { [weak self] _ in
                guard let self, !self.isStop else { return }
                self.loops += 1
                self.startAnimation()
            })
        }

        func stopAnimation() { isStop = true }
    }

    /// A 50×50 pt stage at 2x showing `view`.
    static func stage(showing view: UIView) -> Stage {
        let stage = Stage(size: CGSize(width: 50, height: 50), scale: 2)
        stage.rootView.addSubview(view)
        return stage
    }

    @Test("the arc drawn at half progress runs clockwise on screen from 3 o'clock through 6 (timing-model.md 6.6)")
    func halfArc() throws {
        let circle = CircleProgessView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        let stage = Self.stage(showing: circle)
        circle.drawCircleWithProgress(0.5)
        stage.advance(to: 0.05)
        let px = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        // Radius 14 pt about (25, 25): the bottom of the circle is inked, the top is not.
        func blue(_ x: Double, _ y: Double) -> Bool {
            let p = px.pixel(x: Int(x * 2), y: Int(y * 2))
            return p.b > 200 && p.r < 180
        }
        #expect(blue(25, 39) || blue(25, 38.6))
        #expect(!blue(25, 11) && !blue(25, 11.4))
        #expect(blue(39, 25) || blue(38.6, 25))
    }

    @Test("the spinner turns a quarter every 0.25 s, cumulatively, and stops when removed")
    func spinner() throws {
        let circle = CircleProgessView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        let stage = Self.stage(showing: circle)
        stage.advance(to: 0.1)
        circle.startAnimation()
        stage.advance(to: 0.1 + 0.625)   // two and a half quarter turns
        let angle = try #require(circle.layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(abs(angle - 2.5 * .pi / 2) < 1e-6 || abs(angle - (2.5 * .pi / 2 - 2 * .pi)) < 1e-6, "angle \(angle)")
        circle.stopAnimation()
        stage.advance(to: 1)
        #expect(circle.layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat == 0)
    }

    @Test("the rising rectangle restarts itself from its completion until stopped")
    func risingLoop() throws {
        let activity = GMActivityView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let stage = Self.stage(showing: activity)
        stage.advance(to: 0.1)
        activity.startAnimation()
        stage.advance(to: 0.35)   // half way down the first pass
        let h = try #require(activity.frontView.layer.presentation()?.bounds.height)
        #expect(abs(h - 10) < 1e-6, "height \(h)")
        stage.advance(to: 1.6)    // passes end at 0.6, 1.1, 1.6
        #expect(activity.loops == 3)
        activity.stopAnimation()
        stage.advance(to: 3)
        #expect(activity.loops == 3)   // the running pass completes, finds isStop and ends the loop
        #expect(activity.frontView.layer.presentation()?.bounds.height == 0)
    }
}

/// Seed 002's UIRefreshControl subclass (seed 002's blog post, docs/gallery.md), ported to today's names.
/// The `.valueChanged` target–selector pair becomes a `UIAction` (no Objective-C runtime
/// on Linux); everything else is the post's code.
@Suite("seed 002 ported")
struct Seed002PortTests {
    final class RefreshControl: UIRefreshControl {
        var labels: [UILabel] = []
        var currentLabelIndex = 0
        let refreshContents = UIView()
        var steps: [String] = []
        /// When the first cycle began (test instrumentation).
        var startedAt: Double?

        override init() {
            super.init()
            backgroundColor = backgroundColor ?? .clear
            for (i, letter) in "APPCODA".enumerated() {
                let label = UILabel(frame: CGRect(x: 60 + CGFloat(i) * 30, y: 20, width: 20, height: 20))
                label.text = String(letter)
                label.textColor = .black
                refreshContents.addSubview(label)
                labels.append(label)
            }
            addSubview(refreshContents)
            addAction(UIAction { [weak self] _ in self?.animateRefreshStep1() }, for: .valueChanged)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func layoutSubviews() {
            super.layoutSubviews()
            isHidden = (bounds.height >= 60 && frame.minY > -3)
            refreshContents.frame = bounds
        }

        override func endRefreshing() {
            super.endRefreshing()
            currentLabelIndex = 0
            for label in labels {
                label.transform = .identity
                label.textColor = .black
            }
        }

        func animateRefreshStep1() {
            if !isRefreshing { return }
            let label = labels[currentLabelIndex]
            steps.append("1:\(currentLabelIndex)")
            if startedAt == nil { startedAt = CACurrentMediaTime() }
            UIView.animate(withDuration: 0.1, animations: {
                label.transform = CGAffineTransform(rotationAngle: .pi / 4)
                label.textColor = .red
            }, completion: { _ in
                UIView.animate(withDuration: 0.05, animations: {
                    label.transform = .identity
                    label.textColor = .black
                }, completion: { _ in
                    if !self.isRefreshing { return }
                    self.currentLabelIndex += 1
                    if self.currentLabelIndex < self.labels.count {
                        self.animateRefreshStep1()
                    } else {
                        self.animateRefreshStep2()
                    }
                })
            })
        }

        func animateRefreshStep2() {
            if !isRefreshing { return }
            steps.append("2")
            UIView.animate(withDuration: 0.35, animations: {
                self.labels.forEach { $0.transform = CGAffineTransform(scaleX: 1.5, y: 1.5) }
            }, completion: { _ in
                if !self.isRefreshing { return }
                UIView.animate(withDuration: 0.25, animations: {
                    self.labels.forEach { $0.transform = .identity }
                }, completion: { _ in
                    if self.isRefreshing {
                        self.currentLabelIndex = 0
                        self.animateRefreshStep1()
                    }
                })
            })
        }
    }

    /// The repository's TableViewController (PullRefresh/TableViewController.swift in
    /// 949478479/Learning-Notes), with the AppCoda original's five 60 pt rows.
    final class TableViewController: UITableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            refreshControl = RefreshControl()
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = ["One", "Two", "Three", "Four", "Five"][indexPath.row]
            return cell
        }
        override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 60 }
    }

    /// The controller in a 320×480 window.
    static func tableWithControl() -> (Stage, UITableView, RefreshControl) {
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 2)
        let controller = TableViewController()
        (stage.rootView as? UIWindow)?.rootViewController = controller
        return (stage, controller.tableView, controller.refreshControl as! RefreshControl)
    }

    @Test("a finger pull starts the letters: each tilts for 0.15 s in turn, then all grow and shrink for 0.6 s, and again")
    func letters() throws {
        let (stage, table, control) = Self.tableWithControl()
        #expect(table.visibleCells.map { $0.textLabel?.text ?? "" } == ["One", "Two", "Three", "Four", "Five"])
        table.perform(.pull(400, over: 0.6, hold: 0.3), at: 0.1)
        var frame = 0
        while control.startedAt == nil && frame < 60 { frame += 1; stage.advance(to: Double(frame) / 60) }
        // 100 pt of content (the trigger) needs ~230 pt of finger: the cycle starts mid-drag.
        let start = try #require(control.startedAt)
        #expect(start > 0.1 && start < 0.7 && control.isRefreshing)
        // Letter k tilts from start + 0.15k; the seventh ends at start + 1.05, then step 2 runs 0.6 s.
        stage.advance(to: start + 0.15 * 3 + 0.05)
        let tilted = try #require(control.labels[3].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(tilted > 0.1 && tilted < .pi / 4 + 1e-9, "letter 3 at its mid-tilt: \(tilted)")
        #expect(control.labels[2].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat == 0)
        stage.advance(to: start + 1.05 + 0.35)
        let grown = try #require(control.labels[0].layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
        #expect(abs(grown - 1.5) < 1e-6)
        // Released at 1.0 s: the content settled with the 60 pt control showing (13.4, 13.5).
        #expect(abs(table.contentOffset.y + 60) < 0.5 && table.contentInset.top == 60)
        stage.advance(to: start + 1.05 + 0.6 + 0.01)
        #expect(control.steps.prefix(9) == ["1:0", "1:1", "1:2", "1:3", "1:4", "1:5", "1:6", "2", "1:0"])
        control.endRefreshing()
        stage.advance(to: 4)
        #expect(control.labels.allSatisfy { $0.transform == .identity })
        #expect(table.layer.presentation()?.bounds.origin.y == 0)
    }
    @Test("started at time 0 with no advance before, the letters still tilt in turn (timing-model.md 11.1)")
    func lettersFromTimeZero() throws {
        let (stage, table, control) = Self.tableWithControl()
        table.beginDragging()
        table.drag(translation: CGPoint(x: 0, y: 400))
        table.endDragging()
        stage.advance(to: 0.05)
        let tilted = try #require(control.labels[0].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(tilted > 0.1 && tilted < .pi / 4, "letter 0 at its mid-tilt: \(tilted)")
        stage.advance(to: 0.15 * 3 + 0.05)
        #expect(control.steps.prefix(4) == ["1:0", "1:1", "1:2", "1:3"], "\(control.steps)")
        let third = try #require(control.labels[3].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(third > 0.1, "letter 3 tilting at 0.5 s: \(third)")
        stage.advance(to: 1.05 + 0.35)
        let grown = try #require(control.labels[0].layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
        #expect(abs(grown - 1.5) < 1e-6)
    }
}

/// Seed 001's news banner bounce (seed 001's blog post, docs/gallery.md), ported from Objective-C: a
/// label fades in while scaling, then its completion scales it to the reciprocal.
@Suite("seed 001 ported")
struct Seed001PortTests {
    final class NewsView: UIView {
        let label = UILabel(frame: CGRect(x: 20, y: 10, width: 200, height: 24))

        override init(frame: CGRect) {
            super.init(frame: frame)
            label.text = "为您推荐10条新闻"
            addSubview(label)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func animation(with view: UILabel, scale: CGFloat, alpha: CGFloat, stop: Bool) {
            view.alpha = alpha
            view.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            UIView.animate(withDuration: 0.25, delay: 0, options: .curveEaseIn, animations: {
                view.transform = CGAffineTransform(scaleX: scale, y: scale)
                view.alpha = 1
            }, completion: { finished in
                if !stop && finished {
                    self.animation(with: view, scale: 1 / scale, alpha: 1, stop: true)
                }
            })
        }
    }

    @Test("the banner fades in growing to 1.2, then settles at 1/1.2, ease-in each way (11.1)")
    func bounce() throws {
        let stage = Stage(size: CGSize(width: 240, height: 44), scale: 2)
        let news = NewsView(frame: CGRect(x: 0, y: 0, width: 240, height: 44))
        stage.rootView.addSubview(news)
        stage.advance(to: 0.1)
        news.animation(with: news.label, scale: 1.2, alpha: 0, stop: false)
        stage.advance(to: 0.1 + 0.125)
        let layer = news.label.layer
        let opacity = try #require(layer.presentation()?.opacity)
        let scale = try #require(layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
        // Ease-in is slow at first: less than half way at half time.
        #expect(opacity > 0 && opacity < 0.5, "opacity \(opacity)")
        #expect(scale > 1 && scale < 1.1, "scale \(scale)")
        stage.advance(to: 0.1 + 0.25)
        #expect(abs((layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0) - 1.2) < 1e-6)
        stage.advance(to: 0.1 + 0.5)
        #expect(abs((layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0) - 1 / 1.2) < 1e-6)
        #expect(layer.presentation()?.opacity == 1)
        #expect(news.label.transform == CGAffineTransform(scaleX: 1 / 1.2, y: 1 / 1.2))
    }
    @Test("started at time 0 with no advance before, the banner still grows then settles (timing-model.md 11.1)")
    func bounceFromTimeZero() throws {
        let stage = Stage(size: CGSize(width: 240, height: 44), scale: 2)
        let news = NewsView(frame: CGRect(x: 0, y: 0, width: 240, height: 44))
        stage.rootView.addSubview(news)
        news.animation(with: news.label, scale: 1.2, alpha: 0, stop: false)
        stage.advance(to: 0.125)
        let layer = news.label.layer
        let opacity = try #require(layer.presentation()?.opacity)
        #expect(opacity > 0 && opacity < 0.5, "fading in with ease-in: \(opacity)")
        stage.advance(to: 0.25)
        #expect(abs((layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0) - 1.2) < 1e-6)
        stage.advance(to: 0.375)
        let settling = layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0
        #expect(settling < 1.2 && settling > 1 / 1.2, "between the two stages at 0.375 s: \(settling)")
        stage.advance(to: 0.5)
        #expect(abs((layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0) - 1 / 1.2) < 1e-6)
    }
}

/// Seed 003's wave (CBPullToReflesh; seed 003's blog post, docs/gallery.md), ported: the quadratic wave
/// path and its keyframe bounce back to flat. (The post's NSTimer-driven scroll-back has no
/// Stage clock to run on; see docs/engine-notes.md.)
@Suite("seed 003 ported")
struct Seed003PortTests {
    final class WaveView: UIView, CAAnimationDelegate {
        let waveLayer = CAShapeLayer()
        let bounceDuration: CFTimeInterval = 1.0
        var stopped: [Bool] = []

        override init(frame: CGRect) {
            super.init(frame: frame)
            waveLayer.frame = bounds
            waveLayer.fillColor = UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1).cgColor
            layer.addSublayer(waveLayer)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func wavePath(bendDist: CGFloat) -> CGPath {
            let width = frame.width
            let height = frame.height
            let bottomLeftPoint = CGPoint(x: 0, y: height)
            let topMidPoint = CGPoint(x: width / 2, y: -bendDist)
            let bottomRightPoint = CGPoint(x: width, y: height)
            let bezierPath = UIBezierPath()
            bezierPath.move(to: bottomLeftPoint)
            bezierPath.addQuadCurve(to: bottomRightPoint, controlPoint: topMidPoint)
            bezierPath.addLine(to: bottomLeftPoint)
            return bezierPath.cgPath
        }

        func boundAnimation(bendDist: CGFloat) {
            let bounce = CAKeyframeAnimation(keyPath: "path")
            bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            bounce.values = [
                wavePath(bendDist: bendDist),
                wavePath(bendDist: bendDist * 0.8),
                wavePath(bendDist: bendDist * 0.6),
                wavePath(bendDist: bendDist * 0.4),
                wavePath(bendDist: bendDist * 0.2),
                wavePath(bendDist: 0),
            ]
            bounce.duration = bounceDuration
            bounce.isRemovedOnCompletion = false
            bounce.fillMode = .forwards
            bounce.delegate = self
            waveLayer.add(bounce, forKey: "return")
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append(flag) }
    }

    /// The top of a wave path's curve: y = height/2 − bend/2 for this quadratic.
    static func top(_ path: CGPath?) -> CGFloat? { path.map { $0.boundingBoxOfPath.minY } }

    @Test("the wave flattens through the keyframes under one ease-in-out over the whole second (6.3)")
    func bounceBack() throws {
        let stage = Stage(size: CGSize(width: 375, height: 200), scale: 2)
        let wave = WaveView(frame: CGRect(x: 0, y: 0, width: 375, height: 80))
        stage.rootView.addSubview(wave)
        wave.waveLayer.path = wave.wavePath(bendDist: 0)
        stage.advance(to: 0.1)
        wave.boundAnimation(bendDist: 100)
        stage.advance(to: 0.1)
        #expect(abs((Self.top(wave.waveLayer.presentation()?.path) ?? 0) - (40 - 50)) < 1e-6)
        // Half way in time is half way through the eased progress: between 0.6 and 0.4 of the bend.
        stage.advance(to: 0.6)
        #expect(abs((Self.top(wave.waveLayer.presentation()?.path) ?? 0) - (40 - 25)) < 1e-6)
        stage.advance(to: 1.5)
        #expect(abs((Self.top(wave.waveLayer.presentation()?.path) ?? 0) - 40) < 1e-6)   // flat, held by fillMode
        #expect(wave.stopped == [true])
        #expect(wave.waveLayer.animation(forKey: "return") != nil)
    }

    /// The post's scroll-back: at release the wave flattens (boundAnimation) while a 0.01 s
    /// timer moves the offset by `stepNum` with `setContentOffset(_:animated: false)` until it
    /// reaches its final value. `NSTimer.scheduledTimerWithTimeInterval` → `stage.scheduledTimer`
    /// (the documented edit); the finger is a touch script.
    final class PullToReflesh: NSObject, UIScrollViewDelegate {
        let wave: WaveView
        unowned let stage: Stage
        var scrollViewContentOffSetY: CGFloat?
        let finalScrollViewContentOffSetY: CGFloat = -60
        var bends: [CGFloat] = []
        var timerFirings = 0

        init(wave: WaveView, stage: Stage) { self.wave = wave; self.stage = stage }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            guard scrollView.isDragging, scrollView.contentOffset.y < 0 else { return }
            // The code: while the pull y is under pullDistance (80), bend = 25 + 75·y/80.
            let bend = 25 + 75 * min(-scrollView.contentOffset.y, 80) / 80
            bends.append(bend)
            wave.waveLayer.path = wave.wavePath(bendDist: bend)
        }

        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            guard scrollView.contentOffset.y < finalScrollViewContentOffSetY else { return }
            wave.boundAnimation(bendDist: bends.last ?? 0)
            scrollViewContentOffSetY = scrollView.contentOffset.y
            let stepNum = (finalScrollViewContentOffSetY - scrollView.contentOffset.y) / CGFloat(wave.bounceDuration / 0.01)
            stage.scheduledTimer(withTimeInterval: 0.01, repeats: true) { [weak self, weak scrollView] timer in
                guard let self, let scrollView else { return }
                self.timerFirings += 1
                self.scrollViewContentOffSetY = self.scrollViewContentOffSetY! + stepNum
                if self.scrollViewContentOffSetY! >= self.finalScrollViewContentOffSetY {
                    timer.invalidate()
                }
                scrollView.setContentOffset(CGPoint(x: 0, y: self.scrollViewContentOffSetY!), animated: false)
            }
        }
    }

    @Test("pulled, the wave bends with the offset; released, a 0.01 s timer scrolls back in 100 steps while the wave flattens")
    func scrollBack() throws {
        let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), style: .plain)
        let wave = WaveView(frame: CGRect(x: 0, y: -80, width: 375, height: 80))
        table.addSubview(wave)
        stage.rootView.addSubview(table)
        let controller = PullToReflesh(wave: wave, stage: stage)
        table.delegate = controller
        stage.advance(to: 0)
        let lift = table.perform(.pull(300, over: 0.5, hold: 0.1), at: 0.2)
        stage.advance(to: lift)
        let released = table.contentOffset.y
        #expect(released < -100 && controller.bends.last == 100)
        #expect(wave.waveLayer.animation(forKey: "return") != nil)
        stage.advance(to: lift + 0.5)
        // Half the steps: half way to −60, the scroll view's own bounce stopped by the timer's offsets.
        #expect(controller.timerFirings == 50)
        #expect(abs(table.contentOffset.y - (released + (-60 - released) / 2)) < 1e-6, "\(table.contentOffset.y)")
        stage.advance(to: lift + 1.2)
        // The post stops at the first step at or past −60: the post's own loop, run here on the
        // same numbers, says how many steps that is (100, or 101 if rounding leaves the
        // hundredth a hair short); the offset then stays there (no inset holds it).
        let step = (-60 - released) / CGFloat(wave.bounceDuration / 0.01)
        var y = released, steps = 0
        repeat { y += step; steps += 1 } while y < -60
        #expect(controller.timerFirings == steps && (steps == 100 || steps == 101), "\(controller.timerFirings) vs \(steps)")
        #expect(table.contentOffset.y >= -60 - 1e-9 && table.contentOffset.y < -60 + step + 1e-9 && !table.isDecelerating,
                "\(table.contentOffset.y)")
        #expect(abs((Self.top(wave.waveLayer.presentation()?.path) ?? 0) - 40) < 1e-6, "flat again")
    }
}
