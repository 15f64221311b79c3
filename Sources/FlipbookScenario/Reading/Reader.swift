import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation
import Yams

/// Turns the YAML tree into a `Scenario`, reporting every problem to the sink.
final class Reader {
    let sink: DiagnosticSink
    let values: ValueParser
    var layerTypes: [String: LayerType] = [:]
    /// Each layer's `frame` size as written (where the finger of a touch script may go).
    var layerSizes: [String: CGSize] = [:]
    var templates: [String: AnimationSpec] = [:]
    var templateMarks: [String: SourceMark] = [:]
    var layerCount = 0
    /// Layer ids in file order.
    var layerOrder: [String] = []
    /// How deep in `sublayers` the layer being read is (scroll views live at the top).
    var layerDepth = 0
    /// The most levels the file's layers nest (a top-level layer is level 1), and whether they
    /// nest past `Limits.maximumLayerDepth` (then no layer is read: reading recurses by level).
    var deepestLayer = 0
    var layersTooDeep = false
    /// Where begin/endRefreshing actions are, to check that the file has a `refresh` section.
    var refreshActionMarks: [SourceMark] = []
    /// Layers' `onTap` lists, read once every layer and animation is known.
    var pendingTapActions: [(layer: String, node: YAMLNode)] = []
    /// Names under `animators`, known before the script and bindings are read.
    var animatorNames: Set<String> = []
    /// Every font name the file asks for, where.
    var fontUses: [(name: String, mark: SourceMark)] = []
    /// Lottie animations read so far, by path: each file is read once.
    var lottieAnimations: [String: (LottieAnimation, cost: LottieCost)] = [:]

    init(sink: DiagnosticSink, base: URL, imageLoader: ((URL) throws -> LayerImage)?) {
        self.sink = sink
        values = ValueParser(sink: sink, baseDirectory: base, imageLoader: imageLoader ?? Self.readImageHeader)
    }

    /// The default image loader: reads the PNG, JPEG or WebP header (size) here; the renderer
    /// decodes the pixels when it draws them.
    static func readImageHeader(_ url: URL) throws -> LayerImage {
        // Only a regular file, of a sane size (a FIFO would block the read forever).
        var st = stat()
        guard stat(url.path, &st) == 0 else { throw ImageError.missing }
        guard st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) <= Limits.maximumInputBytes else { throw ImageError.notRegular }
        let data = try Data(contentsOf: url)
        guard let image = LayerImage(encodedData: data) else { throw ImageError.notImage }
        return image
    }

    enum ImageError: Error, CustomStringConvertible {
        case notImage, missing, notRegular
        var description: String {
            switch self {
            case .notImage:
                return
                    "not a PNG, JPEG or WebP image (or larger than \(Limits.maximumStagePixels) px a side or \(Limits.maximumImagePixels) pixels)"
            case .missing: return "no such file"
            case .notRegular: return "not a regular file of at most \(Limits.maximumInputBytes) bytes"
            }
        }
    }

    /// The value under a key, compared as text. (Yams's own lookup builds a node for the key whose
    /// tag resolves through its default resolver: ICU regular expressions, built on first use.)
    static func value(in node: Node?, forKey key: String) -> Node? {
        node?.mapping?.first { $0.key.scalar?.string == key }?.value
    }

    func scenario(_ root: YAMLNode, file: String, variant: String?) -> Scenario? {
        readParameters(root, variant: variant)
        guard let top = root.mapping(allowed: ScenarioKeys.top, what: "a scenario mapping (canvas, layers, animations, …)") else {
            return nil
        }
        func entry(_ k: String) -> YAMLNode? { top.first { $0.key == k }?.value }
        let variantNames = checkVariants(entry("variants"), chosen: variant, keyMark: top.first { $0.key == "variants" }?.keyNode.mark)
        let title = entry("title")?.string()
        let canvas = readCanvas(entry("canvas"), at: root.mark)
        let fps = readFPS(entry("fps"))
        let duration = readDuration(entry("duration"), fps: fps, at: root.mark)
        let layers = readLayers(entry("layers"))
        readTemplates(entry("animations"))
        let animators = entry("animators").map { readAnimators($0) } ?? [:]
        var script: [EventSpec] = []
        if let s = entry("script"), let items = s.sequence("a list of timed events") {
            script = items.compactMap { readEvent($0, duration: duration) }
        }
        let golden = entry("golden").flatMap { readGolden($0, duration: duration) } ?? GoldenSpec()
        if let node = entry("golden"), let canvas { checkGoldenWork(golden, duration: duration, canvas: canvas, at: node) }
        let chains = readChains(entry("chains"))
        let refresh = entry("refresh").flatMap { readRefresh($0) }
        let fingers = entry("touches").map { readTouches($0, duration: duration) } ?? (touches: [], taps: [])
        var tapActions: [String: [ScenarioAction]] = [:]
        for (layer, node) in pendingTapActions { tapActions[layer] = actionList(node) ?? [] }
        if refresh == nil, entry("refresh") == nil {
            for mark in refreshActionMarks { sink.error("beginRefreshing and endRefreshing need a 'refresh' section", at: mark) }
        }
        checkActions(script: script, chains: chains, refresh: refresh, animators: animators, tapActions: Array(tapActions.values))
        guard let canvas else { return nil }
        var scenario = Scenario(
            file: file, title: title, canvas: canvas, fps: fps, duration: duration, layers: layers,
            animations: templates, script: script.sorted { $0.at < $1.at }, chains: chains.specs,
            variantNames: variantNames, golden: golden)
        scenario.refresh = refresh
        scenario.touches = fingers.touches
        scenario.taps = fingers.taps
        scenario.tapActions = tapActions
        scenario.animators = animators
        return scenario
    }

    /// Parameters before anything else, even the top level's own values (`duration: $d`):
    /// reading the top mapping resolves its values' `$names`. The chosen variant's overrides of
    /// declared parameters too (unknown ones are reported with the variants).
    private func readParameters(_ root: YAMLNode, variant: String?) {
        guard let params = Self.value(in: root.node, forKey: "params"), let pairs = YAMLNode(node: params, sink: sink).mapping() else {
            return
        }
        for (k, _, v) in pairs { sink.params[k] = v.node }
        if let variant, let chosen = Self.value(in: Self.value(in: root.node, forKey: "variants"), forKey: variant)?.mapping {
            for (k, v) in chosen { if let key = k.string, sink.params[key] != nil { sink.params[key] = v } }
        }
    }

    /// The variants' names; each override must name a declared parameter, and a variant asked
    /// for (`--variant`) must exist.
    private func checkVariants(_ node: YAMLNode?, chosen variant: String?, keyMark: SourceMark?) -> [String] {
        var names: [String] = []
        if let node, let pairs = node.mapping() {
            names = pairs.map(\.key)
            for (name, _, body) in pairs {
                guard let overrides = body.mapping() else { continue }
                for (k, kn, _) in overrides where sink.params[k] == nil {
                    sink.error(
                        "variant '\(name)' overrides unknown parameter '\(k)'", at: kn.mark,
                        hint: nearest(to: k, in: Array(sink.params.keys)).map { "did you mean '\($0)'?" })
                }
            }
        }
        if let variant, !names.contains(variant) {
            // The name came from the command line (or the API); point at the file's variants.
            sink.error(
                "unknown variant '\(variant)' (asked for with --variant)", at: keyMark ?? .start,
                hint: names.isEmpty ? "the file defines no variants" : "variants: \(names.joined(separator: ", "))")
        }
        return names
    }

    private func readFPS(_ node: YAMLNode?) -> Double {
        guard let node, let v = node.number("a frame rate") else { return 30 }
        guard ScenarioLoader.fpsRange.contains(v) else {
            sink.error("fps must be between 1 and 100, found \(formatted(v))", at: node.mark)
            return 30
        }
        return v
    }

    /// The duration (0 after an error), within the limits in seconds and in frames at `fps`.
    private func readDuration(_ node: YAMLNode?, fps: Double, at rootMark: SourceMark) -> Double {
        guard let node else {
            sink.error("missing 'duration' (seconds to render)", at: rootMark)
            return 0
        }
        guard let v = node.number("a duration in seconds") else { return 0 }
        if v <= 0 {
            sink.error("duration must be positive, found \(formatted(v))", at: node.mark)
            return 0
        }
        if v > Limits.maximumDuration {
            sink.error("duration must be at most \(formatted(Limits.maximumDuration)) s, found \(formatted(v))", at: node.mark)
            return 0
        }
        if (v * fps).rounded() > Double(ScenarioLoader.maximumFrames) {
            sink.error(
                "\(formatted(v)) s at \(formatted(fps)) fps is \(formatted((v * fps).rounded())) frames; at most \(ScenarioLoader.maximumFrames) are allowed",
                at: node.mark)
        }
        return v
    }

    private func readLayers(_ node: YAMLNode?) -> [LayerSpec] {
        guard let node, let items = node.sequence("a list of layers") else { return [] }
        // Collect ids and types first so references anywhere can be checked.
        for item in items { collectIDs(item) }
        guard layerCount <= Limits.maximumLayers else {
            sink.error("the scenario has more than \(Limits.maximumLayers) layers (sublayers and masks included)", at: node.mark)
            return []
        }
        guard !layersTooDeep else { return [] }
        return NestedWalk.run(levels: deepestLayer) { items.compactMap { readLayer($0) } }
    }

    /// The named animations, known by name (for messages) before any is read.
    private func readTemplates(_ node: YAMLNode?) {
        guard let node, let pairs = node.mapping(what: "a mapping of animation templates by name") else { return }
        for (name, kn, _) in pairs { templateMarks[name] = kn.mark }
        for (name, _, body) in pairs {
            if let spec = readAnimation(body, name: name, depth: 0) { templates[name] = spec }
        }
    }

    /// Every golden instant is a frame kept for comparison: their count and pixels are bounded.
    private func checkGoldenWork(_ golden: GoldenSpec, duration: Double, canvas: Scenario.Canvas, at node: YAMLNode) {
        let count = golden.times(duration: duration).count
        let (width, height) = ((canvas.width * canvas.scale).rounded(), (canvas.height * canvas.scale).rounded())
        if count > Limits.maximumGoldenInstants {
            sink.error(
                "the golden settings give \(count) instants; at most \(Limits.maximumGoldenInstants) are compared (lower fps)",
                at: node.mark)
        } else if Double(count) * width * height > Double(Limits.maximumGoldenPixels) {
            sink.error(
                "the golden settings give \(count) instants of \(formatted(width))×\(formatted(height)) px; "
                    + "at most \(Limits.maximumGoldenPixels) pixels in all are compared (lower fps or scale)", at: node.mark)
        }
    }

    /// The chains read, with where each was written.
    struct ReadChains {
        var specs: [ChainSpec] = []
        var marks: [SourceMark] = []
        var nodes: [YAMLNode] = []
    }

    private func readChains(_ node: YAMLNode?) -> ReadChains {
        var chains = ReadChains()
        guard let node, let items = node.sequence("a list of chains") else { return chains }
        for item in items {
            guard let chain = readChain(item) else { continue }
            chains.specs.append(chain)
            chains.marks.append(item.mark)
            chains.nodes.append(item)
        }
        return chains
    }

    /// What only the whole file shows: loops of zero duration, tags no action adds, chains that
    /// restart each other without end.
    private func checkActions(
        script: [EventSpec], chains: ReadChains, refresh: RefreshSpec?, animators: [String: AnimatorSpec], tapActions: [[ScenarioAction]]
    ) {
        checkZeroDurationLoops(script: script, chains: chains.specs, marks: chains.marks)
        var refreshActions: [[ScenarioAction]] = (refresh?.thresholds.map(\.actions) ?? []) + tapActions
        if let r = refresh?.refreshing { refreshActions += [r.onBegin, r.onEnd, r.onClosed] }
        refreshActions += animators.values.map(\.completion)
        checkChainTags(chains.specs, nodes: chains.nodes, actions: script.map(\.actions) + chains.specs.map(\.actions) + refreshActions)
        for finding in ChainLoopCheck(
            script: script, chains: chains.specs, chainLines: chains.marks.map(\.line),
            otherActions: refreshActions
        ).findings() {
            sink.error(finding.message, at: chains.marks[finding.chains[0]], hint: finding.hint)
        }
    }

    /// A number for a message: whole numbers without a fraction, others without float noise
    /// (0.1 + 0.2 reads 0.3, not 0.30000000000000004; times are rounded to the nanosecond).
    func formatted(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        guard abs(v) < 1e6 else { return String(v) }
        let clean = (v * 1e9).rounded() / 1e9
        return clean == clean.rounded() ? String(Int(clean)) : String(clean)
    }
}

extension AnimationSpec {
    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}
