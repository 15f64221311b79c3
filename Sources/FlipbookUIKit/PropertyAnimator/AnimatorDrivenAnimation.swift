@_spi(FlipbookUIKit) import FlipbookCore
import Foundation

/// A layer animation whose progress comes from a property animator instead of the clock
/// (timing-model.md 11.4). It never ends by itself: the animator removes it when it finishes.
final class AnimatorDrivenAnimation: CABasicAnimation {
    weak var driver: UIViewPropertyAnimator?
    /// The property track it belongs to.
    weak var track: AnimatorTrack?
    /// Layer time minus Stage time when it was added (the animator runs on the Stage clock).
    var layerTimeShift: Double = 0

    override init() { super.init() }

    required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? AnimatorDrivenAnimation {
            driver = o.driver
            track = o.track
            layerTimeShift = o.layerTimeShift
        }
    }

    override func animatedValue(state: LayerState, model: LayerState, parentTime: Double) -> AnimatableValue? {
        guard let kp = parsedKeyPath, let driver, let track else { return nil }
        let p = driver.progress(of: track, at: parentTime - layerTimeShift)
        let u = state.value(at: kp)
        guard let (a, b) = endpoints(underlying: u, model: model.value(at: kp)) else { return nil }
        let v = p == 0 ? a : p == 1 ? b : ValueMath.interpolate(a, b, p)
        return finish(v, accumulate: nil, cycle: 0, underlying: u)
    }
}

/// One property of one layer that an animator moves, with the values it may finish at.
final class AnimatorTrack {
    weak var layer: CALayer?
    let property: LayerProperty
    /// The model before the first block that changed it, and after the last.
    let startModel: AnimatableValue
    var endModel: AnimatableValue
    /// Keys of the layer animations that draw it.
    var keys: [String] = []
    /// Time fraction at which the track starts moving (delay factor, or when it was added).
    let startFraction: Double
    /// Shown progress when the current resume segment began (timing-model.md 11.4).
    var segmentStartProgress: Double = 0

    init(layer: CALayer, property: LayerProperty, startModel: AnimatableValue, endModel: AnimatableValue, startFraction: Double) {
        self.layer = layer
        self.property = property
        self.startModel = startModel
        self.endModel = endModel
        self.startFraction = startFraction
    }
}
