import FlipbookCore
import Foundation

/// UIView's lookups, conversions and sizing defaults (UIKit's behaviour for a plain view).
extension UIView {
    /// Means "no intrinsic size in this dimension", as UIKit's constant.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The view itself or the first descendant (depth first, in subview order) with `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews {
            if let found = view.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Whether this view is `view` or lies somewhere below it.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// A point in this view's bounds space, in `view`'s (the Stage's canvas when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: view?.layer)
    }

    /// A point in `view`'s bounds space (the Stage's canvas when nil), in this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: view?.layer)
    }

    /// The box around a rectangle's converted corners (exact for translations and scales).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        Self.boundingBox(of: rect) { self.convert($0, to: view) }
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        Self.boundingBox(of: rect) { self.convert($0, from: view) }
    }

    private static func boundingBox(of rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)
        ].map(map)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
