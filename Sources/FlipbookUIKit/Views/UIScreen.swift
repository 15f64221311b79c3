import FlipbookCore
import Foundation

/// The screen: its bounds are the running Stage's canvas.
public final class UIScreen: Sendable {
    private init() {}
    /// The screen of the running Stage.
    public static var main: UIScreen { UIScreen() }
    public var bounds: CGRect {
        CGRect(origin: .zero, size: TransactionContext.current.activeStage?.size ?? CGSize(width: 375, height: 667))
    }
    public var scale: CGFloat { TransactionContext.current.activeStage?.scale ?? 2 }
}

/// Insets, as UIKit defines them.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
