import FlipbookCore
import Foundation

extension UIView: NSKeyValueObserving, KeyValueObservable {
    /// A typed key path on a view may go through its gesture recognizers (a scroll view's
    /// `panGestureRecognizer.state`).
    public var observableParts: [any KeyValueObservable] { gestureRecognizers ?? [] }
}
