import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// lottie-ios's configuration and run-time names (LottieConfiguration.swift).
@Suite("Lottie configuration and realtime progress")
struct LottieConfigurationTests {
    @Test("realtimeAnimationFrame and realtimeAnimationProgress follow a play on the Stage's clock")
    func realtime() throws {
        let (stage, layer, _) = try LottiePlaybackTests.playing()
        layer.play()
        stage.advance(to: 0.5)
        #expect(abs(layer.realtimeAnimationFrame - 5) < 1e-6 && abs(layer.realtimeAnimationProgress - 0.25) < 1e-6)
        stage.advance(to: 5)
        #expect(layer.realtimeAnimationProgress == 1 && !layer.isAnimationPlaying)
    }

    @Test("asking for the main-thread engine draws with Core Animation's and says so, through rebuilds")
    func renderingEngine() throws {
        let animation = try LottieMappingTests.animation("[\(LottieMappingTests.null("{}"))]")
        let mainThread = LottieAnimationView(animation: animation, configuration: LottieConfiguration(renderingEngine: .mainThread))
        #expect(mainThread.animationLayer.warnings.contains { $0.contains("main-thread") })
        mainThread.setValueProvider(ColorValueProvider(.red), keypath: AnimationKeypath(keypath: "**.Color"))
        #expect(mainThread.animationLayer.warnings.contains { $0.contains("main-thread") }, "kept when the layers are built again")
        let coreAnimation = LottieAnimationView(animation: animation, configuration: LottieConfiguration(renderingEngine: .coreAnimation))
        #expect(coreAnimation.animationLayer.warnings.isEmpty)
        #expect(LottieConfiguration().renderingEngine == .automatic)
    }

    @Test("UIColor.lottieColorValue carries its components")
    func colorValue() {
        let color = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8).lottieColorValue
        #expect(abs(color.r - 0.2) < 1e-9 && abs(color.g - 0.4) < 1e-9 && abs(color.b - 0.6) < 1e-9 && abs(color.a - 0.8) < 1e-9)
    }
}
