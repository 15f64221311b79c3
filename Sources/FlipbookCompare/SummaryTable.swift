import Foundation

/// The table `compare` prints: a row per input (and per period under it), columns as wide as
/// their widest cell, so no label is cut and the figures line up. The worst frame comes before
/// the mean: a mean hides a frame that is far off.
public enum SummaryTable {
    /// The table's lines, header first.
    public static func lines(_ summaries: [VariantComparison.Summary]) -> [String] {
        func seconds(_ v: Double?) -> String { v.map { String(format: "%.3f s", $0) } ?? "–" }
        func share(_ v: Double) -> String { String(format: "%.2f %%", v * 100) }
        var rows: [[String]?] = [["variant", "duration", "last stop", "worst frame", "at", "mean diff"]]
        var notes: [Int: [String]] = [:]  // free lines printed under row N
        for s in summaries {
            let compared = s.worstAt != nil
            rows.append([
                s.label, seconds(s.duration), seconds(s.lastEvent), compared ? share(s.largestDifference) : "–", seconds(s.worstAt),
                compared ? share(s.meanDifference) : "–"
            ])
            notes[rows.count - 1] = s.properties.flatMap(\.lines) + s.tracks.flatMap(\.lines)
            for p in s.periods {
                rows.append([
                    "  " + p.label + String(format: " (%.2f–%.2f s)", p.start, p.end), "", "",
                    p.frames > 0 ? share(p.largestDifference) : "–", seconds(p.worstAt), p.frames > 0 ? share(p.meanDifference) : "–"
                ])
            }
        }
        let table = rows.compactMap { $0 }
        let widths = (0..<6).map { c in table.map { $0[c].count }.max() ?? 0 }
        var out: [String] = []
        for (r, row) in table.enumerated() {
            // The first column left-aligned, figures right-aligned.
            let cells = row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }
            out.append(cells.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
            for line in notes[r] ?? [] { out.append("    " + line) }
        }
        return out
    }
}
