import FlipbookCore
import Foundation
import Yams

/// Turns the YAML tree into a `Scenario`, reporting every problem to the sink.
final class Reader {
    let sink: DiagnosticSink
    let values: ValueParser
    private var layerTypes: [String: LayerType] = [:]
    private var templates: [String: AnimationSpec] = [:]
    private var templateMarks: [String: SourceMark] = [:]
    private var layerCount = 0
    /// Every font name the file asks for, where.
    private(set) var fontUses: [(name: String, mark: SourceMark)] = []

    init(sink: DiagnosticSink, base: URL, imageLoader: ((URL) throws -> LayerImage)?) {
        self.sink = sink
        values = ValueParser(sink: sink, baseDirectory: base, imageLoader: imageLoader ?? Self.readPNGHeader)
    }

    /// The default image loader: reads the PNG header (size) here; the renderer decodes the
    /// pixels when it draws them.
    static func readPNGHeader(_ url: URL) throws -> LayerImage {
        let data = try Data(contentsOf: url)
        guard let image = LayerImage(pngData: data) else { throw ImageError.notPNG }
        return image
    }

    enum ImageError: Error, CustomStringConvertible {
        case notPNG
        var description: String { "not a PNG file (or larger than \(Limits.maximumStagePixels) px a side)" }
    }

    func scenario(_ root: YNode, file: String, variant: String?) -> Scenario? {
        guard let top = root.mapping(allowed: ScenarioKeys.top, what: "a scenario mapping (canvas, layers, animations, …)") else { return nil }
        func entry(_ k: String) -> YNode? { top.first { $0.key == k }?.value }

        // Parameters first: every other value may refer to them.
        var variantNames: [String] = []
        if let p = entry("params"), let pairs = p.mapping() {
            for (k, _, v) in pairs { sink.params[k] = v.node }
        }
        if let v = entry("variants"), let pairs = v.mapping() {
            variantNames = pairs.map(\.key)
            for (name, keyNode, body) in pairs {
                guard let overrides = body.mapping() else { continue }
                for (k, kn, _) in overrides where sink.params[k] == nil {
                    sink.error("variant '\(name)' overrides unknown parameter '\(k)'", at: kn.mark,
                               hint: nearest(to: k, in: Array(sink.params.keys)).map { "did you mean '\($0)'?" })
                }
                if name == variant { for (k, _, v) in overrides { sink.params[k] = v.node } }
                _ = keyNode
            }
        }
        if let variant, !variantNames.contains(variant) {
            // The name came from the command line (or the API); point at the file's variants.
            let at = top.first { $0.key == "variants" }?.keyNode.mark ?? .start
            sink.error("unknown variant '\(variant)' (asked for with --variant)", at: at,
                       hint: variantNames.isEmpty ? "the file defines no variants" : "variants: \(variantNames.joined(separator: ", "))")
        }

        let title = entry("title")?.string()
        let canvas = readCanvas(entry("canvas"), at: root.mark)
        var fps = 30.0
        if let f = entry("fps"), let v = f.number("a frame rate") {
            if ScenarioLoader.fpsRange.contains(v) { fps = v } else { sink.error("fps must be between 1 and 100, found \(formatted(v))", at: f.mark) }
        }
        var duration = 0.0
        if let d = entry("duration") {
            if let v = d.number("a duration in seconds") {
                if v <= 0 {
                    sink.error("duration must be positive, found \(formatted(v))", at: d.mark)
                } else if v > Limits.maximumDuration {
                    sink.error("duration must be at most \(formatted(Limits.maximumDuration)) s, found \(formatted(v))", at: d.mark)
                } else {
                    duration = v
                }
            }
        } else {
            sink.error("missing 'duration' (seconds to render)", at: root.mark)
        }
        if duration > 0, (duration * fps).rounded() > Double(ScenarioLoader.maximumFrames) {
            sink.error("\(formatted(duration)) s at \(formatted(fps)) fps is \(formatted((duration * fps).rounded())) frames; at most \(ScenarioLoader.maximumFrames) are allowed",
                       at: entry("duration")?.mark ?? root.mark)
        }

        var layers: [LayerSpec] = []
        if let l = entry("layers"), let items = l.sequence("a list of layers") {
            // Collect ids and types first so references anywhere can be checked.
            for item in items { collectIDs(item) }
            if layerCount > Limits.maximumLayers {
                sink.error("the scenario has more than \(Limits.maximumLayers) layers (sublayers and masks included)", at: l.mark)
            } else {
                layers = items.compactMap { readLayer($0) }
            }
        }
        if let a = entry("animations"), let pairs = a.mapping(what: "a mapping of animation templates by name") {
            for (name, kn, _) in pairs { templateMarks[name] = kn.mark }
            for (name, _, body) in pairs {
                if let spec = readAnimation(body, name: name, depth: 0) { templates[name] = spec }
            }
        }
        var script: [EventSpec] = []
        if let s = entry("script"), let items = s.sequence("a list of timed events") {
            script = items.compactMap { readEvent($0, duration: duration) }
        }
        var chains: [ChainSpec] = []
        var chainMarks: [SourceMark] = []
        if let c = entry("chains"), let items = c.sequence("a list of chains") {
            for item in items {
                if let chain = readChain(item) { chains.append(chain); chainMarks.append(item.mark) }
            }
        }
        checkZeroDurationLoops(script: script, chains: chains, marks: chainMarks)
        for finding in ChainLoopCheck(script: script, chains: chains, chainLines: chainMarks.map(\.line)).findings() {
            sink.error(finding.message, at: chainMarks[finding.chains[0]], hint: finding.hint)
        }
        guard let canvas else { return nil }
        return Scenario(file: file, title: title, canvas: canvas, fps: fps, duration: duration, layers: layers,
                        animations: templates, script: script.sorted { $0.at < $1.at }, chains: chains, variantNames: variantNames)
    }

    private func formatted(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    // MARK: - Canvas

    private func readCanvas(_ n: YNode?, at mark: SourceMark) -> Scenario.Canvas? {
        guard let n else { sink.error("missing 'canvas' (width, height, scale, background)", at: mark); return nil }
        guard let pairs = n.mapping(allowed: ScenarioKeys.canvas) else { return nil }
        func entry(_ k: String) -> YNode? { pairs.first { $0.key == k }?.value }
        var c = Scenario.Canvas(width: 0, height: 0, scale: 2, background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        for (k, kn, v) in pairs {
            switch k {
            case "width", "height":
                guard let x = v.number("a size in points") else { continue }
                if x <= 0 { sink.error("canvas \(k) must be positive, found \(formatted(x))", at: v.mark); continue }
                if k == "width" { c.width = x } else { c.height = x }
            case "scale":
                guard let x = v.number("a backing scale such as 2") else { continue }
                if !(x > 0 && x <= 8) { sink.error("canvas scale must be in (0, 8], found \(formatted(x))", at: v.mark) } else { c.scale = x }
            case "background":
                if v.isNull { c.background = nil } else if let col = values.color(v) { c.background = col }
            default: _ = kn
            }
        }
        if entry("width") == nil { sink.error("canvas needs 'width'", at: n.mark) }
        if entry("height") == nil { sink.error("canvas needs 'height'", at: n.mark) }
        let pw = (c.width * c.scale).rounded(), ph = (c.height * c.scale).rounded()
        if pw > Double(ScenarioLoader.maximumPixels) || ph > Double(ScenarioLoader.maximumPixels) {
            sink.error("canvas is \(formatted(pw))×\(formatted(ph)) px; at most \(ScenarioLoader.maximumPixels)×\(ScenarioLoader.maximumPixels) px are allowed",
                       at: n.mark)
        }
        return c
    }

    // MARK: - Layers

    private func collectIDs(_ n: YNode) {
        guard case .mapping(let m) = n.node else { return }
        layerCount += 1
        // A hostile file may nest layers deeper than anything needs; stop counting past the limit.
        guard layerCount <= Limits.maximumLayers else { return }
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
                let kn = m.first { $0.key.string == "id" }.map { YNode(node: $0.value, sink: sink) }
                sink.error("duplicate layer id '\(id)'", at: kn?.mark ?? n.mark)
            }
            layerTypes[id] = type
        }
        if case .sequence(let s) = subs { for c in s { collectIDs(YNode(node: c, sink: sink)) } }
        if let mask { collectIDs(YNode(node: mask, sink: sink)) }
    }

    private func readLayer(_ n: YNode) -> LayerSpec? {
        guard case .mapping(let m) = n.node else { n.fail("a layer mapping with an id"); return nil }
        var type = LayerType.layer
        if let t = m.first(where: { $0.key.string == "type" }) {
            let tn = YNode(node: t.value, sink: sink)
            if let s = tn.string("a layer type") {
                if let lt = LayerType(rawValue: s) { type = lt } else {
                    sink.error("unknown layer type '\(s)'; expected one of: \(LayerType.allCases.map(\.rawValue).joined(separator: ", "))",
                               at: tn.mark, hint: nearest(to: s, in: LayerType.allCases.map(\.rawValue)).map { "did you mean '\($0)'?" })
                }
            }
        }
        guard let pairs = n.mapping(allowed: ScenarioKeys.layer(type)) else { return nil }
        var spec = LayerSpec(id: "", type: type, frame: nil, properties: [], options: LayerOptions(), sublayers: [], mask: [])
        var hasID = false
        for (k, _, v) in pairs {
            switch k {
            case "id": if let s = v.string("a layer id") { spec.id = s; hasID = true }
            case "type": break
            case "frame": if case .rect(let r)? = values.value(v, kind: .rect) { spec.frame = r }
            case "sublayers": spec.sublayers = v.sequence("a list of layers")?.compactMap { readLayer($0) } ?? []
            case "mask": if let l = readLayer(v) { spec.mask = [l] }
            case _ where ScenarioKeys.optionKeys.contains(k):
                readOption(k, v, into: &spec.options)
            default:
                guard let prop = LayerProperty.named(k) else { continue }
                if let value = values.value(v, kind: prop.kind) { spec.properties.append((LayerKeyPath(prop.rawValue)!, value)) }
            }
        }
        if !hasID { sink.error("a layer needs an 'id'", at: n.mark) }
        return spec
    }

    /// Reads one non-animatable layer setting (`ScenarioKeys.optionKeys`).
    private func readOption(_ k: String, _ v: YNode, into options: inout LayerOptions) {
        switch k {
        case "lineCap":
            if let s = enumValue(v, ["butt", "round", "square"]) { options.lineCap = CAShapeLayerLineCap(rawValue: s) }
        case "lineJoin":
            if let s = enumValue(v, ["miter", "round", "bevel"]) { options.lineJoin = CAShapeLayerLineJoin(rawValue: s) }
        case "fillRule":
            if let s = enumValue(v, ["nonZero", "evenOdd"]) { options.fillRule = s == "evenOdd" ? .evenOdd : .nonZero }
        case "lineDashPattern":
            if let xs = v.numbers(nil, "a list of dash lengths") {
                if xs.contains(where: { $0 < 0 }) { sink.error("dash lengths must not be negative", at: v.mark) } else { options.lineDashPattern = xs }
            }
        case "string": options.text = v.string("the text to show")
        case "font":
            options.font = v.string("a font family name")
            if let name = options.font { fontUses.append((name, v.mark)) }
        case "alignment":
            if let s = enumValue(v, ["natural", "left", "right", "center", "justified"]) { options.alignment = CATextLayerAlignmentMode(rawValue: s) }
        case "wrapped": options.wrapped = v.bool()
        case "gradientType":
            if let s = enumValue(v, ["axial", "radial", "conic"]) { options.gradientType = CAGradientLayerType(rawValue: s) }
        case "contentsGravity":
            let all = ["center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
                       "resize", "resizeAspect", "resizeAspectFill"]
            if let s = enumValue(v, all) { options.contentsGravity = CALayerContentsGravity(rawValue: s) }
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
        case "frame":
            if case .rect(let r)? = values.value(v, kind: .rect) { options.frame = r }
        default:
            break
        }
    }

    private func enumValue(_ n: YNode, _ allowed: [String]) -> String? {
        guard let s = n.string("one of: \(allowed.joined(separator: ", "))") else { return nil }
        guard allowed.contains(s) else {
            sink.error("expected one of: \(allowed.joined(separator: ", ")), found '\(s)'", at: n.mark,
                       hint: nearest(to: s, in: allowed).map { "did you mean '\($0)'?" })
            return nil
        }
        return s
    }

    // MARK: - Animations

    private func timing(_ n: YNode) -> TimingSpec? {
        let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
        if case .sequence = n.node {
            guard let p = n.numbers(4, "four control points [x1, y1, x2, y2]") else { return nil }
            if !(0...1).contains(p[0]) || !(0...1).contains(p[2]) {
                sink.error("control point x values must be in [0, 1], found \(formatted(p[0])) and \(formatted(p[2]))", at: n.mark)
                return nil
            }
            return .points(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
        }
        guard let raw = n.string("one of: \(names.joined(separator: ", "))") else { return nil }
        // UIKit's curve names mean the same curves (timing-model.md 11.1).
        if let s = names.contains(raw) ? raw : Self.curveAliases[raw] { return .named(CAMediaTimingFunctionName(rawValue: s)) }
        curveError(raw, allowed: names, at: n.mark)
        return nil
    }

    /// UIKit spellings of Core Animation's named curves.
    static let curveAliases = ["easeInOut": "easeInEaseOut", "curveEaseInOut": "easeInEaseOut", "curveEaseIn": "easeIn",
                               "curveEaseOut": "easeOut", "curveLinear": "linear", "ease": "default"]

    /// A `UIView.animate` curve: UIKit's names, or Core Animation's for the same curves.
    private func viewCurve(_ n: YNode) -> String? {
        let names = ["easeInOut", "easeIn", "easeOut", "linear"]
        guard let raw = n.string("one of: \(names.joined(separator: ", "))") else { return nil }
        if names.contains(raw) { return raw }
        if let ca = Self.curveAliases[raw] ?? (raw == "easeInEaseOut" ? raw : nil), ca != "default" {
            return ca == "easeInEaseOut" ? "easeInOut" : ca
        }
        curveError(raw, allowed: names, at: n.mark)
        return nil
    }

    /// An unknown curve name; the ease-in-ease-out spelling is suggested first for any
    /// "inout" look-alike, since easeOut is closer in letters but not what was meant.
    private func curveError(_ raw: String, allowed: [String], at mark: SourceMark) {
        let lowered = raw.lowercased()
        let suggestion = lowered.contains("inout") || lowered.contains("in-out") || lowered.contains("inease")
            ? allowed.first { $0.lowercased().contains("inout") || $0 == "easeInEaseOut" }
            : nearest(to: raw, in: allowed + Array(Self.curveAliases.keys))
        sink.error("expected one of: \(allowed.joined(separator: ", ")), found '\(raw)'", at: mark,
                   hint: suggestion.map { "did you mean '\($0)'?" })
    }

    /// The value kind of a key path (a sub-field is a number, point or size).
    static func kind(of kp: LayerKeyPath) -> ValueKind {
        guard let c = kp.component else { return kp.property.kind }
        switch c {
        case .origin: return .point
        case .size, .translation: return .size
        default: return .number
        }
    }

    private func readAnimation(_ n: YNode, name: String, depth: Int) -> AnimationSpec? {
        if let ref = n.scalarString, case .scalar = n.node {
            // A template referenced by name (inside a group).
            guard depth > 0 else { n.fail("an animation mapping"); return nil }
            guard let t = templates[ref] else {
                if templateMarks[ref] != nil {
                    sink.error("animation '\(ref)' must be defined before the group that uses it", at: n.mark)
                } else {
                    sink.error("unknown animation '\(ref)'", at: n.mark,
                               hint: nearest(to: ref, in: Array(templateMarks.keys)).map { "did you mean '\($0)'?" })
                }
                return nil
            }
            return t
        }
        guard case .mapping(let m) = n.node else { n.fail("an animation mapping with a type"); return nil }
        var kind = AnimationSpec.Kind.basic
        if let t = m.first(where: { $0.key.string == "type" }) {
            let tn = YNode(node: t.value, sink: sink)
            if let s = enumValue(tn, ["basic", "keyframe", "group", "spring"]) { kind = AnimationSpec.Kind(rawValue: s)! }
        } else if m.contains(where: { $0.key.string == "animations" }) {
            kind = .group
        } else if m.contains(where: { ["values", "path"].contains($0.key.string) }) {
            kind = .keyframe
        }
        guard let pairs = n.mapping(allowed: ScenarioKeys.animation(kind)) else { return nil }
        var spec = AnimationSpec(name: name, kind: kind)
        var keyPath: LayerKeyPath?
        if let kpn = pairs.first(where: { $0.key == "keyPath" })?.value, let s = kpn.string("a key path such as position.x") {
            if let kp = LayerKeyPath(s) { keyPath = kp; spec.keyPath = s } else {
                sink.error("unknown key path '\(s)'", at: kpn.mark,
                           hint: nearest(to: s, in: ScenarioKeys.allKeyPaths).map { "did you mean '\($0)'?" })
            }
        } else if kind != .group {
            sink.error("a \(kind.rawValue) animation needs a 'keyPath'", at: n.mark)
        }
        let hasValueFunction = pairs.contains { $0.key == "valueFunction" }
        func value(_ v: YNode) -> AnimatableValue? {
            guard let kp = keyPath else { return nil }
            if hasValueFunction {
                if case .sequence = v.node { return v.numbers(nil, "a list of numbers").map { .array($0.map(AnimatableValue.number)) } }
                return values.number(v).map(AnimatableValue.number)
            }
            return values.value(v, kind: Reader.kind(of: kp))
        }
        var keyTimesNode: YNode?, valuesNode: YNode?, tfNode: YNode?
        for (k, _, v) in pairs {
            switch k {
            case "type", "keyPath": break
            case "duration":
                if kind == .spring, v.scalarString == "settling" { spec.durationIsSettling = true; continue }
                if let d = v.number("a duration in seconds") {
                    if d < 0 { sink.error("duration must not be negative, found \(formatted(d))", at: v.mark) } else { spec.duration = d }
                }
            case "beginTime": spec.beginTime = v.number("a begin time in seconds")
            case "timeOffset": spec.timeOffset = v.number("a time offset in seconds")
            case "speed": spec.speed = v.number("a speed")
            case "repeatCount":
                if let r = v.number("a repeat count (or inf)", allowInfinity: true) {
                    if r < 0 { sink.error("repeatCount must not be negative, found \(formatted(r))", at: v.mark) } else { spec.repeatCount = r }
                }
            case "repeatDuration":
                if let r = v.number("a repeat duration in seconds", allowInfinity: true) {
                    if r < 0 { sink.error("repeatDuration must not be negative", at: v.mark) } else { spec.repeatDuration = r }
                }
            case "autoreverses": spec.autoreverses = v.bool()
            case "fillMode":
                if let s = enumValue(v, ["removed", "forwards", "backwards", "both"]) { spec.fillMode = CAMediaTimingFillMode(rawValue: s) }
            case "removedOnCompletion": spec.removedOnCompletion = v.bool()
            case "timingFunction": spec.timingFunction = timing(v)
            case "additive": spec.additive = v.bool()
            case "cumulative": spec.cumulative = v.bool()
            case "valueFunction":
                let names = ["rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ", "translate", "translateX", "translateY", "translateZ"]
                if let s = enumValue(v, names) { spec.valueFunction = CAValueFunctionName(rawValue: s) }
            case "from": spec.from = value(v)
            case "to": spec.to = value(v)
            case "by": spec.by = value(v)
            case "values":
                valuesNode = v
                if let items = v.sequence("a list of keyframe values") {
                    let parsed = items.map { value($0) }
                    if !parsed.contains(where: { $0 == nil }) { spec.values = parsed.map { $0! } }
                    if items.isEmpty { sink.error("values must not be empty", at: v.mark) }
                }
            case "keyTimes":
                keyTimesNode = v
                if let kt = v.numbers(nil, "a list of key times in [0, 1]") {
                    if kt.contains(where: { $0 < 0 || $0 > 1 }) {
                        sink.error("key times must lie in [0, 1]", at: v.mark)
                    } else if zip(kt, kt.dropFirst()).contains(where: { $0 > $1 }) {
                        sink.error("key times must not decrease", at: v.mark)
                    } else { spec.keyTimes = kt }
                }
            case "timingFunctions":
                tfNode = v
                if let items = v.sequence("a list of timing functions") {
                    let parsed = items.map { timing($0) }
                    if !parsed.contains(where: { $0 == nil }) { spec.timingFunctions = parsed.map { $0! } }
                }
            case "calculationMode":
                if let s = enumValue(v, ["linear", "discrete", "paced", "cubic", "cubicPaced"]) { spec.calculationMode = CAAnimationCalculationMode(rawValue: s) }
            case "path":
                if keyPath.map({ Reader.kind(of: $0) }) != .point {
                    sink.error("a keyframe 'path' animates a point key path such as position", at: v.mark)
                }
                spec.path = values.path(v)
            case "rotationMode":
                if let s = enumValue(v, ["auto", "autoReverse"]) { spec.rotationMode = CAAnimationRotationMode(rawValue: s) }
            case "tensionValues": spec.tension = v.numbers(nil, "a list of numbers in [-1, 1]")
            case "continuityValues": spec.continuity = v.numbers(nil, "a list of numbers in [-1, 1]")
            case "biasValues": spec.bias = v.numbers(nil, "a list of numbers in [-1, 1]")
            case "animations":
                guard depth < 16 else { sink.error("groups nest too deeply", at: v.mark); continue }
                spec.children = v.sequence("a list of animations")?.compactMap { readAnimation($0, name: "\(name).child", depth: depth + 1) } ?? []
            case "mass": spec.mass = positive(v, "mass")
            case "stiffness": spec.stiffness = positive(v, "stiffness")
            case "damping":
                if let d = v.number("a damping coefficient") { if d < 0 { sink.error("damping must not be negative", at: v.mark) } else { spec.damping = d } }
            case "initialVelocity": spec.initialVelocity = v.number("an initial velocity")
            case "allowsOverdamping": spec.allowsOverdamping = v.bool()
            case "perceptualDuration": spec.perceptualDuration = positive(v, "perceptualDuration")
            case "bounce":
                if let b = v.number("a bounce in (-1, 1]") { if b <= -1 || b > 1 { sink.error("bounce must be in (-1, 1]", at: v.mark) } else { spec.bounce = b } }
            default: break
            }
        }
        // keyTimes must match the values (n, or n + 1 for discrete).
        if let kt = spec.keyTimes, let vals = spec.values, spec.path == nil {
            let discrete = spec.calculationMode == .discrete
            let expected = discrete ? vals.count + 1 : vals.count
            if kt.count != expected && !(discrete && kt.count == vals.count) {
                sink.error("keyTimes has \(kt.count) entries but values has \(vals.count); expected \(expected)\(discrete ? " (discrete: one more than values)" : "")",
                           at: keyTimesNode?.mark ?? n.mark)
            }
        }
        if let tfs = spec.timingFunctions, let vals = spec.values, vals.count > 1, tfs.count != vals.count - 1 {
            sink.error("timingFunctions has \(tfs.count) entries; expected \(vals.count - 1) (one per segment)", at: tfNode?.mark ?? n.mark)
        }
        if kind == .keyframe && spec.values == nil && spec.path == nil && valuesNode == nil {
            sink.error("a keyframe animation needs 'values' or 'path'", at: n.mark)
        }
        return spec
    }

    private func positive(_ v: YNode, _ what: String) -> Double? {
        guard let x = v.number("a positive number") else { return nil }
        if x <= 0 { sink.error("\(what) must be positive, found \(formatted(x))", at: v.mark); return nil }
        return x
    }

    // MARK: - Script and chains

    private func readEvent(_ n: YNode, duration: Double) -> EventSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.event, what: "an event such as { at: 0, add: pulse, to: dot }") else { return nil }
        var at: Double?
        var label: String?
        for (k, _, v) in pairs {
            if k == "at" {
                if let t = v.number("a time in seconds") {
                    if t < 0 { sink.error("event time must not be negative, found \(formatted(t))", at: v.mark) } else { at = t }
                }
            }
            if k == "label" { label = v.string() }
        }
        if at == nil && !pairs.contains(where: { $0.key == "at" }) { sink.error("an event needs 'at' (seconds)", at: n.mark) }
        guard let actions = readActions(pairs, at: n.mark), let at else { return nil }
        return EventSpec(at: at, actions: actions, label: label)
    }

    private func readChain(_ n: YNode) -> ChainSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.chain, what: "a chain such as { whenStops: first, add: pulse, to: dot2 }") else { return nil }
        var when: String?, finished: Bool?, until: Double?
        for (k, _, v) in pairs {
            switch k {
            case "whenStops": when = v.string("a tag")
            case "finished": finished = v.bool()
            case "until": until = v.number("a time in seconds")
            default: break
            }
        }
        if when == nil { sink.error("a chain needs 'whenStops' (the tag of an animation)", at: n.mark) }
        guard let actions = readActions(pairs, at: n.mark), let when else { return nil }
        return ChainSpec(whenStops: when, finished: finished, until: until, actions: actions)
    }

    private func layerList(_ n: YNode) -> [String]? {
        var ids: [String] = []
        if case .sequence(let s) = n.node {
            for item in s { if let id = YNode(node: item, sink: sink).string("a layer id") { ids.append(id) } }
        } else if let id = n.string("a layer id or a list of them") {
            ids = [id]
        }
        for id in ids where layerTypes[id] == nil {
            sink.error("unknown layer '\(id)'", at: n.mark, hint: nearest(to: id, in: Array(layerTypes.keys)).map { "did you mean '\($0)'?" })
            return nil
        }
        return ids
    }

    private func readActions(_ pairs: [(key: String, keyNode: YNode, value: YNode)], at mark: SourceMark) -> [ScenarioAction]? {
        func entry(_ k: String) -> YNode? { pairs.first { $0.key == k }?.value }
        var verbs = ["add", "remove", "removeAll", "set", "log", "animate"].filter { entry($0) != nil }
        if verbs == ["set", "animate"] { verbs = ["animate"] }
        guard verbs.count == 1 else {
            sink.error(verbs.isEmpty ? "expected one action: add, remove, removeAll, set, animate (with set) or log"
                                     : "one action per entry, found \(verbs.joined(separator: " and "))", at: mark)
            return nil
        }
        var completion: [ScenarioAction] = []
        if let c = entry("completion") {
            if verbs[0] != "set" && verbs[0] != "animate" {
                sink.error("'completion' belongs to a set (transaction) or animate block", at: c.mark)
            } else if let items = c.sequence("a list of actions") {
                for item in items {
                    guard let pairs = item.mapping(allowed: ScenarioKeys.actionKeys, what: "an action such as { add: pulse, to: dot }") else { continue }
                    completion += readActions(pairs, at: item.mark) ?? []
                }
            }
        }
        switch verbs[0] {
        case "add":
            guard let tn = entry("add"), let t = tn.string("an animation name") else { return nil }
            guard let template = templates[t] else {
                sink.error("unknown animation '\(t)'", at: tn.mark, hint: nearest(to: t, in: Array(templateMarks.keys)).map { "did you mean '\($0)'?" })
                return nil
            }
            guard let toNode = entry("to") else { sink.error("'add' needs 'to' (the layer)", at: mark); return nil }
            guard let layers = layerList(toNode) else { return nil }
            for id in layers {
                let type = layerTypes[id] ?? .layer
                for (kp, needed) in template.requiredLayerKinds where !type.classKind.contains(needed) {
                    sink.error("animation '\(t)' animates '\(kp)', which a layer of type \(type.rawValue) ('\(id)') does not have", at: tn.mark)
                }
            }
            return [.add(template: t, layers: layers, key: entry("key")?.string("an animation key"), tag: entry("tag")?.string("a tag"))]
        case "remove":
            guard let key = entry("remove")?.string("an animation key") else { return nil }
            guard let fromNode = entry("from") else { sink.error("'remove' needs 'from' (the layer)", at: mark); return nil }
            guard let layers = layerList(fromNode) else { return nil }
            return [.remove(key: key, layers: layers)]
        case "removeAll":
            guard let layers = entry("removeAll").flatMap({ layerList($0) }) else { return nil }
            return [.removeAll(layers: layers)]
        case "log":
            return entry("log")?.string().map { [.log($0)] }
        case "animate":
            guard let an = entry("animate"), let pairs = an.mapping(allowed: ScenarioKeys.viewBlock) else { return nil }
            guard entry("set") != nil else { sink.error("'animate' needs 'set' (the changes to animate)", at: mark); return nil }
            var block = ViewBlock(duration: 0)
            var hasDuration = false
            for (k, _, v) in pairs {
                switch k {
                case "duration":
                    if let d = v.number("a duration in seconds") {
                        if d < 0 { sink.error("duration must not be negative", at: v.mark) } else { block.duration = d; hasDuration = true }
                    }
                case "delay":
                    if let d = v.number("a delay in seconds") { if d < 0 { sink.error("delay must not be negative", at: v.mark) } else { block.delay = d } }
                case "curve": if let c = viewCurve(v) { block.curve = c }
                case "damping":
                    if let d = v.number("a damping ratio in (0, 1]") { if d <= 0 || d > 1 { sink.error("damping must be in (0, 1]", at: v.mark) } else { block.damping = d } }
                case "velocity": block.velocity = v.number("an initial spring velocity") ?? 0
                case "repeat": block.repeats = v.bool() ?? false
                case "autoreverse": block.autoreverses = v.bool() ?? false
                default: block.beginFromCurrentState = v.bool() ?? false
                }
            }
            if !hasDuration { sink.error("'animate' needs a 'duration'", at: an.mark) }
            guard let changes = readSets(entry("set")!) else { return nil }
            return [.animate(block, sets: changes.sets, settings: changes.settings, completion: completion)]
        default:
            guard let changes = readSets(entry("set")!) else { return nil }
            var disable = false
            if let a = entry("actions"), let b = a.bool() { disable = !b }
            var dur: Double?
            if let d = entry("duration"), let x = d.number("a duration in seconds") {
                if x < 0 { sink.error("duration must not be negative", at: d.mark) } else { dur = x }
            }
            return [.set(changes.sets, settings: changes.settings, disableActions: disable, duration: dur, timing: entry("timingFunction").flatMap { timing($0) },
                         completion: completion)]
        }
    }

    private func readSets(_ setNode: YNode) -> (sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)], settings: [LayerSetting])? {
        guard let sets = setNode.mapping(what: "a mapping of layer.keyPath to value") else { return nil }
        var out: [(String, LayerKeyPath, AnimatableValue)] = []
        var settings: [LayerSetting] = []
        for (k, kn, v) in sets {
            guard let dot = k.firstIndex(of: ".") else { sink.error("expected layerId.keyPath, found '\(k)'", at: kn.mark); continue }
            let id = String(k[..<dot]), path = String(k[k.index(after: dot)...])
            guard let type = layerTypes[id] else {
                sink.error("unknown layer '\(id)'", at: kn.mark, hint: nearest(to: id, in: Array(layerTypes.keys)).map { "did you mean '\($0)'?" })
                continue
            }
            // Properties that do not animate (string, font, lineCap, frame, …) change at once.
            if ScenarioKeys.settableOptions(type).contains(path) {
                var options = LayerOptions()
                readOption(path, v, into: &options)
                if let i = settings.firstIndex(where: { $0.layer == id }) {
                    settings[i].options.merge(options)
                } else {
                    settings.append(LayerSetting(layer: id, options: options))
                }
                continue
            }
            guard let kp = LayerKeyPath(path) else {
                sink.error("unknown key path '\(path)'", at: kn.mark,
                           hint: nearest(to: path, in: ScenarioKeys.allKeyPaths + ScenarioKeys.settableOptions(type)).map { "did you mean '\($0)'?" })
                continue
            }
            if !type.classKind.contains(kp.property.layerClassName) {
                sink.error("a layer of type \(type.rawValue) has no '\(path)'", at: kn.mark); continue
            }
            if let value = values.value(v, kind: Reader.kind(of: kp)) { out.append((id, kp, value)) }
        }
        return (out, settings)
    }

    /// Refuses chains that would loop forever at one instant (every animation in the loop
    /// has zero active duration).
    private func checkZeroDurationLoops(script: [EventSpec], chains: [ChainSpec], marks: [SourceMark]) {
        // Edges: tag stopped → tags it starts, weighted by the started animation's duration.
        for (i, chain) in chains.enumerated() {
            var visited = Set<String>()
            var stack: [String] = []
            func startedTags(_ c: ChainSpec) -> [String] {
                c.actions.compactMap {
                    if case .add(let t, _, _, let tag) = $0, let tag, let spec = templates[t], spec.activeSeconds < 1e-3 { return tag }
                    return nil
                }
            }
            stack = startedTags(chain)
            while let tag = stack.popLast() {
                if tag == chain.whenStops {
                    sink.error("this chain restarts '\(tag)' with zero duration (under 1 ms a cycle): it would loop forever at one instant", at: marks[i])
                    break
                }
                guard visited.insert(tag).inserted else { continue }
                for c in chains where c.whenStops == tag { stack += startedTags(c) }
            }
        }
    }
}

extension AnimationSpec {
    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}
