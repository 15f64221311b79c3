import Foundation
import Yams

/// One problem in a scenario file, with where it is.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// An extra line that helps fix it (e.g. "did you mean 'duration'?").
    public var hint: String?
    /// Errors refuse the file; warnings (a font that is not installed, …) do not.
    public var severity: Severity = .error

    public enum Severity: String, Sendable { case error, warning }

    public init(file: String, line: Int, column: Int, message: String, hint: String? = nil, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
        self.severity = severity
    }

    /// `FILE:LINE:COLUMN: error: message` (or `warning:`), with the hint on the next line.
    public var description: String {
        var s = "\(file):\(line):\(column): \(severity.rawValue): \(message)"
        if let hint { s += "\n\(file):\(line):\(column): note: \(hint)" }
        return s
    }
}

/// Every problem found in a scenario, in file order.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a file is read.
final class DiagnosticSink {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// What is accepted but worth saying (it does not refuse the file).
    private(set) var warnings: [Diagnostic] = []
    /// Scenario parameters (after the chosen variant's overrides), by name.
    var params: [String: Node] = [:]
    /// Path elements read so far, all paths together (`Limits.maximumScenePathElements`).
    var pathElements = 0
    /// Emitter cells read so far, all emitters together (`Limits.maximumEmitterCells`).
    var emitterCells = 0
    init(file: String) { self.file = file }

    func error(_ message: String, at mark: SourceMark, hint: String? = nil) {
        let message = clippingQuotes(message)
        // One message per place is enough.
        if diagnostics.contains(where: { $0.line == mark.line && $0.column == mark.column && $0.message == message }) { return }
        diagnostics.append(Diagnostic(file: file, line: mark.line, column: mark.column, message: message, hint: hint))
    }

    func warning(_ message: String, at mark: SourceMark, hint: String? = nil) {
        warnings.append(
            Diagnostic(
                file: file, line: mark.line, column: mark.column, message: clippingQuotes(message), hint: hint,
                severity: .warning))
    }
}

/// The longest text quoted from a file in a message, in characters.
let maximumQuotedCharacters = 40

/// `message` with every quoted stretch ('…') longer than `maximumQuotedCharacters` cut to its
/// start and an ellipsis: a message quotes the file only as far as it takes to find the place.
/// A scene file swapped for a link to a secret (a password file read as YAML) must not be
/// shown whole in a terminal, a CI log or the preview's page.
func clippingQuotes(_ message: String) -> String {
    let parts = message.split(separator: "'", omittingEmptySubsequences: false)
    guard parts.count >= 3, parts.enumerated().contains(where: { $0.offset % 2 == 1 && $0.element.count > maximumQuotedCharacters })
    else { return message }
    return parts.enumerated().map { i, part in
        // Odd parts lie between a pair of quotes; a final odd part has no closing quote.
        i % 2 == 1 && i < parts.count - 1 && part.count > maximumQuotedCharacters
            ? part.prefix(maximumQuotedCharacters - 1) + "…" : part
    }.joined(separator: "'")
}

/// A 1-based position in the file.
struct SourceMark: Equatable, Sendable {
    var line: Int
    var column: Int
    static let start = SourceMark(line: 1, column: 1)
}

/// The nearest candidate to `word` by edit distance, if it is close enough to be a typo.
func nearest(to word: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
    let w = Array(word.lowercased())
    let scored = candidates.map { ($0, distance(w, Array($0.lowercased()))) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    guard let best = scored.first else { return nil }
    let limit = max(2, word.count / 3)
    return best.1 <= limit ? best.0 : nil
}
