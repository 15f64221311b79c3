import Flipbook
import Foundation
import Testing

/// Stage fingers on any view, delivered as iOS delivers them (timing-model.md 13.11): gesture
/// recognizers see each touch first and set their states, the Stage sends their actions, lets
/// one prevent the others or wait for them to fail, and cancels the view's touches.
@Suite("fingers and gesture recognizers")
struct FingerGestureTests {
    // ---- iOS code (no edits): a card dragged by a pan that springs home when let go ----
    final class DraggableCardController: UIViewController {
        let card = UIView(frame: CGRect(x: 100, y: 200, width: 100, height: 140))
        var home = CGPoint.zero
        var events: [(UIGestureRecognizer.State, CGPoint)] = []
        var releaseVelocity = CGPoint.zero
        var touchesCancelledOnCard = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(card)
            home = card.center
            card.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: DraggableCardController.handlePan(_:)))
        }

        func handlePan(_ pan: UIPanGestureRecognizer) {
            let translation = pan.translation(in: view)
            events.append((pan.state, translation))
            switch pan.state {
            case .changed, .began:
                card.center = CGPoint(x: home.x + translation.x, y: home.y + translation.y)
            case .ended, .cancelled:
                releaseVelocity = pan.velocity(in: view)
                UIView.animate(
                    withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: [],
                    animations: { self.card.center = self.home })
            default: break
            }
        }
    }
    // ---- end ----

    @Test("a pan begins once the finger has moved 10 pt, follows it, reports the lift's velocity; the card springs home")
    func dragCard() {
        let controller = DraggableCardController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 500))
        stage.advance(to: 0.1)
        // 120 pt right over 0.4 s, linear: 5 pt a 1/60 s sample, so the pan begins at the second.
        stage.drag(
            controller.card, by: CGPoint(x: 120, y: 0), over: 0.4, curve: CAMediaTimingFunction(name: .linear),
            release: CGPoint(x: 600, y: 0), at: 0.2)
        stage.advance(to: 0.2 + 2.0 / 60 - 1e-6)
        #expect(controller.events.isEmpty, "no pan before 10 pt")
        stage.advance(to: 0.2 + 2.0 / 60)
        #expect(controller.events.map(\.0) == [.began] && controller.events[0].1 == CGPoint(x: 10, y: 0), "\(controller.events)")
        stage.advance(to: 0.5)
        #expect(abs(controller.card.center.x - (150 + 90)) < 1e-9, "under the finger: \(controller.card.center)")
        stage.advance(to: 0.61)
        let states = controller.events.map(\.0)
        #expect(states.first == .began && states.last == .ended && states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(controller.events.last?.1 == CGPoint(x: 120, y: 0) && controller.releaseVelocity == CGPoint(x: 600, y: 0))
        stage.advance(to: 1.5)
        #expect(abs(controller.card.center.x - 150) < 0.01, "sprang home: \(controller.card.center)")
    }

    @Test("a tap does not begin a pan; a finger that does not move past 10 pt leaves it possible, then failed")
    func tapIsNotPan() {
        let controller = DraggableCardController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 500))
        stage.tap(controller.card, at: 0.1)
        stage.drag(controller.card, by: CGPoint(x: 6, y: 6), over: 0.2, at: 0.5)
        stage.advance(to: 1)
        #expect(controller.events.isEmpty)
        #expect(controller.card.gestureRecognizers?.first?.state == .possible)
    }

    // ---- iOS code: a slider in a card that pans (the slider keeps sideways drags) ----
    final class SliderCard: UIView {
        let slider = UISlider(frame: CGRect(x: 20, y: 20, width: 200, height: 31))
        var values: [Float] = []
        var pans = 0
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(slider)
            slider.addTarget(self, action: SliderCard.changed(_:), for: .valueChanged)
            addGestureRecognizer(UIPanGestureRecognizer(target: self, action: SliderCard.panned(_:)))
        }
        required init?(coder: NSCoder) { fatalError() }
        func changed(_ slider: UISlider) { values.append(slider.value) }
        func panned(_ pan: UIPanGestureRecognizer) { pans += 1 }
    }
    // ---- end ----

    @Test("a finger drags a slider's thumb: the value follows; the card's pan does not begin along the slider")
    func dragSlider() {
        let stage = Stage(size: CGSize(width: 300, height: 300), scale: 1)
        let card = SliderCard(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        stage.rootView.addSubview(card)
        stage.advance(to: 0.05)
        let thumb = card.slider.convert(
            CGPoint(
                x: card.slider.thumbRect(
                    forBounds: card.slider.bounds, trackRect: card.slider.trackRect(forBounds: card.slider.bounds), value: 0
                ).midX,
                y: 15), to: stage.rootView)
        stage.drag(from: thumb, by: CGPoint(x: 200, y: 0), over: 0.3, at: 0.1)
        stage.advance(to: 1)
        #expect(card.slider.value == 1, "\(card.slider.value)")
        #expect(!card.values.isEmpty && card.values == card.values.sorted(), "\(card.values)")
        #expect(card.pans == 0, "the slider kept its sideways drag")
        // Down and across the card away from the slider, the card's pan takes the finger.
        stage.drag(from: CGPoint(x: 150, y: 200), by: CGPoint(x: 0, y: 60), over: 0.2, at: 1.1)
        stage.advance(to: 2)
        #expect(card.pans > 2)
    }

    @Test("a vertical drag on a table's row scrolls the table and cancels the row's touches; a sideways one does not")
    func dragScrollsTable() throws {
        final class Row: UIView {
            var log: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
        }
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroll.contentSize = CGSize(width: 320, height: 2000)
        let row = Row(frame: CGRect(x: 0, y: 100, width: 320, height: 44))
        scroll.addSubview(row)
        stage.rootView.addSubview(scroll)
        var states: [UIGestureRecognizer.State] = []
        let observation = scroll.observe(\.panGestureRecognizer.state) { view, _ in states.append(view.panGestureRecognizer.state) }
        stage.drag(
            from: CGPoint(x: 160, y: 120), by: CGPoint(x: 0, y: -200), over: 0.5, curve: CAMediaTimingFunction(name: .linear),
            release: .zero, at: 0.1)
        stage.advance(to: 0.6)
        // The content follows the finger from where the pan began (its second sample, 13.3 pt
        // in: 200 pt over 30 samples), with no jump.
        #expect(abs(scroll.contentOffset.y - (200 - 2 * 200 / 30)) < 1e-6, "\(scroll.contentOffset)")
        #expect(row.log == ["began", "cancelled"], "\(row.log)")
        #expect(states.first == .began && states.contains(.ended) && states.last == .possible, "\(states)")
        _ = observation
        // Sideways, content no wider than the view: the pan fails, the row hears the whole touch.
        row.log = []
        scroll.contentOffset = .zero
        let before = scroll.contentOffset
        let rowPoint = row.convert(CGPoint(x: 100, y: 22), to: stage.rootView)
        stage.drag(from: rowPoint, by: CGPoint(x: 80, y: 0), over: 0.3, at: 2)
        stage.advance(to: 3)
        #expect(scroll.contentOffset == before && row.log == ["began", "ended"], "\(scroll.contentOffset) \(row.log)")
    }

    @Test("a swipe is quick and straight: 50 pt right within half a second; a slow or wrong-way drag is not one")
    func swipe() {
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1)
        let view = UIView(frame: stage.rootView.bounds)
        stage.rootView.addSubview(view)
        var swipes: [Double] = []
        let swipe = UISwipeGestureRecognizer { _ in swipes.append(stage.currentTime) }
        view.addGestureRecognizer(swipe)
        #expect(swipe.direction == .right)
        stage.drag(
            from: CGPoint(x: 50, y: 200), by: CGPoint(x: 150, y: 10), over: 0.2, curve: CAMediaTimingFunction(name: .linear), at: 0.1)
        stage.drag(from: CGPoint(x: 50, y: 200), by: CGPoint(x: 150, y: 0), over: 2, at: 1)  // too slow
        stage.drag(from: CGPoint(x: 200, y: 200), by: CGPoint(x: -150, y: 0), over: 0.2, at: 4)  // left
        stage.advance(to: 5)
        // 150 pt over 0.2 s is 12.5 pt a sample: 50 pt at the fourth.
        #expect(swipes.count == 1 && abs(swipes[0] - (0.1 + 4.0 / 60)) < 1e-9, "\(swipes)")
        swipe.direction = [.left, .right]
        stage.drag(from: CGPoint(x: 200, y: 200), by: CGPoint(x: -150, y: 0), over: 0.2, at: 6)
        stage.advance(to: 7)
        #expect(swipes.count == 2)
    }

    @Test("a long press then drag moves a tile; moving 10 pt first fails the press and lets the pan take it")
    func longPressThenDrag() {
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1)
        let tile = UIView(frame: CGRect(x: 100, y: 100, width: 80, height: 80))
        stage.rootView.addSubview(tile)
        var press: [(UIGestureRecognizer.State, CGPoint)] = []
        let longPress = UILongPressGestureRecognizer { r in press.append((r.state, r.location(in: nil))) }
        tile.addGestureRecognizer(longPress)
        var pans: [UIGestureRecognizer.State] = []
        tile.addGestureRecognizer(UIPanGestureRecognizer { r in pans.append(r.state) })
        // Held still 0.6 s, then moved: the press began at 0.5 s and the pan (prevented) never does.
        stage.perform(
            TouchScript([
                .touchDownAt(CGPoint(x: 140, y: 140)), .hold(0.6),
                .move(by: CGPoint(x: 0, y: 60), duration: 0.2, curve: CAMediaTimingFunction(name: .linear)), .release(velocity: nil)
            ]), at: 0.1)
        stage.advance(to: 1.5)
        #expect(press.first?.0 == .began && press.last?.0 == .ended && press.dropFirst().dropLast().allSatisfy { $0.0 == .changed })
        #expect(press.last?.1 == CGPoint(x: 140, y: 200) && pans.isEmpty, "\(press) \(pans)")
        // Moved at once: the pan begins and the press fails.
        press = []
        stage.drag(tile, by: CGPoint(x: 60, y: 0), over: 0.3, at: 2)
        stage.advance(to: 3)
        #expect(press.isEmpty && pans.first == .began && pans.last == .ended, "\(press) \(pans)")
    }

    @Test("require(toFail:): a single tap waits for the double tap to fail; a double tap fires only the double")
    func singleWaitsForDouble() {
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        let view = UIView(frame: stage.rootView.bounds)
        stage.rootView.addSubview(view)
        var log: [String] = []
        let double = UITapGestureRecognizer { _ in log.append(String(format: "double %.2f", stage.currentTime)) }
        double.numberOfTapsRequired = 2
        let single = UITapGestureRecognizer { _ in log.append(String(format: "single %.2f", stage.currentTime)) }
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        stage.tap(view, at: 0.1)  // lifts at 0.2: the double tap gives up at 0.55
        stage.tap(view, at: 1.0)
        stage.tap(view, at: 1.25)
        stage.advance(to: 2)
        #expect(log == ["single 0.55", "double 1.35"], "\(log)")
    }

    // ---- iOS code: a photo pinched and turned at once (the delegate lets both recognize) ----
    final class PhotoController: UIViewController, UIGestureRecognizerDelegate {
        let photo = UIView(frame: CGRect(x: 60, y: 140, width: 200, height: 200))
        var simultaneous = true
        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(photo)
            let pinch = UIPinchGestureRecognizer(target: self, action: PhotoController.pinched(_:))
            let rotate = UIRotationGestureRecognizer(target: self, action: PhotoController.rotated(_:))
            pinch.delegate = self
            rotate.delegate = self
            photo.addGestureRecognizer(pinch)
            photo.addGestureRecognizer(rotate)
        }
        func pinched(_ pinch: UIPinchGestureRecognizer) {
            photo.transform = photo.transform.scaledBy(x: pinch.scale, y: pinch.scale)
            pinch.scale = 1
        }
        func rotated(_ rotation: UIRotationGestureRecognizer) {
            photo.transform = photo.transform.rotated(by: rotation.rotation)
            rotation.rotation = 0
        }
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
        ) -> Bool { simultaneous }
    }
    // ---- end ----

    @Test("two fingers pinch a photo to twice its size and turn it a quarter turn; scale and rotation re-base when set")
    func pinchAndRotate() {
        let controller = PhotoController()
        let stage = Stage.hosting(controller, size: CGSize(width: 320, height: 480))
        stage.advance(to: 0.1)
        stage.pinch(controller.photo, scale: 2, rotation: .pi / 2, over: 0.5, at: 0.2)
        stage.advance(to: 1)
        let t = controller.photo.transform
        let scale = hypot(t.a, t.b), angle = atan2(t.b, t.a)
        #expect(abs(scale - 2) < 1e-6 && abs(angle - .pi / 2) < 1e-6, "scale \(scale), angle \(angle)")
        // Without the delegate's yes, the first to begin (the pinch) makes the rotation fail.
        let other = PhotoController()
        other.simultaneous = false
        let stage2 = Stage.hosting(other, size: CGSize(width: 320, height: 480))
        stage2.advance(to: 0.1)
        stage2.pinch(other.photo, scale: 2, rotation: .pi / 2, over: 0.5, at: 0.2)
        stage2.advance(to: 1)
        let u = other.photo.transform
        #expect(abs(hypot(u.a, u.b) - 2) < 1e-6 && abs(atan2(u.b, u.a)) < 1e-9, "\(u)")
    }

    @Test("a screen-edge pan begins only from within 20 pt of its edge, moving away from it")
    func screenEdgePan() {
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1)
        let view = UIView(frame: stage.rootView.bounds)
        stage.rootView.addSubview(view)
        var began: [Double] = []
        let edge = UIScreenEdgePanGestureRecognizer { r in if r.state == .began { began.append(stage.currentTime) } }
        edge.edges = .left
        view.addGestureRecognizer(edge)
        stage.drag(from: CGPoint(x: 5, y: 200), by: CGPoint(x: 200, y: 0), over: 0.3, at: 0.1)
        stage.drag(from: CGPoint(x: 100, y: 200), by: CGPoint(x: 200, y: 0), over: 0.3, at: 1)
        stage.drag(from: CGPoint(x: 5, y: 200), by: CGPoint(x: 0, y: 100), over: 0.3, at: 2)
        stage.advance(to: 3)
        #expect(began.count == 1 && began[0] < 0.3, "\(began)")
    }

    @Test("hostile numbers from code: infinite, NaN and negative durations and distances neither trap nor hang")
    func hostileNumbers() {
        let controller = DraggableCardController()
        let stage = Stage.hosting(controller, size: CGSize(width: 300, height: 500))
        let lifts = [
            stage.drag(controller.card, by: CGPoint(x: 50, y: 0), over: .infinity, at: 0.1),
            stage.drag(controller.card, by: CGPoint(x: CGFloat.nan, y: .infinity), over: .nan, hold: -1, at: 0.2),
            stage.pinch(controller.card, scale: .nan, rotation: .infinity, over: 1e300, hold: .nan, at: 0.3),
            stage.perform(TouchScript([.touchDown, .move(by: CGPoint(x: 1e308, y: 0), duration: -5, curve: .init(name: .linear))]), at: 0.4)
        ]
        // An infinite or huge duration plays as an hour (Limits.maximumDuration); NaN and negative as 0.
        #expect(lifts == [3600.1, 0.2, 3600.3, 0.4], "\(lifts)")
        stage.advance(to: 1)
        #expect(controller.card.center.x.isFinite)
    }

    // ---- iOS code: a pan that begins at touch down (the well-known InstantPanGestureRecognizer) ----
    final class InstantPanGestureRecognizer: UIPanGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            if state == .began { return }
            super.touchesBegan(touches, with: event)
            state = .began
        }
    }
    // ---- end ----

    @Test("a subclass sets its state in touchesBegan: the targets hear .began at touch down; reset() runs after the lift")
    func instantPan() {
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        let view = UIView(frame: stage.rootView.bounds)
        stage.rootView.addSubview(view)
        var log: [(Double, UIGestureRecognizer.State)] = []
        let pan = InstantPanGestureRecognizer { r in log.append((stage.currentTime, r.state)) }
        view.addGestureRecognizer(pan)
        stage.drag(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 30, y: 0), over: 0.1, at: 0.5)
        stage.advance(to: 1)
        #expect(log.first.map { $0.0 == 0.5 && $0.1 == .began } == true, "\(log)")
        #expect(log.last?.1 == .ended && pan.state == .possible)
    }
}

/// UIKit's own back swipe (timing-model.md 11.9, rule 6), from a Stage finger at the left edge.
@Suite("the navigation controller's back swipe")
struct BackSwipeTests {
    func pushed() -> (Stage, UINavigationController, UIViewController) {
        let root = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        let stage = Stage.hosting(navigation, size: CGSize(width: 320, height: 480))
        stage.advance(to: 0.1)
        let detail = UIViewController()
        navigation.pushViewController(detail, animated: false)
        stage.advance(to: 0.2)
        return (stage, navigation, detail)
    }

    /// Where the view is drawn: its presentation layer's left edge in the window.
    func shownLeft(_ view: UIView) -> CGFloat {
        let layer = view.layer.presentation() ?? view.layer
        return layer.position.x - layer.bounds.width / 2
    }

    @Test("the top view follows the finger from the left edge; past half the width, let go, the pop finishes")
    func finishes() {
        let (stage, navigation, detail) = pushed()
        stage.drag(
            from: CGPoint(x: 5, y: 300), by: CGPoint(x: 200, y: 0), over: 0.5, curve: CAMediaTimingFunction(name: .linear),
            release: .zero, at: 0.3)
        stage.advance(to: 0.55)
        // Half way: the finger is 100 pt in, and so is the leaving view.
        #expect(abs(shownLeft(detail.view) - 100) < 0.5, "\(shownLeft(detail.view))")
        stage.advance(to: 1.5)
        #expect(navigation.viewControllers.count == 1 && detail.parent == nil && detail.view.superview == nil)
    }

    @Test("let go short of half, the views run back and the stack is as it was; at the root it does not begin")
    func cancels() {
        let (stage, navigation, detail) = pushed()
        stage.drag(from: CGPoint(x: 5, y: 300), by: CGPoint(x: 100, y: 0), over: 0.5, hold: 0.2, at: 0.3)
        stage.advance(to: 1.5)
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === detail)
        #expect(shownLeft(detail.view) == 0 && detail.view.window != nil)
        navigation.popViewController(animated: false)
        stage.advance(to: 1.6)
        // At the root the back swipe fails, so it prevents nothing: another pan takes the finger.
        var heard: [UIGestureRecognizer.State] = []
        navigation.view.addGestureRecognizer(UIPanGestureRecognizer { r in heard.append(r.state) })
        stage.drag(from: CGPoint(x: 5, y: 300), by: CGPoint(x: 200, y: 0), over: 0.3, at: 2)
        stage.advance(to: 3)
        #expect(navigation.viewControllers.count == 1 && heard.first == .began && heard.last == .ended, "\(heard)")
        #expect(navigation.interactivePopGestureRecognizer?.state == .possible)
    }
}

/// Views being animated ignore touches unless the block allows them (timing-model.md 11.1).
@Suite("touches during view animations")
struct AnimatingTouchTests {
    // ---- iOS code (no edits): a pulsing button ----
    final class PulseController: UIViewController {
        let button = UIButton(type: .system)
        var taps = 0
        var allowsTaps = false

        override func viewDidLoad() {
            super.viewDidLoad()
            button.frame = CGRect(x: 50, y: 50, width: 100, height: 44)
            button.setTitle("Go", for: .normal)
            button.addAction(UIAction { _ in self.taps += 1 }, for: .touchUpInside)
            view.addSubview(button)
        }

        func pulse() {
            var options: UIView.AnimationOptions = [.repeat, .autoreverse]
            if allowsTaps { options.insert(.allowUserInteraction) }
            UIView.animate(withDuration: 0.5, delay: 0, options: options, animations: { self.button.alpha = 0.5 })
        }
    }
    // ---- end ----

    @Test("a pulsing button takes no tap (the tap goes behind it) unless the block allows user interaction")
    func pulsingButton() {
        let controller = PulseController()
        let stage = Stage.hosting(controller, size: CGSize(width: 200, height: 200), scale: 1)
        stage.advance(to: 0.1)
        controller.pulse()
        stage.tap(controller.button, at: 0.6)
        stage.advance(to: 1)
        #expect(controller.taps == 0)
        let other = PulseController()
        other.allowsTaps = true
        let stage2 = Stage.hosting(other, size: CGSize(width: 200, height: 200), scale: 1)
        stage2.advance(to: 0.1)
        other.pulse()
        stage2.tap(other.button, at: 0.6)
        stage2.advance(to: 1)
        #expect(other.taps == 1)
    }

    @Test("a view fading in over 0.5 s after a 0.2 s delay takes touches once the fade has ended, not during the delay")
    func fadeEnds() {
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        stage.rootView.addSubview(card)
        var taps: [Double] = []
        card.addGestureRecognizer(UITapGestureRecognizer { _ in taps.append(stage.currentTime) })
        stage.advance(to: 0.1)
        card.alpha = 0.2
        UIView.animate(withDuration: 0.5, delay: 0.2, options: [], animations: { card.alpha = 1 })
        stage.tap(card, at: 0.2)
        stage.tap(card, at: 0.6)
        stage.tap(card, at: 0.9)
        stage.advance(to: 1.5)
        #expect(taps == [1.0], "\(taps)")
    }
}
