import FlipbookCore
import FlipbookUIKit
import Foundation

/// Gradient fills and strokes (`gf`, `gs`) as lottie-ios's Core Animation engine draws them: a
/// CAGradientLayer (axial, or radial as a circle about its start point) masked by the shape's
/// path (filled, or stroked at its width), alpha stops as a second gradient masking the first.
/// Colour stops animate; so do the start and end points, sampled each frame within a frame that
/// holds all their places.
struct GradientBuilder {
    let shapes: ShapeBuilder

    func layer(_ style: ShapeBuilder.Style, paths: [ShapeBuilder.PathItem], stroke: Bool) -> CALayer {
        let item: Gradient
        switch style.item.kind {
        case .gradientFill(let g), .gradientStroke(let g): item = g
        default: return CALayer()
        }
        let container = CALayer()
        container.anchorPoint = .zero
        let (gradient, alphaMask) = colorLayers(item, style)
        placePoints(item, on: gradient, alphaMask: alphaMask, paths: paths)
        container.addSublayer(gradient)
        container.mask = pathMask(item, style, paths: paths, stroke: stroke)
        // lottie-ios gives the opacity to the colour gradient and to its alpha mask alike, so a
        // translucent gradient with alpha stops shows its opacity squared.
        if let o = style.property(item.opacity, "Opacity", shapes.builder) {
            for layer in [gradient] + (alphaMask.map { [$0] } ?? []) {
                shapes.builder.set(o, on: layer, keyPath: "opacity") { $0.first.map { NSNumber(value: $0 / 100) } }
            }
        }
        return container
    }

    /// The gradient of the colour stops and, when any keyframe's alpha is not opaque, a second
    /// gradient of the alpha stops masking it; moving stops keyframed on both.
    private func colorLayers(_ item: Gradient, _ style: ShapeBuilder.Style) -> (CAGradientLayer, CAGradientLayer?) {
        let builder = shapes.builder
        let gradient = CAGradientLayer()
        let colorsKeypath = style.keypath + ["Colors"]
        let colors = builder.property(item.colors, colorsKeypath)
        if let provided = builder.provider(for: colorsKeypath) as? GradientValueProvider {
            return providedLayers(provided, file: item)
        }
        let count = item.colorCount
        let values = colors?.initial ?? []
        let colorStops = Self.colorStops(values, count: count), alphaStops = Self.alphaStops(values, count: count)
        gradient.colors = colorStops.map(\.color)
        gradient.locations = colorStops.map { NSNumber(value: $0.location) }
        // Alpha has stops of its own: a second gradient of them masks the colours, as
        // lottie-ios draws it (colour and alpha each interpolated on their own stops), when any
        // keyframe's alpha is not opaque.
        var everyValue = [values]
        if let colors, colors.isAnimated { everyValue = colors.values }
        let translucent = everyValue.contains { Self.alphaStops($0, count: count).contains { $0.alpha < 0.999 } }
        let alphaMask: CAGradientLayer? = translucent ? CAGradientLayer() : nil
        if let alphaMask {
            alphaMask.colors = alphaStops.map { CGColor(red: 0, green: 0, blue: 0, alpha: CGFloat($0.alpha)) }
            alphaMask.locations = alphaStops.map { NSNumber(value: $0.location) }
            gradient.mask = alphaMask
        }
        guard let colors, colors.isAnimated else { return (gradient, alphaMask) }
        // Moving colours: each stop list keyframed (lists of another length step).
        builder.set(colors, on: gradient, keyPath: "colors") { v in Self.colorStops(v, count: count).map(\.color) }
        builder.set(colors, on: gradient, keyPath: "locations") { v in
            Self.colorStops(v, count: count).map { NSNumber(value: $0.location) }
        }
        if let alphaMask {
            builder.set(colors, on: alphaMask, keyPath: "colors") { v in
                Self.alphaStops(v, count: count).map { CGColor(red: 0, green: 0, blue: 0, alpha: CGFloat($0.alpha)) }
            }
            builder.set(colors, on: alphaMask, keyPath: "locations") { v in
                Self.alphaStops(v, count: count).map { NSNumber(value: $0.location) }
            }
        }
        return (gradient, alphaMask)
    }

    /// A value provider's colours as lottie-ios applies them: its colours, with their alpha,
    /// and its locations on the colour gradient and on the alpha mask alike (the mask is there
    /// when the file's own stops are translucent), so a translucent colour counts twice.
    private func providedLayers(_ provided: GradientValueProvider, file item: Gradient) -> (CAGradientLayer, CAGradientLayer?) {
        let colors = provided.colors.map { CGColor(red: CGFloat($0.r), green: CGFloat($0.g), blue: CGFloat($0.b), alpha: CGFloat($0.a)) }
        let locations = provided.locations.count == colors.count ? provided.locations.map { NSNumber(value: $0) } : nil
        let gradient = CAGradientLayer()
        gradient.colors = colors
        gradient.locations = locations
        let fileValues = item.colors.map { $0.isAnimated ? $0.values : [$0.initial] } ?? []
        guard fileValues.contains(where: { Self.alphaStops($0, count: item.colorCount).contains { $0.alpha < 0.999 } }) else {
            return (gradient, nil)
        }
        let alphaMask = CAGradientLayer()
        alphaMask.colors = colors
        alphaMask.locations = locations
        gradient.mask = alphaMask
        return (gradient, alphaMask)
    }

    /// Sizes the gradient (and its alpha mask) and sets their start and end points.
    private func placePoints(_ item: Gradient, on gradient: CAGradientLayer, alphaMask: CAGradientLayer?, paths: [ShapeBuilder.PathItem]) {
        let builder = shapes.builder
        let start = item.start, end = item.end
        func point(_ p: Animated<Vector>?, _ frame: Double) -> CGPoint {
            let n = p?.numbers(at: frame) ?? [0, 0]
            return CGPoint(x: n.first ?? 0, y: n.count > 1 ? n[1] : 0)
        }
        // Moving points: the gradient's frame holds every place they go (and the shape), and
        // its unit start and end points are sampled each frame, as lottie-ios animates them
        // (its combined keyframes) within a fixed frame.
        let times = (start?.keyframeTimes ?? []) + (end?.keyframeTimes ?? [])
        let sampleFrames = Self.sampleFrames(times)
        let startFrame = times.min() ?? 0
        // Radial: a circle about the start point through the end point.
        func circle(_ frame: Double) -> CGRect {
            let s = point(start, frame), e = point(end, frame)
            let radius = max(1e-3, hypot(e.x - s.x, e.y - s.y))
            return CGRect(x: s.x - radius, y: s.y - radius, width: 2 * radius, height: 2 * radius)
        }
        var box: CGRect
        if item.isRadial {
            gradient.type = .radial
            box = sampleFrames.map(circle).reduce(circle(startFrame)) { $0.union($1) }
        } else {
            // Axial: a frame around the shape and both points, the points in its unit square.
            box = shapes.combined(paths, at: 0).boundingBox
            let first = point(start, startFrame)
            box = box.isNull || box.isEmpty ? CGRect(x: first.x, y: first.y, width: 1, height: 1) : box
            for frame in [startFrame] + sampleFrames {
                for p in [point(start, frame), point(end, frame)] { box = box.union(CGRect(x: p.x, y: p.y, width: 0, height: 0)) }
            }
            box = box.insetBy(dx: -max(box.width, 1) * 0.5, dy: -max(box.height, 1) * 0.5)
        }
        gradient.frame = box
        func unit(_ p: CGPoint) -> CGPoint { CGPoint(x: (p.x - box.minX) / box.width, y: (p.y - box.minY) / box.height) }
        func unitStart(_ frame: Double) -> CGPoint { unit(point(start, frame)) }
        func unitEnd(_ frame: Double) -> CGPoint {
            guard item.isRadial else { return unit(point(end, frame)) }
            // CAGradientLayer's radial end point: the start moved by the radius on both axes.
            let s = point(start, frame), e = point(end, frame), radius = max(1e-3, hypot(e.x - s.x, e.y - s.y))
            return unit(CGPoint(x: s.x + radius, y: s.y + radius))
        }
        let layers = [gradient] + (alphaMask.map { [$0] } ?? [])
        for layer in layers {
            if layer !== gradient {
                layer.type = gradient.type
                layer.anchorPoint = .zero
                layer.frame = CGRect(origin: .zero, size: gradient.bounds.size)
            }
            layer.startPoint = unitStart(startFrame)
            layer.endPoint = unitEnd(startFrame)
            if !sampleFrames.isEmpty || builder.remapping != nil && !times.isEmpty {
                builder.setSampled("startPoint", on: layer, keyframeTimes: times) { unitStart($0) }
                builder.setSampled("endPoint", on: layer, keyframeTimes: times) { unitEnd($0) }
            }
        }
    }

    /// The path the gradient shows through: filled, or stroked at the stroke's width (only a
    /// gradient stroke is trimmed: lottie-ios leaves gradient fills whole).
    private func pathMask(_ item: Gradient, _ style: ShapeBuilder.Style, paths: [ShapeBuilder.PathItem], stroke: Bool) -> CAShapeLayer {
        let mask = CAShapeLayer()
        mask.anchorPoint = .zero
        if stroke {
            // lottie-ios strokes the mask as it strokes any shape (`addStrokeAnimations`): its
            // width, caps, joins and miter limit, dashes and the stroke's opacity, so that
            // opacity counts once more than a gradient fill's.
            mask.fillColor = nil
            mask.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            if let w = style.property(item.line.width, "Stroke Width", shapes.builder) {
                shapes.builder.set(w, on: mask, keyPath: "lineWidth") { $0.first.map { NSNumber(value: $0) } }
            }
            shapes.applyLine(item.line, to: mask)
            shapes.applyDashes(item.line.dashes, to: mask)
            if let o = style.property(item.opacity, "Opacity", shapes.builder) {
                shapes.builder.set(o, on: mask, keyPath: "opacity") { $0.first.map { NSNumber(value: $0 / 100) } }
            }
        } else {
            mask.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            mask.fillRule = item.evenOdd ? .evenOdd : .nonZero
        }
        let repeats = stroke ? style.trim.map { shapes.applyTrim($0, to: mask) } ?? 1 : 1
        shapes.setPath(paths, on: mask, repeats: repeats)
        return mask
    }

    /// The frames moving points are sampled at (to size the gradient's frame): each frame from
    /// the first keyframe to the last, at most `LayerBuilder.maximumSamples`; none when nothing moves.
    static func sampleFrames(_ keyframeTimes: [Double]) -> [Double] {
        guard let first = keyframeTimes.min(), let last = keyframeTimes.max(), last > first else { return [] }
        let count = Int(min(Double(LayerBuilder.maximumSamples - 1), (last - first).rounded(.up))) + 1
        return (0..<count).map { first + (last - first) * Double($0) / Double(count - 1) }
    }

    /// The colour stops: offset, r, g, b for each of `count` colours (the gradient's `p`), opaque.
    static func colorStops(_ values: [Double], count: Int?) -> [(location: Double, color: CGColor)] {
        let count = count ?? values.count / 4
        guard count > 0, values.count >= count * 4 else { return [] }
        return (0..<count).map { k in
            (
                values[k * 4],
                CGColor(red: CGFloat(values[k * 4 + 1]), green: CGFloat(values[k * 4 + 2]), blue: CGFloat(values[k * 4 + 3]), alpha: 1)
            )
        }
    }

    /// The alpha stops (offset, alpha pairs) after the colour stops; none when there are none.
    static func alphaStops(_ values: [Double], count: Int?) -> [(location: Double, alpha: Double)] {
        let count = count ?? values.count / 4
        guard count > 0, values.count >= count * 4 else { return [] }
        return stride(from: count * 4, to: values.count - 1, by: 2).map { (values[$0], values[$0 + 1]) }
    }
}
