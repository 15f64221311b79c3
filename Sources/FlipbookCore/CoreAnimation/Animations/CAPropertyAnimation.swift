import Foundation

/// Converts interpolated numbers into a transform (timing-model.md 4.4).
public final class CAValueFunction: Sendable, Equatable {
    /// The function's name.
    public let name: CAValueFunctionName

    public init?(name: CAValueFunctionName) { self.name = name }

    public static func == (a: CAValueFunction, b: CAValueFunction) -> Bool { a.name == b.name }

    func apply(_ v: AnimatableValue) -> AnimatableValue {
        let nums: [Double]
        switch v {
        case .number(let n): nums = [n]
        case .array(let xs): nums = xs.compactMap(\.number)
        case .point(let p): nums = [p.x, p.y]
        default: return v
        }
        func n(_ i: Int, _ fallback: Double) -> Double { i < nums.count ? nums[i] : (nums.count == 1 ? nums[0] : fallback) }
        let first = nums.first ?? 0
        switch name {
        case .rotateX: return .transform(CATransform3DMakeRotation(first, 1, 0, 0))
        case .rotateY: return .transform(CATransform3DMakeRotation(first, 0, 1, 0))
        case .rotateZ: return .transform(CATransform3DMakeRotation(first, 0, 0, 1))
        case .scale: return .transform(CATransform3DMakeScale(n(0, 1), n(1, 1), n(2, 1)))
        case .scaleX: return .transform(CATransform3DMakeScale(first, 1, 1))
        case .scaleY: return .transform(CATransform3DMakeScale(1, first, 1))
        case .scaleZ: return .transform(CATransform3DMakeScale(1, 1, first))
        case .translate:
            return .transform(CATransform3DMakeTranslation(n(0, 0), nums.count > 1 ? nums[1] : 0, nums.count > 2 ? nums[2] : 0))
        case .translateX: return .transform(CATransform3DMakeTranslation(first, 0, 0))
        case .translateY: return .transform(CATransform3DMakeTranslation(0, first, 0))
        case .translateZ: return .transform(CATransform3DMakeTranslation(0, 0, first))
        default: return v
        }
    }
}

/// Names of the predefined value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = Self(rawValue: "rotateX"), rotateY = Self(rawValue: "rotateY"), rotateZ = Self(rawValue: "rotateZ")
    public static let scale = Self(rawValue: "scale"), scaleX = Self(rawValue: "scaleX")
    public static let scaleY = Self(rawValue: "scaleY"), scaleZ = Self(rawValue: "scaleZ")
    public static let translate = Self(rawValue: "translate"), translateX = Self(rawValue: "translateX")
    public static let translateY = Self(rawValue: "translateY"), translateZ = Self(rawValue: "translateZ")
}

/// An animation of one layer property named by a key path.
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path, e.g. `position.x` or `transform.rotation.z`.
    open var keyPath: String? { didSet { parsedKeyPath = keyPath.flatMap(LayerKeyPath.init) } }
    /// Add the animated value to the underlying value instead of replacing it (timing-model.md 4.2).
    open var isAdditive = false
    /// Each repeat starts where the previous one ended (timing-model.md 4.3).
    open var isCumulative = false
    /// Turns the interpolated numbers into a transform (timing-model.md 4.4).
    open var valueFunction: CAValueFunction?

    package private(set) var parsedKeyPath: LayerKeyPath?

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
        parsedKeyPath = path.flatMap(LayerKeyPath.init)
    }

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CAPropertyAnimation {
            keyPath = o.keyPath
            parsedKeyPath = o.parsedKeyPath
            isAdditive = o.isAdditive
            isCumulative = o.isCumulative
            valueFunction = o.valueFunction
        }
    }

    override var animatedKeyPaths: [LayerKeyPath] { parsedKeyPath.map { [$0] } ?? [] }

    /// The value this animation gives its key path at `parentTime` over `state` (nil when it
    /// does not apply then): the number itself for sub-paths such as `transform.rotation.z`,
    /// before it is folded into the transform (where angles wrap at π).
    @_spi(FlipbookUIKit) open func animatedValue(state: LayerState, model: LayerState, parentTime: Double) -> AnimatableValue? { nil }

    /// Cumulative, value function and additive steps shared by basic and keyframe animations.
    package func finish(
        _ value: AnimatableValue, accumulate: AnimatableValue?, cycle: Int,
        underlying: AnimatableValue
    ) -> AnimatableValue {
        var v = value
        if isCumulative, let acc = accumulate, cycle != 0 {
            v = ValueMath.add(v, ValueMath.scaled(acc, Double(cycle)))
        }
        if let f = valueFunction { v = f.apply(v) }
        if isAdditive { v = ValueMath.add(v, underlying) }
        return v
    }
}
