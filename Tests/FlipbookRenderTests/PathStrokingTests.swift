import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// CGPath.copy(strokingWithWidth:…) and copy(dashingWithPhase:lengths:) (timing-model.md 12.4):
/// filling the stroked copy must cover what stroking the path covers.
@Suite("path stroking and dashing")
struct PathStrokingTests {
    /// The pixels of `path` stroked by the rasterizer, and of its stroked copy filled.
    func strokeAndOutline(_ path: CGPath, width: Double, cap: CGLineCap, join: CGLineJoin) throws -> (PixelBuffer, PixelBuffer) {
        let capName: CAShapeLayerLineCap = cap == .round ? .round : cap == .square ? .square : .butt
        let joinName: CAShapeLayerLineJoin = join == .round ? .round : join == .bevel ? .bevel : .miter
        let stroked = try render(CGSize(width: 120, height: 120)) { stage in
            let l = CAShapeLayer()
            l.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
            l.path = path
            l.fillColor = nil
            l.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            l.lineWidth = width
            l.lineCap = capName
            l.lineJoin = joinName
            stage.rootLayer.addSublayer(l)
        }
        let filled = try render(CGSize(width: 120, height: 120)) { stage in
            let l = CAShapeLayer()
            l.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
            l.path = path.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: 10)
            l.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            stage.rootLayer.addSublayer(l)
        }
        return (stroked, filled)
    }

    func differing(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where zip(a.rgb(x, y), b.rgb(x, y)).contains(where: { abs($0 - $1) > 96 }) { n += 1 } }
        return n
    }

    @Test(
        "a filled stroked copy covers the stroke: joins, caps and curves",
        arguments: [
            (CGLineCap.butt, CGLineJoin.miter), (.round, .round), (.square, .bevel)
        ])
    func outlineMatchesStroke(cap: CGLineCap, join: CGLineJoin) throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 15, y: 100))
        path.addLine(to: CGPoint(x: 40, y: 30))
        path.addLine(to: CGPoint(x: 70, y: 95))
        path.addQuadCurve(to: CGPoint(x: 105, y: 20), control: CGPoint(x: 110, y: 90))
        let (stroked, filled) = try strokeAndOutline(path, width: 9, cap: cap, join: join)
        let ink = stroked.inkBounds.map { ($0.maxX - $0.minX) * ($0.maxY - $0.minY) } ?? 0
        #expect(ink > 5000)
        // Only anti-aliased edge pixels may differ, and few of them strongly.
        #expect(differing(stroked, filled) < 40, "\(cap) \(join)")
    }

    @Test("a closed rectangle's outline is a frame with its corners joined")
    func closedRectangle() throws {
        let path = CGPath(rect: CGRect(x: 20, y: 20, width: 80, height: 60), transform: nil)
        let (stroked, filled) = try strokeAndOutline(path, width: 10, cap: .butt, join: .miter)
        #expect(differing(stroked, filled) < 10)
        // Miter corners are square: the corner pixel (16, 16) is inside the 10-wide frame.
        #expect(filled.rgb(17, 17) == [0, 0, 0])
        #expect(filled.rgb(60, 50) == [255, 255, 255])
    }

    @Test("dashes: on and off lengths from the phase, restarting at each subpath (12.4)")
    func dashing() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        // [10, 5] from phase 0: dashes start every 15 pt: 0, 15, …, 90 (the last cut at 100).
        let plain = line.copy(dashingWithPhase: 0, lengths: [10, 5])
        #expect(plain.elements.filter { if case .moveTo = $0 { return true } else { return false } }.count == 7)
        #expect(abs(PathGeometry.length(of: plain.elements) - 70) < 1e-9)
        // Phase 5: half the first dash is used up: 0…5, then 10…20, 25…35, …, 85…95.
        let shifted = line.copy(dashingWithPhase: 5, lengths: [10, 5])
        #expect(shifted.elements.filter { if case .moveTo = $0 { return true } else { return false } }.count == 7)
        #expect(abs(PathGeometry.length(of: shifted.elements) - 65) < 1e-9)
        // An odd count repeats: [10] is 10 on, 10 off.
        #expect(abs(PathGeometry.length(of: line.copy(dashingWithPhase: 0, lengths: [10]).elements) - 50) < 1e-9)
        // Bad patterns leave the path whole.
        #expect(line.copy(dashingWithPhase: 0, lengths: [0, 0]).elements == line.elements)
        #expect(line.copy(dashingWithPhase: .nan, lengths: [1, 1]).elements == line.elements)
    }

    @Test("a zero or bad width strokes to nothing")
    func badWidth() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(path.copy(strokingWithWidth: 0, lineCap: .butt, lineJoin: .miter, miterLimit: 10).elements.isEmpty)
        #expect(path.copy(strokingWithWidth: .nan, lineCap: .butt, lineJoin: .miter, miterLimit: 10).elements.isEmpty)
    }
}
