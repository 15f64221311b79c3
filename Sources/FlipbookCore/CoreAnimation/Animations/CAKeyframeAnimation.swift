import Foundation

/// How keyframe values are joined (timing-model.md 6.4).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear")
    public static let discrete = Self(rawValue: "discrete")
    public static let paced = Self(rawValue: "paced")
    public static let cubic = Self(rawValue: "cubic")
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Whether a path animation turns the layer along the path (timing-model.md 6.5).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = Self(rawValue: "auto")
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// Animates a property through a list of values or along a path (timing-model.md 6).
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]? { didSet { bridgedValues = Self.bridge(values) } }
    /// For point properties; overrides `values` when set.
    open var path: CGPath?
    open var keyTimes: [NSNumber]? { didSet { keyTimeValues = keyTimes?.map(\.doubleValue) } }
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    private(set) var bridgedValues: [AnimatableValue]? = nil
    /// `keyTimes` as Doubles, kept in step so evaluation does not convert every frame.
    private(set) var keyTimeValues: [Double]? = nil

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAKeyframeAnimation {
            values = o.values
            bridgedValues = o.bridgedValues
            path = o.path.map { CGPath(elements: $0.elements) }
            keyTimes = o.keyTimes
            keyTimeValues = o.keyTimeValues
            timingFunctions = o.timingFunctions
            calculationMode = o.calculationMode
            tensionValues = o.tensionValues
            continuityValues = o.continuityValues
            biasValues = o.biasValues
            rotationMode = o.rotationMode
        }
    }

    private static func bridge(_ values: [Any]?) -> [AnimatableValue]? {
        guard let values else { return nil }
        var out: [AnimatableValue] = []
        for v in values {
            guard let b = AnimatableValue(bridging: v) else { return nil }
            out.append(b)
        }
        return out
    }

    override func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "values": return values
        case "keyTimes": return keyTimes
        case "keyPath": return keyPath
        default: return super.propertyValue(forKey: key)
        }
    }

    var isPaced: Bool { calculationMode == .paced || calculationMode == .cubicPaced }

    override func apply(to state: inout LayerState, model: LayerState, parentTime: Double) {
        guard let kp = parsedKeyPath else { return }
        let s = timingState(at: parentTime)
        guard s.applied else { return }
        let t = progress(s)
        let u = state.value(at: kp)
        if let path, !path.elements.isEmpty {
            guard let sample = KeyframePath(elements: path.elements, animation: self).sample(at: t) else { return }
            let first = AnimatableValue.point(sample.start), last = AnimatableValue.point(sample.end)
            let v = finish(.point(sample.point), accumulate: autoreverses ? first : last, cycle: s.cycleIndex, underlying: u)
            state.setValue(v, at: kp)
            if let mode = rotationMode {
                let angle = sample.angle + (mode == .rotateAutoReverse ? .pi : 0)
                state.transform = CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 0, 1), state.transform)
            }
            return
        }
        guard let v = valuesValue(progress: t, cycleIndex: s.cycleIndex, underlying: u) else { return }
        state.setValue(v, at: kp)
    }

    /// The value from `values` (not `path`) at progress `t`.
    private func valuesValue(progress t: Double, cycleIndex: Int, underlying u: AnimatableValue) -> AnimatableValue? {
        guard let values = bridgedValues, !values.isEmpty else { return nil }
        let v = KeyframeValues(values: values, animation: self).value(at: t)
        return finish(v, accumulate: autoreverses ? values[0] : values[values.count - 1], cycle: cycleIndex, underlying: u)
    }

    @_spi(FlipbookUIKit) open override func animatedValue(state: LayerState, model: LayerState, parentTime: Double) -> AnimatableValue? {
        guard let kp = parsedKeyPath, path == nil || path!.elements.isEmpty else { return nil }
        let s = timingState(at: parentTime)
        guard s.applied else { return nil }
        return valuesValue(progress: progress(s), cycleIndex: s.cycleIndex, underlying: state.value(at: kp))
    }
}

/// Segment search over key times (timing-model.md 6.2, 6.3).
struct KeyTimeline {
    /// Explicit key times, or nil for `segments` uniform slots.
    var keyTimes: [Double]?
    var segments: Int

    /// Segment index and local fraction for the warped fraction `t`.
    func locate(_ t: Double) -> (index: Int, u: Double) {
        let t = t.isFinite ? t : 0
        guard let kt = keyTimes, kt.count >= 2 else {
            let n = max(1, segments)
            let tc = min(1, max(0, t))
            let i = Int((tc * Double(n)).rounded(.down))
            return (i, min(1, max(0, tc * Double(n) - Double(i))))
        }
        // The segment that starts at the last key time <= t (an exact key time starts the
        // next segment), searching indices 1 ... count - 2.
        var i = kt.count - 2
        var k = 1
        while k <= kt.count - 2 {
            if kt[k] > t {
                i = k - 1
                break
            }
            k += 1
        }
        let span = kt[i + 1] - kt[i], off = t - kt[i]
        let u: Double
        if span == 0 { u = off > 0 ? 1 : 0 } else { u = min(1, max(0, off / span)) }
        return (i, u)
    }

    /// Key time of boundary `j` (extrapolated uniformly outside explicit arrays).
    func time(_ j: Int) -> Double {
        if let kt = keyTimes, kt.count >= 2 {
            if j < 0 { return kt[0] - (kt[1] - kt[0]) * Double(-j) }
            if j >= kt.count {
                let n = kt.count
                return kt[n - 1] + (kt[n - 1] - kt[n - 2]) * Double(j - n + 1)
            }
            return kt[j]
        }
        return Double(j) / Double(max(1, segments))
    }
}

/// Evaluates keyframe `values` (timing-model.md 6.2–6.4).
struct KeyframeValues {
    let values: [AnimatableValue]
    let animation: CAKeyframeAnimation

    var timeline: KeyTimeline {
        let n = values.count
        let mode = animation.calculationMode
        if animation.isPaced && n >= 2 {
            var acc = [0.0]
            for i in 1..<n { acc.append(acc[i - 1] + ValueMath.distance(values[i - 1], values[i])) }
            let total = acc[n - 1]
            if total > 0 { return KeyTimeline(keyTimes: acc.map { $0 / total }, segments: n - 1) }
            return KeyTimeline(keyTimes: nil, segments: n - 1)
        }
        if let kt = animation.keyTimeValues, kt.count >= 2 {
            return KeyTimeline(keyTimes: kt, segments: kt.count - 1)
        }
        return KeyTimeline(keyTimes: nil, segments: mode == .discrete ? n : n - 1)
    }

    func value(at t: Double) -> AnimatableValue {
        let n = values.count
        if n == 1 { return values[0] }
        let tl = timeline
        let (i, u0) = tl.locate(t)
        let mode = animation.calculationMode
        if mode == .discrete { return values[min(i, n - 1)] }
        var u = u0
        if !animation.isPaced, let tfs = animation.timingFunctions, i < tfs.count { u = tfs[i].evaluate(u) }
        let a = values[min(i, n - 1)], b = values[min(i + 1, n - 1)]
        if (mode == .cubic || mode == .cubicPaced) && n > 2 && i < n - 1 {
            return cubic(i, u, tl)
        }
        if u == 0 { return a }
        if u == 1 { return b }
        return ValueMath.interpolate(a, b, u)
    }

    /// Kochanek–Bartels Hermite segment from P_i to P_{i+1}, 1984 sign convention (6.4).
    private func cubic(_ i: Int, _ u: Double, _ tl: KeyTimeline) -> AnimatableValue {
        let n = values.count
        func p(_ j: Int) -> AnimatableValue {
            if j < 0 { return ValueMath.subtract(ValueMath.scaled(values[0], 2), values[1]) }
            if j >= n { return ValueMath.subtract(ValueMath.scaled(values[n - 1], 2), values[n - 2]) }
            return values[j]
        }
        func param(_ arr: [NSNumber]?, _ j: Int) -> Double {
            guard let arr, j >= 0, j < arr.count else { return 0 }
            return arr[j].doubleValue
        }
        func delta(_ j: Int) -> Double {
            let jj = min(max(j, 0), n - 2)
            return tl.time(jj + 1) - tl.time(jj)
        }
        let (t0, c0, b0) = (param(animation.tensionValues, i), param(animation.continuityValues, i), param(animation.biasValues, i))
        let (t1, c1, b1) = (
            param(animation.tensionValues, i + 1), param(animation.continuityValues, i + 1), param(animation.biasValues, i + 1)
        )
        let d0 = ValueMath.subtract(p(i), p(i - 1)), d1 = ValueMath.subtract(p(i + 1), p(i)), d2 = ValueMath.subtract(p(i + 2), p(i + 1))
        var ts = ValueMath.add(
            ValueMath.scaled(d0, (1 - t0) * (1 - c0) * (1 + b0) / 2),
            ValueMath.scaled(d1, (1 - t0) * (1 + c0) * (1 - b0) / 2))
        var td = ValueMath.add(
            ValueMath.scaled(d1, (1 - t1) * (1 + c1) * (1 + b1) / 2),
            ValueMath.scaled(d2, (1 - t1) * (1 - c1) * (1 - b1) / 2))
        let di = delta(i), dPrev = i - 1 >= 0 ? delta(i - 1) : di, dNext = i + 1 <= n - 2 ? delta(i + 1) : di
        if dPrev + di > 0 { ts = ValueMath.scaled(ts, 2 * di / (dPrev + di)) }
        if di + dNext > 0 { td = ValueMath.scaled(td, 2 * di / (di + dNext)) }
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        var v = ValueMath.scaled(p(i), h00)
        v = ValueMath.add(v, ValueMath.scaled(ts, h10))
        v = ValueMath.add(v, ValueMath.scaled(p(i + 1), h01))
        v = ValueMath.add(v, ValueMath.scaled(td, h11))
        return v
    }
}

/// Evaluates a keyframe `path` (timing-model.md 6.5).
struct KeyframePath {
    let segments: [PathGeometry.Segment]
    let animation: CAKeyframeAnimation
    let start: CGPoint

    init(elements: [PathElement], animation: CAKeyframeAnimation) {
        segments = PathGeometry.segments(of: elements)
        self.animation = animation
        if case .moveTo(let p) = elements.first { start = p } else { start = segments.first?.startPoint ?? .zero }
    }

    struct Sample {
        var point: CGPoint
        var angle: Double
        var start: CGPoint
        var end: CGPoint
    }

    func sample(at t: Double) -> Sample? {
        guard !segments.isEmpty else { return nil }
        let end = segments[segments.count - 1].end
        let n = segments.count
        if animation.isPaced {
            let lengths = segments.map { $0.length() }
            let total = lengths.reduce(0, +)
            var s = min(1, max(0, t)) * total
            var i = 0
            while i < n - 1 && s > lengths[i] {
                s -= lengths[i]
                i += 1
            }
            let u = segments[i].parameter(atLength: min(s, lengths[i]), total: lengths[i])
            return Sample(point: segments[i].point(at: u), angle: angle(segments[i], u), start: start, end: end)
        }
        let points = [segments[0].startPoint] + segments.map(\.end)
        var tl = KeyTimeline(keyTimes: nil, segments: animation.calculationMode == .discrete ? n + 1 : n)
        if let kt = animation.keyTimeValues, kt.count >= 2 { tl = KeyTimeline(keyTimes: kt, segments: kt.count - 1) }
        let (i, u0) = tl.locate(t)
        if animation.calculationMode == .discrete {
            let k = min(i, points.count - 1)
            let seg = segments[min(max(k - 1, 0), n - 1)]
            return Sample(point: points[k], angle: angle(seg, k == 0 ? 0 : 1), start: start, end: end)
        }
        var u = u0
        if let tfs = animation.timingFunctions, i < tfs.count { u = tfs[i].evaluate(u) }
        if i >= n {
            return Sample(point: end, angle: angle(segments[n - 1], 1), start: start, end: end)
        }
        return Sample(point: segments[i].point(at: u), angle: angle(segments[i], u), start: start, end: end)
    }

    private func angle(_ seg: PathGeometry.Segment, _ u: Double) -> Double {
        var d = seg.tangent(at: u)
        if abs(d.x) < 1e-7 { d.x = 0 }
        if abs(d.y) < 1e-7 { d.y = 0 }
        return atan2(d.y, d.x)
    }
}
