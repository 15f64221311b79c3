import FlipbookCore
import FlipbookUIKit
import Foundation

/// A timing curve: a name or four control points.
public enum TimingSpec: Sendable, Equatable {
    case named(CAMediaTimingFunctionName)
    case points(Float, Float, Float, Float)

    var function: CAMediaTimingFunction {
        switch self {
        case .named(let n): return CAMediaTimingFunction(name: n)
        case .points(let a, let b, let c, let d): return CAMediaTimingFunction(controlPoints: a, b, c, d)
        }
    }
}

/// An animation template.
public struct AnimationSpec: Sendable {
    public enum Kind: String, Sendable { case basic, keyframe, group, spring }
    public var name: String
    public var kind: Kind
    public var keyPath: String?
    public var duration: Double?
    public var beginTime: Double?
    public var timeOffset: Double?
    public var speed: Double?
    public var repeatCount: Double?
    public var repeatDuration: Double?
    public var autoreverses: Bool?
    public var fillMode: CAMediaTimingFillMode?
    public var removedOnCompletion: Bool?
    public var timingFunction: TimingSpec?
    public var additive: Bool?
    public var cumulative: Bool?
    public var valueFunction: CAValueFunctionName?
    // basic / spring
    public var from: AnimatableValue?
    public var to: AnimatableValue?
    public var by: AnimatableValue?
    // keyframe
    public var values: [AnimatableValue]?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingSpec]?
    public var calculationMode: CAAnimationCalculationMode?
    public var path: [PathElement]?
    public var rotationMode: CAAnimationRotationMode?
    public var tension: [Double]?
    public var continuity: [Double]?
    public var bias: [Double]?
    // group
    public var children: [AnimationSpec] = []
    // spring
    public var mass: Double?
    public var stiffness: Double?
    public var damping: Double?
    public var initialVelocity: Double?
    public var allowsOverdamping: Bool?
    public var perceptualDuration: Double?
    public var bounce: Double?
    /// `duration: settling` on a spring.
    public var durationIsSettling = false

    /// Layer classes the animated key paths need (`shape` for strokeEnd).
    var requiredLayerClasses: [(keyPath: String, layerClass: LayerPropertyDescriptor.LayerClass)] {
        var out: [(String, LayerPropertyDescriptor.LayerClass)] = []
        if let kp = keyPath, let parsed = LayerKeyPath(kp), parsed.property.layerClass != .base {
            out.append((kp, parsed.property.layerClass))
        }
        for c in children { out += c.requiredLayerClasses }
        return out
    }

    /// Active duration in seconds (AD / |speed|) with Core Animation's defaults, for loop checks.
    var activeSeconds: Double {
        let d = (duration ?? 0) > 0 ? duration! : 0.25
        let cycle = d * ((autoreverses ?? false) ? 2 : 1)
        let rc = repeatCount ?? 0, rd = repeatDuration ?? 0
        let ad: Double = rd > 0 && rc > 0 ? min(rc * cycle, rd) : rd > 0 ? rd : rc > 0 ? rc * cycle : cycle
        let s = abs(speed ?? 1)
        return s == 0 ? .infinity : ad / s
    }
}
