import Foundation
import Yams

/// A YAML node with its position, and typed readers that report what they expected.
struct YAMLNode {
    let node: Node
    let sink: DiagnosticSink
    /// Set when the node already produced an error (an unknown parameter): readers then
    /// fail quietly instead of repeating the complaint.
    private var alreadyReported = false

    /// Wraps `node`; a plain scalar `$name` stands for the parameter `name` (keeping its own
    /// position for messages).
    init(node: Node, sink: DiagnosticSink) {
        self.sink = sink
        if case .scalar(let s) = node, s.style == .plain, s.string.hasPrefix("$"), s.string.count > 1 {
            let name = String(s.string.dropFirst())
            if let value = sink.params[name] {
                var copy = value
                if case .scalar(var vs) = value {
                    vs.mark = s.mark
                    copy = .scalar(vs)
                }
                self.node = copy
                return
            }
            let mark = node.mark.map { SourceMark(line: $0.line, column: $0.column) } ?? .start
            sink.error(
                "unknown parameter '$\(name)'", at: mark,
                hint: nearest(to: name, in: Array(sink.params.keys)).map { "did you mean '$\($0)'?" })
            alreadyReported = true
        }
        self.node = node
    }

    var mark: SourceMark {
        node.mark.map { SourceMark(line: $0.line, column: $0.column) } ?? .start
    }

    /// A short description of what was found, for messages.
    var found: String {
        switch node {
        case .scalar(let s): return s.string.isEmpty ? "an empty value" : "'\(s.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    func fail(_ expected: String) {
        guard !alreadyReported else { return }
        sink.error("expected \(expected), found \(found)", at: mark)
    }

    var scalarString: String? {
        if case .scalar(let s) = node { return s.string }
        return nil
    }
    var isNull: Bool {
        if case .scalar(let s) = node, s.style == .plain, ["", "~", "null", "Null", "NULL"].contains(s.string) { return true }
        return false
    }

    /// Key/value pairs of a mapping; unknown and duplicate keys are reported.
    func mapping(allowed: [String]? = nil, what: String = "a mapping") -> [(key: String, keyNode: YAMLNode, value: YAMLNode)]? {
        guard case .mapping(let m) = node else {
            fail(what)
            return nil
        }
        var out: [(String, YAMLNode, YAMLNode)] = []
        var seen = Set<String>()
        for (k, v) in m {
            let kn = YAMLNode(node: k, sink: sink)
            guard let key = kn.scalarString else {
                kn.fail("a key")
                continue
            }
            if !seen.insert(key).inserted {
                sink.error("duplicate key '\(key)'", at: kn.mark)
                continue
            }
            if let allowed, !allowed.contains(key) {
                let hint = (ScenarioKeys.synonyms[key].flatMap { allowed.contains($0) ? $0 : nil } ?? nearest(to: key, in: allowed))
                    .map { "did you mean '\($0)'?" }
                sink.error("unknown key '\(key)'; expected one of: \(allowed.joined(separator: ", "))", at: kn.mark, hint: hint)
                continue
            }
            out.append((key, kn, YAMLNode(node: v, sink: sink)))
        }
        return out
    }

    func sequence(_ what: String = "a list") -> [YAMLNode]? {
        guard case .sequence(let s) = node else {
            fail(what)
            return nil
        }
        return s.map { YAMLNode(node: $0, sink: sink) }
    }

    func string(_ what: String = "a string") -> String? {
        guard case .scalar(let s) = node else {
            fail(what)
            return nil
        }
        let length = s.string.count
        if length > Limits.maximumTextLength {
            sink.error("a text of \(length) characters; at most \(Limits.maximumTextLength) are allowed", at: mark)
            return nil
        }
        return s.string
    }

    /// A finite number; `inf`/`infinity` only when `allowInfinity`.
    func number(_ what: String = "a number", allowInfinity: Bool = false) -> Double? {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .singleQuoted || s.style == .doubleQuoted else {
            fail(what)
            return nil
        }
        let text = s.string.trimmingSpaces().lowercased()
        if ["inf", ".inf", "infinity", "+inf", "+.inf"].contains(text) {
            if allowInfinity { return .infinity }
            sink.error("expected a finite number, found '\(s.string)'", at: mark)
            return nil
        }
        if ["nan", ".nan"].contains(text) {
            sink.error("expected \(what), found NaN", at: mark)
            return nil
        }
        guard let v = Double(text), v.isFinite else {
            fail(what)
            return nil
        }
        return v
    }

    func bool(_ what: String = "true or false") -> Bool? {
        guard case .scalar(let s) = node else {
            fail(what)
            return nil
        }
        switch s.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            fail(what)
            return nil
        }
    }

    /// A list of exactly `count` numbers (or any count when nil).
    /// A whole number in `range`, range-checked before it becomes an `Int` (a file's 1e19 must
    /// be an error, not a trap): "KEY must be a whole number from A to B, found V".
    func wholeNumber(_ what: String, key: String, in range: ClosedRange<Int>) -> Int? {
        guard let v = number(what) else { return nil }
        guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
            let shown = abs(v) < 1e15 && v == v.rounded() ? String(Int(v)) : String(v)
            sink.error("\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(shown)", at: mark)
            return nil
        }
        return Int(v)
    }

    func numbers(_ count: Int?, _ what: String) -> [Double]? {
        guard case .sequence(let s) = node else {
            fail(what)
            return nil
        }
        if let count, s.count != count {
            fail(what)
            return nil
        }
        var out: [Double] = []
        for item in s {
            guard let v = YAMLNode(node: item, sink: sink).number(what) else { return nil }
            out.append(v)
        }
        return out
    }
}
