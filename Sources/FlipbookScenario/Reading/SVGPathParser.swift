import FlipbookCore
import Foundation

/// SVG path data: M L H V C S Q T Z, absolute and relative.
enum SVGPathParser {
    struct Failure: Error { var message: String }

    static func parse(_ text: String) throws -> [PathElement] {
        var tokens: [String] = []
        var cur = ""
        func flush() {
            if !cur.isEmpty {
                tokens.append(cur)
                cur = ""
            }
        }
        for ch in text {
            if ch.isLetter && ch != "e" && ch != "E" {
                flush()
                tokens.append(String(ch))
            } else if ch == "," || ch.isWhitespace {
                flush()
            } else if ch == "-" && !cur.isEmpty && !cur.hasSuffix("e") && !cur.hasSuffix("E") {
                flush()
                cur = "-"
            } else {
                cur.append(ch)
            }
        }
        flush()
        let path = CGMutablePath()
        var i = 0
        var command: Character = " "
        var current = CGPoint.zero, start = CGPoint.zero
        var lastControl: CGPoint?
        func num() throws -> Double {
            guard i < tokens.count, let v = Double(tokens[i]), v.isFinite else {
                throw Failure(message: "expected a number after '\(command)'\(i < tokens.count ? ", found '\(tokens[i])'" : " at the end")")
            }
            i += 1
            return v
        }
        while i < tokens.count {
            if let c = tokens[i].first, tokens[i].count == 1, c.isLetter {
                command = c
                i += 1
                if c == "Z" || c == "z" {
                    path.closeSubpath()
                    current = start
                    lastControl = nil
                    continue
                }
            } else if command == " " {
                throw Failure(message: "path data must start with a command such as M, found '\(tokens[i])'")
            }
            let rel = command.isLowercase
            func pt() throws -> CGPoint {
                let x = try num(), y = try num()
                return rel ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
            }
            switch command {
            case "M", "m":
                let p = try pt()
                path.move(to: p)
                current = p
                start = p
                lastControl = nil
                command = rel ? "l" : "L"
            case "L", "l":
                let p = try pt()
                path.addLine(to: p)
                current = p
                lastControl = nil
            case "H", "h":
                let x = try num()
                let p = CGPoint(x: rel ? current.x + x : x, y: current.y)
                path.addLine(to: p)
                current = p
                lastControl = nil
            case "V", "v":
                let y = try num()
                let p = CGPoint(x: current.x, y: rel ? current.y + y : y)
                path.addLine(to: p)
                current = p
                lastControl = nil
            case "C", "c":
                let c1 = try pt(), c2 = try pt(), p = try pt()
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p
                lastControl = c2
            case "S", "s":
                let c1 = lastControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = try pt(), p = try pt()
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p
                lastControl = c2
            case "Q", "q":
                let c = try pt(), p = try pt()
                path.addQuadCurve(to: p, control: c)
                current = p
                lastControl = c
            case "T", "t":
                let c = lastControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let p = try pt()
                path.addQuadCurve(to: p, control: c)
                current = p
                lastControl = c
            default:
                throw Failure(message: "unsupported path command '\(command)' (use M L H V C S Q T Z)")
            }
        }
        return path.elements
    }
}
