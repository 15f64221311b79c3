import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// timing-model.md 12.8: `.continuous` corners leave each edge 1.528665 radii from the corner
/// and keep a capsule round where that reach would not fit.
@Suite("continuous corners")
struct ContinuousCornerTests {
    @Test("the expansion factor is 1.528665 for continuous corners and 1 for circular ones")
    func expansionFactor() {
        #expect(abs(CALayer.cornerCurveExpansionFactor(.continuous) - 1.528665) < 1e-6)
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(CALayer().cornerCurve == .circular)
    }

    @Test("on a large rectangle each corner starts 1.5287 r along the edge and passes (0.2915, 0.2915) r at its middle")
    func fullCorner() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 100)
        let e = ContinuousCorners.roundedRect(
            rect, radius: 20, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        guard case .moveTo(let start)? = e.first else {
            Issue.record("no start: \(e)")
            return
        }
        #expect(abs(start.x - 1.52866483 * 20) < 1e-9 && start.y == 0, "\(start)")
        // The top right corner: a line to 200 − 30.57, then the first cubic.
        guard case .lineTo(let edgeEnd) = e[1] else {
            Issue.record("\(e[1])")
            return
        }
        #expect(abs(edgeEnd.x - (200 - 1.52866483 * 20)) < 1e-9 && edgeEnd.y == 0)
        // The middle cubic's midpoint: (0.6315 + 3·0.3728 + 3·0.1691 + 0.0749) / 8 = 0.2915 radii in.
        guard case .curveTo(let c1, let c2, let end) = e[4], case .lineTo(let from) = e[3] else {
            Issue.record("\(e[3]) \(e[4])")
            return
        }
        let mid = CGPoint(x: (from.x + 3 * c1.x + 3 * c2.x + end.x) / 8, y: (from.y + 3 * c1.y + 3 * c2.y + end.y) / 8)
        #expect(abs((200 - mid.x) / 20 - 0.29153) < 1e-4 && abs(mid.y / 20 - 0.29153) < 1e-4, "\(mid)")
        // Five steps a corner, a line to each corner, the move and the close.
        #expect(e.count == 1 + 4 * 6 + 1)
    }

    @Test("a radius of half the height draws round capsule ends; square corners stay square")
    func capsuleAndSquare() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let e = ContinuousCorners.roundedRect(
            rect, radius: 20, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        // Fully blended to circular: the ends are half circles, the top edge starts at 20.
        guard case .moveTo(let start)? = e.first else { return }
        #expect(abs(start.x - 20) < 1e-9)
        let square = ContinuousCorners.roundedRect(rect, radius: 10, corners: [.layerMaxXMaxYCorner])
        guard case .moveTo(let corner)? = square.first else { return }
        #expect(corner == .zero, "the top left is square")
        let flat = ContinuousCorners.roundedRect(
            rect, radius: 0, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(flat == CGPath(rect: rect, transform: nil).elements)
    }
}
