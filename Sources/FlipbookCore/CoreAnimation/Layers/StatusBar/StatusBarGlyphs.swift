import Foundation

/// The status bar's glyphs as shape layers: Wi-Fi fan, signal bars, battery.
enum StatusBarGlyphs {
    static func fill(_ path: CGPath, _ color: CGColor, alpha: CGFloat = 1) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.path = path
        shape.fillColor = alpha == 1 ? color : color.copy(alpha: color.alpha * alpha)
        return shape
    }

    static func stroke(_ path: CGPath, _ color: CGColor, width: CGFloat, alpha: CGFloat = 1) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = alpha == 1 ? color : color.copy(alpha: color.alpha * alpha)
        shape.lineWidth = width
        return shape
    }

    /// Three bands of a quarter-circle fan opening upwards from the bottom centre of `rect`, the
    /// innermost a solid wedge; `lit` from the inside out, the others at `unlit` alpha (nil: not drawn).
    static func wifi(in rect: CGRect, lit: Int, color: CGColor, unlit: CGFloat?) -> [CALayer] {
        let apex = CGPoint(x: rect.midX, y: rect.maxY)
        let r = rect.height
        let start = -CGFloat.pi * 3 / 4, end = -CGFloat.pi / 4
        let bands: [(outer: CGFloat, inner: CGFloat)] = [(r * 0.36, 0), (r * 0.68, r * 0.5), (r, r * 0.82)]
        return bands.enumerated().compactMap { i, band in
            let alpha: CGFloat
            if i < lit { alpha = 1 } else if let unlit { alpha = unlit } else { return nil }
            let path = CGMutablePath()
            path.addArc(center: apex, radius: band.outer, startAngle: start, endAngle: end, clockwise: false)
            if band.inner > 0 {
                path.addArc(center: apex, radius: band.inner, startAngle: end, endAngle: start, clockwise: true)
            } else {
                path.addLine(to: apex)
            }
            path.closeSubpath()
            return fill(path, color, alpha: alpha)
        }
    }

    /// Four bars rising left to right, bottom-aligned, ending at `rightEdge`.
    static func signalBars(rightEdge: CGFloat, bottom: CGFloat, lit: Int, color: CGColor) -> [CALayer] {
        let heights: [CGFloat] = [4, 6.5, 9, 11.5]
        let width: CGFloat = 3, gap: CGFloat = 1.7
        let left = rightEdge - 4 * width - 3 * gap
        return heights.enumerated().map { i, h in
            let bar = CGRect(x: left + CGFloat(i) * (width + gap), y: bottom - h, width: width, height: h)
            return fill(CGPath(roundedRect: bar, cornerWidth: 1, cornerHeight: 1, transform: nil), color, alpha: i < lit ? 1 : 0.3)
        }
    }

    /// An outlined rounded body filled to `level` with a nub on the right.
    static func battery(_ body: CGRect, level: CGFloat, color: CGColor, outlineAlpha: CGFloat, radius: CGFloat) -> [CALayer] {
        let outline = stroke(
            CGPath(roundedRect: body.insetBy(dx: 0.5, dy: 0.5), cornerWidth: radius, cornerHeight: radius, transform: nil),
            color, width: 1, alpha: outlineAlpha)
        let nub = fill(
            CGPath(
                roundedRect: CGRect(x: body.maxX + 0.5, y: body.midY - 2, width: 1.5, height: 4), cornerWidth: 0.75,
                cornerHeight: 0.75, transform: nil), color, alpha: max(0.4, outlineAlpha))
        var layers: [CALayer] = [outline, nub]
        let inside = body.insetBy(dx: 2, dy: 2)
        if level > 0 {
            let charge = CGRect(x: inside.minX, y: inside.minY, width: inside.width * level, height: inside.height)
            let r = min(radius - 1.5, charge.width / 2)
            layers.append(fill(CGPath(roundedRect: charge, cornerWidth: max(0, r), cornerHeight: max(0, r), transform: nil), color))
        }
        return layers
    }
}
