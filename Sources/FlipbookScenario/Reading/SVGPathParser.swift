import FlipbookCore
import FlipbookUIKit
import Foundation

/// SVG path data: M L H V C S Q T Z, absolute and relative.
enum SVGPathParser {
    struct Failure: Error { var message: String }

    static func parse(_ text: String) throws -> [PathElement] {
        var reader = Reader(tokens: tokens(of: text))
        try reader.readAll()
        return reader.path.elements
    }

    /// Commands (one letter each) and numbers; commas and spaces separate, and so does a minus
    /// sign starting a number (`10-5` is two), except in an exponent (`1e-5`).
    static func tokens(of text: String) -> [String] {
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
        return tokens
    }

    /// The path the tokens draw, read command by command (a command's letter may be left out
    /// for its repeats; numbers after M are lines).
    private struct Reader {
        let tokens: [String]
        let path = CGMutablePath()
        var i = 0
        var command: Character = " "
        var current = CGPoint.zero, start = CGPoint.zero
        /// The last curve's second control point, which S and T reflect.
        var lastControl: CGPoint?

        init(tokens: [String]) { self.tokens = tokens }

        mutating func readAll() throws {
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
                try segment()
            }
        }

        mutating func number() throws -> Double {
            guard i < tokens.count, let v = Double(tokens[i]), v.isFinite else {
                throw Failure(message: "expected a number after '\(command)'\(i < tokens.count ? ", found '\(tokens[i])'" : " at the end")")
            }
            i += 1
            return v
        }

        /// A point, relative to the current one for a lower-case command.
        mutating func point() throws -> CGPoint {
            let x = try number(), y = try number()
            return command.isLowercase ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
        }

        /// The last control point reflected about the current point (the current point after
        /// anything but a curve).
        var reflected: CGPoint { lastControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current }

        mutating func end(at p: CGPoint, control: CGPoint?) {
            current = p
            lastControl = control
        }

        /// One segment of the current command.
        mutating func segment() throws {
            let rel = command.isLowercase
            switch command {
            case "M", "m":
                let p = try point()
                path.move(to: p)
                end(at: p, control: nil)
                start = p
                command = rel ? "l" : "L"
            case "L", "l":
                let p = try point()
                path.addLine(to: p)
                end(at: p, control: nil)
            case "H", "h":
                let x = try number()
                let p = CGPoint(x: rel ? current.x + x : x, y: current.y)
                path.addLine(to: p)
                end(at: p, control: nil)
            case "V", "v":
                let y = try number()
                let p = CGPoint(x: current.x, y: rel ? current.y + y : y)
                path.addLine(to: p)
                end(at: p, control: nil)
            case "C", "c":
                let c1 = try point(), c2 = try point(), p = try point()
                path.addCurve(to: p, control1: c1, control2: c2)
                end(at: p, control: c2)
            case "S", "s":
                let c1 = reflected
                let c2 = try point(), p = try point()
                path.addCurve(to: p, control1: c1, control2: c2)
                end(at: p, control: c2)
            case "Q", "q":
                let c = try point(), p = try point()
                path.addQuadCurve(to: p, control: c)
                end(at: p, control: c)
            case "T", "t":
                let c = reflected
                let p = try point()
                path.addQuadCurve(to: p, control: c)
                end(at: p, control: c)
            default:
                throw Failure(message: "unsupported path command '\(command)' (use M L H V C S Q T Z)")
            }
        }
    }
}
