import FlipbookCore
import Foundation

// UIKit's names as a 2016–2018 library (Swift 3 / 4.1) writes them (Swift3Names.swift in Core
// Animation has the layer constants): nested types that were top-level, C-style makers.

public typealias UIViewAnimationOptions = UIView.AnimationOptions
public typealias UIViewContentMode = UIView.ContentMode
public typealias UIViewAutoresizing = UIView.AutoresizingMask
public typealias UIControlEvents = UIControl.Event
public typealias UITableViewStyle = UITableView.Style
public typealias UITableViewRowAnimation = UITableView.RowAnimation
public typealias UITableViewScrollPosition = UITableView.ScrollPosition
public typealias UITableViewCellStyle = UITableViewCell.CellStyle
public typealias UITableViewCellSelectionStyle = UITableViewCell.SelectionStyle
public typealias UITableViewCellSeparatorStyle = UITableViewCell.SeparatorStyle
public typealias UIActivityIndicatorViewStyle = UIActivityIndicatorView.Style
public typealias UIFontWeight = UIFont.Weight
public typealias UIScrollViewContentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior

/// `UIScrollViewDecelerationRateNormal` (Swift 3) is `UIScrollView.DecelerationRate.normal`.
public let UIScrollViewDecelerationRateNormal = UIScrollView.DecelerationRate.normal
public let UIScrollViewDecelerationRateFast = UIScrollView.DecelerationRate.fast

/// `UIEdgeInsetsMake(top, left, bottom, right)`.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// `UIEdgeInsetsInsetRect(rect, insets)`.
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }

extension CGRect {
    /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.left, y: minY + insets.top,
            width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}

extension NSNotification.Name {
    /// Swift 4.1's names of the application notifications.
    public static let UIApplicationWillEnterForeground = UIApplication.willEnterForegroundNotification
    public static let UIApplicationDidEnterBackground = UIApplication.didEnterBackgroundNotification
    public static let UIApplicationDidBecomeActive = UIApplication.didBecomeActiveNotification
    public static let UIApplicationWillResignActive = UIApplication.willResignActiveNotification
    public static let UIApplicationDidReceiveMemoryWarning = UIApplication.didReceiveMemoryWarningNotification
}
