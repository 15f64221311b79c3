import Flipbook
import Foundation
import Testing

/// Buttons drawn by iOS 15's configurations (timing-model.md 11.6 rule 5), written as iOS code
/// writes them: a filled call to action, a tinted capsule with an image, a button that shows
/// progress through its update handler.
@Suite("button configurations")
struct ButtonConfigurationTests {
    // ---- iOS code (as written) ----
    final class CheckoutController: UIViewController {
        var taps = 0
        var isLoading = false
        lazy var payButton: UIButton = {
            var configuration = UIButton.Configuration.filled()
            configuration.title = "Pay now"
            configuration.subtitle = "$12.00"
            configuration.titlePadding = 2
            configuration.buttonSize = .large
            let button = UIButton(
                configuration: configuration,
                primaryAction: UIAction { [weak self] _ in
                    self?.taps += 1
                    self?.isLoading = true
                    self?.payButton.setNeedsUpdateConfiguration()
                })
            button.configurationUpdateHandler = { [weak self] button in
                var updated = button.configuration
                updated?.showsActivityIndicator = self?.isLoading ?? false
                updated?.title = (self?.isLoading ?? false) ? "Paying…" : "Pay now"
                button.configuration = updated
            }
            return button
        }()
        let likeButton: UIButton = {
            var configuration = UIButton.Configuration.tinted()
            configuration.title = "Like"
            configuration.image = UIImage(systemName: "heart")
            configuration.imagePadding = 6
            configuration.cornerStyle = .capsule
            return UIButton(configuration: configuration)
        }()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            payButton.frame = CGRect(x: 20, y: 40, width: 280, height: 64)
            view.addSubview(payButton)
            likeButton.sizeToFit()
            likeButton.frame.origin = CGPoint(x: 20, y: 130)
            view.addSubview(likeButton)
        }
    }
    // ---- end ----

    static func background(_ button: UIButton) -> UIView? { button.subviews.first }

    /// The checkout screen, laid out on a Stage.
    static func shown() -> (Stage, CheckoutController) {
        let controller = CheckoutController()
        let stage = Stage.hosting(controller, size: CGSize(width: 320, height: 240))
        stage.advance(to: 0)
        return (stage, controller)
    }

    @Test("filled: the tint behind white text, title over subtitle, corners by size; a medium plain button 34.33 pt tall at 3x")
    func filled() throws {
        let (stage, controller) = Self.shown()
        defer { withExtendedLifetime(stage) {} }
        let button = controller.payButton
        let background = try #require(Self.background(button))
        #expect(background.frame == button.bounds && background.backgroundColor == button.tintColor)
        #expect(background.layer.cornerRadius == 8, "large: 8 pt")
        let title = try #require(button.titleLabel)
        #expect(title.text == "Pay now" && title.textColor == .white)
        let subtitle = try #require(button.subviews.compactMap { $0 as? UILabel }.first { $0.text == "$12.00" })
        #expect(abs(subtitle.frame.minY - (title.frame.maxY + 2)) < 1e-9, "titlePadding between the lines")
        #expect(abs((title.frame.minY + subtitle.frame.maxY) / 2 - 32) < 0.5, "the pair centred")

        var medium = UIButton.Configuration.plain()
        medium.title = "Edit"
        let plain = UIButton(configuration: medium)
        let phone = Stage(size: CGSize(width: 390, height: 844), scale: 3)
        phone.rootView.addSubview(plain)
        plain.sizeToFit()
        // 17 pt's line (20.29 pt) rounded up to 3x pixels, 20.33, and 7 pt above and below: 34.33, as on iOS.
        #expect(abs(plain.bounds.height - (20 + 1.0 / 3 + 14)) < 1e-9)
        #expect(Self.background(plain)?.backgroundColor == nil)
        #expect(plain.titleLabel?.textColor == plain.tintColor)
    }

    @Test("tinted capsule: a pale tint behind the tint, the image before the title with its padding, sized to fit")
    func tintedCapsule() throws {
        let (stage, controller) = Self.shown()
        defer { withExtendedLifetime(stage) {} }
        let button = controller.likeButton
        let background = try #require(Self.background(button))
        #expect(background.backgroundColor == button.tintColor.withAlphaComponent(0.15))
        #expect(background.layer.cornerRadius == button.bounds.height / 2)
        let image = try #require(button.imageView), title = try #require(button.titleLabel)
        #expect(abs(title.frame.minX - (image.frame.maxX + 6)) < 1e-9)
        #expect(abs(image.frame.minX - 12) < 1e-9 && abs(button.bounds.width - title.frame.maxX - 12) < 1e-9, "12 pt insets each side")
        #expect(image.tintColor == button.tintColor)
    }

    @Test("a tap runs the primary action; the update handler shows an activity indicator and a new title; highlighting dims")
    func updateHandler() throws {
        let (stage, controller) = Self.shown()
        defer { withExtendedLifetime(stage) {} }
        let button = controller.payButton
        stage.tap(button, at: 0.1)
        stage.advance(to: 0.5)
        #expect(controller.taps == 1)
        #expect(button.titleLabel?.text == "Paying…")
        let spinner = try #require(button.subviews.compactMap { $0 as? UIActivityIndicatorView }.first)
        #expect(spinner.isAnimating && spinner.color == .white)
        button.isHighlighted = true
        #expect(Self.background(button)?.backgroundColor == button.tintColor.withAlphaComponent(0.8))
        button.isEnabled = false
        #expect(button.titleLabel?.textColor == .tertiaryLabel)
    }
}
