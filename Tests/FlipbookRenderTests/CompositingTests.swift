import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Pixels that follow from Core Animation's geometry and draw order (timing-model.md 12).
@Suite("compositing")
struct CompositingTests {
    func solid(_ frame: CGRect, _ c: CGColor) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = c
        return l
    }
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    @Test("a parent's bounds.origin shifts where its children appear, as contentOffset does (12.1)")
    func boundsOrigin() throws {
        let px = try render(CGSize(width: 100, height: 100)) { stage in
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            parent.bounds.origin = CGPoint(x: 0, y: 30)
            parent.addSublayer(self.solid(CGRect(x: 10, y: 40, width: 20, height: 20), self.red))
            stage.rootLayer.addSublayer(parent)
        }
        #expect(px.rgb(20, 20) == [255, 0, 0])
        #expect(px.rgb(20, 50) == [255, 255, 255])
    }

    @Test("sublayerTransform applies about the parent's anchor (12.1)")
    func sublayerTransform() throws {
        let px = try render(CGSize(width: 100, height: 100)) { stage in
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
            parent.addSublayer(self.solid(CGRect(x: 45, y: 45, width: 10, height: 10), self.red))
            stage.rootLayer.addSublayer(parent)
        }
        // Scaled 2× about (50, 50): the square now covers 40…60.
        #expect(px.rgb(42, 42) == [255, 0, 0])
        #expect(px.rgb(38, 38) == [255, 255, 255])
    }

    @Test("zPosition orders siblings; equal values keep array order (12.3)")
    func zPosition() throws {
        // Equal zPosition: the later sibling draws on top, whatever the other order would be.
        for (first, second, top) in [(red, blue, [0, 0, 255]), (blue, red, [255, 0, 0])] {
            let same = try render(CGSize(width: 20, height: 20)) { stage in
                for color in [first, second] {
                    let l = self.solid(CGRect(x: 0, y: 0, width: 20, height: 20), color)
                    l.zPosition = 2
                    stage.rootLayer.addSublayer(l)
                }
            }
            #expect(same.rgb(10, 10) == top)
        }
        let px = try render(CGSize(width: 20, height: 20)) { stage in
            let a = self.solid(CGRect(x: 0, y: 0, width: 20, height: 20), self.red)
            let b = self.solid(CGRect(x: 0, y: 0, width: 20, height: 20), self.blue)
            a.zPosition = 1
            stage.rootLayer.addSublayer(a)
            stage.rootLayer.addSublayer(b)
        }
        #expect(px.rgb(10, 10) == [255, 0, 0])
    }

    @Test("the border is drawn inside the bounds, above the sublayers (12.3)")
    func border() throws {
        let px = try render(CGSize(width: 40, height: 40)) { stage in
            let l = self.solid(CGRect(x: 10, y: 10, width: 20, height: 20), self.blue)
            l.borderWidth = 4
            l.borderColor = self.black
            l.addSublayer(self.solid(CGRect(x: 0, y: 0, width: 20, height: 20), self.red))
            stage.rootLayer.addSublayer(l)
        }
        #expect(px.rgb(11, 20) == [0, 0, 0])
        #expect(px.rgb(20, 20) == [255, 0, 0])
        #expect(px.rgb(9, 20) == [255, 255, 255])
    }

    @Test("maskedCorners rounds only the chosen corners")
    func maskedCorners() throws {
        let px = try render(CGSize(width: 40, height: 40)) { stage in
            let l = self.solid(CGRect(x: 0, y: 0, width: 40, height: 40), self.blue)
            l.cornerRadius = 15
            l.maskedCorners = [.layerMinXMinYCorner]
            stage.rootLayer.addSublayer(l)
        }
        #expect(px.rgb(1, 1) == [255, 255, 255])
        #expect(px.rgb(38, 1) == [0, 0, 255])
        #expect(px.rgb(38, 38) == [0, 0, 255])
    }

    @Test("a mask layer's alpha cuts the content (12.3)")
    func mask() throws {
        let px = try render(CGSize(width: 40, height: 40)) { stage in
            let l = self.solid(CGRect(x: 0, y: 0, width: 40, height: 40), self.red)
            let m = CAShapeLayer()
            m.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            m.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 40)).cgPath
            l.mask = m
            stage.rootLayer.addSublayer(l)
        }
        #expect(px.rgb(10, 20) == [255, 0, 0])
        #expect(px.rgb(30, 20) == [255, 255, 255])
    }

    @Test("shadows are offset, coloured and blurred by shadowRadius (12.3)")
    func shadow() throws {
        func draw(radius: CGFloat) throws -> PixelBuffer {
            try render(CGSize(width: 60, height: 60)) { stage in
                let l = self.solid(CGRect(x: 10, y: 10, width: 30, height: 30), self.blue)
                l.shadowOpacity = 1
                l.shadowColor = self.red
                l.shadowOffset = CGSize(width: 10, height: 10)
                l.shadowRadius = radius
                stage.rootLayer.addSublayer(l)
            }
        }
        let sharp = try draw(radius: 0)
        #expect(sharp.rgb(45, 45) == [255, 0, 0])  // shadow past the layer's corner
        #expect(sharp.rgb(25, 25) == [0, 0, 255])  // the layer covers its own shadow
        #expect(sharp.rgb(51, 51) == [255, 255, 255])
        let soft = try draw(radius: 4)
        let edge = soft.rgb(50, 35)  // on the shadow's right edge
        #expect(edge[0] == 255 && edge[1] > 40 && edge[1] < 215, "soft edge \(edge)")
        #expect(soft.rgb(45, 30)[1] < 40, "inside \(soft.rgb(45, 30)) \(soft.rgb(40, 30)) \(soft.rgb(50, 30)) \(soft.rgb(54, 30))")
        #expect(soft.rgb(58, 35) == [255, 255, 255] || soft.rgb(58, 35)[1] > 240)
    }

    @Test("an axial gradient runs from startPoint to endPoint")
    func gradient() throws {
        let px = try render(CGSize(width: 100, height: 10)) { stage in
            let g = CAGradientLayer()
            g.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
            g.colors = [self.black, CGColor(red: 1, green: 1, blue: 1, alpha: 1)]
            g.startPoint = CGPoint(x: 0, y: 0.5)
            g.endPoint = CGPoint(x: 1, y: 0.5)
            stage.rootLayer.addSublayer(g)
        }
        #expect(px.rgb(1, 5)[0] < 10)
        #expect(abs(px.rgb(50, 5)[0] - 128) <= 3)
        #expect(px.rgb(98, 5)[0] > 245)
    }

    @Test("dash patterns leave gaps along the stroke (12.4)")
    func dashes() throws {
        let px = try render(CGSize(width: 100, height: 10)) { stage in
            let s = CAShapeLayer()
            s.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 0, y: 5))
            p.addLine(to: CGPoint(x: 100, y: 5))
            s.path = p
            s.strokeColor = self.black
            s.lineWidth = 4
            s.lineDashPattern = [10, 10]
            stage.rootLayer.addSublayer(s)
        }
        #expect(px.rgb(5, 5) == [0, 0, 0])
        #expect(px.rgb(15, 5) == [255, 255, 255])
        #expect(px.rgb(25, 5) == [0, 0, 0])
    }

    @Test("contents images fill the bounds per contentsGravity")
    func contentsImage() throws {
        var rgba: [UInt8] = []
        for y in 0..<2 { for x in 0..<2 { rgba += (x + y) % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let image = LayerImage(width: 2, height: 2, rgba: rgba)
        let px = try render(CGSize(width: 40, height: 40)) { stage in
            let l = CALayer()
            l.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            l.contents = image
            stage.rootLayer.addSublayer(l)
        }
        #expect(px.rgb(5, 5) == [255, 0, 0])
        #expect(px.rgb(35, 5) == [0, 0, 255])
        #expect(px.rgb(35, 35) == [255, 0, 0])
    }

    /// Seed 004's progress arc: a view that draws with Core Graphics calls in draw(_:).
    final class ArcView: UIView {
        var progress: CGFloat = 0.5
        override func draw(_ rect: CGRect) {
            guard let ctx = UIGraphicsGetCurrentContext() else { return }
            ctx.setLineWidth(4)
            ctx.setLineCap(.round)
            ctx.setStrokeColor(UIColor.blue.cgColor)
            ctx.addArc(
                center: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 4,
                startAngle: 0, endAngle: .pi * progress * 2, clockwise: false)
            ctx.strokePath()
        }
    }

    @Test("UIView.draw(_:) draws through UIGraphicsGetCurrentContext and redraws after setNeedsDisplay")
    func customDrawing() throws {
        let stage = Stage(size: CGSize(width: 60, height: 60), scale: 1)
        let view = ArcView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        stage.rootView.addSubview(view)
        stage.advance(to: 0)
        let white = RGBA(red: 1, green: 1, blue: 1, alpha: 1)
        var px = try FrameRasterizer.rasterize(stage.snapshot(), background: white)
        // Half an arc, increasing angle from 0 (clockwise on screen): the bottom is drawn, the top not.
        #expect(px.rgb(30, 56) == [0, 0, 255])
        #expect(px.rgb(30, 4) == [255, 255, 255])
        view.progress = 1
        px = try FrameRasterizer.rasterize(stage.snapshot(), background: white)
        #expect(px.rgb(30, 4) == [255, 255, 255], "no redraw without setNeedsDisplay")
        view.setNeedsDisplay()
        px = try FrameRasterizer.rasterize(stage.snapshot(), background: white)
        #expect(px.rgb(30, 4) == [0, 0, 255])
    }

    @Test("a PNG file becomes layer contents through UIImage")
    func pngContents() throws {
        let dir = temporaryDirectory()
        let file = dir.appendingPathComponent("dot@2x.png")
        try PNGCodec.write(
            PixelBuffer(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 0) + (0..<4).flatMap { _ in [0, 200, 0, 255] as [UInt8] }),
            to: file)
        let image = try #require(UIImage(contentsOfFile: file.path))
        #expect(image.size == CGSize(width: 1, height: 1))
        let px = try render(CGSize(width: 10, height: 10)) { stage in
            let v = UIImageView(image: image)
            v.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            stage.rootView.addSubview(v)
        }
        #expect(px.rgb(5, 5) == [0, 200, 0])
    }
}

@Suite("perspective")
struct PerspectiveTests {
    @Test("m34 perspective: a layer turned about y shows a near edge taller than its far edge (12.2)")
    func rotateY() throws {
        func inkHeight(_ px: PixelBuffer, x: Int) -> Int {
            (0..<px.height).filter { px.rgb(x, $0) != [255, 255, 255] }.count
        }
        let px = try render(CGSize(width: 200, height: 200)) { stage in
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            var p = CATransform3DIdentity
            p.m34 = -1.0 / 200
            parent.sublayerTransform = p
            let card = CALayer()
            card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            parent.addSublayer(card)
            stage.rootLayer.addSublayer(parent)
        }
        let ink = try #require(px.inkBounds)
        // Turned 60°: the projected width is far below 100 pt.
        #expect(ink.maxX - ink.minX < 80 && ink.maxX - ink.minX > 25, "\(ink)")
        let left = inkHeight(px, x: ink.minX + 2), right = inkHeight(px, x: ink.maxX - 2)
        #expect(abs(left - right) > 10, "edges \(left) and \(right) should differ in height")
        // No seams: the middle column is solid from top to bottom of the card.
        let mid = (ink.minX + ink.maxX) / 2
        let column = (0..<px.height).filter { px.rgb(mid, $0) != [255, 255, 255] }
        #expect(column.allSatisfy { px.rgb(mid, $0) == [0, 0, 255] || $0 == column.first || $0 == column.last })
    }

    @Test("doubleSided = false hides a layer turned past 90°")
    func backFace() throws {
        let px = try render(CGSize(width: 100, height: 100)) { stage in
            let card = CALayer()
            card.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
            card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            var t = CATransform3DMakeRotation(.pi * 0.8, 0, 1, 0)
            t.m34 = -1.0 / 500
            card.transform = t
            card.isDoubleSided = false
            stage.rootLayer.addSublayer(card)
        }
        #expect(px.inkBounds == nil)
    }
}

@Suite("hostile values through the Swift API")
struct HostileRenderTests {
    @Test("a huge or non-finite stage is refused with an error, not a trap")
    func hugeStage() throws {
        for size in [CGSize(width: 1e300, height: 10), CGSize(width: CGFloat.nan, height: 10), CGSize(width: 0, height: 10)] {
            let stage = Stage(size: size, scale: 2)
            #expect(throws: RenderError.self) { _ = try FrameRasterizer.rasterize(stage.snapshot()) }
            #expect(throws: RenderError.self) {
                try stage.render(duration: 1, fps: 10, to: temporaryDirectory().appendingPathComponent("x.gif"))
            }
        }
        let stage = Stage(size: CGSize(width: 10, height: 10))
        #expect(throws: RenderError.self) {
            try stage.render(duration: 1e300, fps: 10, to: temporaryDirectory().appendingPathComponent("y.gif"))
        }
    }

    @Test("huge bounds, blur radii and perspective layers draw without trapping")
    func hugeLayers() throws {
        let px = try render(CGSize(width: 50, height: 50)) { stage in
            let big = CALayer()
            big.bounds = CGRect(x: 0, y: 0, width: 1e300, height: 1e300)
            big.position = CGPoint(x: 25, y: 25)
            big.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            var t = CATransform3DMakeRotation(0.5, 0, 1, 0)
            t.m34 = -1 / 100
            big.transform = t
            stage.rootLayer.addSublayer(big)
            let blurred = CALayer()
            blurred.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            blurred.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            blurred.shadowOpacity = 1
            blurred.shadowRadius = 1e300
            stage.rootLayer.addSublayer(blurred)
        }
        // The frame is drawn (no trap, no hang) at its size, and the ordinary layer still shows.
        #expect(px.width == 50 && px.height == 50)
        #expect(px.rgb(10, 10) == [0, 0, 255], "the blue layer under its huge shadow")
    }
}
