import Foundation

// iOS bridges UIKit's drawing values to Core Graphics' and Core Text's toll-free: a `UIColor`
// where a `CGColor` goes, a `UIFont` as a `CTFont`. Core Animation here knows nothing of UIKit
// (it is the module above), so it takes such values through these protocols, which UIKit's
// types adopt.

/// A colour Core Animation and Core Graphics take as its `CGColor` (UIKit's `UIColor`).
public protocol CGColorBridging: AnyObject {
    var cgColor: CGColor { get }
}

/// A path Core Animation takes as its `CGPath` (UIKit's `UIBezierPath`).
public protocol CGPathBridging: AnyObject {
    var cgPath: CGPath { get }
}

/// A font Core Text and text layers take by its name and size (UIKit's `UIFont`, which is
/// Core Text's `CTFont` on iOS).
public protocol CTFontBridging: AnyObject {
    var fontName: String { get }
    var pointSize: CGFloat { get }
}
