import FlipbookCore
import Foundation

extension UIView {
    /// The four standard curves of a property animator.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: return CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: return CAMediaTimingFunction(name: .easeIn)
            case .easeOut: return CAMediaTimingFunction(name: .easeOut)
            case .linear: return CAMediaTimingFunction(name: .linear)
            }
        }
    }
}

/// What kind of curve a timing provider describes.
public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}

/// Timing for a property animator: a cubic curve or a spring.
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve (timing-model.md 11.4).
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The built-in curve, when the parameters were made from one.
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    let isBuiltin: Bool

    /// Ease-in-ease-out.
    public override convenience init() { self.init(animationCurve: .easeInOut) }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let f = curve.timingFunction
        controlPoint1 = CGPoint(x: f.c1x, y: f.c1y)
        controlPoint2 = CGPoint(x: f.c2x, y: f.c2y)
        isBuiltin = true
        super.init()
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        isBuiltin = false
        super.init()
    }

    public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(
            controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
            Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring timing curve (timing-model.md 11.4): by damping ratio (solved to settle within the
/// animator's duration, as `UIView.animate(…usingSpringWithDamping:…)`, 8.4) or by mass,
/// stiffness and damping (the animator then runs for the spring's settling duration).
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    /// Initial velocity in units of the whole change per second; a single-valued curve uses `dx`.
    public let initialVelocity: CGVector
    let dampingRatio: Double?
    let physical: (mass: Double, stiffness: Double, damping: Double)?

    /// A critically damped spring, as UIKit's default.
    public override convenience init() { self.init(dampingRatio: 1) }

    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = Double(ratio)
        physical = nil
        initialVelocity = velocity
        super.init()
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = nil
        physical = (Double(mass), Double(stiffness), Double(damping))
        initialVelocity = velocity
        super.init()
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}

/// A timing provider as the animator evaluates it: progress as a function of the time
/// fraction, and the duration it really runs for.
struct AnimatorCurve {
    private enum Kind {
        case cubic(CAMediaTimingFunction)
        case spring(SpringOscillator, seconds: Double)
    }
    private let kind: Kind
    /// Seconds the curve runs for.
    let duration: Double

    init(_ provider: any UITimingCurveProvider, duration requested: Double) {
        let d = requested.isFinite ? max(0, requested) : 0
        if let spring = provider.springTimingParameters {
            let v = Double(spring.initialVelocity.dx)
            if let p = spring.physical {
                let osc = SpringOscillator(
                    mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: v,
                    allowsOverdamping: true)
                let settle = min(osc.settlingDuration, 60)
                kind = .spring(osc, seconds: settle)
                duration = settle
            } else {
                let solved = UIKitSpring.parameters(duration: d, dampingRatio: spring.dampingRatio ?? 1, velocity: v)
                let osc = SpringOscillator(
                    mass: 1, stiffness: solved.stiffness, damping: solved.damping, initialVelocity: v,
                    allowsOverdamping: false)
                kind = .spring(osc, seconds: d)
                duration = d
            }
        } else {
            kind = .cubic(provider.cubicTimingParameters?.timingFunction ?? CAMediaTimingFunction(name: .easeInEaseOut))
            duration = d
        }
    }

    /// Progress at time fraction `u` in 0…1 (1 exactly at the end: a spring snaps home).
    func progress(_ u: Double) -> Double {
        if u >= 1 { return 1 }
        if u <= 0 { return 0 }
        switch kind {
        case .cubic(let f): return f.evaluate(u)
        case .spring(let osc, let seconds): return osc.position(at: u * seconds)
        }
    }
}
