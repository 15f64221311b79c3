import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// lottie-ios's controls (Controls/): a switch that plays between its states when tapped, and a
/// button that plays ranges on touch events. The animation is 10 fps, frames 0…20, 100 × 100.
@Suite("Lottie controls")
@MainActor
struct LottieControlTests {
    static func stage<Control: AnimatedControl>(_ make: (LottieAnimation) -> Control) throws -> (Stage, Control) {
        let animation = try LottieMappingTests.animation("[\(LottieMappingTests.null("{}"))]")
        let control = make(animation)
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        stage.rootView.addSubview(control)
        stage.advance(to: 0)
        return (stage, control)
    }

    @Test("a tap turns the switch on, plays 0 → 1, sends valueChanged; another tap plays back")
    func switchToggles() throws {
        let (stage, toggle) = try Self.stage { AnimatedSwitch(animation: $0) }
        var changes: [Bool] = []
        toggle.addAction(UIAction { _ in changes.append(toggle.isOn) }, for: .valueChanged)
        #expect(!toggle.isOn && toggle.animationView.currentProgress == 0, "off shows its end, progress 0")
        let lift = stage.tap(toggle, at: 0.1)
        stage.advance(to: lift + 1)
        #expect(toggle.isOn && changes == [true])
        stage.advance(to: lift + 3)
        #expect(abs(toggle.animationView.currentProgress - 1) < 1e-9, "played to the end")
        let second = stage.tap(toggle, at: lift + 3)
        stage.advance(to: second + 1)
        #expect(!toggle.isOn && abs(toggle.animationView.currentProgress - 0.5) < 1e-6, "halfway back after 1 s of 2")
        #expect(changes == [true, false])
    }

    @Test("isOn shows a state without playing; setProgressForState sets the ranges")
    func switchStates() throws {
        let (_, toggle) = try Self.stage { AnimatedSwitch(animation: $0) }
        toggle.setProgressForState(fromProgress: 0.2, toProgress: 0.6, forOnState: true)
        var updates: [Bool] = []
        toggle.stateUpdated = { updates.append($0) }
        toggle.isOn = true
        #expect(!toggle.animationView.isAnimationPlaying && abs(toggle.animationView.currentProgress - 0.6) < 1e-9)
        toggle.setIsOn(false, animated: true)
        #expect(toggle.animationView.isAnimationPlaying && updates == [true, false])
    }

    @Test("a button plays its touch-down range, then its touch-up-inside range, and performs its action")
    func buttonRanges() throws {
        let (stage, button) = try Self.stage { AnimatedButton(animation: $0) }
        button.setPlayRange(fromProgress: 0, toProgress: 0.5, event: .touchDown)
        button.setPlayRange(fromProgress: 0.5, toProgress: 1, event: .touchUpInside)
        var performed = 0
        button.performAction = { performed += 1 }
        let lift = stage.tap(button, at: 0.1, holding: 0.5)
        stage.advance(to: 0.5)
        #expect(abs(button.animationView.currentProgress - 0.2) < 1e-6, "0.4 s into 0 → 0.5 (1 s)")
        stage.advance(to: lift + 0.5)
        #expect(performed == 1 && abs(button.animationView.currentProgress - 0.75) < 1e-6, "0.5 s into 0.5 → 1")
    }
}
