import FlipbookCore
import FlipbookUIKit
import Foundation
import PropertyBased
import Testing

@testable import FlipbookRender

@Suite("rasterizer")
struct RasterizerTests {
    @Test("backgroundColor fills the bounds at the layer's frame (timing-model.md 12.3)")
    func background() throws {
        let px = try render(CGSize(width: 40, height: 40), scale: 2) { stage in
            let l = CALayer()
            l.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
            l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            stage.rootLayer.addSublayer(l)
        }
        #expect(px.width == 80 && px.height == 80)
        #expect(px.rgb(30, 30) == [255, 0, 0])
        #expect(px.rgb(19, 30) == [255, 255, 255])
        #expect(px.rgb(41, 30) == [255, 255, 255])
    }

    @Test(
        "a layer whose geometry is not finite is not drawn; its finite siblings are (engine-notes.md, bad input)",
        arguments: [CGPoint(x: CGFloat.nan, y: 20), CGPoint(x: 20, y: CGFloat.infinity)])
    func nonFiniteGeometry(position: CGPoint) throws {
        let px = try render(CGSize(width: 40, height: 40)) { stage in
            let bad = CALayer()
            bad.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            bad.position = position
            bad.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let good = CALayer()
            good.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            good.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            stage.rootLayer.addSublayer(bad)
            stage.rootLayer.addSublayer(good)
        }
        #expect(px.rgb(5, 5) == [0, 0, 255])
        for (x, y) in [(20, 20), (1, 39), (39, 1), (39, 39)] { #expect(px.rgb(x, y) == [255, 255, 255], "(\(x), \(y))") }
    }

    @Test("cornerRadius rounds the background")
    func cornerRadius() throws {
        let px = try render(CGSize(width: 40, height: 40)) { stage in
            let l = CALayer()
            l.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            l.cornerRadius = 20
            l.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            stage.rootLayer.addSublayer(l)
        }
        #expect(px.rgb(1, 1) == [255, 255, 255])
        #expect(px.rgb(20, 20) == [0, 0, 255])
    }

    @Test("opacity composites the layer over the background")
    func opacity() throws {
        let px = try render(CGSize(width: 10, height: 10)) { stage in
            let l = CALayer()
            l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            l.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            l.opacity = 0.5
            stage.rootLayer.addSublayer(l)
        }
        let v = px.rgb(5, 5)[0]
        #expect(abs(v - 128) <= 1)
    }

    @Test("allowsGroupOpacity = false lets a sublayer show through its parent's own background (12.3)", arguments: [true, false])
    func groupOpacity(grouped: Bool) throws {
        // A black parent at 50 % with an opaque black child over its left half, on white.
        let px = try render(CGSize(width: 20, height: 10)) { stage in
            let parent = CALayer()
            parent.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
            parent.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            parent.opacity = 0.5
            parent.allowsGroupOpacity = grouped
            let child = CALayer()
            child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            child.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            parent.addSublayer(child)
            stage.rootLayer.addSublayer(parent)
        }
        // Grouped: parent and child flatten first, then fade together: 50 % grey everywhere.
        // Ungrouped: each fades on its own, so where they overlap two 50 % layers stack (25 %).
        #expect(abs(px.rgb(15, 5)[0] - 128) <= 1)
        #expect(abs(px.rgb(5, 5)[0] - (grouped ? 128 : 64)) <= 1)
    }

    @Test("a fading layer's own shadow shows through it; a mask takes the shadow into the group (12.3)", arguments: [false, true])
    func shadowApartFromOpacityGroup(masked: Bool) throws {
        // An opaque black square at 50 % over its own unblurred, unshifted black shadow, on white.
        let px = try render(CGSize(width: 20, height: 20)) { stage in
            let l = CALayer()
            l.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            l.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            l.opacity = 0.5
            l.shadowOpacity = 1
            l.shadowRadius = 0
            l.shadowOffset = .zero
            if masked {
                let mask = CALayer()
                mask.frame = CGRect(x: -5, y: -5, width: 20, height: 20)
                mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                l.mask = mask
            }
            stage.rootLayer.addSublayer(l)
        }
        // Apart: the shadow at 50 % (128), then the square at 50 % over it (64). In the group the
        // square covers its shadow before fading: 128.
        #expect(abs(px.rgb(10, 10)[0] - (masked ? 128 : 64)) <= 1)
        #expect(px.rgb(2, 2) == [255, 255, 255])
    }

    @Test("transform rotates about the anchor point (timing-model.md 12.2)")
    func rotation() throws {
        let px = try render(CGSize(width: 100, height: 100)) { stage in
            let l = CALayer()
            l.frame = CGRect(x: 40, y: 10, width: 20, height: 80)  // a vertical bar
            l.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)  // now horizontal
            stage.rootLayer.addSublayer(l)
        }
        #expect(px.rgb(15, 50) == [0, 0, 0])
        #expect(px.rgb(50, 15) == [255, 255, 255])
    }

    @Test("masksToBounds clips sublayers")
    func masksToBounds() throws {
        func draw(_ clip: Bool) throws -> PixelBuffer {
            try render(CGSize(width: 40, height: 40)) { stage in
                let parent = CALayer()
                parent.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
                parent.masksToBounds = clip
                let child = CALayer()
                child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
                child.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                parent.addSublayer(child)
                stage.rootLayer.addSublayer(parent)
            }
        }
        #expect(try draw(false).rgb(25, 25) == [0, 255, 0])
        #expect(try draw(true).rgb(25, 25) == [255, 255, 255])
        #expect(try draw(true).rgb(15, 15) == [0, 255, 0])
    }

    @Test("CAShapeLayer fills and strokes its path (timing-model.md 12.4)")
    func shape() throws {
        let px = try render(CGSize(width: 100, height: 100)) { stage in
            let s = CAShapeLayer()
            s.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            s.path = UIBezierPath(ovalIn: CGRect(x: 20, y: 20, width: 60, height: 60)).cgPath
            s.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            s.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            s.lineWidth = 6
            stage.rootLayer.addSublayer(s)
        }
        #expect(px.rgb(50, 50) == [255, 0, 0])
        #expect(px.rgb(50, 20) == [0, 0, 255])  // on the outline
        #expect(px.rgb(22, 22) == [255, 255, 255])
    }

    @Test("strokeEnd trims the stroke by arc length (timing-model.md 12.4)")
    func strokeEnd() throws {
        let px = try render(CGSize(width: 100, height: 20)) { stage in
            let s = CAShapeLayer()
            s.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 0, y: 10))
            p.addLine(to: CGPoint(x: 100, y: 10))
            s.path = p
            s.fillColor = nil
            s.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            s.lineWidth = 4
            s.strokeEnd = 0.5
            stage.rootLayer.addSublayer(s)
        }
        #expect(px.rgb(25, 10) == [0, 0, 0])
        #expect(px.rgb(75, 10) == [255, 255, 255])
    }

    @Test("text draws ink inside the label's bounds, Chinese included")
    func text() throws {
        for string in ["REFRESH", "为您推荐10条新闻"] {
            let px = try render(CGSize(width: 200, height: 60)) { stage in
                let t = CATextLayer()
                t.frame = CGRect(x: 20, y: 10, width: 160, height: 40)
                t.string = string
                t.fontSize = 16
                t.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                stage.rootLayer.addSublayer(t)
            }
            let ink = try #require(px.inkBounds, "\(string) drew nothing")
            #expect(ink.minX >= 20 && ink.maxX < 180 && ink.minY >= 10 && ink.maxY < 50, "\(string): \(ink)")
            #expect(ink.maxX - ink.minX > 40, "\(string) is too narrow: \(ink)")
        }
    }

    @Test("the seeds' Chinese strings have glyphs in the installed fonts (no boxes)")
    func cjkCoverage() {
        #expect(TextPainter.unknownGlyphCount("为您推荐10条新闻") == 0)
        #expect(TextPainter.unknownGlyphCount("开始/停止") == 0)
        #expect(TextPainter.unknownGlyphCount("REFRESH") == 0)
    }

    @Test("the same snapshot always gives the same bytes, on one thread or several")
    func deterministic() throws {
        func once() throws -> PixelBuffer {
            try render(CGSize(width: 60, height: 60), scale: 2) { stage in
                let s = CAShapeLayer()
                s.frame = CGRect(x: 5, y: 5, width: 50, height: 50)
                s.path = UIBezierPath(arcCenter: CGPoint(x: 25, y: 25), radius: 20, startAngle: 0, endAngle: 4, clockwise: true).cgPath
                s.strokeColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
                s.fillColor = nil
                s.lineWidth = 3
                stage.rootLayer.addSublayer(s)
            }
        }
        #expect(try once() == once())
        // Snapshots of a moving scene, drawn on one thread and on four: the same pixels.
        let stage = Stage(size: CGSize(width: 80, height: 40), scale: 2)
        let dot = CAShapeLayer()
        dot.frame = CGRect(x: 5, y: 5, width: 30, height: 30)
        dot.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 30, height: 30)).cgPath
        dot.fillColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7)
        stage.rootLayer.addSublayer(dot)
        let move = CABasicAnimation(keyPath: "position.x")
        move.toValue = 60
        move.duration = 1
        dot.add(move, forKey: "move")
        var snapshots: [FrameSnapshot] = []
        for k in 0..<8 {
            stage.advance(to: Double(k) / 8)
            snapshots.append(stage.snapshot())
        }
        let serial = try FrameRasterizer.rasterize(snapshots, background: nil, threads: 1)
        let parallel = try FrameRasterizer.rasterize(snapshots, background: nil, threads: 4)
        #expect(serial == parallel)
        #expect(Set(serial.map(\.premultipliedARGB)).count == 8, "the dot moves: eight different frames")
    }

    @Test("an animated property shows its presentation value in the frame")
    func animatedFrame() throws {
        let px = try render(CGSize(width: 100, height: 20), at: 0.5) { stage in
            let l = CALayer()
            l.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
            l.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            stage.rootLayer.addSublayer(l)
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 5
            a.toValue = 95
            a.duration = 1
            l.add(a, forKey: "move")
        }
        #expect(px.rgb(50, 10) == [0, 0, 0])
        #expect(px.rgb(5, 10) == [255, 255, 255])
    }
}

/// A render whose first frame is t = 0, of a view built and animated before any advance
/// (timing-model.md 11.1): the GIF fades in frame by frame instead of jumping.
@Suite("render from time 0")
struct RenderFromTimeZeroTests {
    @Test("a toast animated before the first advance fades in over the frames (11.1)")
    func toastFadesIn() throws {
        let stage = Stage(size: CGSize(width: 20, height: 20), scale: 1)
        let toast = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        toast.backgroundColor = .black
        toast.alpha = 0
        stage.rootView.addSubview(toast)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { toast.alpha = 1 })
        let url = temporaryDirectory().appendingPathComponent("toast.gif")
        _ = try stage.render(
            duration: 1, fps: 4, outputs: RenderOutputs(animation: url),
            background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let greys = try GIFReader.read(url).frames.map { $0.rgb(10, 10)[0] }
        // White over black at opacity 0, 0.25, 0.5, 0.75: 255, ~191, ~128, ~64.
        #expect(greys.count == 4)
        for (k, grey) in greys.enumerated() {
            #expect(abs(grey - Int((255 * (1 - Double(k) / 4)).rounded())) <= 1, "frame \(k): \(greys)")
        }
    }
}

/// Filmstrips at exact instants (`filmstripTimes`), between frames too.
@Suite("filmstrip times")
struct FilmstripTimesTests {
    @Test("a filmstrip instant between frames shows the scene at that instant, not the nearest frame")
    func betweenFrames() throws {
        let stage = Stage(size: CGSize(width: 40, height: 40), scale: 1)
        let box = CALayer()
        box.backgroundColor = UIColor.black.cgColor
        box.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        stage.rootLayer.addSublayer(box)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        box.add(fade, forKey: "fade")
        let url = temporaryDirectory().appendingPathComponent("strip.png")
        var outputs = RenderOutputs(filmstrip: url)
        outputs.filmstripTimes = [0.6, 0.1]
        _ = try stage.render(duration: 1, fps: 4, outputs: outputs, background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let strip = try PNGCodec.read(url)
        // Two 20 px thumbnails side by side (8 px padding), in time order.
        #expect(strip.width == 2 * (20 + 8) + 8)
        let first = strip.rgb(8 + 10, 8 + 10)[0], second = strip.rgb(8 + 28 + 10, 8 + 10)[0]
        #expect(abs(first - 230) <= 2, "t = 0.1: white over black at 0.1 is 229.5, got \(first)")
        #expect(abs(second - 102) <= 2, "t = 0.6: 102, got \(second)")
    }

    @Test("a filmstrip's smaller frames are their area averages, drawn as they are; a larger scale is still drawn")
    func thumbnailsAreAreaAverages() throws {
        var rng = SeededRandom(seed: 11)
        let frame = PixelBuffer(
            width: 40, height: 22,
            premultipliedARGB: (0..<(40 * 22)).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF })
        let strip = try Filmstrip.compose([(0, frame)], columns: 1, thumbScale: 0.5)
        let thumb = frame.areaAveraged(width: 20, height: 11)
        // The thumbnail sits 8 px in from the top left corner.
        for y in 0..<11 {
            for x in 0..<20 { #expect(strip.premultipliedARGB[(8 + y) * strip.width + 8 + x] == thumb.premultipliedARGB[y * 20 + x]) }
        }
        let larger = try Filmstrip.compose([(0, frame)], columns: 1, thumbScale: 2)
        #expect(larger.width == 80 + 16)
        #expect(larger.premultipliedARGB[(8 + 10) * larger.width + 8 + 10] != 0xFFED_EDED, "the frame is drawn, not the grey")
    }

    @Test("a strip wider than people read wraps into rows; a cell wider than that is scaled down to fit")
    func readableWidth() throws {
        // Three 800 px variants side by side (2,400 px), twelve instants, four a row asked for.
        let wide = PixelBuffer(width: 2400, height: 300, premultipliedARGB: [UInt32](repeating: 0xFFFF_FFFF, count: 2400 * 300))
        let strip = try Filmstrip.compose((0..<12).map { (Double($0) / 10, wide) }, columns: 4, thumbScale: 0.5)
        #expect(strip.width <= Filmstrip.readableWidth, "\(strip.width) px wide")
        // 1,200 px cells: one a row, twelve rows of 150 px frames and their labels.
        #expect(strip.width == 1200 + 16 && strip.height == 12 * (150 + 24 + 8) + 8, "\(strip.width)×\(strip.height)")
        let huge = PixelBuffer(width: 8000, height: 100, premultipliedARGB: [UInt32](repeating: 0xFFFF_FFFF, count: 8000 * 100))
        let fitted = try Filmstrip.compose([(0, huge), (1, huge)], columns: 4, thumbScale: 0.5)
        #expect(fitted.width == Filmstrip.readableWidth, "\(fitted.width)")
        // Small frames keep four a row.
        let small = PixelBuffer(width: 100, height: 50, premultipliedARGB: [UInt32](repeating: 0xFFFF_FFFF, count: 5000))
        #expect(try Filmstrip.compose((0..<8).map { (Double($0), small) }, columns: 4).width == 4 * (50 + 8) + 8)
    }

    @Test("times outside the render are refused")
    func outside() {
        let stage = Stage(size: CGSize(width: 10, height: 10), scale: 1)
        var outputs = RenderOutputs(filmstrip: temporaryDirectory().appendingPathComponent("s.png"))
        outputs.filmstripTimes = [2]
        #expect(throws: RenderError.self) { try stage.render(duration: 1, fps: 4, outputs: outputs) }
    }
}

/// Rendering is a pure function of the scene: the bytes do not depend on how many threads
/// rasterize or how many frames go in a batch (DESIGN.md, "Deterministic").
@Suite("render determinism")
struct RenderDeterminismTests {
    func renderGIF(threads: Int) throws -> Data {
        let stage = Stage(size: CGSize(width: 40, height: 24), scale: 1)
        for k in 0..<3 {
            let dot = CAShapeLayer()
            dot.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 8, height: 8)).cgPath
            dot.fillColor = UIColor(red: 0.2 * CGFloat(k), green: 0.5, blue: 0.8, alpha: 1).cgColor
            dot.frame = CGRect(x: 4 + 12 * CGFloat(k), y: 8, width: 8, height: 8)
            stage.rootLayer.addSublayer(dot)
            let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
            pulse.values = [1, 1.6, 1]
            pulse.duration = 0.4
            pulse.beginTime = 0.13 * Double(k)
            pulse.repeatCount = .infinity
            dot.add(pulse, forKey: "pulse")
        }
        let url = temporaryDirectory().appendingPathComponent("t\(threads).gif")
        _ = try stage.render(
            duration: 1, fps: 20, outputs: RenderOutputs(animation: url),
            background: RGBA(red: 1, green: 1, blue: 1, alpha: 1), threads: threads)
        return try Data(contentsOf: url)
    }

    @Test("the GIF's bytes are the same for any thread count (and so any batch size)")
    func anyThreadCount() async throws {
        let reference = try renderGIF(threads: 1)
        await propertyCheck(count: 6, input: Gen.int(in: 2...12)) { threads in
            let bytes = try renderGIF(threads: threads)
            #expect(bytes == reference, "\(threads) threads")
        }
    }
}

/// A font that is not installed is reported, not silently replaced (docs/fonts.md).
@Suite("missing fonts")
struct MissingFontTests {
    @Test("FontCatalog names the family used instead, and only for fonts that are missing")
    func substitute() {
        #expect(FontCatalog.substitute(for: "Avenir-Book") == "Liberation Sans")
        #expect(FontCatalog.substitute(for: "NoSuchFontAnywhere") == "Liberation Sans")
        #expect(FontCatalog.substitute(for: "DejaVu Serif") == nil)
        #expect(FontCatalog.substitute(for: ".SFUIText") == nil, "the system font's stand-in is documented, not a surprise")
        #expect(FontCatalog.substitute(for: "Helvetica-Bold") == nil)
    }

    @Test("a render through the Swift API adds one warning per missing font to stage.warnings")
    func stageWarning() throws {
        let stage = Stage(size: CGSize(width: 40, height: 20), scale: 1)
        for _ in 0..<2 {
            let text = CATextLayer()
            text.string = "Hi"
            text.font = "Avenir-Book"
            text.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
            stage.rootLayer.addSublayer(text)
        }
        _ = try stage.render(
            duration: 0.2, fps: 10, outputs: RenderOutputs(animation: temporaryDirectory().appendingPathComponent("f.gif")))
        #expect(stage.warnings.count == 1, "\(stage.warnings)")
        #expect(stage.warnings.first?.contains("font 'Avenir-Book' is not installed; Liberation Sans is used instead") == true)
    }
}
