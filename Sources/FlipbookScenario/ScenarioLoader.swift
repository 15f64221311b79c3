import FlipbookCore
import Foundation
import Yams

/// Reads scenario files strictly: every problem is reported with its line and column.
public enum ScenarioLoader {
    /// Limits a scenario must stay within.
    public static let maximumPixels = Limits.maximumCanvasPixels
    public static let maximumFrames = Limits.maximumFrames
    public static let fpsRange = Limits.framesPerSecond

    /// Loads and validates `path`; `variant` picks a named set of parameter overrides.
    /// `fontCheck` answers, for a font name, the family used instead when it is not installed
    /// (`FontCatalog.substitute(for:)`); its answers become `Scenario.warnings`. `imageLoader`
    /// reads `contents` images (default: the PNG header only; `PNGCodec.readImage` decodes and
    /// so checks the whole file).
    public static func load(file path: String, variant: String? = nil, fontCheck: ((String) -> String?)? = nil,
                            imageLoader: ((URL) throws -> LayerImage)? = nil) throws -> Scenario {
        let url = URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw ScenarioError([Diagnostic(file: path, line: 1, column: 1, message: reason)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError([Diagnostic(file: path, line: 1, column: 1, message: "the file is not UTF-8 text")])
        }
        return try load(yaml: text, file: path, baseDirectory: url.deletingLastPathComponent(), variant: variant,
                        fontCheck: fontCheck, imageLoader: imageLoader)
    }

    /// Loads scenario text; `file` names it in messages.
    public static func load(yaml: String, file: String, baseDirectory: URL, variant: String? = nil,
                            fontCheck: ((String) -> String?)? = nil,
                            imageLoader: ((URL) throws -> LayerImage)? = nil) throws -> Scenario {
        let sink = DiagnosticSink(file: file)
        let root: Node
        if let bad = YAMLKeyGuard.check(yaml) ?? YAMLExpansionGuard.check(yaml, limit: maximumNodes) {
            throw ScenarioError([Diagnostic(file: file, line: bad.line, column: bad.column, message: bad.message)])
        }
        do {
            // The basic resolver tags nothing: the reader interprets every scalar itself (YAMLNode),
            // and Yams's default resolver would run up to seven ICU regular expressions on each.
            // Nothing is constructed from the nodes, so no constructor tables are built; UTF-8 is
            // given rather than looked up in the environment (YAMS_DEFAULT_ENCODING, which also
            // makes Yams print to standard output, where a GIF may be going).
            guard let node = try Yams.compose(yaml: yaml, .basic, Constructor([:], [:], [:]), .utf8) else {
                throw ScenarioError([Diagnostic(file: file, line: 1, column: 1, message: "the file is empty; expected a scenario mapping")])
            }
            root = node
        } catch let e as YamlError {
            throw ScenarioError([syntaxDiagnostic(e, file: file, text: yaml)])
        }
        // Aliases can expand a small file into billions of nodes ("billion laughs"): refuse
        // anything that expands past a generous bound before reading it.
        var budget = maximumNodes
        guard countNodes(root, budget: &budget) else {
            throw ScenarioError([Diagnostic(file: file, line: 1, column: 1,
                    message: "the file expands to more than \(maximumNodes) YAML nodes (through aliases?); refusing to read it")
            ])
        }
        let reader = Reader(sink: sink, base: baseDirectory, imageLoader: imageLoader)
        let scenario = reader.scenario(YAMLNode(node: root, sink: sink), file: file, variant: variant)
        if !sink.diagnostics.isEmpty || scenario == nil {
            var diags = sink.diagnostics
            if diags.isEmpty { diags = [Diagnostic(file: file, line: 1, column: 1, message: "invalid scenario")] }
            throw ScenarioError(diags)
        }
        var loaded = scenario!
        loaded.warnings += sink.warnings
        if let fontCheck {
            var checked: [String: String?] = [:]
            for use in reader.fontUses {
                let used = checked[use.name] ?? fontCheck(use.name)
                checked[use.name] = used
                if let used {
                    loaded.warnings.append(Diagnostic(file: file, line: use.mark.line, column: use.mark.column,
                                                      message: "font '\(use.name)' is not installed; \(used) is used instead",
                                                      hint: "docs/fonts.md lists the bundled fonts and how to add one",
                                                      severity: .warning))
                }
            }
        }
        return loaded
    }

    /// Largest number of YAML nodes (aliases expanded) a scenario may have.
    public static let maximumNodes = Limits.maximumYAMLNodes

    /// Counts nodes down to zero; false once the budget runs out.
    static func countNodes(_ node: Node, budget: inout Int) -> Bool {
        budget -= 1
        if budget < 0 { return false }
        switch node {
        case .scalar, .alias: return true
        case .sequence(let s):
            for n in s where !countNodes(n, budget: &budget) { return false }
            return true
        case .mapping(let m):
            for (k, v) in m where !countNodes(k, budget: &budget) || !countNodes(v, budget: &budget) { return false }
            return true
        }
    }

    static func syntaxDiagnostic(_ e: YamlError, file: String, text: String) -> Diagnostic {
        switch e {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let ctx = context.map { " \($0.text)" } ?? ""
            let lines = yamlLines(text)
            // libyaml reports an unexpected end of input one line past the last: point at
            // where the file ends instead.
            if mark.line > lines.count {
                let last = lines.last ?? ""
                return Diagnostic(file: file, line: max(1, lines.count), column: last.unicodeScalars.count + 1,
                                  message: "YAML syntax error at the end of the file: \(problem)\(ctx)")
            }
            let line = mark.line >= 1 ? lines[mark.line - 1] : ""
            let scalars = Array(line.unicodeScalars)
            if problem.contains("cannot start any token"), let tab = scalars.firstIndex(of: "\t"),
               scalars[..<tab].allSatisfy({ $0 == " " || $0 == "\t" }) || mark.column - 1 == tab {
                return Diagnostic(file: file, line: mark.line, column: tab + 1,
                                  message: "YAML forbids tabs for indentation; found a tab here",
                                  hint: "indent with spaces")
            }
            return Diagnostic(file: file, line: max(1, mark.line), column: max(1, mark.column),
                              message: "YAML syntax error: \(problem)\(ctx)")
        case .reader(let problem, _, _, _):
            return Diagnostic(file: file, line: 1, column: 1, message: "YAML syntax error: \(problem)")
        default:
            return Diagnostic(file: file, line: 1, column: 1, message: "YAML syntax error: \(e)")
        }
    }

    /// The file's lines as YAML counts them (LF, CR, CR LF, NEL, LS and PS end a line).
    static func yamlLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousCR { previousCR = false; continue }
            previousCR = scalar == "\r"
            if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
                lines.append(String(current)); current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }
}

/// The keys each part of a scenario accepts.
enum ScenarioKeys {
    static let top = ["title", "description", "canvas", "fps", "duration", "params", "variants", "layers", "animations", "script", "chains",
                      "golden", "refresh", "touches", "animators"]
    static let animator = ["duration", "curve", "damping", "scrubsLinearly", "pausesOnCompletion", "set", "completion"]
    static let animatorCalls = ["start", "pause", "continue", "reverse", "forward", "stop", "finish"]
    static let golden = ["fps", "at", "tolerance"]
    static let tolerance = ["threshold", "share", "ignoreAntialiasing"]
    static let canvas = ["width", "height", "scale", "background"]
    static let layerCommon = ["id", "type", "frame", "position", "bounds", "anchorPoint", "zPosition", "anchorPointZ", "opacity",
                              "hidden", "masksToBounds", "doubleSided", "cornerRadius", "maskedCorners", "borderWidth", "borderColor",
                              "backgroundColor", "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowPath",
                              "transform", "sublayerTransform", "contents", "contentsRect", "contentsGravity", "speed", "timeOffset",
                              "beginTime", "sublayers", "mask"]
    static let layerShape = ["path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd", "miterLimit",
                             "lineDashPhase", "lineDashPattern", "lineCap", "lineJoin", "fillRule"]
    static let layerText = ["string", "font", "fontSize", "foregroundColor", "alignment", "wrapped"]
    static let layerGradient = ["colors", "locations", "startPoint", "endPoint", "gradientType"]
    static let layerReplicator = ["instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
                                  "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth"]
    static let layerEmitter = ["emitterPosition", "emitterSize", "emitterShape", "emitterMode", "renderMode", "birthRate",
                               "lifetime", "velocity", "scale", "spin", "seed", "emitterCells"]
    static let emitterCell = ["particle", "color"] + EmitterCellSpec.numberKeys
    static let layerStatusBar = ["style", "time", "carrier", "signal", "wifi", "battery", "batteryPercentage", "contentColor"]
    static let particle = ["shape", "size"]

    /// Layer keys that are not animatable properties: read by `Reader.readOption`.
    static let optionKeys: Set<String> = ["lineCap", "lineJoin", "fillRule", "lineDashPattern", "string", "font", "alignment",
                                          "wrapped", "gradientType", "contentsGravity", "speed", "timeOffset", "beginTime",
                                          "maskedCorners", "preservesDepth", "birthRate"]

    /// What a `set` may change at once on a layer of type `t` (not animatable).
    static func settableOptions(_ t: LayerType) -> [String] {
        layer(t).filter { optionKeys.contains($0) } + ["frame"]
    }

    static func layer(_ t: LayerType) -> [String] {
        switch t {
        case .layer: return layerCommon
        case .shape: return layerCommon + layerShape
        case .text: return layerCommon + layerText
        case .gradient: return layerCommon + layerGradient
        case .replicator: return layerCommon + layerReplicator
        case .emitter: return layerCommon + layerEmitter
        case .statusBar: return layerCommon + layerStatusBar
        case .scroll: return layerCommon.filter { $0 != "mask" } + layerScroll
        case .table: return layerCommon.filter { $0 != "mask" } + layerScroll + ["rows"]
        }
    }

    /// Words people reach for that mean a key by another name (checked before spelling).
    static let synonyms: [String: String] = [
        "on": "when",                 // a threshold's direction (`on` is also YAML 1.1's true)
        "offset": "scrollTo", "from": "input", "to": "target", "range": "input", "property": "target",
        "wait": "hold", "pull": "drag", "up": "release", "lift": "release", "touchDown": "down", "fling": "velocity",
    ]

    /// What a `set` may change on a scroll or table layer besides layer properties.
    static let scrollValueKeys: Set<String> = ["contentInset.top", "contentInset.left", "contentInset.bottom", "contentInset.right",
                                               "contentOffset", "contentOffset.x", "contentOffset.y"]
    static let layerScroll = ["contentSize", "contentInset", "bounces", "alwaysBounceVertical", "decelerationRate"]
    static let rows = ["items", "template", "count", "first", "height", "font", "fontSize", "textColor", "background",
                       "separators", "separatorColor", "separatorInset", "separatorsBelowRows"]
    static let refresh = ["scrollView", "headerHeight", "trigger", "bindings", "thresholds", "refreshing"]
    static let binding = ["source", "input", "target", "output", "always"]
    static let threshold = ["source", "value", "when", "whileDragging", "do"]
    static let refreshing = ["open", "endsAt", "endsAfter", "close", "onBegin", "onEnd", "onClosed"]
    static let touchStep = ["at", "down", "x", "y", "drag", "duration", "curve", "hold", "release", "velocity"]

    static let animCommon = ["type", "keyPath", "duration", "beginTime", "timeOffset", "speed", "repeatCount", "repeatDuration",
                             "autoreverses", "fillMode", "removedOnCompletion", "timingFunction", "additive", "cumulative", "valueFunction"]
    static let animBasic = ["from", "to", "by"]
    static let animSpring = ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping", "perceptualDuration", "bounce"]
    static let animKeyframe = ["values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode",
                               "tensionValues", "continuityValues", "biasValues"]
    static let animGroup = ["animations"]

    static func animation(_ k: AnimationSpec.Kind) -> [String] {
        switch k {
        case .basic: return animCommon + animBasic
        case .spring: return animCommon + animBasic + animSpring
        case .keyframe: return animCommon + animKeyframe
        case .group: return animCommon + animGroup
        }
    }

    static let actionKeys = ["add", "to", "key", "tag", "remove", "from", "removeAll", "set", "actions", "duration", "timingFunction",
                             "log", "animate", "completion", "insertRows", "into", "row", "animated",
                             "beginRefreshing", "endRefreshing", "scrollTo", "scrollView",
        "animator", "call", "fraction", "delay", "durationFactor", "curve", "finishAt", "keyframes", "frames", "transition"
    ]
    static let transition = ["layer", "type", "subtype", "duration", "curve", "startProgress", "endProgress"]
    static let keyframeBlock = ["duration", "delay", "curve", "mode", "repeat", "autoreverse", "beginFromCurrentState"]
    static let keyframe = ["start", "duration", "set"]
    static let viewBlock = ["duration", "delay", "curve", "damping", "velocity", "repeat", "autoreverse", "beginFromCurrentState"]
    static let event = ["at", "label"] + actionKeys
    static let chain = ["whenStops", "finished", "until"] + actionKeys

    /// Every key path a scenario may animate, for suggestions.
    static var allKeyPaths: [String] {
        var out = LayerProperty.allCases.map(\.rawValue)
        for p in LayerProperty.allCases {
            for c in [KeyPathComponent.x, .y, .width, .height, .origin, .originX, .originY, .size, .sizeWidth, .sizeHeight,
                      .rotationX, .rotationY, .rotationZ, .rotation, .scaleX, .scaleY, .scaleZ, .scale,
                      .translationX, .translationY, .translationZ, .translation] where c.applies(to: p.kind) {
                out.append("\(p.rawValue).\(c.rawValue)")
            }
        }
        return out
    }
}
