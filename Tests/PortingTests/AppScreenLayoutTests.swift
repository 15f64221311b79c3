import Flipbook
import Foundation
import Lottie
import Testing

/// An app-style screen as iOS code builds it (issue 60): a navigation controller, a controller
/// whose view is laid out with constraints to its guides, a stack view of a label, a row of
/// buttons and a Lottie view.
@Suite("an app screen laid out with Auto Layout")
struct AppScreenLayoutTests {
    // ---- iOS code ----
    final class ProfileController: UIViewController {
        let stack = UIStackView()
        let name = UILabel()
        let buttons = ["Follow", "Message", "More"].map { title -> UIButton in
            let b = UIButton(type: .system)
            b.setTitle(title, for: .normal)
            b.backgroundColor = .systemGray5
            return b
        }
        var like: LottieAnimationView?

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Profile"
            view.backgroundColor = .white
            view.layoutMargins = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
            name.text = "Ada Lovelace"
            name.font = .preferredFont(forTextStyle: .title2)
            let row = UIStackView(arrangedSubviews: buttons)
            row.distribution = .fillEqually
            row.spacing = 8
            stack.axis = .vertical
            stack.spacing = 12
            stack.translatesAutoresizingMaskIntoConstraints = false
            stack.addArrangedSubview(name)
            stack.addArrangedSubview(row)
            if let like {
                stack.addArrangedSubview(like)
                like.heightAnchor.constraint(equalToConstant: 120).isActive = true
            }
            view.addSubview(stack)
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
                stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor)
            ])
        }
    }
    // ---- end ----

    static func lottie() throws -> String {
        let json = #"""
            {"v":"5.7","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,
            "ks":{"p":{"a":0,"k":[50,50]}},
            "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[60,60]}},{"ty":"fl","c":{"a":0,"k":[1,0.2,0.4,1]},"o":{"a":0,"k":100}}]}]}
            """#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("like-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test("the stack sits 16 pt under the bar inside the margins; the buttons share the row; the Lottie view is 120 pt tall; it draws")
    func screen() throws {
        let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
        let profile = ProfileController()
        profile.like = LottieAnimationView(filePath: try Self.lottie())
        (stage.rootView as? UIWindow)?.rootViewController = UINavigationController(rootViewController: profile)
        stage.advance(to: 0.1)
        let top = profile.view.safeAreaInsets.top
        #expect(top >= 44, "under the bar")
        #expect(profile.stack.frame.minY == top + 16 && profile.stack.frame.minX == 16 && profile.stack.frame.width == 343)
        let widths = profile.buttons.map(\.frame.width)
        #expect(widths.allSatisfy { abs($0 - widths[0]) < 0.5 } && abs(widths.reduce(0, +) + 16 - 343) < 1, "\(widths)")
        #expect(profile.name.frame.height == profile.name.intrinsicContentSize.height && profile.name.frame.minY == 0)
        let like = try #require(profile.like)
        #expect(like.frame.height == 120 && like.frame.width == 343)
        #expect(like.frame.minY == profile.buttons[0].superview!.frame.maxY + 12)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("app-screen.png")
        _ = try stage.render(
            duration: 0.1, fps: 10, outputs: RenderOutputs(filmstrip: url), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let strip = try PNGCodec.read(url)
        #expect(strip.width > 0)
    }
}
