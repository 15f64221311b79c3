import FlipbookCore
import Foundation

/// A tap, as UIKit's: recognized (`.ended`) when a finger that has not moved lifts, on the
/// tap that makes `numberOfTapsRequired` (taps within 0.35 s of each other count together).
/// Taps come from `Stage.tap` and touch scripts' `tap` steps.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1

    /// Whether a lift after `held` seconds, on tap number `tapCount`, is this tap (a single-tap
    /// recognizer takes every tap of a run, as on iOS without `require(toFail:)`).
    func recognizes(tapCount: Int, held: Double) -> Bool {
        numberOfTouchesRequired == 1 && (numberOfTapsRequired == 1 || tapCount == numberOfTapsRequired)
            && held < UILongPressGestureRecognizer.defaultMinimumPressDuration
    }
}

/// A long press, as UIKit's: began once a finger has been down `minimumPressDuration`
/// seconds without moving, ended when it lifts.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// iOS's default: half a second.
    static let defaultMinimumPressDuration = 0.5

    open var minimumPressDuration: TimeInterval = UILongPressGestureRecognizer.defaultMinimumPressDuration
    open var numberOfTapsRequired = 0
    open var numberOfTouchesRequired = 1
    open var allowableMovement: CGFloat = 10
}
