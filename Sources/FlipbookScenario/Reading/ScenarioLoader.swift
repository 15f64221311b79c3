import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
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
    /// reads `contents` images (default: the PNG, JPEG or WebP header only; `ImageFile.read` decodes and
    /// so checks the whole file).
    /// A Lottie file (`.json`, `.lot`, `.lottie`) becomes a scene of one `lottie` layer as
    /// `lottie` says (`LottieScenario`).
    public static func load(
        file path: String, variant: String? = nil, fontCheck: ((String) -> String?)? = nil,
        imageLoader: ((URL) throws -> LayerImage)? = nil, lottie: LottieScenario.Options = LottieScenario.Options()
    ) throws -> Scenario {
        let url = URL(fileURLWithPath: path)
        if LottieAnimation.isLottieFile(path) {
            if variant != nil { throw LottieError(file: path, path: "", message: "a Lottie animation has no variants") }
            return try LottieScenario.scenario(for: try LottieAnimation.load(file: path), file: path, options: lottie)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw ScenarioError([Diagnostic(file: path, line: 1, column: 1, message: reason)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError([Diagnostic(file: path, line: 1, column: 1, message: "the file is not UTF-8 text")])
        }
        return try load(
            yaml: text, file: path, baseDirectory: url.deletingLastPathComponent(), variant: variant,
            fontCheck: fontCheck, imageLoader: imageLoader)
    }

    /// Loads a file the caller has read: a Lottie animation when `file` is named as one (`.json`,
    /// `.lottie`), else scenario text (UTF-8).
    public static func load(
        contents: Data, file: String, baseDirectory: URL, variant: String? = nil, fontCheck: ((String) -> String?)? = nil,
        imageLoader: ((URL) throws -> LayerImage)? = nil
    ) throws -> Scenario {
        if LottieAnimation.isLottieFile(file) {
            if variant != nil { throw LottieError(file: file, path: "", message: "a Lottie animation has no variants") }
            return try LottieScenario.scenario(for: try LottieAnimation.load(contents: contents, file: file), file: file)
        }
        guard let text = String(data: contents, encoding: .utf8) else {
            throw ScenarioError([Diagnostic(file: file, line: 1, column: 1, message: "the file is not UTF-8 text")])
        }
        return try load(
            yaml: text, file: file, baseDirectory: baseDirectory, variant: variant, fontCheck: fontCheck, imageLoader: imageLoader)
    }

    /// Loads scenario text; `file` names it in messages.
    public static func load(
        yaml: String, file: String, baseDirectory: URL, variant: String? = nil,
        fontCheck: ((String) -> String?)? = nil,
        imageLoader: ((URL) throws -> LayerImage)? = nil
    ) throws -> Scenario {
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
            throw ScenarioError([
                Diagnostic(
                    file: file, line: 1, column: 1,
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
                    loaded.warnings.append(
                        Diagnostic(
                            file: file, line: use.mark.line, column: use.mark.column,
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
                return Diagnostic(
                    file: file, line: max(1, lines.count), column: last.unicodeScalars.count + 1,
                    message: "YAML syntax error at the end of the file: \(problem)\(ctx)")
            }
            let line = mark.line >= 1 ? lines[mark.line - 1] : ""
            let scalars = Array(line.unicodeScalars)
            if problem.contains("cannot start any token"), let tab = scalars.firstIndex(of: "\t"),
                scalars[..<tab].allSatisfy({ $0 == " " || $0 == "\t" }) || mark.column - 1 == tab
            {
                return Diagnostic(
                    file: file, line: mark.line, column: tab + 1,
                    message: "YAML forbids tabs for indentation; found a tab here",
                    hint: "indent with spaces")
            }
            return Diagnostic(
                file: file, line: max(1, mark.line), column: max(1, mark.column),
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
            if scalar == "\n" && previousCR {
                previousCR = false
                continue
            }
            previousCR = scalar == "\r"
            if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }
}
