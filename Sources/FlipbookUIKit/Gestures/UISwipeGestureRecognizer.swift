import FlipbookCore
import Foundation

/// A swipe, as UIKit's: recognized (`.ended`, a discrete gesture) when `numberOfTouchesRequired`
/// fingers travel 50 pt along one of its `direction`s within 0.5 s of touching down, straying
/// from that line by at most half as far (timing-model.md 13.11; the figures are [proj]: UIKit
/// does not document them). Moving 15 pt another way first, or too slowly, fails it.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may go (UIKit's raw values).
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// Right by default, as on iOS.
    open var direction: Direction = .right
    open var numberOfTouchesRequired = 1

    static let minimumDistance: CGFloat = 50
    static let maximumDuration = 0.5
    static let wrongWayDistance: CGFloat = 15

    private var downTime = 0.0
    private var downCentroid = CGPoint.zero

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled }
        if down.count == touches.count {
            downTime = touches.map(\.timestamp).min() ?? 0
        }
        downCentroid = touchCentroid ?? .zero
        if down.count > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let centroid = touchCentroid else { return }
        let d = CGPoint(x: centroid.x - downCentroid.x, y: centroid.y - downCentroid.y)
        let time = touches.map(\.timestamp).max() ?? downTime
        let ways: [(Direction, along: CGFloat, across: CGFloat)] = [
            (.right, d.x, d.y), (.left, -d.x, d.y), (.down, d.y, d.x), (.up, -d.y, d.x)
        ]
        let fingers = trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled }.count
        for (way, along, across) in ways where along >= abs(across) * 2 {
            if direction.contains(way), along >= Self.minimumDistance, fingers == numberOfTouchesRequired {
                state = time - downTime <= Self.maximumDuration ? .ended : .failed
                return
            }
            if !direction.contains(way), along >= Self.wrongWayDistance {
                state = .failed
                return
            }
        }
        if time - downTime > Self.maximumDuration { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }
}

/// Swift 3's name of the direction type.
public typealias UISwipeGestureRecognizerDirection = UISwipeGestureRecognizer.Direction
