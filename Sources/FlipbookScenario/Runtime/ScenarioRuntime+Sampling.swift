import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation

extension ScenarioRuntime {
    /// The value `inspect --sample` and `compare --plot` read for `LAYER.KEYPATH` now: a `lottie`
    /// layer's playback or a property by lottie-ios keypath (`lottieValue`), a scroll
    /// view's `contentInset` (`.top`, `.left`, `.bottom`, `.right`) from the view, its
    /// `contentOffset` as its layer's `bounds.origin`, else the layer's value, the animation's
    /// own (unwrapped angles) while one animation drives the key path. Whether the value came
    /// from an animation is said with it. nil: no such layer or key path.
    public func sampledValue(_ plot: String) -> (value: Any?, fromAnimation: Bool)? {
        guard let dot = plot.firstIndex(of: "."), let layer = layers[String(plot[..<dot])] else { return nil }
        let name = String(plot[plot.index(after: dot)...])
        if let lottie = layer as? LottieAnimationLayer, let value = Self.lottieValue(name, of: lottie, at: stage.currentTime) {
            // The playback is read from the playing animation's clock; a property from the file.
            return (value, lottie.isAnimationPlaying && Self.playback(name, of: lottie, at: stage.currentTime) != nil)
        }
        if name == "contentInset" || name.hasPrefix("contentInset.") {
            guard let scroll = views[String(plot[..<dot])] as? UIScrollView else { return nil }
            let inset = scroll.contentInset
            switch name.dropFirst("contentInset".count) {
            case ".top": return (inset.top, false)
            case ".left": return (inset.left, false)
            case ".bottom": return (inset.bottom, false)
            case ".right": return (inset.right, false)
            default: return nil
            }
        }
        let keyPath = LayerKeyPath.layerName(for: name)
        guard LayerKeyPath(keyPath) != nil else { return nil }
        if let animated = layer.animatedValue(forKeyPath: keyPath) { return (animated, true) }
        return (layer.presentation()?.value(forKeyPath: keyPath), false)
    }

    /// `sampledValue` at stage time `time` with the animations attached now, for the layer
    /// key paths it takes (nil for a scroll view's insets, which only the present has).
    public func sampledValue(_ plot: String, atTime time: Double) -> Any? {
        guard let dot = plot.firstIndex(of: "."), let layer = layers[String(plot[..<dot])] else { return nil }
        let name = String(plot[plot.index(after: dot)...])
        if let lottie = layer as? LottieAnimationLayer, let value = Self.lottieValue(name, of: lottie, at: time) { return value }
        if name == "contentInset" || name.hasPrefix("contentInset.") { return nil }
        let keyPath = LayerKeyPath.layerName(for: name)
        guard LayerKeyPath(keyPath) != nil else { return nil }
        return layer.presentedValue(forKeyPath: keyPath, atTime: time)
    }

    /// What a `lottie` layer shows at stage time `time` for `name`: its playback (`currentProgress`,
    /// `currentFrame`), else the property a lottie-ios keypath finds in it (`**.Ellipse 1.Position`,
    /// `Shape Layer 1.Transform.Rotation`) at the frame shown then, colours as `CGColor`.
    static func lottieValue(_ name: String, of layer: LottieAnimationLayer, at time: Double) -> Any? {
        if let playback = playback(name, of: layer, at: time) { return playback }
        guard layer.animation != nil else { return nil }
        let value = layer.getValue(for: AnimationKeypath(keypath: name), atFrame: CGFloat(layer.frame(atStageTime: time)))
        if let color = value as? LottieColor { return CGColor(red: color.r, green: color.g, blue: color.b, alpha: color.a) }
        return value
    }

    /// A `lottie` layer's `currentProgress` (0…1) or `currentFrame` at stage time `time`, as
    /// lottie-ios's `realtimeAnimationProgress` and `realtimeAnimationFrame` read them while it
    /// plays; nil for other names.
    static func playback(_ name: String, of layer: LottieAnimationLayer, at time: Double) -> Double? {
        guard name == "currentProgress" || name == "currentFrame", let animation = layer.animation else { return nil }
        let frame = layer.frame(atStageTime: time)
        return name == "currentFrame" ? frame : animation.progress(atFrame: frame)
    }
}
