import Foundation

/// Interpolates one property between two values (timing-model.md 5).
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any? { didSet { from = AnimatableValue(bridging: fromValue) } }
    open var toValue: Any? { didSet { to = AnimatableValue(bridging: toValue) } }
    open var byValue: Any? { didSet { by = AnimatableValue(bridging: byValue) } }

    // Bridged values; nil when the value's type cannot be animated.
    private(set) var from: AnimatableValue? = AnimatableValue.none
    private(set) var to: AnimatableValue? = AnimatableValue.none
    private(set) var by: AnimatableValue? = AnimatableValue.none

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CABasicAnimation {
            fromValue = o.fromValue
            toValue = o.toValue
            byValue = o.byValue
            // Observers do not run inside initialisers: copy the bridged values too.
            from = o.from
            to = o.to
            by = o.by
        }
    }

    override func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        case "keyPath": return keyPath
        default: return super.propertyValue(forKey: key)
        }
    }

    /// The end points for underlying value `u` and model value `m` (timing-model.md 5.1), or nil
    /// when the animation has no effect.
    package func endpoints(underlying u: AnimatableValue, model m: AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
        guard let from, let to, let by else { return nil }
        switch (from.isNone, to.isNone, by.isNone) {
        case (false, false, _): return (from, to)
        case (false, true, false): return (from, ValueMath.add(from, by))
        case (true, false, false): return (ValueMath.subtract(to, by), to)
        case (false, true, true): return (from, m)
        case (true, false, true): return (u, to)
        case (true, true, false): return (u, ValueMath.add(u, by))
        case (true, true, true): return nil
        }
    }

    /// The interpolation fraction for a progress; springs override this (timing-model.md 8.1).
    func interpolationFraction(progress p: Double) -> Double { p }

    override func apply(to state: inout LayerState, model: LayerState, parentTime: Double) {
        guard let kp = parsedKeyPath, let v = animatedValue(state: state, model: model, parentTime: parentTime) else { return }
        state.setValue(v, at: kp)
    }

    @_spi(FlipbookUIKit) open override func animatedValue(state: LayerState, model: LayerState, parentTime: Double) -> AnimatableValue? {
        guard let kp = parsedKeyPath else { return nil }
        let s = timingState(at: parentTime)
        guard s.applied else { return nil }
        let u = state.value(at: kp)
        guard let (a, b) = endpoints(underlying: u, model: model.value(at: kp)) else { return nil }
        let f = interpolationFraction(progress: progress(s))
        let v = f == 0 ? a : f == 1 ? b : ValueMath.interpolate(a, b, f)
        return finish(v, accumulate: autoreverses ? a : b, cycle: s.cycleIndex, underlying: u)
    }
}
