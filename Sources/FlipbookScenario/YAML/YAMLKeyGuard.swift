import Foundation

/// Refuses, before Yams composes the file, mapping keys that contain an alias.
///
/// Yams checks a mapping for duplicate keys by hashing every key node, aliases expanded; an
/// alias to a nested alias bomb used as a key (`*bomb: 1`, `[*bomb]: 1`, `? *bomb`) makes that
/// hash walk billions of nodes, so composing the file never ends (found by fuzzing). Scenario
/// keys are plain names, so such keys are refused outright.
///
/// A key can hold an alias only as the alias itself (followed by `:`), inside a flow
/// collection used as a key (`]:`/`}:`), or after the explicit key indicator `?`. The scan skips
/// comments, quoted scalars and block scalar bodies, and runs in one pass over the text.
enum YAMLKeyGuard {
    struct Finding: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    static func check(_ text: String) -> Finding? {
        var scanner = Scanner()
        for (index, line) in ScenarioLoader.yamlLines(text).enumerated() {
            if let finding = scanner.scan(Array(line.unicodeScalars), lineNumber: index + 1) { return finding }
        }
        return nil
    }

    /// The scan's state from one line to the next.
    private struct Scanner {
        /// Open flow brackets: whether an alias occurred inside each.
        var brackets: [Bool] = []
        /// Lines indented more than this belong to a block scalar.
        var blockScalarIndent: Int?
        /// Inside a quoted scalar spanning lines.
        var quote: Unicode.Scalar?

        /// The first alias used as a key on `line`, if any.
        mutating func scan(_ line: [Unicode.Scalar], lineNumber: Int) -> Finding? {
            let indent = line.prefix { $0 == " " }.count
            if let limit = blockScalarIndent {
                if indent > limit || line.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
                blockScalarIndent = nil
            }
            var i = 0
            while i < line.count {
                if quote != nil {
                    i = skipQuoted(line, from: i)
                    continue
                }
                switch step(line, at: i, indent: indent) {
                case .found(let column, let message): return Finding(line: lineNumber, column: column, message: message)
                case .next(let j): i = j
                }
            }
            return nil
        }

        enum Step {
            case found(column: Int, message: String)
            case next(Int)
        }

        /// Reads the token at `i` outside quotes: where to go on, or what was found.
        mutating func step(_ line: [Unicode.Scalar], at i: Int, indent: Int) -> Step {
            let c = line[i]
            switch c {
            case "#" where startsToken(line, i):
                return .next(line.count)
            case "'" where startsToken(line, i) || (i > 0 && line[i - 1] == ":"),
                "\"" where startsToken(line, i) || (i > 0 && line[i - 1] == ":"):
                quote = c
            case "[", "{":
                brackets.append(false)
            case "]", "}":
                let hadAlias = brackets.popLast() ?? false
                if hadAlias, colonFollows(line, i + 1) {
                    return .found(column: i + 1, message: "a list or mapping holding an alias is used as a key; keys are names")
                }
                if hadAlias, !brackets.isEmpty { brackets[brackets.count - 1] = true }
            case "*" where startsToken(line, i):
                var j = i + 1
                while j < line.count, !endsToken(line, j), line[j] != ":" || !endsToken(line, j + 1) { j += 1 }
                if colonFollows(line, j) { return .found(column: i + 1, message: "an alias is used as a key; keys are names") }
                if !brackets.isEmpty { brackets[brackets.count - 1] = true }
                return .next(j)
            // In flow context libyaml takes any `?` at a token start as the key indicator.
            case "?"
            where startsToken(line, i) && YAMLKeyGuard.isNodeStart(line, i, inFlow: !brackets.isEmpty)
                && (endsToken(line, i + 1) || !brackets.isEmpty):
                return .found(column: i + 1, message: "explicit keys ('?') are not part of the scenario format; keys are names")
            case "|" where startsToken(line, i) && brackets.isEmpty && YAMLKeyGuard.isValuePosition(line, i),
                ">" where startsToken(line, i) && brackets.isEmpty && YAMLKeyGuard.isValuePosition(line, i):
                // A block scalar header: its body is the more indented lines below.
                var j = i + 1
                while j < line.count, "+-0123456789".unicodeScalars.contains(line[j]) { j += 1 }
                if j >= line.count || line[j] == " " || line[j] == "#" {
                    blockScalarIndent = indent
                    return .next(line.count)
                }
            default:
                break
            }
            return .next(i + 1)
        }

        /// Past the quoted scalar's characters from `i` (its end included, if on this line).
        mutating func skipQuoted(_ line: [Unicode.Scalar], from start: Int) -> Int {
            var i = start
            while i < line.count, let q = quote {
                let c = line[i]
                if q == "'" && c == "'" {
                    if i + 1 < line.count && line[i + 1] == "'" {
                        i += 2
                        continue
                    }
                    quote = nil
                } else if q == "\"" && c == "\\" {
                    i += 2
                    continue
                } else if q == "\"" && c == "\"" {
                    quote = nil
                }
                i += 1
            }
            return i
        }

        func startsToken(_ line: [Unicode.Scalar], _ at: Int) -> Bool {
            at == 0 || [" ", "\t", "[", "{", ","].contains(line[at - 1])
        }

        func endsToken(_ line: [Unicode.Scalar], _ at: Int) -> Bool {
            at >= line.count || [" ", "\t", ",", "]", "}"].contains(line[at])
        }

        /// Whether a `:` separator follows position `at` (after spaces); in flow context
        /// any `:` there separates a key from its value.
        func colonFollows(_ line: [Unicode.Scalar], _ at: Int) -> Bool {
            var j = at
            while j < line.count, line[j] == " " || line[j] == "\t" { j += 1 }
            return j < line.count && line[j] == ":" && (endsToken(line, j + 1) || !brackets.isEmpty)
        }
    }

    /// Whether position `i` can start a node (not the middle of a plain scalar).
    fileprivate static func isNodeStart(_ line: [Unicode.Scalar], _ i: Int, inFlow: Bool) -> Bool {
        if isValuePosition(line, i) { return true }
        var p = i - 1
        while p >= 0, line[p] == " " || line[p] == "\t" { p -= 1 }
        return p >= 0 && (line[p] == "?" || (inFlow && ["[", "{", ","].contains(line[p])))
    }

    /// Whether position `i` starts a node: the line's content start, or after `: ` or `- `.
    fileprivate static func isValuePosition(_ line: [Unicode.Scalar], _ i: Int) -> Bool {
        var p = i - 1
        while p >= 0, line[p] == " " || line[p] == "\t" { p -= 1 }
        if p < 0 { return true }
        return line[p] == ":" || (line[p] == "-" && (p == 0 || line[p - 1] == " "))
    }
}
