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
        let lines = ScenarioLoader.yamlLines(text).map { Array($0.unicodeScalars) }
        // Open flow brackets: whether an alias occurred inside each.
        var brackets: [Bool] = []
        var blockScalarIndent: Int?   // lines indented more than this belong to a block scalar
        var quote: Unicode.Scalar?    // inside a quoted scalar spanning lines
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            if let limit = blockScalarIndent {
                if indent > limit || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
                blockScalarIndent = nil
            }
            var i = 0
            func startsToken(_ at: Int) -> Bool {
                at == 0 || [" ", "\t", "[", "{", ","].contains(line[at - 1])
            }
            func endsToken(_ at: Int) -> Bool {
                at >= line.count || [" ", "\t", ",", "]", "}"].contains(line[at])
            }
            /// Whether a `:` separator follows position `at` (after spaces); in flow context
            /// any `:` there separates a key from its value.
            func colonFollows(_ at: Int) -> Bool {
                var j = at
                while j < line.count, line[j] == " " || line[j] == "\t" { j += 1 }
                return j < line.count && line[j] == ":" && (endsToken(j + 1) || !brackets.isEmpty)
            }
            while i < line.count {
                let c = line[i]
                if let q = quote {
                    if q == "'" && c == "'" {
                        if i + 1 < line.count && line[i + 1] == "'" { i += 2; continue }
                        quote = nil
                    } else if q == "\"" && c == "\\" {
                        i += 2; continue
                    } else if q == "\"" && c == "\"" {
                        quote = nil
                    }
                    i += 1; continue
                }
                switch c {
                case "#" where startsToken(i):
                    i = line.count; continue
                case "'" where startsToken(i) || (i > 0 && line[i - 1] == ":"),
                     "\"" where startsToken(i) || (i > 0 && line[i - 1] == ":"):
                    quote = c
                case "[", "{":
                    brackets.append(false)
                case "]", "}":
                    let hadAlias = brackets.popLast() ?? false
                    if hadAlias, colonFollows(i + 1) {
                        return Finding(line: index + 1, column: i + 1,
                                       message: "a list or mapping holding an alias is used as a key; keys are names")
                    }
                    if hadAlias, !brackets.isEmpty { brackets[brackets.count - 1] = true }
                case "*" where startsToken(i):
                    var j = i + 1
                    while j < line.count, !endsToken(j), line[j] != ":" || !endsToken(j + 1) { j += 1 }
                    if colonFollows(j) {
                        return Finding(line: index + 1, column: i + 1, message: "an alias is used as a key; keys are names")
                    }
                    if !brackets.isEmpty { brackets[brackets.count - 1] = true }
                    i = j; continue
                // In flow context libyaml takes any `?` at a token start as the key indicator.
                case "?" where startsToken(i) && isNodeStart(line, i, inFlow: !brackets.isEmpty)
                    && (endsToken(i + 1) || !brackets.isEmpty):
                    return Finding(line: index + 1, column: i + 1,
                                   message: "explicit keys ('?') are not part of the scenario format; keys are names")
                case "|" where startsToken(i) && brackets.isEmpty && isValuePosition(line, i),
                     ">" where startsToken(i) && brackets.isEmpty && isValuePosition(line, i):
                    // A block scalar header: its body is the more indented lines below.
                    var j = i + 1
                    while j < line.count, "+-0123456789".unicodeScalars.contains(line[j]) { j += 1 }
                    if j >= line.count || line[j] == " " || line[j] == "#" {
                        blockScalarIndent = indent
                        i = line.count; continue
                    }
                default:
                    break
                }
                i += 1
            }
        }
        return nil
    }

    /// Whether position `i` can start a node (not the middle of a plain scalar).
    private static func isNodeStart(_ line: [Unicode.Scalar], _ i: Int, inFlow: Bool) -> Bool {
        if isValuePosition(line, i) { return true }
        var p = i - 1
        while p >= 0, line[p] == " " || line[p] == "\t" { p -= 1 }
        return p >= 0 && (line[p] == "?" || (inFlow && ["[", "{", ","].contains(line[p])))
    }

    /// Whether position `i` starts a node: the line's content start, or after `: ` or `- `.
    private static func isValuePosition(_ line: [Unicode.Scalar], _ i: Int) -> Bool {
        var p = i - 1
        while p >= 0, line[p] == " " || line[p] == "\t" { p -= 1 }
        if p < 0 { return true }
        return line[p] == ":" || (line[p] == "-" && (p == 0 || line[p - 1] == " "))
    }
}
