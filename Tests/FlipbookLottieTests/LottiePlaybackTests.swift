import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Playing as lottie-ios plays (LottieAnimationLayer+Playback.swift): ranges, loop modes and
/// completions, on the Stage's clock. The composition is 10 fps, frames 0…20.
@Suite("Lottie playback")
struct LottiePlaybackTests {
    final class Calls { var completions: [(Bool, Double)] = [] }

    static func playing() throws -> (Stage, LottieAnimationLayer, Calls) {
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(LottieMappingTests.null("{}"))]"))
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        return (stage, layer, Calls())
    }

    static func frame(_ layer: LottieAnimationLayer, at time: Double, _ stage: Stage) -> Double {
        stage.advance(to: time)
        return layer.currentFrame
    }

    @Test("play() runs to the last frame, stops there and completes once with true")
    func playOnce() throws {
        let (stage, layer, calls) = try Self.playing()
        layer.play { calls.completions.append(($0, stage.currentTime)) }
        #expect(layer.isAnimationPlaying && abs(Self.frame(layer, at: 1, stage) - 10) < 1e-6)
        stage.advance(to: 3)
        #expect(!layer.isAnimationPlaying && layer.currentFrame == 20)
        #expect(calls.completions.count == 1 && calls.completions[0].0 && abs(calls.completions[0].1 - 2) < 1e-9)
    }

    @Test(
        "loop, autoReverse, repeat and repeatBackwards run the range as lottie-ios's loop modes do",
        arguments: [
            (LottieLoopMode.loop, [(0.5, 5.0), (1.5, 5.0), (2.25, 2.5)], nil as Double?),
            (.autoReverse, [(0.5, 5.0), (1.25, 7.5), (2.5, 5.0)], nil),
            (.repeat(2), [(1.5, 5.0)], 2.0),
            (.repeat(1.5), [(1.25, 2.5)], 1.5),
            (.repeatBackwards(1), [(0.5, 5.0), (1.5, 5.0)], 2.0)
        ])
    func loopModes(_ mode: LottieLoopMode, _ expected: [(Double, Double)], _ completesAt: Double?) throws {
        let (stage, layer, calls) = try Self.playing()
        layer.play(fromFrame: 0, toFrame: 10, loopMode: mode) { calls.completions.append(($0, stage.currentTime)) }
        for (time, frame) in expected {
            let shown = Self.frame(layer, at: time, stage)
            #expect(abs(shown - frame) < 1e-6, "\(mode) at \(time) s: frame \(shown)")
        }
        stage.advance(to: 10)
        if let completesAt {
            #expect(
                calls.completions.count == 1 && calls.completions.first?.0 == true
                    && abs((calls.completions.first?.1 ?? 0) - completesAt) < 1e-9)
            #expect(!layer.isAnimationPlaying)
        } else {
            #expect(calls.completions.isEmpty && layer.isAnimationPlaying)
        }
    }

    @Test("a progress range later to earlier plays backwards")
    func backwards() throws {
        let (stage, layer, calls) = try Self.playing()
        layer.play(fromProgress: 1, toProgress: 0.5) { calls.completions.append(($0, stage.currentTime)) }
        #expect(abs(Self.frame(layer, at: 0.5, stage) - 15) < 1e-6)
        stage.advance(to: 2)
        #expect(layer.currentFrame == 10 && calls.completions.count == 1)
    }

    @Test("pause, a seek or another play ends the play in progress with completion(false)")
    func interrupted() throws {
        let (stage, layer, calls) = try Self.playing()
        layer.play(fromFrame: 0, toFrame: 20) { calls.completions.append(($0, stage.currentTime)) }
        stage.advance(to: 0.5)
        layer.pause()
        #expect(calls.completions.count == 1 && calls.completions[0].0 == false)
        #expect(abs(layer.currentFrame - 5) < 1e-6 && !layer.isAnimationPlaying)
        layer.play(toFrame: 20) { calls.completions.append(($0, stage.currentTime)) }
        layer.currentProgress = 0
        #expect(calls.completions.count == 2 && calls.completions[1].0 == false)
        stage.advance(to: 5)
        #expect(calls.completions.count == 2, "an interrupted play's end does nothing")
    }
}
