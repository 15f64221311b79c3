import Foundation

/// Shape items and text documents, read as `LottieDecoder` reads the rest.
extension LottieDecoder {
    mutating func shapeItem(_ item: LottieJSON) -> ShapeItem {
        let code = item["ty"]?.string ?? ""
        let kind: ShapeItem.Kind
        switch code {
        case "gr": kind = .group((item["it"]?.array ?? []).map { shapeItem($0) })
        case "sh": kind = .path(bezier(item["ks"]))
        case "rc":
            kind = .rectangle(
                Rectangle(position: vector(item["p"]), size: vector(item["s"]), roundness: vector(item["r"]), reversed: reversed(item)))
        case "el": kind = .ellipse(Ellipse(position: vector(item["p"]), size: vector(item["s"]), reversed: reversed(item)))
        case "sr":
            kind = .star(
                Star(
                    position: vector(item["p"]), outerRadius: vector(item["or"]), innerRadius: vector(item["ir"]),
                    outerRoundness: vector(item["os"]), innerRoundness: vector(item["is"]), rotation: vector(item["r"]),
                    points: vector(item["pt"]), isPolygon: item["sy"]?.number == 2, reversed: reversed(item)))
        case "fl": kind = .fill(Fill(color: color(item["c"]), opacity: vector(item["o"]), evenOdd: item["r"]?.number == 2))
        case "st": kind = .stroke(Stroke(color: color(item["c"]), opacity: vector(item["o"]), line: line(item)))
        case "gf": kind = .gradientFill(gradient(item))
        case "gs": kind = .gradientStroke(gradient(item))
        case "tm":
            kind = .trim(
                Trim(path: item.path, start: vector(item["s"]), end: vector(item["e"]), offset: vector(item["o"]), mode: item["m"]?.integer)
            )
        case "tr": kind = .transform(transform(item))
        case "rp":
            kind = .repeater(Repeater(copies: vector(item["c"]), offset: vector(item["o"]), transform: item["tr"].map { transform($0) }))
        case "mm": kind = .merge
        case "rd": kind = .roundedCorners(radius: vector(item["r"]))
        case "op": kind = .offsetPath
        case "zz": kind = .zigZag
        case "pb": kind = .puckerBloat
        case "tw": kind = .twist
        default: kind = .unsupported(code)
        }
        return ShapeItem(path: item.path, name: item["nm"]?.string ?? "", hidden: item["hd"]?.bool == true, kind: kind)
    }

    /// `d` 3: a path drawn the other way round.
    private func reversed(_ item: LottieJSON) -> Bool { item["d"]?.number == 3 }

    private mutating func line(_ item: LottieJSON) -> LineStyle {
        let dashes = (item["d"]?.array ?? []).map { dash in
            Dash(path: dash.path, isOffset: dash["n"]?.string == "o", value: vector(dash["v"]))
        }
        return LineStyle(
            width: vector(item["w"]), cap: item["lc"]?.integer, join: item["lj"]?.integer, miterLimit: item["ml"]?.number,
            dashes: dashes)
    }

    private mutating func gradient(_ item: LottieJSON) -> Gradient {
        Gradient(
            opacity: vector(item["o"]), start: vector(item["s"]), end: vector(item["e"]), isRadial: item["t"]?.number == 2,
            colorCount: item["g"]?["p"]?.integer, colors: vector(item["g"]?["k"]), highlightLength: vector(item["h"]),
            highlightAngle: vector(item["a"]), evenOdd: item["r"]?.number == 2, line: line(item))
    }

    // MARK: - Text

    /// A text layer's documents (`d.k`: keyframes of `s`) and animators (`a`).
    mutating func text(_ t: LottieJSON?, at path: String) -> TextLayer {
        let documents = (t?["d"]?["k"]?.array ?? []).map { keyframe -> TextDocument? in
            guard let s = keyframe["s"], let text = s["t"]?.string else { return nil }
            return TextDocument(
                text: text, font: s["f"]?.string, size: s["s"]?.number, lineHeight: s["lh"]?.number, justification: s["j"]?.integer,
                tracking: s["tr"]?.number, fillColor: s["fc"]?.numbers.map(Self.normalizedColor),
                strokeColor: s["sc"]?.numbers.map(Self.normalizedColor), strokeWidth: s["sw"]?.number,
                strokeOverFill: s["of"].map(\.bool), boxSize: s["sz"]?.numbers, boxPosition: s["ps"]?.numbers)
        }
        return TextLayer(path: path, documents: documents, animatorCount: t?["a"]?.array?.count ?? 0)
    }
}
