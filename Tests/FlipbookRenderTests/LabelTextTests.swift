import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// UILabel lays text out as UIKit does: centred vertically, `numberOfLines`, `lineBreakMode`,
/// and measured for `sizeToFit` with the fonts the renderer draws with.
@Suite("UILabel text")
struct LabelTextTests {
    func inkRows(_ build: (Stage) -> Void) throws -> (minY: Int, maxY: Int) {
        let pixels = try render(CGSize(width: 200, height: 60), scale: 1, build: build)
        let ink = try #require(pixels.inkBounds)
        return (ink.minY, ink.maxY)
    }

    @Test("a label centres its line vertically; a text layer draws from its top")
    func verticalCentre() throws {
        let label = try inkRows { stage in
            let l = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
            l.text = "Hxg"
            stage.rootView.addSubview(l)
        }
        let layer = try inkRows { stage in
            let t = CATextLayer()
            t.string = "Hxg"
            t.fontSize = 17
            t.foregroundColor = UIColor.black.cgColor
            t.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
            stage.rootLayer.addSublayer(t)
        }
        let labelMiddle = Double(label.minY + label.maxY) / 2
        #expect(abs(labelMiddle - 30) <= 3, "label ink \(label) is centred in 60 pt")
        #expect(layer.minY < 8, "text layer ink \(layer) starts at the top")
    }

    @Test("a text layer draws an attributed string in its font and kerning; a face is found by PostScript name")
    func attributedString() throws {
        func ink(_ string: Any, font: String? = nil) throws -> (Int, Int) {
            let pixels = try render(CGSize(width: 200, height: 60), scale: 1) { stage in
                let t = CATextLayer()
                t.string = string
                t.font = font
                t.fontSize = 20
                t.foregroundColor = UIColor.black.cgColor
                t.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
                stage.rootLayer.addSublayer(t)
            }
            let box = try #require(pixels.inkBounds)
            return (box.minX, box.maxX)
        }
        let plain = try ink("HHHH")
        // NSKern: 5 points after each character, so three gaps 15 points wider.
        let kerned = try ink(NSAttributedString(string: "HHHH", attributes: [.kern: 5.0]))
        #expect(abs((kerned.1 - kerned.0) - (plain.1 - plain.0) - 15) <= 1, "\(kerned) vs \(plain)")
        // The string's font wins over the layer's; a PostScript name draws that face.
        let mono = try ink(NSAttributedString(string: "iiii", attributes: [.font: UIFont(name: "DejaVuSansMono", size: 20)!]))
        let sans = try ink("iiii", font: "DejaVuSans")
        #expect(mono.1 - mono.0 > sans.1 - sans.0 + 10, "monospaced i's are wider: \(mono) vs \(sans)")
        #expect(try ink("iiii", font: "DejaVuSansMono") == mono)
    }

    @Test("an attributed string's stroke width strokes the glyphs: positive alone, negative over the fill")
    func strokedText() throws {
        func counts(_ attributes: [NSAttributedString.Key: Any]) throws -> (black: Int, red: Int) {
            let pixels = try render(CGSize(width: 200, height: 60), scale: 1) { stage in
                let t = CATextLayer()
                t.string = NSAttributedString(string: "HHH", attributes: attributes)
                t.fontSize = 40
                t.foregroundColor = UIColor.black.cgColor
                t.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
                stage.rootLayer.addSublayer(t)
            }
            let rgba = pixels.rgba
            var black = 0, red = 0
            for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] > 200 {
                if rgba[i] < 40 && rgba[i + 1] < 40 { black += 1 }
                if rgba[i] > 200 && rgba[i + 1] < 40 { red += 1 }
            }
            return (black, red)
        }
        let plain = try counts([:])
        let outline = try counts([.strokeWidth: 5.0, .strokeColor: UIColor.red])
        let both = try counts([.strokeWidth: -5.0, .strokeColor: UIColor.red])
        #expect(plain.black > 200 && plain.red == 0)
        #expect(outline.black == 0 && outline.red > 100, "positive: the outline alone \(outline)")
        #expect(both.red > 100 && both.black > 0 && both.black < plain.black, "negative: fill, its edge under the stroke \(both)")
    }

    @Test("linking FlipbookRender registers its text measurer with FlipbookCore before any code runs")
    func measurerIsRegistered() throws {
        let measurer = try #require(TextMeasurement.measurer, "no text measurer registered: UILabel.sizeThatFits would be .zero")
        #expect(ObjectIdentifier(measurer) == ObjectIdentifier(PangoTextMeasurer.self))
    }

    @Test("sizeToFit measures the text with the renderer's fonts and keeps the origin")
    func sizeToFit() throws {
        let l = UILabel(frame: CGRect(x: 10, y: 20, width: 5, height: 5))
        l.text = "Hello"
        l.sizeToFit()
        #expect(l.frame.origin == CGPoint(x: 10, y: 20))
        #expect(l.bounds.width > 30 && l.bounds.width < 60, "\(l.bounds)")
        #expect(l.bounds.height >= 17 && l.bounds.height <= 24, "\(l.bounds)")
        let longer = UILabel(frame: .zero)
        longer.text = "Hello, world"
        #expect(longer.sizeThatFits(.zero).width > l.bounds.width)
        #expect(longer.intrinsicContentSize == longer.sizeThatFits(.zero))
        let empty = UILabel(frame: .zero)
        #expect(empty.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
    }

    @Test("numberOfLines 0 wraps to the width; 2 stops at two lines")
    func lines() {
        let text = "one two three four five six seven eight nine ten eleven twelve"
        let single = UILabel(frame: .zero)
        single.text = text
        let oneLine = single.sizeThatFits(CGSize(width: 100, height: 1000))
        let wrapped = UILabel(frame: .zero)
        wrapped.text = text
        wrapped.numberOfLines = 0
        let many = wrapped.sizeThatFits(CGSize(width: 100, height: 1000))
        #expect(many.width <= 100 && many.height >= 4 * oneLine.height, "\(many) vs one line \(oneLine)")
        wrapped.numberOfLines = 2
        let two = wrapped.sizeThatFits(CGSize(width: 100, height: 1000))
        #expect(two.height >= 2 * oneLine.height - 1 && two.height < 3 * oneLine.height, "\(two)")
    }

    @Test("lineBreakMode picks where a single line is truncated")
    func truncation() throws {
        func ink(_ mode: NSLineBreakMode) throws -> PixelBuffer {
            try render(CGSize(width: 80, height: 30), scale: 1) { stage in
                let l = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
                l.text = "a very long line that does not fit"
                l.lineBreakMode = mode
                stage.rootView.addSubview(l)
            }
        }
        let tail = try ink(.byTruncatingTail), head = try ink(.byTruncatingHead), clip = try ink(.byClipping)
        #expect(tail.premultipliedARGB != head.premultipliedARGB)
        #expect(tail.premultipliedARGB != clip.premultipliedARGB)
    }
}

/// A frame's pixels depend on its snapshot alone, not on what the rasterizing thread drew
/// before (the bytes must not depend on the thread count).
@Suite("frames drawn the same whatever the thread drew before")
struct DrawingHistoryTests {
    @Test(
        "a scene drawn, then a changed copy (its text under other transforms), then the scene again: the same pixels",
        arguments: 0..<UInt64(120))
    func noCarryOver(seed: UInt64) throws {
        let white = RGBA(red: 1, green: 1, blue: 1, alpha: 1)
        var r = SeededRandom(seed: seed)
        let scene = RandomSnapshots.scene(&r)
        let first = try FrameRasterizer.rasterize(scene, background: white)
        _ = try FrameRasterizer.rasterize(RandomSnapshots.changed(scene, &r), background: white)
        #expect(try FrameRasterizer.rasterize(scene, background: white) == first, "seed \(seed)")
    }
}
