import FlipbookCore
import FlipbookUIKit
import Foundation

/// A shape layer's contents, grouped as lottie-ios's Core Animation engine groups them
/// (ShapeBuilder+RenderGroups.swift): each group a layer with its transform holding its
/// subgroups and, above them, a layer per render group: paths with the fill that follows them
/// and the strokes, trims and other items of the group.
struct ShapeBuilder {
    let builder: LayerBuilder

    /// A path item: a bezier path (`sh`), a rectangle, an ellipse or a star.
    enum PathItem {
        case bezier(Animated<BezierShape>)
        /// A bezier path with its sharp corners rounded (`rd`).
        case rounded(Animated<BezierShape>, radius: Animated<Vector>)
        case rectangle(Rectangle)
        case ellipse(Ellipse)
        case star(Star)
        /// A path that does not change (a mask's plane).
        case fixed(CGPath)
    }

    /// A fill or stroke with the trim that applies to it.
    struct Style {
        var item: ShapeItem
        var trim: Trim?
        /// The style's own keypath (its group's, then its name): `Layer.Group 1.Fill 1`.
        var keypath: [String]
        /// Stroke widths inherited into a scaled subgroup are divided by its scale, as lottie-ios does.
        var widthScale = 1.0

        /// Its colour (solid fills and strokes).
        var color: Animated<Vector>? {
            switch item.kind {
            case .fill(let f): return f.color
            case .stroke(let s): return s.color
            default: return nil
            }
        }

        /// Its line settings (strokes, solid or gradient).
        var line: LineStyle? {
            switch item.kind {
            case .stroke(let s): return s.line
            case .gradientStroke(let g): return g.line
            default: return nil
            }
        }

        /// Whether it fills by the even-odd rule.
        var evenOdd: Bool {
            switch item.kind {
            case .fill(let f): return f.evenOdd
            case .gradientFill(let g), .gradientStroke(let g): return g.evenOdd
            default: return false
            }
        }

        /// `property` with the value provider for `name` under this style's keypath.
        func property(_ property: Animated<Vector>?, _ name: String, _ builder: LayerBuilder) -> Animated<Vector>? {
            builder.property(property, keypath + [name])
        }
    }

    /// A shape layer's items; `keypath` is the layer's. Top-level items are one group without
    /// a transform (lottie-ios's placeholder group).
    func shapes(_ items: [ShapeItem], keypath: [String]) -> CALayer {
        group(items, inherited: [], keypath: keypath, topLevel: true)
    }

    /// One group's items (its own, then those inherited from its parent): subgroups first, the
    /// first on top, then its render groups above them, the first on top. With a repeater, what
    /// it repeats first (`addRepeated`), then (inside a group, as lottie-ios's GroupLayer does)
    /// the group's own render groups once more, unrepeated.
    func group(_ items: [ShapeItem], inherited: [Entry], keypath: [String], topLevel: Bool = false) -> CALayer {
        let container = CALayer()
        container.anchorPoint = .zero
        let visible = items.filter { !$0.hidden }
        let repeats = visible.contains { $0.typeCode == "rp" }
        if repeats {
            addRepeated(visible, inherited: inherited, keypath: keypath, topLevel: topLevel, to: container)
            if topLevel { return container }
        }
        let subgroups = visible.filter { $0.typeCode == "gr" }
        var entries = inherited
        entries.insert(contentsOf: visible.filter { $0.typeCode != "gr" }.map { Entry(item: $0, keypath: keypath + [$0.name]) }, at: 0)
        for item in visible {
            switch item.kind {
            case .merge: builder.warn(item.path, "merge paths are not supported by Core Animation")
            case .path, .roundedCorners, .rectangle, .ellipse, .star, .fill, .stroke, .gradientFill, .gradientStroke, .trim, .transform,
                .group, .repeater:
                break
            default: builder.warn(item.path, "shape item '\(item.typeCode.isEmpty ? "?" : item.typeCode)' is not supported")
            }
        }
        let split = Self.renderGroups(entries, subgroupsInherit: !subgroups.isEmpty)
        // With a repeater the subgroups were drawn where it put them.
        for item in repeats ? [] : subgroups.reversed() {
            guard case .group(let members) = item.kind else { continue }
            let children = members.filter { !$0.hidden }
            let transformItem = children.last { $0.typeCode == "tr" }.flatMap { item -> LottieTransform? in
                if case .transform(let t) = item.kind { return t }
                return nil
            }
            let groupKeypath = keypath + [item.name]
            let chain = builder.transform(transformItem, opacity: true, at: item.path, keypath: groupKeypath, group: true)
            let passed = split.unused.map { scaled($0, into: transformItem) }
            chain.inner.addSublayer(group(children.filter { $0.typeCode != "tr" }, inherited: passed, keypath: groupKeypath))
            container.addSublayer(chain.outer)
        }
        for renderGroup in split.valid.reversed() {
            for layer in layers(renderGroup) { container.addSublayer(layer) }
        }
        return container
    }

    /// An inherited stroke's width divided by the subgroup's (uniform) scale, so the subgroup's
    /// transform does not widen it (lottie-ios's `scaledCopyForChildGroup`).
    private func scaled(_ entry: Entry, into transformItem: LottieTransform?) -> Entry {
        guard entry.isStroke, let s = transformItem?.scale else { return entry }
        if s.isAnimated { builder.warn(s.initialPath, "an animated scale does not rescale inherited strokes") }
        let n = s.initial
        guard let sx = n.first, sx != 0 else { return entry }
        if n.count > 1, n[1] != sx { builder.warn(s.initialPath, "inherited strokes are not rescaled by unequal x and y scales") }
        var copy = entry
        copy.widthScale *= 100 / sx
        return copy
    }

    /// The layers of one render group: one for all its bezier paths together when they can share
    /// a path (no trim), else one per path, the first at the bottom.
    func layers(_ group: RenderGroup) -> [CALayer] {
        let trims = group.others.compactMap { entry -> Trim? in
            if case .trim(let t) = entry.item.kind { return t }
            return nil
        }
        // lottie-ios trims a fill or stroke by the group's first trim that trims something, and
        // a gradient stroke by its first trim.
        let trim = trims.first { !$0.isEmpty }
        func style(_ type: (Entry) -> Bool) -> Style? {
            group.others.first(where: type).map { entry in
                Style(item: entry.item, trim: entry.type == "gs" ? trims.first : trim, keypath: entry.keypath, widthScale: entry.widthScale)
            }
        }
        let fill = style { $0.isFill }, stroke = style { $0.type == "st" }, gradientStroke = style { $0.type == "gs" }
        let sets: [[PathItem]]
        var items = group.paths.compactMap { pathItem($0.item) }
        let corners = group.others.lazy.compactMap { entry -> (Animated<Vector>, String)? in
            if case .roundedCorners(let radius?) = entry.item.kind { return (radius, entry.item.path) }
            return nil
        }.first
        if let (radius, path) = corners { items = items.map { rounded($0, radius: radius, at: path) } }
        if items.count > 1, group.paths.allSatisfy({ $0.type == "sh" }), trims.isEmpty {
            sets = [items]
        } else {
            sets = items.map { [$0] }
        }
        return sets.map { paths in
            var parts: [CALayer] = []
            if let fill, fill.item.typeCode == "gf" {
                parts.append(GradientBuilder(shapes: self).layer(fill, paths: paths, stroke: false))
                if let stroke { parts.append(styleLayer(fill: nil, stroke: stroke, paths: paths)) }
            } else if fill != nil || stroke != nil {
                parts.append(styleLayer(fill: fill, stroke: stroke, paths: paths))
            }
            if let gradientStroke { parts.append(GradientBuilder(shapes: self).layer(gradientStroke, paths: paths, stroke: true)) }
            if parts.count == 1 { return parts[0] }
            let container = CALayer()
            container.anchorPoint = .zero
            for part in parts { container.addSublayer(part) }
            return container
        }
    }

    /// The path a path-drawing item draws.
    func pathItem(_ item: ShapeItem) -> PathItem? {
        switch item.kind {
        case .path(let shape): return shape.map { .bezier($0) }
        case .rectangle(let r): return .rectangle(r)
        case .ellipse(let e): return .ellipse(e)
        case .star(let s): return .star(s)
        default: return nil
        }
    }

    /// A solid or gradient fill or stroke of `paths`.
    func drawable(_ style: Style, paths: [PathItem]) -> CALayer {
        switch style.item.typeCode {
        case "gf": return GradientBuilder(shapes: self).layer(style, paths: paths, stroke: false)
        case "gs": return GradientBuilder(shapes: self).layer(style, paths: paths, stroke: true)
        case "st": return styleLayer(fill: nil, stroke: style, paths: paths)
        default: return styleLayer(fill: style, stroke: nil, paths: paths)
        }
    }

    /// A CAShapeLayer filling and (on top) stroking `paths`; its opacity is theirs (render
    /// groups pair a fill and a stroke only when their opacities are the same).
    func styleLayer(fill: Style?, stroke: Style?, paths: [PathItem]) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.anchorPoint = .zero
        shape.fillColor = nil
        shape.strokeColor = nil
        // In 0…1 (the decoder scales 0…255 files); an eased overshoot is clamped when drawn.
        let colorConvert: (Vector) -> Any? = { c in
            guard c.count >= 3 else { return nil }
            return CGColor(red: CGFloat(c[0]), green: CGFloat(c[1]), blue: CGFloat(c[2]), alpha: 1)
        }
        for (style, colorKey) in [(fill, "fillColor"), (stroke, "strokeColor")] {
            guard let style else { continue }
            if let c = style.property(style.color, "Color", builder) { builder.set(c, on: shape, keyPath: colorKey, convert: colorConvert) }
            if let o = style.property(style.item.opacity, "Opacity", builder) {
                builder.set(o, on: shape, keyPath: "opacity") { $0.first.map { NSNumber(value: $0 / 100) } }
            }
        }
        if let fill { shape.fillRule = fill.evenOdd ? .evenOdd : .nonZero }
        if let stroke, let line = stroke.line {
            if let w = stroke.property(line.width, "Stroke Width", builder) {
                let scale = stroke.widthScale
                builder.set(w, on: shape, keyPath: "lineWidth") { $0.first.map { NSNumber(value: $0 * scale) } }
            }
            applyLine(line, to: shape)
            if !line.dashes.isEmpty { applyDashes(line.dashes, to: shape) }
        }
        // lottie-ios trims the layer whatever it draws (CAShapeLayer trims only the stroke).
        let repeats = (stroke ?? fill)?.trim.map { applyTrim($0, to: shape) } ?? 1
        setPath(paths, on: shape, repeats: repeats)
        return shape
    }

    /// Caps, joins and the miter limit of a stroke.
    func applyLine(_ line: LineStyle, to shape: CAShapeLayer, miterLimit: Bool = true) {
        shape.lineCap = [1: .butt, 2: .round, 3: .square][line.cap ?? 1] ?? .butt
        shape.lineJoin = [1: .miter, 2: .round, 3: .bevel][line.join ?? 1] ?? .miter
        if miterLimit { shape.miterLimit = CGFloat(line.miterLimit ?? 4) }
    }

    /// A stroke's dashes as lottie-ios sets them: the pattern from each length's first value
    /// (Core Animation cannot animate it; reported), a 0 made 0.01 (so round caps draw dots),
    /// none when every length is 0; the offset as `lineDashPhase`, keyframed when it moves.
    func applyDashes(_ dashes: [Dash], to shape: CAShapeLayer) {
        var pattern: [NSNumber] = []
        for d in dashes {
            guard let value = d.value, let n = value.initial.first else { continue }
            if d.isOffset {
                builder.set(value, on: shape, keyPath: "lineDashPhase") { $0.first.map { NSNumber(value: $0) } }
                continue
            }
            if value.isAnimated { builder.warn(d.path, "animated dash lengths are drawn at their first value") }
            pattern.append(NSNumber(value: n == 0 ? 0.01 : n))
        }
        if pattern.contains(where: { $0.doubleValue != 0.01 }) { shape.lineDashPattern = pattern }
    }

    // MARK: - Paths

    /// The paths as one CGPath: keyframed when one bezier path animates and the rest hold still
    /// (its own keyframes and easing); sampled each frame when several parts move.
    /// `repeats` copies of the path one after another (a trim offset past its end wraps onto them).
    func setPath(_ items: [PathItem], on shape: CAShapeLayer, repeats: Int = 1) {
        guard repeats == 1 else {
            var copies: [PathItem] = []
            for _ in 0..<max(1, min(repeats, 100)) { copies += items }
            setPath(copies, on: shape)
            return
        }
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
        if animatedItems.count == 1, items.count == 1, case .bezier(let property) = items[0], property.isAnimated {
            builder.setKeyframed(property, on: shape, keyPath: "path") { Self.bezierPath(vertices: $0.vertices, closed: $0.closed) }
            return
        }
        if items.count == 1, case .rounded(let property, let radius) = items[0], property.isAnimated, !radius.isAnimated {
            // Each keyframe's path rounded, as lottie-ios rounds them.
            let r = radius.initial.first ?? 0
            builder.setKeyframed(property, on: shape, keyPath: "path") {
                let rounded = Self.roundedCorners($0, radius: r)
                return Self.bezierPath(vertices: rounded.vertices, closed: rounded.closed)
            }
            return
        }
        if items.count == 1, let timeline = Self.sharedTimeline(of: items[0]) {
            // A rectangle, ellipse, star or polygon whose moving parts keyframe together: its
            // path at those keyframes, eased as they are, and Core Animation interpolating the
            // paths point by point between them (lottie-ios's `Keyframes.combined`), so a
            // polygon turning between two keyframes shrinks mid-way, as iOS shows it.
            builder.setKeyframed(timeline, on: shape, keyPath: "path") { combined(items, at: $0.first ?? 0) }
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

    private func isAnimated(_ item: PathItem) -> Bool { !keyframeTimes(item).isEmpty }

    /// The keyframes a rectangle's, ellipse's or star's moving parts share (times, holds and
    /// easing alike, as lottie-ios's `hasSameTimingParameters` compares them), each valued by
    /// its own frame; nil when they differ or nothing moves (lottie-ios then interpolates them
    /// by hand, as the sampling here does).
    static func sharedTimeline(of item: PathItem) -> Animated<Vector>? {
        let parts: [Animated<Vector>?]
        switch item {
        case .rectangle(let r): parts = [r.position, r.size, r.roundness]
        case .ellipse(let e): parts = [e.position, e.size]
        case .star(let s): parts = s.properties
        case .bezier, .rounded, .fixed: return nil
        }
        let moving = parts.compactMap { part -> [LottieKeyframe<Vector>]? in
            guard case .keyframes(let keyframes)? = part?.storage, keyframes.count > 1 else { return nil }
            return keyframes
        }
        guard let first = moving.first else { return nil }
        let shared = moving.allSatisfy { keyframes in
            keyframes.count == first.count
                && zip(keyframes, first).allSatisfy { $0.frame == $1.frame && $0.hold == $1.hold && $0.out == $1.out && $0.into == $1.into }
        }
        guard shared else { return nil }
        let timeline = first.map { keyframe -> LottieKeyframe<Vector> in
            LottieKeyframe(
                frame: keyframe.frame, value: [keyframe.frame], end: nil, out: keyframe.out, into: keyframe.into, hold: keyframe.hold,
                spatialOut: nil, spatialIn: nil)
        }
        return Animated(.keyframes(timeline), path: parts.compactMap { $0 }.first?.path ?? "")
    }

    private func keyframeTimes(_ item: PathItem) -> [Double] {
        switch item {
        case .bezier(let p): return p.keyframeTimes
        case .rounded(let p, let radius): return p.keyframeTimes + radius.keyframeTimes
        case .fixed: return []
        case .rectangle(let r): return [r.position, r.size, r.roundness].flatMap { $0?.keyframeTimes ?? [] }
        case .ellipse(let e): return [e.position, e.size].flatMap { $0?.keyframeTimes ?? [] }
        case .star(let s): return s.properties.flatMap { $0?.keyframeTimes ?? [] }
        }
    }

    /// Every path item at `frame`, in one path.
    func combined(_ items: [PathItem], at frame: Double) -> CGPath {
        let path = CGMutablePath()
        for item in items {
            switch item {
            case .bezier(let p):
                let shape = p.shape(at: frame)
                if let sample = Self.bezierPath(vertices: shape.vertices, closed: shape.closed) { path.addPath(sample) }
            case .rounded(let p, let radius):
                let shape = Self.roundedCorners(p.shape(at: frame), radius: radius.numbers(at: frame).first ?? 0)
                if let sample = Self.bezierPath(vertices: shape.vertices, closed: shape.closed) { path.addPath(sample) }
            case .fixed(let fixed): path.addPath(fixed)
            case .rectangle(let r): addRectangle(r, at: frame, to: path)
            case .ellipse(let e): addEllipse(e, at: frame, to: path)
            case .star(let s): addStar(s, at: frame, to: path)
            }
        }
        return path
    }

    /// lottie-ios's rectangle (its `BezierPath.rectangle`): from the right edge's top, clockwise
    /// (`d` 3: the other way), corners rounded by quarter-ellipse curves; where a trim starts
    /// and ends along it depends on that start.
    private func addRectangle(_ rectangle: Rectangle, at frame: Double, to path: CGMutablePath) {
        let p = rectangle.position?.numbers(at: frame) ?? [], s = rectangle.size?.numbers(at: frame) ?? []
        let r = rectangle.roundness?.numbers(at: frame).first ?? 0
        guard p.count >= 2, s.count >= 2 else { return }
        let w = s[0] / 2, h = s[1] / 2, radius = min(r, w, h)
        // Vertices as (in-tangent, point, out-tangent), relative to the centre.
        typealias Vertex = (into: CGPoint, point: CGPoint, out: CGPoint)
        func corner(_ x: Double, _ y: Double) -> Vertex {
            let q = CGPoint(x: x, y: y)
            return (q, q, q)
        }
        var vertices: [Vertex]
        if radius <= 0 {
            vertices = [corner(w, -h), corner(w, h), corner(-w, h), corner(-w, -h), corner(w, -h)]
        } else {
            let c = radius * Self.ellipseControl
            func v(_ ix: Double, _ iy: Double, _ x: Double, _ y: Double, _ ox: Double, _ oy: Double) -> Vertex {
                (CGPoint(x: ix, y: iy), CGPoint(x: x, y: y), CGPoint(x: ox, y: oy))
            }
            vertices = [
                corner(w, -h + radius),
                v(w, h - radius, w, h - radius, w, h - radius + c),
                v(w - radius + c, h, w - radius, h, w - radius, h),
                v(-w + radius, h, -w + radius, h, -w + radius - c, h),
                v(-w, h - radius + c, -w, h - radius, -w, h - radius),
                v(-w, -h + radius, -w, -h + radius, -w, -h + radius - c),
                v(-w + radius - c, -h, -w + radius, -h, -w + radius, -h),
                v(w - radius, -h, w - radius, -h, w - radius + c, -h),
                v(w, -h + radius - c, w, -h + radius, w, -h + radius)
            ]
        }
        if rectangle.reversed { vertices = vertices.reversed().map { ($0.out, $0.point, $0.into) } }
        let origin = CGPoint(x: p[0], y: p[1])
        func at(_ q: CGPoint) -> CGPoint { CGPoint(x: q.x + origin.x, y: q.y + origin.y) }
        path.move(to: at(vertices[0].point))
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            if a.out == a.point, b.into == b.point {
                path.addLine(to: at(b.point))
            } else {
                path.addCurve(to: at(b.point), control1: at(a.out), control2: at(b.into))
            }
        }
        path.closeSubpath()
    }

    /// lottie-ios's control-point share for a quarter ellipse (its `EllipseNode.ControlPointConstant`).
    static let ellipseControl = 0.55228

    /// lottie-ios's ellipse (its `BezierPath.ellipse`): four curves from the top, clockwise
    /// (`d` 3: mirrored, counter-clockwise), as After Effects draws it.
    private func addEllipse(_ ellipse: Ellipse, at frame: Double, to path: CGMutablePath) {
        let p = ellipse.position?.numbers(at: frame) ?? [], s = ellipse.size?.numbers(at: frame) ?? []
        guard p.count >= 2, s.count >= 2 else { return }
        let w = s[0] / 2 * (ellipse.reversed ? -1 : 1), h = s[1] / 2
        let cx = p[0], cy = p[1], cw = w * Self.ellipseControl, ch = h * Self.ellipseControl
        let top = CGPoint(x: cx, y: cy - h), right = CGPoint(x: cx + w, y: cy)
        let bottom = CGPoint(x: cx, y: cy + h), left = CGPoint(x: cx - w, y: cy)
        path.move(to: top)
        path.addCurve(to: right, control1: CGPoint(x: cx + cw, y: top.y), control2: CGPoint(x: right.x, y: cy - ch))
        path.addCurve(to: bottom, control1: CGPoint(x: right.x, y: cy + ch), control2: CGPoint(x: cx + cw, y: bottom.y))
        path.addCurve(to: left, control1: CGPoint(x: cx - cw, y: bottom.y), control2: CGPoint(x: left.x, y: cy + ch))
        path.addCurve(to: top, control1: CGPoint(x: left.x, y: cy - ch), control2: CGPoint(x: cx - cw, y: top.y))
        path.closeSubpath()
    }

    private func addStar(_ star: Star, at frame: Double, to path: CGMutablePath) {
        guard let shape = starShape(star, at: frame), let drawn = Self.bezierPath(vertices: shape.vertices, closed: true) else { return }
        path.addPath(drawn)
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
