import Foundation

/// Transition kinds.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = Self(rawValue: "fade"), moveIn = Self(rawValue: "moveIn")
    public static let push = Self(rawValue: "push"), reveal = Self(rawValue: "reveal")
    /// UIKit's flip (`UIView.transition(… .transitionFlipFrom…)`); not public in Core Animation.
    package static let flip = Self(rawValue: "flip")
}

/// Which side a transition comes from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = Self(rawValue: "fromRight"), fromLeft = Self(rawValue: "fromLeft")
    public static let fromTop = Self(rawValue: "fromTop"), fromBottom = Self(rawValue: "fromBottom")
}

/// The key Core Animation files every transition under, whatever key it was added with.
public let kCATransition = "transition"
public let kCATransitionFade = CATransitionType.fade
public let kCATransitionMoveIn = CATransitionType.moveIn
public let kCATransitionPush = CATransitionType.push
public let kCATransitionReveal = CATransitionType.reveal
public let kCATransitionFromRight = CATransitionSubtype.fromRight
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
public let kCATransitionFromTop = CATransitionSubtype.fromTop
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

/// Animates from a layer's picture when the transition is added to its picture now
/// (timing-model.md 7).
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    /// Progress at the start and end of the animation, 0…1.
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    /// The layer as it looked when the transition was added (set on the layer's copy).
    package var picture: LayerSnapshot?

    public override init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CATransition {
            type = o.type
            subtype = o.subtype
            startProgress = o.startProgress
            endProgress = o.endProgress
            picture = o.picture
        }
    }

    /// The transition's progress at `parentTime` (nil when it does not apply then), 7.2.
    func progress(at parentTime: Double) -> Double? {
        let s = timingState(at: parentTime)
        guard s.applied else { return nil }
        let a = Double(startProgress), b = Double(endProgress)
        let from = a.isFinite ? min(1, max(0, a)) : 0, to = b.isFinite ? min(1, max(0, b)) : 1
        return from + (to - from) * progress(s)
    }
}
