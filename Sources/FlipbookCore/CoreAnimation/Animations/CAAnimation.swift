import Foundation

/// Receives an animation's start and stop (timing-model.md 3.2). Both methods are optional.
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Something a layer runs when one of its properties changes (timing-model.md 10.2).
public protocol CAAction: AnyObject {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// `NSNull` ends the action search with no action.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The abstract base of all animations.
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// The pacing of each iteration; nil means linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Retained, as Core Animation retains it.
    open var delegate: (any CAAnimationDelegate)?
    /// Detach the animation when its active duration has passed (default true).
    open var isRemovedOnCompletion = true

    private var userValues: [String: Any] = [:]

    public override init() { super.init() }

    /// Copies every property; subclasses extend this to copy their own.
    public required init(copying other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        userValues = other.userValues
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { type(of: self).init(copying: self) }

    /// Stores an arbitrary value, as KVC on an animation does in Core Animation.
    open func setValue(_ value: Any?, forKey key: String) {
        if let setter = propertySetter(forKey: key) {
            setter(value)
            return
        }
        userValues[key] = value
    }

    open func value(forKey key: String) -> Any? {
        if let v = propertyValue(forKey: key) { return v }
        return userValues[key]
    }

    /// Built-in properties reachable by KVC (subclasses add their own).
    func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "duration": return duration
        case "beginTime": return beginTime
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "autoreverses": return autoreverses
        case "removedOnCompletion": return isRemovedOnCompletion
        default: return nil
        }
    }

    func propertySetter(forKey key: String) -> ((Any?) -> Void)? {
        func number(_ v: Any?) -> Double? { AnimatableValue(bridging: v)?.number }
        switch key {
        case "duration": return { [unowned self] in if let n = number($0) { duration = n } }
        case "beginTime": return { [unowned self] in if let n = number($0) { beginTime = n } }
        case "speed": return { [unowned self] in if let n = number($0) { speed = Float(n) } }
        case "timeOffset": return { [unowned self] in if let n = number($0) { timeOffset = n } }
        case "repeatCount": return { [unowned self] in if let n = number($0) { repeatCount = Float(n) } }
        case "autoreverses": return { [unowned self] in if let n = number($0) { autoreverses = n != 0 } }
        case "removedOnCompletion": return { [unowned self] in if let n = number($0) { isRemovedOnCompletion = n != 0 } }
        default: return nil
        }
    }

    /// Default values of properties, as in Core Animation (nil for unknown keys).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": return Float(1)
        case "removedOnCompletion": return true
        default: return nil
        }
    }

    /// Running an animation as an action adds it to the layer under the event's key.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    // MARK: - Engine hooks

    /// Whether begin time, speed, offset and repeat values are usable numbers (durations that
    /// are not become the default duration instead).
    var hasFiniteTiming: Bool {
        guard beginTime.isFinite, timeOffset.isFinite, speed.isFinite, !repeatCount.isNaN, !repeatDuration.isNaN,
            repeatCount >= 0, repeatDuration >= 0
        else { return false }
        return true
    }

    /// Gives a zero duration the transaction's duration (groups recurse, timing-model.md 1.7).
    func resolveDurations(default defaultDuration: Double) {
        if !(duration > 0) || !duration.isFinite { duration = defaultDuration }
    }

    /// Writes this animation's contribution at `parentTime` into `state` (timing-model.md 3.3).
    func apply(to state: inout LayerState, model: LayerState, parentTime: Double) {}

    /// Timing state at a parent time, with the duration already resolved.
    func timingState(at parentTime: Double) -> TimingState {
        timingParameters.evaluate(parentTime: parentTime)
    }

    /// `timingFunction(fraction)` (timing-model.md 1.3).
    func progress(_ s: TimingState) -> Double {
        timingFunction?.evaluate(s.fraction) ?? s.fraction
    }

    /// Whether this animation writes the property; used by the completion bookkeeping.
    var animatedKeyPaths: [LayerKeyPath] { [] }
}
