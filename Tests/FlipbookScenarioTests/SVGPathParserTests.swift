import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookScenario
@testable import FlipbookUIKit

/// SVG path data in scenario files (`path: "M0 1 L0 0 Q187.5 -25 375 0 Z"`; docs/scenario-format.md,
/// "Values"): what each command draws, absolute and relative.
@Suite("SVG path data")
struct SVGPathParserTests {
    static func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    @Test("M, L, H, V and Z, absolute and relative; numbers after M are lines; 10-5 is two numbers, 1e-1 one")
    func lines() throws {
        let elements = try SVGPathParser.parse("M10,20 30 40 h5 V0 l-5-5 1e-1 0 z m1 1")
        #expect(
            elements == [
                .moveTo(Self.p(10, 20)), .lineTo(Self.p(30, 40)), .lineTo(Self.p(35, 40)), .lineTo(Self.p(35, 0)),
                .lineTo(Self.p(30, -5)), .lineTo(Self.p(30.1, -5)), .closeSubpath, .moveTo(Self.p(11, 21))
            ], "\(elements)")
    }

    @Test("C and S reflect the last control point; Q and T the same for quadratics; after a line S starts at the current point")
    func curves() throws {
        let cubic = try SVGPathParser.parse("M0 0 C0 10 10 10 10 0 s10 -10 10 0 L30 0 S40 10 40 0")
        #expect(
            cubic == [
                .moveTo(Self.p(0, 0)), .curveTo(control1: Self.p(0, 10), control2: Self.p(10, 10), to: Self.p(10, 0)),
                .curveTo(control1: Self.p(10, -10), control2: Self.p(20, -10), to: Self.p(20, 0)), .lineTo(Self.p(30, 0)),
                .curveTo(control1: Self.p(30, 0), control2: Self.p(40, 10), to: Self.p(40, 0))
            ], "\(cubic)")
        let quadratic = try SVGPathParser.parse("M0 0 Q5 10 10 0 t10 0")
        #expect(
            quadratic == [
                .moveTo(Self.p(0, 0)), .quadCurveTo(control: Self.p(5, 10), to: Self.p(10, 0)),
                .quadCurveTo(control: Self.p(15, -10), to: Self.p(20, 0))
            ], "\(quadratic)")
    }

    @Test(
        "bad path data says what was expected",
        arguments: [
            ("10 10", "must start with a command"), ("M10", "expected a number after 'M' at the end"),
            ("M10 x", "expected a number after 'M', found 'x'"), ("M0 0 A1 1 0 0 1 5 5", "unsupported path command 'A'")
        ])
    func refused(_ text: String, _ message: String) {
        #expect {
            try SVGPathParser.parse(text)
        } throws: { error in
            (error as? SVGPathParser.Failure)?.message.contains(message) == true
        }
    }
}
