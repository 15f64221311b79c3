// An iOS snapshot suite as a team writes it for swift-snapshot-testing, ported with its
// imports changed only: `import UIKit` became `import FlipbookSnapshotTesting` (which brings
// Flipbook's UIKit, Core Animation and Lottie names). Its references, recorded by its first
// run, are in __Snapshots__/IOSStyleSnapshotTests/.
import FlipbookSnapshotTesting
import SnapshotTesting
import XCTest

final class IOSStyleSnapshotTests: XCTestCase {
    func makeBadge() -> UIView {
        let badge = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 24))
        badge.backgroundColor = UIColor(red: 0.95, green: 0.3, blue: 0.25, alpha: 1)
        badge.layer.cornerRadius = 12
        let dot = UIView(frame: CGRect(x: 8, y: 8, width: 8, height: 8))
        dot.backgroundColor = .white
        dot.layer.cornerRadius = 4
        badge.addSubview(dot)
        return badge
    }

    func testBadge() {
        let badge = makeBadge()
        assertSnapshot(of: badge, as: .image(precision: 0.99, perceptualPrecision: 0.98, traits: .init(displayScale: 2)))
    }

    func testBadgeLayer() {
        let badge = makeBadge()
        assertSnapshot(of: badge.layer, as: .image(precision: 0.99, perceptualPrecision: 0.98, traits: .init(displayScale: 2)))
    }

    func testPulseHalfway() {
        let badge = makeBadge()
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 0.5
        pulse.duration = 0.6
        badge.subviews[0].layer.add(pulse, forKey: "pulse")
        assertSnapshot(of: badge, as: .image(at: 0.3, traits: .init(displayScale: 2)))
    }

    func testAnimationView() throws {
        // A 40×40 composition: a red square whose opacity goes 0 → 100 % over frames 0–10.
        let path = try XCTUnwrap(Bundle.module.path(forResource: "fading-square", ofType: "json", inDirectory: "Fixtures"))
        let animationView = LottieAnimationView(filePath: path)
        animationView.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        animationView.currentProgress = 0.5
        assertSnapshot(of: animationView, as: .image(precision: 0.99, perceptualPrecision: 0.98, traits: .init(displayScale: 1)))
    }

    func testScreen() {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        let badge = makeBadge()
        badge.frame.origin = CGPoint(x: 20, y: 60)
        controller.view.addSubview(badge)
        assertSnapshot(
            of: controller, as: .image(on: .iPhoneSe, precision: 0.99, perceptualPrecision: 0.98, traits: .init(displayScale: 1)))
    }
}
