import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// lottie-ios's playback modes and the layer settings around them
/// (LottieAnimationLayer+PlaybackMode.swift). The composition is 10 fps, frames 0…20, with
/// markers intro (2, 4 frames), middle (10, 2) and outro (14, 6).
@Suite("Lottie playback modes")
struct LottiePlaybackModeTests {
    @Test("setPlaybackMode(.playing(...)) plays as the play method of the same arguments, and currentPlaybackMode says so")
    func playing() throws {
        let (stage, layer, calls) = try LottieMarkerTests.playing()
        layer.setPlaybackMode(.playing(.fromFrame(0, toFrame: 10, loopMode: .playOnce))) {
            calls.completions.append(($0, stage.currentTime))
        }
        #expect(layer.currentPlaybackMode == .playing(.fromFrame(0, toFrame: 10, loopMode: .playOnce)))
        #expect(abs(LottiePlaybackTests.frame(layer, at: 0.5, stage) - 5) < 1e-6)
        stage.advance(to: 2)
        #expect(layer.currentFrame == 10 && calls.completions.count == 1 && calls.completions[0].0)
        // A play that ends leaves the mode as it was applied, as lottie-ios does.
        #expect(layer.currentPlaybackMode == .playing(.fromFrame(0, toFrame: 10, loopMode: .playOnce)))
        layer.play(.toMarker("outro", loopMode: .playOnce))
        #expect(layer.currentPlaybackMode == .playing(.fromMarker(nil, toMarker: "outro", loopMode: .playOnce)))
        stage.advance(to: 3)
        #expect(layer.currentFrame == 14, "from the frame shown (10) to outro's frame (14) in 0.4 s")
        layer.play(.marker("intro", loopMode: .playOnce))
        stage.advance(to: 4)
        #expect(layer.currentFrame == 6 && layer.currentPlaybackMode == .playing(.marker("intro", loopMode: .playOnce)))
        layer.play(.fromProgress(0.5, toProgress: 1, loopMode: .playOnce))
        #expect(layer.currentPlaybackMode == .playing(.fromProgress(0.5, toProgress: 1, loopMode: .playOnce)))
    }

    @Test("pause(at:) pauses where it says: a progress, frame, time, either end of a marker, or where it is")
    func pausedAt() throws {
        let (stage, layer, calls) = try LottieMarkerTests.playing()
        let expected: [(LottiePlaybackMode.PausedState, Double)] = [
            (.progress(0.25), 5), (.frame(7), 7), (.time(1.5), 15), (.marker("outro"), 14), (.marker("intro", position: .end), 6)
        ]
        for (state, frame) in expected {
            layer.setPlaybackMode(.paused(at: state))
            #expect(layer.currentFrame == frame && !layer.isAnimationPlaying, "\(state): \(layer.currentFrame)")
            #expect(layer.currentPlaybackMode == .paused(at: state))
        }
        layer.pause(at: .marker("none"))
        #expect(
            layer.currentFrame == 6 && layer.currentPlaybackMode == .paused(at: .marker("intro", position: .end)),
            "a missing marker changes nothing")
        layer.play(fromFrame: 0, toFrame: 20) { calls.completions.append(($0, stage.currentTime)) }
        stage.advance(to: 1)
        layer.setPlaybackMode(.paused)
        stage.advance(to: 2)
        #expect(layer.currentFrame == 10 && !layer.isAnimationPlaying && layer.currentPlaybackMode == .paused(at: .currentFrame))
        #expect(calls.completions.count == 1 && !calls.completions[0].0, "the interrupted play completes with false")
    }

    @Test("seeks report a paused mode of their own kind; pause() is paused at the current frame")
    func seeks() throws {
        let (_, layer, _) = try LottieMarkerTests.playing()
        #expect(layer.currentPlaybackMode == nil, "nothing applied yet")
        layer.currentProgress = 0.5
        #expect(layer.currentPlaybackMode == .paused(at: .progress(0.5)))
        layer.currentTime = 1
        #expect(layer.currentPlaybackMode == .paused(at: .time(1)))
        layer.currentFrame = 3
        #expect(layer.currentPlaybackMode == .paused(at: .frame(3)))
        layer.pause()
        #expect(layer.currentPlaybackMode == .paused(at: .currentFrame) && layer.currentFrame == 3)
    }

    @Test("the deprecated spellings apply as the modes they were renamed to")
    @available(*, deprecated, message: "uses lottie-ios's deprecated playback modes on purpose")
    func deprecatedModes() throws {
        let (stage, layer, _) = try LottieMarkerTests.playing()
        layer.setPlaybackMode(.frame(4))
        #expect(layer.currentFrame == 4 && layer.currentPlaybackMode == .paused(at: .frame(4)))
        layer.setPlaybackMode(.fromFrame(nil, toFrame: 8, loopMode: .playOnce))
        #expect(layer.currentPlaybackMode == .playing(.fromFrame(nil, toFrame: 8, loopMode: .playOnce)))
        stage.advance(to: 1)
        #expect(layer.currentFrame == 8)
        layer.setPlaybackMode(.progress(0.1))
        #expect(layer.currentFrame == 2)
    }

    @Test("the view forwards the modes, and animationLoaded hears of each animation loaded, with the view")
    func view() throws {
        let view = LottieAnimationView(animation: try LottieMarkerTests.animation())
        var loaded: [(ObjectIdentifier, Double)] = []
        view.animationLoaded = { view, animation in loaded.append((ObjectIdentifier(view), animation.endFrame)) }
        #expect(loaded.count == 1 && loaded[0].0 == ObjectIdentifier(view) && loaded[0].1 == 20, "at once: it has one")
        view.animation = try LottieMarkerTests.animation()
        #expect(loaded.count == 2)
        view.setPlaybackMode(.paused(at: .frame(9)))
        #expect(view.currentFrame == 9 && view.currentPlaybackMode == .paused(at: .frame(9)))
        #expect(view.currentRenderingEngine == .coreAnimation && LottieAnimationView(frame: .zero).currentRenderingEngine == nil)
    }

    @Test("removeValueProvider(for:) brings back the file's own values, at the frame shown")
    func removeProvider() throws {
        let layer = try LottieAnimationLayer(animation: ValueProviderTests.box)
        let keypath = AnimationKeypath(keypath: "**.Fill 1.Color")
        layer.setValueProvider(ColorValueProvider(.green), keypath: keypath)
        layer.currentFrame = 7
        #expect(ValueProviderTests.pixel(try LottieMappingTests.draw(layer), 50, 50) == [0, 255, 0, 255])
        layer.removeValueProvider(for: AnimationKeypath(keypath: "Box.**"))
        #expect(
            ValueProviderTests.pixel(try LottieMappingTests.draw(layer), 50, 50) == [0, 255, 0, 255], "Box.** does not find **.Fill 1.Color"
        )
        layer.removeValueProvider(for: keypath)
        #expect(ValueProviderTests.pixel(try LottieMappingTests.draw(layer), 50, 50) == [255, 0, 0, 255], "the file's red again")
        #expect(layer.currentFrame == 7)
    }

    @Test("maskAnimationToBounds false lets what reaches past the composition show; respectAnimationFrameRate is reported unsupported")
    func bounds() throws {
        // A 40 × 40 square at (80, 80) in a 100 × 100 composition, drawn in a 200 × 200 stage
        // with the layer in its top-left 100 × 100 points: half the square lies outside.
        let square = #"{"ty":"rc","p":{"a":0,"k":[100,100]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}"#
        let layers = #"[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(square),\#(fill)]}]"#
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation(layers))
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        stage.rootLayer.addSublayer(layer)
        func alpha(_ x: Int, _ y: Int) throws -> Int {
            stage.advance(to: stage.currentTime + 0.01)
            let p = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
            return ValueProviderTests.pixel(p, x, y)[3]
        }
        #expect(try alpha(90, 90) == 255 && alpha(110, 110) == 0, "cut off at the composition's edge")
        layer.maskAnimationToBounds = false
        #expect(try alpha(110, 110) == 255, "shown past it")
        #expect(!layer.warnings.contains { $0.contains("respectAnimationFrameRate") })
        layer.respectAnimationFrameRate = true
        #expect(layer.warnings.contains { $0.contains("respectAnimationFrameRate") })
    }

    @Test("reloadImages() asks the image provider again and draws what it gives now, at the frame shown")
    func reloadImages() throws {
        /// Red squares until told to give nothing.
        final class Switchable: AnimationImageProvider {
            nonisolated(unsafe) var gives = true
            nonisolated(unsafe) var asked = 0
            func imageForAsset(asset _: ImageAsset) -> CGImage? {
                asked += 1
                return gives ? LayerImage(width: 1, height: 1, rgba: [255, 0, 0, 255]) : nil
            }
        }
        let provider = Switchable()
        let layer = try LottieAnimationLayer(
            animation: try LottieAnimation.load(data: Data(LottieContentProviderTests.imageAnimation.utf8)))
        layer.imageProvider = provider
        layer.currentFrame = 4
        #expect(LottieContentProviderTests.alpha(try LottieMappingTests.draw(layer), 50, 25) == 255)
        provider.gives = false
        let before = provider.asked
        #expect(LottieContentProviderTests.alpha(try LottieMappingTests.draw(layer), 50, 25) == 255, "not asked again by itself")
        layer.reloadImages()
        #expect(provider.asked > before && layer.currentFrame == 4)
        #expect(LottieContentProviderTests.alpha(try LottieMappingTests.draw(layer), 50, 25) == 0, "the provider's nil: nothing")
    }
}
