import Foundation

// Names Darwin's C headers give Swift code that Glibc does not: older animation code writes
// `animation.repeatCount = HUGE` (math.h's `#define HUGE MAXFLOAT`).

/// The largest finite `Float`, as Darwin's math.h defines `HUGE`; a `repeatCount` this large
/// repeats forever (timing-model.md 1.3).
public let HUGE: Float = .greatestFiniteMagnitude

/// The largest finite `Float` (math.h's `MAXFLOAT`).
public let MAXFLOAT: Float = .greatestFiniteMagnitude

/// dispatch/time.h's units, which Darwin's Dispatch gives Swift as `UInt64` and Linux's does
/// not: `DispatchTime.now() + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)`.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let USEC_PER_SEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000

/// A two-dimensional vector, as Core Graphics defines it.
public struct CGVector: Equatable, Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() {
        dx = 0
        dy = 0
    }
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }
    public static let zero = CGVector()
}

/// A horizontal and vertical offset, as UIKit defines it.
public struct UIOffset: Equatable, Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat
    public init() {
        horizontal = 0
        vertical = 0
    }
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let zero = UIOffset()
}
