import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// The scroll indicators (timing-model.md 13.7): when they show, where, and how they go.
@Suite("scroll indicators (timing-model.md 13.7)")
struct ScrollIndicatorTests {
    /// A 100 × 800 pt view over 2000 pt of content: the track is 800 − 2·3 = 794 pt, the bar
    /// 794 · 800/2000 = 317.6 pt long, 3 pt wide, 3 pt in from the right edge (x = 94).
    func scene() -> (Stage, UIScrollView) {
        let (stage, sv) = scrollScene(width: 100, height: 800, contentHeight: 2000)
        stage.advance(to: 0)
        return (stage, sv)
    }

    func bar(_ sv: UIScrollView) throws -> CALayer { try #require(sv.scrollIndicators?.vertical) }

    @Test("dragging the content within its range shows the bar, sized and placed by 13.7")
    func dragShows() throws {
        let (_, sv) = scene()
        sv.contentOffset.y = 650
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: 50))  // to 600: half-way through 0…1200
        let bar = try bar(sv)
        #expect(bar.opacity == 1 && !bar.isHidden)
        #expect(abs(bar.frame.height - 317.6) < 1e-9)
        #expect(abs(bar.frame.minY - (600 + 3 + 0.5 * (794 - 317.6))) < 1e-9, "\(bar.frame)")
        #expect(bar.frame.minX == 94 && bar.frame.width == 3 && bar.cornerRadius == 1.5)
        #expect(sv.scrollIndicators?.horizontal.isHidden == true, "content no wider than the view: no horizontal bar")
    }

    @Test("a pull past the top shows the bar at the top, shorter by the overshoot; it fades once the bounce back ends")
    func pullPastEdgeShowsShrunkBar() throws {
        let (stage, sv) = scene()
        sv.perform(.pull(200, over: 0.5), at: 0)
        stage.advance(to: 0.4)
        let overshoot = -sv.contentOffset.y
        #expect(overshoot > 0)
        let bar = try bar(sv)
        #expect(bar.opacity == 1, "iOS 13+ shows it during a pull past the edge")
        #expect(abs(bar.frame.height - max(7, 317.6 - overshoot)) < 1e-9, "\(bar.frame) overshoot \(overshoot)")
        #expect(abs(bar.frame.minY - (sv.contentOffset.y + 3)) < 1e-9, "at the top of the track")
        // Released at 0.5 s, the content bounces back; the bar stays while it moves, then fades.
        stage.advance(to: 0.7)
        #expect(sv.contentOffset.y < 0 && bar.opacity == 1, "still bouncing back at \(sv.contentOffset.y)")
        stage.advance(to: 3)
        #expect(sv.contentOffset.y == 0 && bar.opacity == 0)
    }

    @Test("with showsVerticalScrollIndicator off a pull shows none; a change with no finger shows none")
    func hiddenOrNoFinger() throws {
        let (stage, sv) = scene()
        sv.showsVerticalScrollIndicator = false
        sv.perform(.pull(200, over: 0.5), at: 0)
        stage.advance(to: 0.4)
        #expect(try bar(sv).isHidden || bar(sv).opacity == 0)
        let (_, other) = scene()
        other.contentInset.top = 60
        other.contentOffset.y = -60
        #expect(try bar(other).opacity == 0, "an inset opening without a finger")
    }

    @Test("lifting the finger with the content at rest fades the bar out over 0.25 s (linear)")
    func fadesAfterStop() throws {
        let (stage, sv) = scene()
        sv.contentOffset.y = 650
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: 50))
        sv.endDragging(velocity: .zero)
        let bar = try bar(sv)
        #expect(bar.opacity == 0, "the model is hidden at once")
        stage.advance(to: 0.125)
        #expect(abs(Double(bar.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
        stage.advance(to: 0.25)
        #expect(bar.presentation()?.opacity == 0)
    }

    @Test("a fling keeps the bar while it decelerates, shorter by what it overshoots an edge")
    func flingShrinksPastEdge() throws {
        let (stage, sv) = scene()
        sv.contentOffset.y = 1100
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: -10))  // 1110, inside
        sv.endDragging(velocity: CGPoint(x: 0, y: -3000))  // towards the bottom edge (1200), past it
        var shortest = CGFloat.infinity
        var t = 0.0
        while t < 1 {
            t += 1.0 / 60
            stage.advance(to: t)
            let over = sv.contentOffset.y - 1200
            let bar = try bar(sv)
            if over > 0 {
                #expect(abs(bar.frame.height - max(7, 317.6 - over)) < 1e-6, "t=\(t)")
                #expect(abs(bar.frame.maxY - (sv.contentOffset.y + 800 - 3)) < 1e-6, "pinned to the end of the track")
                shortest = min(shortest, bar.frame.height)
            }
        }
        #expect(shortest < 317.6, "it overshot")
    }

    @Test("showsVerticalScrollIndicator = false: no bar; the white style draws white")
    func switches() throws {
        let (_, sv) = scene()
        sv.showsVerticalScrollIndicator = false
        sv.beginDragging()
        sv.drag(translation: CGPoint(x: 0, y: -50))
        #expect(try bar(sv).opacity == 0)
        let (_, other) = scene()
        other.indicatorStyle = .white
        other.beginDragging()
        other.drag(translation: CGPoint(x: 0, y: -50))
        #expect(try bar(other).backgroundColor == UIColor(white: 1, alpha: 0.35).cgColor)
    }
}

@Suite("flashing the scroll indicators")
struct FlashScrollIndicatorTests {
    @Test("flashScrollIndicators shows the bar at rest and fades it from 0.5 s over 0.25 s")
    func flash() throws {
        let (stage, sv) = scrollScene(width: 100, height: 800, contentHeight: 2000)
        stage.advance(to: 0)
        sv.flashScrollIndicators()
        let bar = try #require(sv.scrollIndicators?.vertical)
        #expect(bar.opacity == 1 && abs(bar.frame.minY - 3) < 1e-9, "at the top of the track")
        stage.advance(to: 0.5)
        #expect(bar.opacity == 0)
        stage.advance(to: 0.625)
        #expect(abs(Double(bar.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
        stage.advance(to: 0.75)
        #expect(bar.presentation()?.opacity == 0)
    }
}
