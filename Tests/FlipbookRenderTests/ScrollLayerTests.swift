import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// `CAScrollLayer` and the scrolling methods every layer has, and `CATiledLayer` drawn whole
/// (timing-model.md 12.13).
@Suite("scroll and tiled layers")
struct ScrollLayerTests {
    /// A 100 × 100 scroll layer holding a red 100 × 100 square at (0, 100) and a blue one at
    /// (100, 0), its changes made without implicit animations.
    static func scene() -> (scroll: CAScrollLayer, red: CALayer, blue: CALayer) {
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let red = CALayer(), blue = CALayer()
        red.frame = CGRect(x: 0, y: 100, width: 100, height: 100)
        red.backgroundColor = UIColor.red.cgColor
        blue.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
        blue.backgroundColor = UIColor.blue.cgColor
        scroll.addSublayer(red)
        scroll.addSublayer(blue)
        return (scroll, red, blue)
    }

    static func withoutActions(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    @Test("scroll(to:) moves the bounds' origin along the axes scrollMode allows")
    func scrollTo() {
        let (scroll, _, _) = Self.scene()
        Self.withoutActions { scroll.scroll(to: CGPoint(x: 30, y: 40)) }
        #expect(scroll.bounds.origin == CGPoint(x: 30, y: 40))
        scroll.scrollMode = .vertically
        Self.withoutActions { scroll.scroll(to: CGPoint(x: 0, y: 100)) }
        #expect(scroll.bounds.origin == CGPoint(x: 30, y: 100), "x stays")
        scroll.scrollMode = .none
        Self.withoutActions { scroll.scroll(to: CGPoint.zero) }
        #expect(scroll.bounds.origin == CGPoint(x: 30, y: 100))
        #expect(CAScrollLayer(layer: scroll).scrollMode == .none, "the copy keeps the mode")
    }

    @Test("a sublayer scrolls its scroll layer: to a point, or as little as shows a rectangle; visibleRect is what shows")
    func fromSublayers() {
        let (scroll, red, blue) = Self.scene()
        Self.withoutActions { red.scroll(CGPoint(x: 0, y: 10)) }
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 110), "the red square's (0, 10) at the top-left")
        Self.withoutActions { scroll.scroll(to: CGPoint.zero) }
        Self.withoutActions { blue.scrollRectToVisible(CGRect(x: 10, y: 10, width: 20, height: 20)) }
        #expect(scroll.bounds.origin == CGPoint(x: 30, y: 0), "just enough to show its right edge")
        #expect(blue.visibleRect == CGRect(x: 0, y: 0, width: 30, height: 100))
        #expect(red.visibleRect.isEmpty, "the red square is below the part shown")
        let loose = CALayer()
        loose.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        loose.scroll(CGPoint(x: 5, y: 5))
        #expect(loose.visibleRect == loose.bounds, "no scroll layer above: all of it")
    }

    @Test("scrolled, the sublayers are drawn moved the other way")
    func drawn() throws {
        let px = try render(CGSize(width: 100, height: 100)) { stage in
            let (scroll, _, _) = Self.scene()
            stage.rootLayer.addSublayer(scroll)
            Self.withoutActions { scroll.scroll(to: CGPoint(x: 0, y: 100)) }
        }
        let rgba = px.rgba
        #expect(rgba[(50 * 100 + 50) * 4] == 255 && rgba[(50 * 100 + 50) * 4 + 2] == 0, "the red square fills the view")
    }

    /// Draws a green rectangle over its whole bounds.
    final class GreenTiles: CATiledLayer {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(UIColor.green.cgColor)
            ctx.fill(bounds)
        }
    }

    @Test("a tiled layer draws its draw(in:) at once; its settings carry to its presentation copy")
    func tiled() throws {
        let px = try render(CGSize(width: 40, height: 40)) { stage in
            let tiled = GreenTiles()
            tiled.tileSize = CGSize(width: 64, height: 64)
            tiled.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            tiled.setNeedsDisplay()
            stage.rootLayer.addSublayer(tiled)
            #expect(CATiledLayer(layer: tiled).tileSize == CGSize(width: 64, height: 64))
        }
        let rgba = px.rgba
        #expect(rgba[(20 * 40 + 20) * 4 + 1] > 100 && rgba[(20 * 40 + 20) * 4] == 0, "green")
        #expect(CATiledLayer.fadeDuration() == 0.25)
    }
}
