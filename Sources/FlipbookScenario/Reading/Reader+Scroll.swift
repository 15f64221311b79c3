import FlipbookCore
import FlipbookUIKit
import Foundation
import Yams

extension Reader {
    // MARK: - Scroll and table layers

    /// Reads one scroll-view key of a `scroll` or `table` layer.
    func readScrollKey(_ k: String, _ v: YAMLNode, into spec: inout ScrollSpec) {
        switch k {
        case "contentSize":
            if case .size(let s)? = values.value(v, kind: .size) {
                if s.width < 0 || s.height < 0 { sink.error("contentSize must not be negative", at: v.mark) } else { spec.contentSize = s }
            }
        case "contentInset":
            if case .scalar = v.node {
                if let top = v.number("a top inset, or [top, left, bottom, right]") {
                    spec.contentInset = UIEdgeInsets(top: top, left: 0, bottom: 0, right: 0)
                }
            } else if let xs = v.numbers(4, "insets [top, left, bottom, right]") {
                spec.contentInset = UIEdgeInsets(top: xs[0], left: xs[1], bottom: xs[2], right: xs[3])
            }
        case "bounces": spec.bounces = v.bool() ?? true
        case "alwaysBounceVertical": spec.alwaysBounceVertical = v.bool() ?? true
        case "showsVerticalScrollIndicator": spec.showsVerticalScrollIndicator = v.bool() ?? true
        case "showsHorizontalScrollIndicator": spec.showsHorizontalScrollIndicator = v.bool() ?? true
        case "decelerationRate":
            if case .scalar(let s) = v.node, s.string == "normal" || s.string == "fast" {
                spec.decelerationRate = s.string == "fast" ? 0.99 : 0.998
            } else if let r = v.number("normal, fast, or a per-millisecond factor in (0, 1)") {
                if r > 0 && r < 1 {
                    spec.decelerationRate = r
                } else {
                    sink.error("decelerationRate must be in (0, 1), found \(formatted(r))", at: v.mark)
                }
            }
        case "rows": spec.rows = readRows(v)
        default: break
        }
    }

    private func readRows(_ n: YAMLNode) -> RowsSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.rows, what: "rows such as { template: \"Row {n}\", count: 20 }") else {
            return nil
        }
        var rows = RowsSpec()
        var template: String?, count: Int?, first = 1
        var items: [String]?
        for (k, _, v) in pairs {
            switch k {
            case "items": items = v.sequence("a list of row titles")?.compactMap { $0.string("a row title") }
            case "template": template = v.string("a row title with {n} for its number")
            case "count":
                count = v.wholeNumber("a number of rows", key: "count", in: 0...Limits.maximumTableRows)
            case "first":
                // Row numbers are printed, so first + count must stay a number people can read.
                first =
                    v.wholeNumber("the number of the first row", key: "first", in: -Limits.maximumRowNumber...Limits.maximumRowNumber)
                    ?? first
            case "height":
                if let h = v.number("a row height in points") {
                    if h > 0 { rows.height = h } else { sink.error("row height must be positive", at: v.mark) }
                }
            case "font":
                rows.font = v.string("a font family name")
                if let name = rows.font { fontUses.append((name, v.mark)) }
            case "fontSize":
                if let s = v.number("a font size in points") {
                    if s > 0 { rows.fontSize = s } else { sink.error("fontSize must be positive", at: v.mark) }
                }
            case "textColor": if let c = values.color(v) { rows.textColor = c }
            case "background": rows.background = v.isNull ? nil : values.color(v)
            case "separators": rows.separators = v.bool() ?? true
            case "separatorColor": rows.separatorColor = values.color(v)
            case "separatorInset": rows.separatorInset = v.number("a left inset in points") ?? 15
            default: rows.separatorsBelowRows = v.bool() ?? true
            }
        }
        if let items {
            if template != nil || count != nil { sink.error("rows take either 'items' or 'template' with 'count', not both", at: n.mark) }
            rows.texts = items
        } else if let count {
            let t = template ?? "Row {n}"
            rows.texts = (0..<count).map { t.replacingOccurrences(of: "{n}", with: String(first + $0)) }
        } else if template != nil, !pairs.contains(where: { $0.key == "count" }) {
            sink.error("a row 'template' needs a 'count'", at: n.mark)
        }
        return rows
    }

    /// The scroll views (scroll and table layers) the file declares, in file order.
    var scrollViewIDs: [String] { layerOrder.filter { layerTypes[$0]?.isScrollView == true } }

    /// A scroll view named by `n`, or the only one when `n` is absent.
    func scrollViewReference(_ n: YAMLNode?, at mark: SourceMark, kind: LayerType? = nil, what: String) -> String? {
        let candidates = scrollViewIDs.filter { kind == nil || layerTypes[$0] == kind }
        let noun = kind == .table ? "table" : "scroll view"
        guard let n else {
            if candidates.count == 1 { return candidates[0] }
            sink.error(
                candidates.isEmpty
                    ? "\(what) needs a \(noun): declare a layer of type \(kind?.rawValue ?? "scroll or table")"
                    : "\(what) must name its \(noun): one of \(candidates.joined(separator: ", "))", at: mark)
            return nil
        }
        guard let id = n.string("the id of a \(noun)") else { return nil }
        guard candidates.contains(id) else {
            sink.error(
                layerTypes[id] == nil ? "unknown layer '\(id)'" : "layer '\(id)' is not a \(noun)", at: n.mark,
                hint: nearest(to: id, in: candidates).map { "did you mean '\($0)'?" })
            return nil
        }
        return id
    }

    func readInsertRows(_ n: YAMLNode, into: YAMLNode?, row: YAMLNode?, animated: YAMLNode?, at mark: SourceMark) -> [ScenarioAction]? {
        var texts: [String] = []
        if case .sequence(let s) = n.node {
            texts = s.compactMap { YAMLNode(node: $0, sink: sink).string("a row title") }
        } else if let t = n.string("a row title or a list of them") {
            texts = [t]
        }
        var index = 0
        if let row, let r = row.wholeNumber("the row the first new one takes", key: "row", in: 0...Limits.maximumTableRows) {
            index = r
        }
        guard let table = scrollViewReference(into, at: mark, kind: .table, what: "insertRows") else { return nil }
        return [.insertRows(table: table, texts: texts, at: index, animated: animated?.bool() ?? true)]
    }
}
