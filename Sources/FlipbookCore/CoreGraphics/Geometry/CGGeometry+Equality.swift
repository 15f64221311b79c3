import Foundation

// Core Graphics' comparison methods, which Linux's Foundation leaves out of its geometry types.

extension CGPoint {
    /// Whether the two points are the same (`CGPointEqualToPoint`).
    public func equalTo(_ point: CGPoint) -> Bool { self == point }
}

extension CGSize {
    /// Whether the two sizes are the same (`CGSizeEqualToSize`).
    public func equalTo(_ size: CGSize) -> Bool { self == size }
}

extension CGRect {
    /// Whether the two rectangles have the same origin and size, after standardizing
    /// (`CGRectEqualToRect`: a rectangle of negative width equals its flipped twin).
    public func equalTo(_ rect: CGRect) -> Bool { standardized == rect.standardized }
}
