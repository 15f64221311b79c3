import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Markers with lottie-ios's names (LottieAnimation+Markers.swift): looked up by name, and played
/// from one to another, through one, and one after another. 10 fps, frames 0…20.
@Suite("Lottie markers")
struct LottieMarkerTests {
    static func animation() throws -> LottieAnimation {
        let markers =
            #"[{"cm":"intro","tm":2,"dr":4},{"cm":"middle","tm":8,"dr":6},{"cm":"outro","tm":14,"dr":6},{"cm":"middle","tm":10,"dr":2}]"#
        let json = #"{"v":"5.7","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[\#(LottieMappingTests.null("{}"))],"markers":\#(markers)}"#
        return try LottieAnimation.load(data: Data(json.utf8))
    }

    static func playing() throws -> (Stage, LottieAnimationLayer, LottiePlaybackTests.Calls) {
        let layer = try LottieAnimationLayer(animation: try animation())
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        return (stage, layer, LottiePlaybackTests.Calls())
    }

    @Test("names, frames, durations and progress; a name given twice means its last marker")
    func lookUp() throws {
        let a = try Self.animation()
        #expect(a.markerNames == ["intro", "middle", "outro", "middle"])
        #expect(a.frameTime(forMarker: "intro") == 2 && a.durationFrameTime(forMarker: "intro") == 4)
        #expect(a.frameTime(forMarker: "middle") == 10 && a.durationFrameTime(forMarker: "middle") == 2)
        #expect(a.progressTime(forMarker: "outro") == 0.7)
        #expect(a.frameTime(forMarker: "none") == nil && a.progressTime(forMarker: "none") == nil)
    }

    @Test("play(fromMarker:toMarker:) runs from one marker's frame to the other's, a frame short without the end frame")
    func fromMarkerToMarker() throws {
        let (stage, layer, calls) = try Self.playing()
        layer.play(fromMarker: "intro", toMarker: "outro") { calls.completions.append(($0, stage.currentTime)) }
        #expect(abs(LottiePlaybackTests.frame(layer, at: 0.5, stage) - 7) < 1e-6, "frame 2 + 5 after 0.5 s")
        stage.advance(to: 3)
        #expect(layer.currentFrame == 14 && calls.completions.count == 1 && calls.completions[0].0)
        #expect(abs(calls.completions[0].1 - 1.2) < 1e-9, "12 frames at 10 fps")
        let (stage2, layer2, _) = try Self.playing()
        layer2.play(fromMarker: "intro", toMarker: "outro", playEndMarkerFrame: false)
        stage2.advance(to: 3)
        #expect(layer2.currentFrame == 13)
    }

    @Test("play(marker:) runs through the marker's duration; a missing marker plays nothing")
    func oneMarker() throws {
        let (stage, layer, calls) = try Self.playing()
        layer.play(marker: "intro") { calls.completions.append(($0, stage.currentTime)) }
        stage.advance(to: 2)
        #expect(layer.currentFrame == 6 && calls.completions.count == 1 && abs(calls.completions[0].1 - 0.4) < 1e-9)
        layer.play(marker: "none")
        #expect(!layer.isAnimationPlaying && layer.currentFrame == 6)
    }

    @Test("play(markers:) plays each in turn, skipping missing ones, and completes once at the end")
    func markerSequence() throws {
        let (stage, layer, calls) = try Self.playing()
        layer.play(markers: ["intro", "none", "outro"]) { calls.completions.append(($0, stage.currentTime)) }
        #expect(abs(LottiePlaybackTests.frame(layer, at: 0.2, stage) - 4) < 1e-6, "in intro")
        #expect(abs(LottiePlaybackTests.frame(layer, at: 0.6, stage) - 16) < 1e-6, "0.2 s into outro, from frame 14")
        stage.advance(to: 3)
        #expect(layer.currentFrame == 20 && calls.completions.count == 1 && calls.completions[0].0)
        #expect(abs(calls.completions[0].1 - 1.0) < 1e-9, "0.4 s of intro, then 0.6 s of outro")
    }
}
