import FlipbookCore
import Foundation

// UIKit's drawing shortcuts: colours and paths that paint into the current context
// (`UIGraphicsGetCurrentContext()`: inside `draw(_:)`, an image renderer's block or an image
// context). With no current context they do nothing, as on iOS.

extension UIColor {
    /// Makes this the current context's fill and stroke colour.
    public func set() {
        setFill()
        setStroke()
    }

    /// Makes this the current context's fill colour.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Makes this the current context's stroke colour.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
}

extension UIBezierPath {
    /// Fills the path with the current fill colour (its `usesEvenOddFillRule`).
    public func fill() { fill(with: .normal, alpha: 1) }

    /// Fills the path, `alpha` times as opaque.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.addPath(cgPath)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    /// Strokes the path with the current stroke colour and the path's line attributes.
    public func stroke() { stroke(with: .normal, alpha: 1) }

    /// Strokes the path, `alpha` times as opaque.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        if let dash = lineDash { ctx.setLineDash(phase: dash.phase, lengths: dash.pattern) }
        ctx.addPath(cgPath)
        ctx.strokePath()
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    public func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.addPath(cgPath)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// The dash pattern `stroke()` uses (`pattern` nil or empty: solid).
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        lineDash = pattern.map { p in (Array(UnsafeBufferPointer(start: p, count: max(0, count))), phase) }
    }
}

extension UIImage {
    /// Draws the image upright with its top-left corner at `point`, at its size in points.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image upright, scaled into `rect`; a resizable image keeps its caps.
    public func draw(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let center = contentsCenter
        guard center != CGRect(x: 0, y: 0, width: 1, height: 1) else { return ctx.drawUpright(layerImage, in: rect) }
        // Drawn as a layer with the caps as its contentsCenter draws (9-slice).
        let layer = CALayer()
        layer.contents = layerImage
        layer.contentsCenter = center
        layer.bounds = CGRect(origin: .zero, size: rect.size)
        ctx.saveGState()
        ctx.translateBy(x: rect.minX, y: rect.minY)
        layer.render(in: ctx)
        ctx.restoreGState()
    }

    /// Draws the image into `rect`, `alpha` times as opaque.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.drawUpright(layerImage, in: rect)
        ctx.restoreGState()
    }
}

/// Fills `rect` with the current fill colour.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Fills `rect` with the current fill colour (every blend mode draws as `.normal`).
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) { UIRectFill(rect) }

/// Draws a one-point frame just inside `rect` with the current fill colour, as UIKit does.
public func UIRectFrame(_ rect: CGRect) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    let ring = CGMutablePath()
    ring.addRect(rect)
    ring.addRect(rect.insetBy(dx: min(1, rect.width / 2), dy: min(1, rect.height / 2)))
    ctx.addPath(ring)
    ctx.fillPath(using: .evenOdd)
}

/// The same frame (every blend mode draws as `.normal`).
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) { UIRectFrame(rect) }

/// Limits later drawing to `rect`.
public func UIRectClip(_ rect: CGRect) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    ctx.addRect(rect)
    ctx.clip()
}
