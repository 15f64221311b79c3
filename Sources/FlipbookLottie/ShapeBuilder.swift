import FlipbookCore
import Foundation

/// A shape layer's contents: groups become layers with their transforms, each fill and stroke a
/// CAShapeLayer drawing the paths listed before it in its group (and its subgroups'), later
/// items below earlier ones, as After Effects draws them.
struct ShapeBuilder {
    let builder: LayerBuilder

    /// A path item: a bezier path (`sh`), a rectangle, an ellipse or a star.
    enum PathItem {
        case bezier(LottieProperty)
        case rectangle(LottieJSON)
        case ellipse(LottieJSON)
        case star(LottieJSON)
        /// A path that does not change (a mask's plane).
        case fixed(CGPath)
    }

    /// Styles that apply to the paths of the group they are in, with the group's trim.
    struct Style {
        var item: LottieJSON
        var trim: LottieJSON?
        /// The style's own keypath (its group's, then its name): `Layer.Group 1.Fill 1`.
        var keypath: [String]

        func property(_ key: String, _ name: String, _ builder: LayerBuilder) -> LottieProperty? {
            builder.property(item[key], keypath + [name])
        }
    }

    /// A shape layer's items; `keypath` is the layer's.
    func shapes(_ items: [LottieJSON], keypath: [String]) -> CALayer {
        group(items, inherited: [], trim: nil, keypath: keypath)
    }

    /// One group's items: subgroups and style layers, the first item on top.
    func group(_ items: [LottieJSON], inherited: [Style], trim: LottieJSON?, keypath: [String]) -> CALayer {
        let container = CALayer()
        container.anchorPoint = .zero
        let visible = items.filter { $0["hd"]?.bool != true }
        let trim = visible.last { $0["ty"]?.string == "tm" } ?? trim
        var paths: [PathItem] = []
        var drawables: [CALayer] = []  // top first
        for (index, item) in visible.enumerated() {
            switch item["ty"]?.string ?? "" {
            case "gr":
                // Styles listed after the subgroup in this group draw its paths too.
                let below = visible[(index + 1)...].filter { ["fl", "st", "gf", "gs"].contains($0["ty"]?.string ?? "") }.map {
                    Style(item: $0, trim: trim, keypath: keypath + [$0["nm"]?.string ?? ""])
                }
                let children = item["it"]?.array ?? []
                let transformItem = children.last { $0["ty"]?.string == "tr" }
                let groupKeypath = keypath + [item["nm"]?.string ?? ""]
                let chain = builder.transform(transformItem, opacity: true, at: item.path, keypath: groupKeypath)
                let inner = group(
                    children.filter { $0["ty"]?.string != "tr" }, inherited: below + inherited, trim: trim, keypath: groupKeypath)
                chain.inner.addSublayer(inner)
                drawables.append(chain.outer)
            case "sh":
                if let p = LottieProperty(item["ks"]) { paths.append(.bezier(p)) }
            case "rc": paths.append(.rectangle(item))
            case "el": paths.append(.ellipse(item))
            case "sr": paths.append(.star(item))
            case "fl", "st", "gf", "gs":
                drawables.append(drawable(Style(item: item, trim: trim, keypath: keypath + [item["nm"]?.string ?? ""]), paths: paths))
            case "tm", "tr": break
            case "rd": builder.warn(item.path, "rounded corners are not applied")
            case "rp":
                // A repeater copies what is above it in its group.
                let replicator = repeater(item)
                for layer in drawables.reversed() { replicator.addSublayer(layer) }
                drawables = [replicator]
            case "mm": builder.warn(item.path, "merge paths are not supported by Core Animation")
            default: builder.warn(item.path, "shape item '\(item["ty"]?.string ?? "?")' is not supported")
            }
        }
        // The parent's styles below this group draw this group's own paths under its own styles.
        if !paths.isEmpty {
            for style in inherited.reversed() { container.addSublayer(drawable(style, paths: paths)) }
        }
        for layer in drawables.reversed() { container.addSublayer(layer) }
        return container
    }

    /// A repeater (`rp`) as a CAReplicatorLayer: `c` copies, each moved by the repeater's
    /// transform from the one before (about its anchor), their opacity from `so` to `eo`.
    func repeater(_ item: LottieJSON) -> CAReplicatorLayer {
        let layer = CAReplicatorLayer()
        layer.anchorPoint = .zero
        func first(_ property: LottieJSON?) -> [Double] {
            let p = LottieProperty(property)
            if p?.isAnimated == true { builder.warn(property?.path ?? item.path, "animated repeaters are drawn with their first values") }
            return p?.initial.numbers ?? []
        }
        let count = Int(max(0, min(1000, (first(item["c"]).first ?? 1).rounded())))
        layer.instanceCount = count
        if (first(item["o"]).first ?? 0) != 0 { builder.warn(item.path, "repeater offsets are not applied") }
        let tr = item["tr"]
        let p = first(tr?["p"]), a = first(tr?["a"]), s = first(tr?["s"]), r = first(tr?["r"]).first ?? 0
        let ax = a.first ?? 0, ay = a.count > 1 ? a[1] : 0
        var t = CATransform3DMakeTranslation(ax + (p.first ?? 0), ay + (p.count > 1 ? p[1] : 0), 0)
        t = CATransform3DRotate(t, r * .pi / 180, 0, 0, 1)
        t = CATransform3DScale(t, (s.first ?? 100) / 100, (s.count > 1 ? s[1] : s.first ?? 100) / 100, 1)
        layer.instanceTransform = CATransform3DTranslate(t, -ax, -ay, 0)
        let start = (first(tr?["so"]).first ?? 100) / 100, end = (first(tr?["eo"]).first ?? 100) / 100
        layer.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: CGFloat(start))
        if count > 1 { layer.instanceAlphaOffset = Float((end - start) / Double(count - 1)) }
        return layer
    }

    /// A solid or gradient fill or stroke of `paths`.
    func drawable(_ style: Style, paths: [PathItem]) -> CALayer {
        let type = style.item["ty"]?.string ?? ""
        guard type == "gf" || type == "gs" else { return styleLayer(style, paths: paths) }
        return GradientBuilder(shapes: self).layer(style, paths: paths, stroke: type == "gs")
    }

    /// A fill or a stroke of `paths`.
    func styleLayer(_ style: Style, paths: [PathItem]) -> CALayer {
        let shape = CAShapeLayer()
        shape.anchorPoint = .zero
        let item = style.item
        let isStroke = ["st", "gs"].contains(item["ty"]?.string ?? "")
        let colorConvert: (LottieJSON) -> Any? = { v in
            guard let c = v.numbers, c.count >= 3 else { return nil }
            let scale = c.prefix(3).contains { $0 > 1 } ? 255.0 : 1.0
            return CGColor(red: CGFloat(c[0] / scale), green: CGFloat(c[1] / scale), blue: CGFloat(c[2] / scale), alpha: 1)
        }
        let colorKey = isStroke ? "strokeColor" : "fillColor"
        shape.setValue(nil, forKey: isStroke ? "fillColor" : "strokeColor")
        if isStroke { shape.fillColor = nil } else { shape.strokeColor = nil }
        if let c = style.property("c", "Color", builder) {
            builder.set(c, on: shape, keyPath: colorKey, convert: colorConvert)
        } else if let g = item["g"], let stops = g["k"]?["k"]?.numbers ?? g["k"]?.numbers, stops.count >= 4 {
            // A gradient: its first stop's colour.
            shape.setValue(CGColor(red: CGFloat(stops[1]), green: CGFloat(stops[2]), blue: CGFloat(stops[3]), alpha: 1), forKey: colorKey)
        }
        if let o = style.property("o", "Opacity", builder) {
            builder.set(o, on: shape, keyPath: "opacity") { $0.numbers?.first.map { NSNumber(value: $0 / 100) } }
        }
        if isStroke {
            if let w = style.property("w", "Stroke Width", builder) {
                builder.set(w, on: shape, keyPath: "lineWidth") { $0.numbers?.first.map { NSNumber(value: $0) } }
            }
            shape.lineCap = [1: .butt, 2: .round, 3: .square][item["lc"]?.integer ?? 1] ?? .butt
            shape.lineJoin = [1: .miter, 2: .round, 3: .bevel][item["lj"]?.integer ?? 1] ?? .miter
            shape.miterLimit = CGFloat(item["ml"]?.number ?? 4)
            if let dashes = item["d"]?.array, !dashes.isEmpty { applyDashes(dashes, to: shape) }
            if let trim = style.trim { applyTrim(trim, to: shape) }
        } else {
            shape.fillRule = item["r"]?.number == 2 ? .evenOdd : .nonZero
        }
        setPath(paths, on: shape)
        return shape
    }

    func applyDashes(_ dashes: [LottieJSON], to shape: CAShapeLayer) {
        var pattern: [NSNumber] = []
        for d in dashes {
            let value = LottieProperty(d["v"])
            if value?.isAnimated == true { builder.warn(d.path, "animated dash patterns are drawn at their first value") }
            guard let n = value?.initial.numbers?.first else { continue }
            if d["n"]?.string == "o" { shape.lineDashPhase = CGFloat(n) } else { pattern.append(NSNumber(value: n)) }
        }
        if pattern.count % 2 == 1 { pattern += pattern }
        if pattern.contains(where: { $0.doubleValue > 0 }) { shape.lineDashPattern = pattern }
    }

    func applyTrim(_ trim: LottieJSON, to shape: CAShapeLayer) {
        if let offset = LottieProperty(trim["o"]), offset.isAnimated || offset.initial.numbers?.first ?? 0 != 0 {
            builder.warn(trim.path, "trim offsets are not applied")
        }
        if let s = LottieProperty(trim["s"]) {
            builder.set(s, on: shape, keyPath: "strokeStart") { $0.numbers?.first.map { NSNumber(value: min(1, max(0, $0 / 100))) } }
        }
        if let e = LottieProperty(trim["e"]) {
            builder.set(e, on: shape, keyPath: "strokeEnd") { $0.numbers?.first.map { NSNumber(value: min(1, max(0, $0 / 100))) } }
        }
    }

    // MARK: - Paths

    /// The paths as one CGPath: keyframed when one bezier path animates and the rest hold still
    /// (its own keyframes and easing); sampled each frame when several parts move.
    func setPath(_ items: [PathItem], on shape: CAShapeLayer) {
        let animatedItems = items.filter(isAnimated)
        if animatedItems.isEmpty {
            shape.path = combined(items, at: 0)
            return
        }
        if builder.remapping != nil {
            // Inside a time-remapped precomposition: the combined path at each remapped frame.
            shape.path = combined(items, at: builder.remapping?(builder.animation.startFrame) ?? 0)
            if let sampled = builder.remappedAnimation("path", { combined(items, at: $0) }) { shape.add(sampled, forKey: "path") }
            return
        }
        if animatedItems.count == 1, items.count == 1, case .bezier(let property) = items[0], case .animated = property {
            builder.set(property, on: shape, keyPath: "path") { Self.bezierPath($0) }
            return
        }
        // Several moving parts: a value at every frame from the first keyframe to the last, linear between.
        let times = animatedItems.flatMap(keyframeTimes)
        guard let first = times.min(), let last = times.max(), last > first else {
            shape.path = combined(items, at: 0)
            return
        }
        let count = Int(min(599, (last - first).rounded(.up))) + 1
        var values: [Any] = [], keyTimes: [NSNumber] = []
        for k in 0..<count {
            let frame = first + (last - first) * Double(k) / Double(max(1, count - 1))
            values.append(combined(items, at: frame))
            keyTimes.append(NSNumber(value: Double(k) / Double(max(1, count - 1))))
        }
        shape.path = values.first as? CGPath
        let animation = CAKeyframeAnimation(keyPath: "path")
        animation.values = values
        animation.keyTimes = keyTimes
        builder.animator.place(animation, from: first, to: last)
        shape.add(animation, forKey: "path")
    }

    private func isAnimated(_ item: PathItem) -> Bool {
        switch item {
        case .bezier(let p): return p.isAnimated
        case .fixed: return false
        case .rectangle(let j), .ellipse(let j), .star(let j):
            return ["p", "s", "r", "pt", "ir", "or", "is", "os"].contains { LottieProperty(j[$0])?.isAnimated == true }
        }
    }

    private func keyframeTimes(_ item: PathItem) -> [Double] {
        func times(_ p: LottieProperty?) -> [Double] {
            if case .animated(let frames)? = p { return frames.map(\.frame) }
            return []
        }
        switch item {
        case .bezier(let p): return times(p)
        case .fixed: return []
        case .rectangle(let j), .ellipse(let j), .star(let j):
            return ["p", "s", "r", "pt", "ir", "or", "is", "os"].flatMap { times(LottieProperty(j[$0])) }
        }
    }

    /// Every path item at `frame`, in one path.
    func combined(_ items: [PathItem], at frame: Double) -> CGPath {
        let path = CGMutablePath()
        for item in items {
            switch item {
            case .bezier(let p):
                if let v = p.numbers(at: frame, Self.flatVertices),
                    let sample = Self.bezierPath(vertices: v, closed: Self.isClosed(p.initial))
                {
                    path.addPath(sample)
                }
            case .fixed(let fixed): path.addPath(fixed)
            case .rectangle(let j): addRectangle(j, at: frame, to: path)
            case .ellipse(let j): addEllipse(j, at: frame, to: path)
            case .star(let j): addStar(j, at: frame, to: path)
            }
        }
        return path
    }

    private func value(_ j: LottieJSON, _ key: String, at frame: Double) -> [Double] {
        LottieProperty(j[key])?.numbers(at: frame, { $0.numbers }) ?? []
    }

    private func addRectangle(_ j: LottieJSON, at frame: Double, to path: CGMutablePath) {
        let p = value(j, "p", at: frame), s = value(j, "s", at: frame), r = value(j, "r", at: frame).first ?? 0
        guard p.count >= 2, s.count >= 2 else { return }
        let rect = CGRect(x: p[0] - s[0] / 2, y: p[1] - s[1] / 2, width: s[0], height: s[1])
        let radius = min(r, min(abs(s[0]), abs(s[1])) / 2)
        if radius > 0 {
            path.addPath(CGPath(roundedRect: rect, cornerWidth: radius, cornerHeight: radius, transform: nil))
        } else {
            path.addRect(rect)
        }
    }

    private func addEllipse(_ j: LottieJSON, at frame: Double, to path: CGMutablePath) {
        let p = value(j, "p", at: frame), s = value(j, "s", at: frame)
        guard p.count >= 2, s.count >= 2 else { return }
        path.addEllipse(in: CGRect(x: p[0] - s[0] / 2, y: p[1] - s[1] / 2, width: s[0], height: s[1]))
    }

    private func addStar(_ j: LottieJSON, at frame: Double, to path: CGMutablePath) {
        let p = value(j, "p", at: frame)
        let points = Int(max(3, min(1000, value(j, "pt", at: frame).first ?? 5)))
        let rotation = (value(j, "r", at: frame).first ?? 0) * .pi / 180
        let outer = value(j, "or", at: frame).first ?? 0
        let inner = j["sy"]?.number == 2 ? nil : value(j, "ir", at: frame).first
        guard p.count >= 2 else { return }
        let corners = inner == nil ? points : points * 2
        for k in 0..<corners {
            let radius = inner != nil && k % 2 == 1 ? inner! : outer
            let angle = rotation - .pi / 2 + Double(k) * 2 * .pi / Double(corners)
            let point = CGPoint(x: p[0] + radius * cos(angle), y: p[1] + radius * sin(angle))
            if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
    }

    /// A bezier shape (`{ i, o, v, c }`, or a one-element list of it) as numbers: per vertex
    /// its point, in-tangent and out-tangent (6 numbers).
    static func flatVertices(_ v: LottieJSON) -> [Double]? {
        let shape = v.array?.first ?? v
        guard let vertices = shape["v"]?.array, let ins = shape["i"]?.array, let outs = shape["o"]?.array,
            ins.count == vertices.count, outs.count == vertices.count, vertices.count <= 100_000
        else { return nil }
        var out: [Double] = []
        out.reserveCapacity(vertices.count * 6)
        for k in vertices.indices {
            guard let p = vertices[k].numbers, let i = ins[k].numbers, let o = outs[k].numbers, p.count >= 2, i.count >= 2, o.count >= 2
            else { return nil }
            out += [p[0], p[1], i[0], i[1], o[0], o[1]]
        }
        return out
    }

    static func isClosed(_ v: LottieJSON) -> Bool {
        let shape = v.array?.first ?? v
        return shape["c"]?.bool ?? false
    }

    static func bezierPath(_ v: LottieJSON) -> CGPath? {
        flatVertices(v).flatMap { bezierPath(vertices: $0, closed: isClosed(v)) }
    }

    /// Vertices joined by cubic curves (tangents relative to their vertex), closed when asked.
    static func bezierPath(vertices v: [Double], closed: Bool) -> CGPath? {
        let count = v.count / 6
        guard count > 0 else { return nil }
        let path = CGMutablePath()
        func point(_ k: Int) -> CGPoint { CGPoint(x: v[k * 6], y: v[k * 6 + 1]) }
        func inTangent(_ k: Int) -> CGPoint { CGPoint(x: v[k * 6] + v[k * 6 + 2], y: v[k * 6 + 1] + v[k * 6 + 3]) }
        func outTangent(_ k: Int) -> CGPoint { CGPoint(x: v[k * 6] + v[k * 6 + 4], y: v[k * 6 + 1] + v[k * 6 + 5]) }
        path.move(to: point(0))
        for k in 1..<max(1, count) where count > 1 {
            path.addCurve(to: point(k), control1: outTangent(k - 1), control2: inTangent(k))
        }
        if closed {
            if count > 1 { path.addCurve(to: point(0), control1: outTangent(count - 1), control2: inTangent(0)) }
            path.closeSubpath()
        }
        return path
    }
}
