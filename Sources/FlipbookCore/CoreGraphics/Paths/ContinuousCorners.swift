import Foundation

/// Core Animation's corner curves (`CALayer.cornerCurve`, iOS 13).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle meeting the straight edges (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// iOS's smooth corner: the curvature eases in from the straight edge over 1.528 radii.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// The continuous ("squircle") rounded rectangle: each corner the iOS 7 curve as commonly
/// reverse-engineered from `UIBezierPath(roundedRect:cornerRadius:)` (PaintCode's published
/// figures): it leaves the edge 1.52866 radii from the corner, through three cubics joined by two
/// short lines. Where a side is too short for that reach, the corner is blended towards a circular
/// one until it fits, so a radius of half the side is still a capsule's round end.
package enum ContinuousCorners {
    /// How far a continuous corner reaches along each edge, in radii.
    package static let reach = 1.52866483

    /// One corner in its own frame, walked from the edge it is entered by to the one it leaves
    /// by: (a along the entry edge from the corner, b along the exit edge), in radii. Steps are
    /// `[c1a, c1b, c2a, c2b, a, b]` for a cubic and `[a, b]` for a line.
    static let continuousSteps: [[Double]] = [
        [1.08849323, 0, 0.86840689, 0, 0.66993427, 0.06549600],
        [0.63149399, 0.07491100],
        [0.37282392, 0.16905899, 0.16905899, 0.37282392, 0.07491100, 0.63149399],
        [0.06549600, 0.66993427],
        [0, 0.86840689, 0, 1.08849323, 0, 1.52866483]
    ]
    /// The same steps for a quarter circle, so the two can be blended.
    static let circularSteps: [[Double]] = {
        let kappa = 4.0 / 3.0 * tan(Double.pi / 8)
        return [[1, 0, 1, 0, 1, 0], [1, 0], [1 - kappa, 0, 0, 1 - kappa, 0, 1], [0, 1], [0, 1, 0, 1, 0, 1]]
    }()

    /// The path of `rect` with continuous corners of `radius` at `corners` (square elsewhere).
    package static func roundedRect(_ rect: CGRect, radius: Double, corners: CACornerMask) -> [PathElement] {
        let r = rect.standardized
        let half = min(r.width, r.height) / 2
        let radius = max(0, min(radius.isFinite ? radius : 0, half))
        guard radius > 0 else { return CGPath(rect: r, transform: nil).elements }
        // 1: the full continuous corner; less where the reach would pass the side's middle.
        let blend = min(1, max(0, (half / radius - 1) / (reach - 1)))
        let steps = zip(continuousSteps, circularSteps).map { c, o in zip(c, o).map { smooth, round in round + (smooth - round) * blend } }
        let start = 1 + (reach - 1) * blend
        // Corners clockwise on screen from the top right: each corner's point, `a` the unit
        // vector back along the edge the path enters by, `b` along the edge it leaves by.
        let layout: [(corner: CGPoint, a: CGPoint, b: CGPoint, mask: CACornerMask)] = [
            (CGPoint(x: r.maxX, y: r.minY), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1), .layerMaxXMinYCorner),
            (CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0), .layerMaxXMaxYCorner),
            (CGPoint(x: r.minX, y: r.maxY), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1), .layerMinXMaxYCorner),
            (CGPoint(x: r.minX, y: r.minY), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0), .layerMinXMinYCorner)
        ]
        func point(_ c: (corner: CGPoint, a: CGPoint, b: CGPoint, mask: CACornerMask), _ u: Double, _ v: Double) -> CGPoint {
            CGPoint(x: c.corner.x + (c.a.x * u + c.b.x * v) * radius, y: c.corner.y + (c.a.y * u + c.b.y * v) * radius)
        }
        var elements: [PathElement] = []
        // Start where the top-left corner's curve ends on the top edge.
        let topLeft = layout[3]
        elements.append(.moveTo(corners.contains(topLeft.mask) ? point(topLeft, 0, start) : topLeft.corner))
        for c in layout {
            guard corners.contains(c.mask) else {
                elements.append(.lineTo(c.corner))
                continue
            }
            elements.append(.lineTo(point(c, start, 0)))
            for s in steps {
                if s.count == 6 {
                    elements.append(.curveTo(control1: point(c, s[0], s[1]), control2: point(c, s[2], s[3]), to: point(c, s[4], s[5])))
                } else {
                    elements.append(.lineTo(point(c, s[0], s[1])))
                }
            }
        }
        elements.append(.closeSubpath)
        return elements
    }
}
