import Flipbook
import Foundation
import Testing

/// Auto Layout as app screens use it (issue 60 item 3; timing-model.md 12.10): anchors and the
/// item/attribute initializer, priorities, intrinsic sizes, guides, animated constants, conflicts.
@Suite("Auto Layout")
struct AutoLayoutTests {
    /// A 375 × 667 window with a controller's view in it.
    static func screen() -> (Stage, UIView) {
        let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
        let controller = UIViewController()
        (stage.rootView as? UIWindow)?.rootViewController = controller
        return (stage, controller.view)
    }

    static func box(_ color: UIColor = .red) -> UIView {
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        v.backgroundColor = color
        return v
    }

    @Test("anchors pin a view to its superview's edges with insets; a fixed size centres another")
    func anchors() {
        let (stage, root) = Self.screen()
        let header = Self.box(), badge = Self.box(.blue)
        root.addSubview(header)
        root.addSubview(badge)
        NSLayoutConstraint.activate([
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            header.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            header.heightAnchor.constraint(equalToConstant: 60),
            badge.widthAnchor.constraint(equalToConstant: 40),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
            badge.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            badge.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8)
        ])
        stage.advance(to: 0)
        #expect(header.frame == CGRect(x: 16, y: 100, width: 343, height: 60))
        #expect(badge.frame == CGRect(x: 167.5, y: 168, width: 40, height: 40))
    }

    @Test(
        "NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:) and addConstraints, as older code writes them")
    func itemAttributeForm() {
        let (stage, root) = Self.screen()
        let half = Self.box()
        root.addSubview(half)
        root.addConstraints([
            NSLayoutConstraint(
                item: half, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width, multiplier: 0.5, constant: 0),
            NSLayoutConstraint(
                item: half, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 30),
            NSLayoutConstraint(
                item: half, attribute: .right, relatedBy: .equal, toItem: root, attribute: .right, multiplier: 1, constant: 0),
            NSLayoutConstraint(
                item: half, attribute: .bottom, relatedBy: .equal, toItem: root, attribute: .bottom, multiplier: 1, constant: -10)
        ])
        #expect(root.constraints.count == 4 && root.constraints.allSatisfy(\.isActive))
        stage.advance(to: 0)
        #expect(half.frame == CGRect(x: 187.5, y: 627, width: 187.5, height: 30))
    }

    @Test("a required constraint beats a lower priority one; the lower one holds as far as it can")
    func priorities() {
        let (stage, root) = Self.screen()
        let v = Self.box()
        root.addSubview(v)
        let wish = v.widthAnchor.constraint(equalToConstant: 500)
        wish.priority = .defaultHigh
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: root.leadingAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
            v.heightAnchor.constraint(equalToConstant: 10), wish,
            v.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, constant: -20)
        ])
        stage.advance(to: 0)
        #expect(v.frame.width == 355, "as wide as the required maximum allows")
        wish.priority = .required - 1
        wish.constant = 100
        stage.advance(to: 0.1)
        #expect(v.frame.width == 100)
    }

    @Test("intrinsic sizes: a label sizes to its text; hugging decides which of two labels stretches")
    func intrinsicSize() {
        let (stage, root) = Self.screen()
        let name = UILabel(), value = UILabel()
        name.text = "Name"
        value.text = "A longer value"
        for l in [name, value] {
            l.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(l)
        }
        value.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        NSLayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            name.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            value.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
            value.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            value.firstBaselineAnchor.constraint(equalTo: name.firstBaselineAnchor)
        ])
        stage.advance(to: 0)
        let natural = name.intrinsicContentSize
        #expect(natural.width > 0 && name.frame.size == natural, "the name hugs its text: \(name.frame) vs \(natural)")
        #expect(value.frame.maxX == 375 - 16 && value.frame.minX == name.frame.maxX + 8, "the value, hugging less, takes the rest")
    }

    @Test("safeAreaLayoutGuide and layoutMarginsGuide place views inside the insets")
    func guides() {
        let (stage, root) = Self.screen()
        let content = Self.box()
        root.addSubview(content)
        root.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor)
        ])
        stage.advance(to: 0)
        let safe = root.safeAreaInsets
        #expect(content.frame == CGRect(x: 20, y: safe.top, width: 335, height: 667 - safe.top - safe.bottom))
    }

    @Test("a constant changed in UIView.animate and laid out with layoutIfNeeded animates the frame")
    func animatedConstant() throws {
        let (stage, root) = Self.screen()
        let drawer = Self.box()
        root.addSubview(drawer)
        let top = drawer.topAnchor.constraint(equalTo: root.bottomAnchor)
        NSLayoutConstraint.activate([
            top, drawer.leadingAnchor.constraint(equalTo: root.leadingAnchor), drawer.widthAnchor.constraint(equalTo: root.widthAnchor),
            drawer.heightAnchor.constraint(equalToConstant: 200)
        ])
        stage.advance(to: 0.1)
        #expect(drawer.frame.minY == 667)
        stage.schedule(at: 0.2) {
            top.constant = -200
            UIView.animate(withDuration: 0.4) { root.layoutIfNeeded() }
        }
        stage.advance(to: 0.4)
        #expect(drawer.frame.minY == 467, "the model is at the end at once")
        let shown = try #require(drawer.layer.presentation()?.frame.minY)
        #expect(shown > 467 && shown < 667, "half way it shows between: \(shown)")
        stage.advance(to: 0.7)
        #expect(drawer.layer.presentation()?.frame.minY == 467)
    }

    @Test("contradicting required constraints: one is broken with UIKit's message, the rest hold, no crash")
    func unsatisfiable() {
        let (stage, root) = Self.screen()
        let v = Self.box()
        root.addSubview(v)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: root.leadingAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
            v.heightAnchor.constraint(equalToConstant: 10), v.widthAnchor.constraint(equalToConstant: 100),
            v.widthAnchor.constraint(equalToConstant: 200)
        ])
        stage.advance(to: 0)
        #expect(v.frame == CGRect(x: 0, y: 0, width: 100, height: 10), "the first width holds")
        let message = stage.warnings.first { $0.contains("Unable to simultaneously satisfy constraints") }
        #expect(message?.contains("Will attempt to recover by breaking constraint") == true)
        #expect(message?.contains("width == 200") == true, "\(message ?? "")")
    }

    @Test("removing a view from its superview deactivates the constraints that crossed the cut")
    func removalDeactivates() {
        let (stage, root) = Self.screen()
        let v = Self.box()
        root.addSubview(v)
        let pin = v.topAnchor.constraint(equalTo: root.topAnchor, constant: 5)
        let own = v.heightAnchor.constraint(equalToConstant: 5)
        NSLayoutConstraint.activate([pin, own])
        stage.advance(to: 0)
        v.removeFromSuperview()
        #expect(!pin.isActive && own.isActive)
    }

    @Test("a screen of 500 constraints solves deterministically: the same frames twice")
    func manyConstraints() {
        func frames() -> [CGRect] {
            let (stage, root) = Self.screen()
            var previous: UIView = root
            var views: [UIView] = []
            for i in 0..<100 {
                let v = Self.box()
                root.addSubview(v)
                views.append(v)
                NSLayoutConstraint.activate([
                    v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: CGFloat(i % 7)),
                    v.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
                    v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: CGFloat(i % 5)),
                    v.topAnchor.constraint(equalTo: i == 0 ? root.topAnchor : previous.bottomAnchor, constant: 1),
                    v.heightAnchor.constraint(equalToConstant: 5)
                ])
                previous = v
            }
            stage.advance(to: 0)
            return views.map(\.frame)
        }
        let a = frames(), b = frames()
        #expect(a == b)
        #expect(a[99] == CGRect(x: 1, y: 595, width: 191.5, height: 5), "top 1 + 99 × 6, width 375 / 2 + 99 % 5")
    }
}

/// UIStackView as screens use it (issue 60 item 3).
@Suite("stack views")
struct StackViewTests {
    static func boxes(_ sizes: [CGSize]) -> [UIView] {
        sizes.map { size in
            let v = UIView()
            NSLayoutConstraint.activate([
                v.widthAnchor.constraint(equalToConstant: size.width), v.heightAnchor.constraint(equalToConstant: size.height)
            ])
            return v
        }
    }

    static func placed(_ stack: UIStackView, width: CGFloat? = nil) -> Stage {
        let (stage, root) = AutoLayoutTests.screen()
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        var pins = [
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)
        ]
        if let width { pins.append(stack.widthAnchor.constraint(equalToConstant: width)) }
        NSLayoutConstraint.activate(pins)
        stage.advance(to: 0)
        return stage
    }

    @Test("a horizontal stack chains its views with spacing and is as long as they are; .center centres them across")
    func horizontalChain() {
        let views = Self.boxes([CGSize(width: 40, height: 20), CGSize(width: 60, height: 40), CGSize(width: 30, height: 10)])
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 8
        stack.alignment = .center
        _ = Self.placed(stack)
        #expect(stack.frame == CGRect(x: 10, y: 20, width: 146, height: 40))
        #expect(
            views.map(\.frame) == [
                CGRect(x: 0, y: 10, width: 40, height: 20), CGRect(x: 48, y: 0, width: 60, height: 40),
                CGRect(x: 116, y: 15, width: 30, height: 10)
            ])
        #expect(
            stack.arrangedSubviews.count == 3 && stack.subviews.count == 3 && stack.constraints.isEmpty,
            "its own constraints are not the app's")
    }

    @Test("fillEqually splits a fixed length; a vertical .fill stack stretches its views across")
    func distributions() {
        let labels = (0..<3).map { _ in UIView() }
        let row = UIStackView(arrangedSubviews: labels)
        row.distribution = .fillEqually
        row.spacing = 10
        NSLayoutConstraint.activate([row.heightAnchor.constraint(equalToConstant: 30)])
        _ = Self.placed(row, width: 320)
        #expect(labels.map(\.frame.width) == [100, 100, 100] && labels.map(\.frame.minX) == [0, 110, 220])
        let rows = [20, 30].map { h -> UIView in
            let v = UIView()
            v.heightAnchor.constraint(equalToConstant: CGFloat(h)).isActive = true
            return v
        }
        let column = UIStackView(arrangedSubviews: rows)
        column.axis = .vertical
        _ = Self.placed(column, width: 200)
        #expect(
            column.arrangedSubviews.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 200, height: 20), CGRect(x: 0, y: 20, width: 200, height: 30)
            ])
    }

    @Test("equalSpacing spreads the views with equal gaps over the stack's length")
    func equalSpacing() {
        let views = Self.boxes([CGSize(width: 20, height: 20), CGSize(width: 40, height: 20), CGSize(width: 20, height: 20)])
        let stack = UIStackView(arrangedSubviews: views)
        stack.distribution = .equalSpacing
        _ = Self.placed(stack, width: 200)
        #expect(views.map(\.frame.minX) == [0, 80, 180], "gaps of 60")
    }

    @Test("hiding an arranged view closes its gap; in an animation block the others slide")
    func hiding() throws {
        let views = Self.boxes([CGSize(width: 40, height: 20), CGSize(width: 40, height: 20), CGSize(width: 40, height: 20)])
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 10
        let stage = Self.placed(stack)
        #expect(views[2].frame.minX == 100)
        stage.schedule(at: 0.1) {
            UIView.animate(withDuration: 0.4) {
                views[1].isHidden = true
                stack.layoutIfNeeded()
            }
        }
        stage.advance(to: 0.3)
        #expect(views[2].frame.minX == 50 && stack.frame.width == 90, "\(views.map(\.frame)) \(stack.frame)")
        let shown = try #require(views[2].layer.presentation()?.frame.minX)
        #expect(shown > 50 && shown < 100, "sliding: \(shown)")
        views[1].isHidden = false
        stage.advance(to: 1)
        #expect(views[2].frame.minX == 100)
    }
}
