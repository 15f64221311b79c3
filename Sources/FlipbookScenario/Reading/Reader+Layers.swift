import FlipbookCore
import FlipbookUIKit
import Foundation
import Yams

extension Reader {
    // MARK: - Canvas

    func readCanvas(_ n: YAMLNode?, at mark: SourceMark) -> Scenario.Canvas? {
        guard let n else {
            sink.error("missing 'canvas' (width, height, scale, background)", at: mark)
            return nil
        }
        guard let pairs = n.mapping(allowed: ScenarioKeys.canvas) else { return nil }
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        var c = Scenario.Canvas(width: 0, height: 0, scale: 2, background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        for (k, kn, v) in pairs {
            switch k {
            case "width", "height":
                guard let x = v.number("a size in points") else { continue }
                if x <= 0 {
                    sink.error("canvas \(k) must be positive, found \(formatted(x))", at: v.mark)
                    continue
                }
                if k == "width" { c.width = x } else { c.height = x }
            case "scale":
                guard let x = v.number("a backing scale such as 2") else { continue }
                if !(x > 0 && x <= 8) {
                    sink.error("canvas scale must be in (0, 8], found \(formatted(x))", at: v.mark)
                } else {
                    c.scale = x
                }
            case "background":
                if v.isNull { c.background = nil } else if let col = values.color(v) { c.background = col }
            default: _ = kn
            }
        }
        if entry("width") == nil { sink.error("canvas needs 'width'", at: n.mark) }
        if entry("height") == nil { sink.error("canvas needs 'height'", at: n.mark) }
        let pw = (c.width * c.scale).rounded(), ph = (c.height * c.scale).rounded()
        if pw > Double(ScenarioLoader.maximumPixels) || ph > Double(ScenarioLoader.maximumPixels) {
            sink.error(
                "canvas is \(formatted(pw))×\(formatted(ph)) px; at most \(ScenarioLoader.maximumPixels)×\(ScenarioLoader.maximumPixels) px are allowed",
                at: n.mark)
        } else if c.width > 0, c.height > 0, pw < 1 || ph < 1 {
            sink.error(
                "canvas is " + String(format: "%g×%g", c.width * c.scale, c.height * c.scale) + " px at scale \(formatted(c.scale)); "
                    + "a frame needs at least 1×1 px", at: n.mark)
        }
        return c
    }

    // MARK: - Layers

    /// Every layer's id and type, in file order, before any layer is read; counts the layers and
    /// the levels they nest (`deepestLayer`), refusing a file past either limit at the first
    /// layer beyond it. Iterative: a hostile file may nest as deep as YAML allows.
    func collectIDs(_ top: YAMLNode) {
        var pending: [(node: Node, level: Int)] = [(top.node, 1)]
        while let (node, level) = pending.popLast() {
            guard case .mapping(let m) = node else { continue }
            layerCount += 1
            // A hostile file may nest layers deeper than anything needs; stop counting past the limit.
            guard layerCount <= Limits.maximumLayers else { return }
            guard level <= Limits.maximumLayerDepth else {
                let n = YAMLNode(node: node, sink: sink)
                sink.error(
                    "layers nest more than \(Limits.maximumLayerDepth) levels deep (sublayers and masks included)", at: n.mark,
                    hint: "put deep layers side by side: drawing needs every level on the stack")
                layersTooDeep = true
                return
            }
            deepestLayer = max(deepestLayer, level)
            var id: String?, type = LayerType.layer
            var subs: Node?, mask: Node?
            for (k, v) in m {
                switch k.string {
                case "id": id = v.string
                case "type": type = v.string.flatMap(LayerType.init) ?? .layer
                case "sublayers": subs = v
                case "mask": mask = v
                default: break
                }
            }
            if let id {
                if layerTypes[id] != nil {
                    let kn = m.first { $0.key.string == "id" }.map { YAMLNode(node: $0.value, sink: sink) }
                    sink.error("duplicate layer id '\(id)'", at: kn?.mark ?? YAMLNode(node: node, sink: sink).mark)
                }
                layerTypes[id] = type
                layerOrder.append(id)
            }
            // Sublayers in order, then the mask: pushed in reverse.
            if let mask { pending.append((mask, level + 1)) }
            if case .sequence(let s) = subs { pending.append(contentsOf: s.reversed().map { ($0, level + 1) }) }
        }
    }

    func readLayer(_ n: YAMLNode) -> LayerSpec? {
        guard case .mapping(let m) = n.node else {
            n.fail("a layer mapping with an id")
            return nil
        }
        var type = LayerType.layer
        if let t = m.first(where: { $0.key.string == "type" }) {
            let tn = YAMLNode(node: t.value, sink: sink)
            if let s = tn.string("a layer type") {
                if let lt = LayerType(rawValue: s) {
                    type = lt
                } else {
                    sink.error(
                        "unknown layer type '\(s)'; expected one of: \(LayerType.allCases.map(\.rawValue).joined(separator: ", "))",
                        at: tn.mark, hint: nearest(to: s, in: LayerType.allCases.map(\.rawValue)).map { "did you mean '\($0)'?" })
                }
            }
        }
        guard let pairs = n.mapping(allowed: ScenarioKeys.layer(type)) else { return nil }
        var spec = LayerSpec(id: "", type: type, frame: nil, properties: [], options: LayerOptions(), sublayers: [], mask: [])
        if type.isScrollView {
            spec.scroll = ScrollSpec()
            if layerDepth > 0 { sink.error("a \(type.rawValue) layer must be at the top level of 'layers', not a sublayer", at: n.mark) }
        }
        var hasID = false
        var tapNode: YAMLNode?
        for (k, _, v) in pairs {
            switch k {
            case "id":
                if let s = v.string("a layer id") {
                    spec.id = s
                    hasID = true
                }
            case "type": break
            case "frame": if case .rect(let r)? = values.value(v, kind: .rect) { spec.frame = r }
            case "onTap": tapNode = v
            case "sublayers":
                layerDepth += 1
                spec.sublayers = v.sequence("a list of layers")?.compactMap { readLayer($0) } ?? []
                layerDepth -= 1
            case "mask":
                layerDepth += 1
                if let l = readLayer(v) { spec.mask = [l] }
                layerDepth -= 1
            case _ where type == .emitter && ScenarioKeys.layerEmitter.contains(k) && k != "birthRate":
                if spec.emitter == nil { spec.emitter = EmitterSpec() }
                readEmitterKey(k, v, into: &spec.emitter!)
            case _ where type == .statusBar && ScenarioKeys.layerStatusBar.contains(k):
                if spec.statusBar == nil { spec.statusBar = StatusBarSpec() }
                readStatusBarKey(k, v, into: &spec.statusBar!)
            case _ where type == .lottie && ScenarioKeys.layerLottie.contains(k): break  // read below, `file` first
            case _ where type.isScrollView && (ScenarioKeys.layerScroll.contains(k) || k == "rows"):
                readScrollKey(k, v, into: &spec.scroll!)
            case _ where ScenarioKeys.optionKeys.contains(k):
                readOption(k, v, into: &spec.options)
            default:
                guard let prop = LayerProperty.named(k) else { continue }
                if let value = values.value(v, kind: prop.kind) {
                    if case .number(let x) = value, let warning = DrawnRanges.warning(prop, x) { sink.warning(warning, at: v.mark) }
                    spec.properties.append((LayerKeyPath(prop.rawValue)!, value))
                }
            }
        }
        if type == .lottie { readLottie(pairs, into: &spec, at: n.mark) }
        if !hasID { sink.error("a layer needs an 'id'", at: n.mark) }
        if hasID, let tapNode { pendingTapActions.append((spec.id, tapNode)) }
        if hasID, let frame = spec.frame { layerSizes[spec.id] = frame.size }
        return spec
    }

    /// Reads one non-animatable layer setting (`ScenarioKeys.optionKeys`).
    func readOption(_ k: String, _ v: YAMLNode, into options: inout LayerOptions) {
        switch k {
        case "lineCap":
            if let s = enumValue(v, ["butt", "round", "square"]) { options.lineCap = CAShapeLayerLineCap(rawValue: s) }
        case "lineJoin":
            if let s = enumValue(v, ["miter", "round", "bevel"]) { options.lineJoin = CAShapeLayerLineJoin(rawValue: s) }
        case "fillRule":
            if let s = enumValue(v, ["nonZero", "evenOdd"]) { options.fillRule = s == "evenOdd" ? .evenOdd : .nonZero }
        case "lineDashPattern":
            if let xs = v.numbers(nil, "a list of dash lengths") {
                if xs.contains(where: { $0 < 0 }) {
                    sink.error("dash lengths must not be negative", at: v.mark)
                } else {
                    options.lineDashPattern = xs
                }
            }
        case "string": options.text = v.string("the text to show")
        case "font":
            options.font = v.string("a font family name")
            if let name = options.font { fontUses.append((name, v.mark)) }
        case "alignment":
            if let s = enumValue(v, ["natural", "left", "right", "center", "justified"]) {
                options.alignment = CATextLayerAlignmentMode(rawValue: s)
            }
        case "wrapped": options.wrapped = v.bool()
        case "preservesDepth": options.preservesDepth = v.bool()
        case "birthRate":
            if let r = v.number("a birth-rate multiplier") {
                if r < 0 { sink.error("birthRate must not be negative", at: v.mark) } else { options.birthRate = r }
            }
        case "gradientType":
            if let s = enumValue(v, ["axial", "radial", "conic"]) { options.gradientType = CAGradientLayerType(rawValue: s) }
        case "contentsGravity":
            let all = [
                "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
                "resize", "resizeAspect", "resizeAspectFill"
            ]
            if let s = enumValue(v, all) { options.contentsGravity = CALayerContentsGravity(rawValue: s) }
        case "magnificationFilter":
            if let s = enumValue(v, ["linear", "nearest", "trilinear"]) { options.magnificationFilter = CALayerContentsFilter(rawValue: s) }
        case "minificationFilter":
            if let s = enumValue(v, ["linear", "nearest", "trilinear"]) { options.minificationFilter = CALayerContentsFilter(rawValue: s) }
        case "compositingFilter": if let s = enumValue(v, CALayer.compositingFilterNames) { options.compositingFilter = s }
        case "speed": options.speed = v.number("a speed")
        case "timeOffset": options.timeOffset = v.number("a time offset in seconds")
        case "beginTime": options.beginTime = v.number("a begin time in seconds")
        case "maskedCorners":
            guard let items = v.sequence("a list of corners (topLeft, topRight, bottomLeft, bottomRight)") else { return }
            var mask = CACornerMask()
            for i in items {
                switch enumValue(i, ["topLeft", "topRight", "bottomLeft", "bottomRight"]) {
                case "topLeft": mask.insert(.layerMinXMinYCorner)
                case "topRight": mask.insert(.layerMaxXMinYCorner)
                case "bottomLeft": mask.insert(.layerMinXMaxYCorner)
                case "bottomRight": mask.insert(.layerMaxXMaxYCorner)
                default: break
                }
            }
            options.maskedCorners = mask
        case "cornerCurve":
            if let s = enumValue(v, ["circular", "continuous"]) { options.cornerCurve = CALayerCornerCurve(rawValue: s) }
        case "frame":
            if case .rect(let r)? = values.value(v, kind: .rect) { options.frame = r }
        default:
            break
        }
    }

    func enumValue(_ n: YAMLNode, _ allowed: [String]) -> String? {
        guard let s = n.string("one of: \(allowed.joined(separator: ", "))") else { return nil }
        guard allowed.contains(s) else {
            sink.error(
                "expected one of: \(allowed.joined(separator: ", ")), found '\(s)'", at: n.mark,
                hint: nearest(to: s, in: allowed).map { "did you mean '\($0)'?" })
            return nil
        }
        return s
    }
}
