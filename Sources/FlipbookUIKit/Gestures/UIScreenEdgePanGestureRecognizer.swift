import FlipbookCore
import Foundation

/// The edges of a rectangle, as UIKit's `UIRectEdge`.
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen, as UIKit's: the finger must come down within
/// 20 pt of one of `edges` of the window [proj: UIKit does not document the width] and move
/// 10 pt away from it, mostly across the edge (timing-model.md 13.11); then it reports
/// translation and velocity as any pan.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges it starts at (none by default: set them, as on iOS).
    open var edges: UIRectEdge = []

    static let edgeWidth: CGFloat = 20

    /// The edge the finger came down at.
    private var startEdge: UIRectEdge = []

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, startEdge.isEmpty, let touch = touches.first, let window = touch.window else { return }
        let p = touch.windowLocation, b = window.bounds, w = Self.edgeWidth
        let near: [(UIRectEdge, Bool)] = [
            (.left, p.x - b.minX <= w), (.right, b.maxX - p.x <= w), (.top, p.y - b.minY <= w), (.bottom, b.maxY - p.y <= w)
        ]
        startEdge = UIRectEdge(near.filter { edges.contains($0.0) && $0.1 }.map(\.0))
        if startEdge.isEmpty { state = .failed }
    }

    override func mayBegin(translation t: CGPoint) -> Bool {
        (startEdge.contains(.left) && t.x > abs(t.y)) || (startEdge.contains(.right) && -t.x > abs(t.y))
            || (startEdge.contains(.top) && t.y > abs(t.x)) || (startEdge.contains(.bottom) && -t.y > abs(t.x))
    }

    open override func reset() {
        super.reset()
        startEdge = []
    }
}
