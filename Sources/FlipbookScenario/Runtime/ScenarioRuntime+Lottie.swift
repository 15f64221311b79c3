import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation

extension ScenarioRuntime {
    /// A `lottie` layer: the animation fitted into the layer's bounds, started by
    /// `startLottieLayers` once the tree is on the Stage.
    func makeLottieLayer(_ spec: LayerSpec) -> CALayer {
        let layer = LottieAnimationLayer()
        guard let lottie = spec.lottie else { return layer }
        for (keypath, provider) in lottie.valueProviders { layer.setValueProvider(provider, keypath: keypath) }
        layer.imageContentsGravity = lottie.imageContentsGravity
        if !lottie.texts.isEmpty { layer.textProvider = KeypathTextProvider(lottie.texts) }
        do {
            try layer.load(lottie.animation)
            layer.viewportFrame = lottie.viewport
        } catch {
            // The reader built this animation once already; a failure here is not the file's.
            stage.warn("\(spec.id): the Lottie animation was not shown (\(error))")
            return layer
        }
        lottieLayers.append((layer, lottie))
        return layer
    }

    /// Pauses each `lottie` layer at its `progress`, or plays it from the scene's first instant,
    /// as lottie-ios's `play(fromProgress:toProgress:loopMode:completion:)` does.
    func startLottieLayers() {
        for (layer, spec) in lottieLayers {
            if let frame = spec.pausedFrame {
                layer.currentFrame = frame
            } else if let progress = spec.progress {
                layer.currentProgress = progress
            } else {
                layer.animationSpeed = spec.animationSpeed
                layer.currentProgress = spec.fromProgress
                layer.play(fromProgress: spec.fromProgress, toProgress: spec.toProgress, loopMode: spec.loopMode)
            }
        }
    }
}
