import Foundation

/// Rounded rectangles with circular (or elliptical) corners, as `UIBezierPath(roundedRect:
/// byRoundingCorners:cornerRadii:)` and a layer's `cornerRadius` draw them.
package enum CircularCorners {
    /// A rectangle with some corners rounded by circular/elliptical quarter arcs.
    package static func roundedRect(_ rect: CGRect, corners: CACornerMask, radii: CGSize) -> [PathElement] {
        let r = rect.standardized
        let rw = max(0, min(radii.width, r.width / 2)), rh = max(0, min(radii.height, r.height / 2))
        let k: CGFloat = 4.0 / 3.0 * tan(.pi / 8)
        var e: [PathElement] = []
        let tl = corners.contains(.layerMinXMinYCorner), tr = corners.contains(.layerMaxXMinYCorner)
        let br = corners.contains(.layerMaxXMaxYCorner), bl = corners.contains(.layerMinXMaxYCorner)
        e.append(.moveTo(CGPoint(x: r.minX + (tl ? rw : 0), y: r.minY)))
        e.append(.lineTo(CGPoint(x: r.maxX - (tr ? rw : 0), y: r.minY)))
        if tr {
            e.append(
                .curveTo(
                    control1: CGPoint(x: r.maxX - rw + k * rw, y: r.minY), control2: CGPoint(x: r.maxX, y: r.minY + rh - k * rh),
                    to: CGPoint(x: r.maxX, y: r.minY + rh)))
        }
        e.append(.lineTo(CGPoint(x: r.maxX, y: r.maxY - (br ? rh : 0))))
        if br {
            e.append(
                .curveTo(
                    control1: CGPoint(x: r.maxX, y: r.maxY - rh + k * rh), control2: CGPoint(x: r.maxX - rw + k * rw, y: r.maxY),
                    to: CGPoint(x: r.maxX - rw, y: r.maxY)))
        }
        e.append(.lineTo(CGPoint(x: r.minX + (bl ? rw : 0), y: r.maxY)))
        if bl {
            e.append(
                .curveTo(
                    control1: CGPoint(x: r.minX + rw - k * rw, y: r.maxY), control2: CGPoint(x: r.minX, y: r.maxY - rh + k * rh),
                    to: CGPoint(x: r.minX, y: r.maxY - rh)))
        }
        e.append(.lineTo(CGPoint(x: r.minX, y: r.minY + (tl ? rh : 0))))
        if tl {
            e.append(
                .curveTo(
                    control1: CGPoint(x: r.minX, y: r.minY + rh - k * rh), control2: CGPoint(x: r.minX + rw - k * rw, y: r.minY),
                    to: CGPoint(x: r.minX + rw, y: r.minY)))
        }
        e.append(.closeSubpath)
        return e
    }
}
