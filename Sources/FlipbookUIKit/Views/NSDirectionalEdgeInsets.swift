import FlipbookCore
import Foundation

/// Insets by leading and trailing edge rather than left and right, as UIKit defines them (a
/// Stage lays out left to right, so leading is left).
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    public static let zero = NSDirectionalEdgeInsets()
}
