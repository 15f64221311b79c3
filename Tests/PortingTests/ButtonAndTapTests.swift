import Flipbook
import Foundation
import Testing

/// Buttons and a finger that taps (issue 43 item 1): a like button written as an iOS developer
/// writes it, control events in iOS's order, tap and long-press recognizers, the responder chain.
@Suite("buttons and taps")
struct ButtonAndTapTests {
    // ---- iOS code (the one edit: `#selector(likeTapped)` → `LikeButton.likeTapped`) ----
    final class LikeButton: UIButton {
        private(set) var liked = false
        private let feedback = UIImpactFeedbackGenerator(style: .light)

        convenience init() {
            self.init(type: .system)
            setTitle("Like", for: .normal)
            setTitle("Liked", for: .selected)
            setTitleColor(.secondaryLabel, for: .normal)
            setTitleColor(.systemPink, for: .selected)
            addTarget(self, action: LikeButton.likeTapped, for: .touchUpInside)
            feedback.prepare()
        }

        func likeTapped() {
            liked.toggle()
            isSelected = liked
            feedback.impactOccurred()
            UIView.animate(
                withDuration: 0.15, animations: { self.transform = CGAffineTransform(scaleX: 1.2, y: 1.2) },
                completion: { _ in UIView.animate(withDuration: 0.15) { self.transform = .identity } })
        }
    }
    // ---- end ----

    /// A control that writes down every event it sends and every touch method it gets.
    final class Recorder: UIButton {
        var log: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.append("touchesBegan")
            super.touchesBegan(touches, with: event)
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.append("touchesEnded")
            super.touchesEnded(touches, with: event)
        }
        override func sendActions(for events: UIControl.Event) {
            let names: [(UIControl.Event, String)] = [
                (.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"), (.primaryActionTriggered, "primaryActionTriggered")
            ]
            log += names.filter { events.contains($0.0) }.map(\.1)
            super.sendActions(for: events)
        }
    }

    @Test("a like button: tapped, it is selected, shows its selected title in pink, fires a haptic and pops")
    func likeButton() throws {
        let stage = Stage(size: CGSize(width: 200, height: 100), scale: 2)
        let button = LikeButton()
        button.frame = CGRect(x: 50, y: 30, width: 100, height: 40)
        stage.rootView.addSubview(button)
        #expect(button.currentTitle == "Like" && button.buttonType == .system)
        #expect(button.titleLabel?.textColor == .secondaryLabel)
        stage.tap(button, at: 0.2)
        stage.advance(to: 0.25)
        #expect(button.isHighlighted, "down: highlighted")
        stage.advance(to: 0.35)
        #expect(button.liked && button.isSelected && !button.isHighlighted)
        #expect(button.currentTitle == "Liked" && button.titleLabel?.textColor == .systemPink)
        let scale = button.layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat
        #expect(scale.map { $0 > 1 && $0 < 1.2 } == true, "popping: \(String(describing: scale))")
        stage.advance(to: 1)
        #expect(button.layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat == 1)
        let trace = stage.trace.map(\.description)
        #expect(
            trace.contains("0.2000 event touch down LikeButton at 100.0,50.0") && trace.contains("0.3000 event touch up LikeButton"),
            "\(trace)")
        #expect(trace.contains("0.3000 haptic impactOccurred light"), "\(trace)")
        // A second tap unlikes.
        stage.tap(button, at: 1.5)
        stage.advance(to: 2)
        #expect(!button.liked && button.currentTitle == "Like")
    }

    @Test("control events and touches in iOS's order; a primary action runs once; a disabled button takes no tap")
    func eventOrder() {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        var ran = 0
        let button = Recorder(type: .system, primaryAction: UIAction(title: "Go") { _ in ran += 1 })
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        stage.rootView.addSubview(button)
        #expect(button.currentTitle == "Go")
        stage.tap(CGPoint(x: 10, y: 10), at: 0.1)
        stage.advance(to: 0.5)
        #expect(button.log == ["touchesBegan", "touchDown", "touchesEnded", "touchUpInside", "primaryActionTriggered"], "\(button.log)")
        #expect(ran == 1)
        button.isEnabled = false
        #expect(button.titleLabel?.textColor == .tertiaryLabel)
        stage.tap(button, at: 1)
        stage.advance(to: 1.5)
        #expect(ran == 1 && button.log.count == 5, "disabled: the tap goes to what is behind")
        #expect(stage.trace.contains { $0.description == "1.0000 event touch down UIWindow at 50.0,25.0" })
    }

    @Test("a system button's title takes the tint, dims to 20 % while highlighted; its intrinsic height is 30 pt")
    func systemLook() {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        _ = stage
        let button = UIButton(type: .system)
        button.setTitle("Done", for: .normal)
        #expect(button.currentTitleColor == button.tintColor)
        button.isHighlighted = true
        #expect(button.currentTitleColor == button.tintColor.withAlphaComponent(0.2))
        #expect(button.intrinsicContentSize.height == 30, "\(button.intrinsicContentSize)")
        let custom = UIButton(frame: .zero)
        custom.setTitle("X", for: .normal)
        #expect(custom.buttonType == .custom && custom.currentTitleColor == .white)
    }

    @Test("a tap recognizer on a view fires its target with the finger's location; the view's touches are cancelled")
    func tapRecognizer() {
        // ---- iOS code (`#selector(handleTap(_:))` → `Card.handleTap(_:)`) ----
        final class Card: UIView {
            var taps: [CGPoint] = []
            var cancelled = 0
            override init(frame: CGRect) {
                super.init(frame: frame)
                addGestureRecognizer(UITapGestureRecognizer(target: self, action: Card.handleTap(_:)))
            }
            required init?(coder: NSCoder) { fatalError() }
            func handleTap(_ recognizer: UITapGestureRecognizer) { taps.append(recognizer.location(in: self)) }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { cancelled += 1 }
        }
        // ---- end ----
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let card = Card(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 20))
        card.addSubview(label)  // a label takes no touches: the card gets them
        stage.rootView.addSubview(card)
        stage.tap(CGPoint(x: 30, y: 25), at: 0.1)
        stage.advance(to: 0.5)
        #expect(card.taps == [CGPoint(x: 10, y: 5)] && card.cancelled == 1, "\(card.taps) \(card.cancelled)")
        // A double tap recognizer hears the second of two quick taps.
        var doubles = 0
        let double = UITapGestureRecognizer { _ in doubles += 1 }
        double.numberOfTapsRequired = 2
        card.addGestureRecognizer(double)
        stage.tap(card, at: 1.0)
        stage.tap(card, at: 1.25)
        stage.advance(to: 2)
        #expect(doubles == 1 && card.taps.count == 3)
    }

    @Test("a long press begins after half a second held and ends at the lift; a short tap does not begin it")
    func longPress() {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.rootView.addSubview(view)
        var states: [(Double, UIGestureRecognizer.State)] = []
        let press = UILongPressGestureRecognizer { recognizer in states.append((stage.currentTime, recognizer.state)) }
        view.addGestureRecognizer(press)
        stage.tap(view, at: 0.1, holding: 0.8)
        stage.tap(view, at: 2, holding: 0.1)
        stage.advance(to: 3)
        #expect(states.map(\.1) == [.began, .ended], "\(states)")
        #expect(states.map(\.0) == [0.6, 0.9], "\(states)")
    }

    @Test("an unhandled touch goes up the responder chain: view, its controller, the superview")
    func responderChain() {
        final class Controller: UIViewController {
            var heard = 0
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { heard += 1 }
        }
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let controller = Controller()
        controller.view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        controller.view.addSubview(child)
        stage.rootView.addSubview(controller.view)
        #expect(child.next === controller.view && controller.view.next === controller && controller.next === stage.rootView)
        stage.tap(child, at: 0.1)
        stage.advance(to: 1)
        #expect(controller.heard == 1)
    }
}
