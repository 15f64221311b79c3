import Flipbook
import Foundation
import Testing

/// Core Graphics as lottie-ios's engines and app drawing code call it (issue 60 item 5): the
/// transform and clip a context reports, stroked outlines, gradients, blend modes, bitmap
/// contexts and their images, clipping to a mask image, Core Text frames and `render(in:)`.
@Suite("Quartz drawing")
struct QuartzDrawingTests {
    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.layerImage.width + x) * 4
        return Array(image.layerImage.rgba[i..<i + 4])
    }

    static func renderer(_ width: Double, _ height: Double, scale: Double = 1) -> UIGraphicsImageRenderer {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format)
    }

    @Test("ctm is user space to y-up pixels; the clip's bounding box follows clips and transforms; width and height are pixels")
    func transformAndClip() {
        var ctm = CGAffineTransform.identity, moved = CGAffineTransform.identity
        var box = CGRect.null, full = CGRect.null
        var size = (0, 0)
        _ = Self.renderer(10, 20, scale: 2).image { context in
            let cg = context.cgContext
            ctm = cg.ctm
            full = cg.boundingBoxOfClipPath
            size = (cg.width, cg.height)
            cg.translateBy(x: 3, y: 4)
            moved = cg.ctm
            cg.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
            cg.translateBy(x: 1, y: 0)
            box = cg.boundingBoxOfClipPath
        }
        #expect(ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 40), "iOS's image context: scaled and flipped")
        #expect(moved.tx == 6 && moved.ty == 32)
        #expect(full == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(box == CGRect(x: -1, y: 0, width: 5, height: 5), "the clip in the current user space")
        #expect(size == (20, 40))
    }

    @Test("replacePathWithStrokedPath: the path becomes its stroke's outline, filled where the stroke would paint")
    func strokedPath() throws {
        var bounds = CGRect.null
        let image = Self.renderer(10, 10).image { context in
            let cg = context.cgContext
            cg.move(to: CGPoint(x: 0, y: 5))
            cg.addLine(to: CGPoint(x: 10, y: 5))
            cg.setLineWidth(4)
            cg.replacePathWithStrokedPath()
            bounds = cg.path?.boundingBox ?? .null
            cg.setFillColor(UIColor.red.cgColor)
            cg.fillPath()
        }
        #expect(abs(bounds.minY - 3) < 1e-9 && abs(bounds.height - 4) < 1e-9 && abs(bounds.width - 10) < 1e-9)
        #expect(Self.pixel(image, 5, 4) == [255, 0, 0, 255] && Self.pixel(image, 5, 1)[3] == 0)
    }

    @Test("Gradients: linear colours along the line, spread past an end only when the options say; radial from the centre out")
    func gradients() throws {
        let colors = [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray
        let gradient = try #require(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: [0, 1]))
        func linear(_ options: CGGradientDrawingOptions) -> UIImage {
            Self.renderer(10, 1).image { context in
                context.cgContext.drawLinearGradient(gradient, start: CGPoint(x: 2, y: 0), end: CGPoint(x: 8, y: 0), options: options)
            }
        }
        let both = linear([.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(Self.pixel(both, 0, 0) == [255, 0, 0, 255] && Self.pixel(both, 9, 0) == [0, 0, 255, 255])
        let middle = Self.pixel(both, 5, 0)
        #expect(middle[0] > 60 && middle[0] < 200 && middle[2] > 60 && middle[2] < 200, "blended halfway")
        let neither = linear([])
        #expect(Self.pixel(neither, 0, 0)[3] == 0 && Self.pixel(neither, 9, 0)[3] == 0 && Self.pixel(neither, 5, 0)[3] == 255)
        let before = linear(.drawsBeforeStartLocation)
        #expect(Self.pixel(before, 0, 0) == [255, 0, 0, 255] && Self.pixel(before, 9, 0)[3] == 0)
        let after = linear(.drawsAfterEndLocation)
        #expect(Self.pixel(after, 0, 0)[3] == 0 && Self.pixel(after, 9, 0) == [0, 0, 255, 255])
        let radial = Self.renderer(11, 11).image { context in
            context.cgContext.drawRadialGradient(
                gradient, startCenter: CGPoint(x: 5.5, y: 5.5), startRadius: 0, endCenter: CGPoint(x: 5.5, y: 5.5), endRadius: 5,
                options: [])
        }
        #expect(Self.pixel(radial, 5, 5)[0] > 200, "red at the centre")
        #expect(Self.pixel(radial, 5, 1)[2] > 150, "towards blue at the rim")
        #expect(Self.pixel(radial, 0, 0)[3] == 0, "nothing outside the end circle")
    }

    @Test("setBlendMode: destination-out cuts a hole; restoreGState brings source-over back")
    func blendMode() {
        let image = Self.renderer(3, 1).image { context in
            let cg = context.cgContext
            cg.setFillColor(UIColor.red.cgColor)
            cg.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
            cg.saveGState()
            cg.setBlendMode(.destinationOut)
            cg.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            cg.restoreGState()
            cg.setFillColor(UIColor.blue.cgColor)
            cg.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        }
        #expect(
            Self.pixel(image, 0, 0)[3] == 0 && Self.pixel(image, 1, 0) == [255, 0, 0, 255] && Self.pixel(image, 2, 0) == [0, 0, 255, 255])
    }

    @Test("A bitmap context draws y up from its bottom-left corner, into its image and into the caller's memory")
    func bitmapContext() throws {
        var bytes = [UInt8](repeating: 7, count: 4 * 2 * 4)
        let image: CGImage? = bytes.withUnsafeMutableBytes { memory in
            guard
                let context = CGContext(
                    data: memory.baseAddress, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 16,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return nil }
            context.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
            return context.makeImage()
        }
        let drawn = try #require(image)
        #expect(drawn.width == 4 && drawn.height == 2)
        #expect(Array(drawn.rgba[16..<20]) == [255, 0, 0, 255], "y = 0 is the bottom row")
        #expect(drawn.rgba[3] == 0, "the top row is untouched")
        #expect(Array(bytes[16..<20]) == [255, 0, 0, 255] && Array(bytes[0..<4]) == [0, 0, 0, 0], "memory holds rows top first")
        let gray = try #require(
            CGContext(
                data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 2, space: CGColorSpaceCreateDeviceGray(), bitmapInfo: 0))
        gray.setFillColor(UIColor.green.cgColor)
        gray.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let grey = try #require(gray.makeImage())
        #expect(Array(grey.rgba[0..<4]) == [0, 0, 0, 255], "no alpha: starts opaque black")
        #expect(grey.rgba[4] == grey.rgba[5] && grey.rgba[5] == grey.rgba[6] && grey.rgba[4] > 150, "green drawn as its luminance")
        #expect(
            CGContext(
                data: nil, width: 0, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: 1)
                == nil)
        #expect(
            CGContext(
                data: nil, width: 2, height: 1, bitsPerComponent: 16, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: 1)
                == nil)
    }

    @Test("clip(to:mask:): later drawing shows through the mask's white, placed as Core Graphics places images (upside down in UIKit)")
    func maskClip() throws {
        // A 1 × 2 grey mask, white at the top row of its image (y up: the upper pixel).
        let maskContext = try #require(
            CGContext(
                data: nil, width: 1, height: 2, bitsPerComponent: 8, bytesPerRow: 1, space: CGColorSpaceCreateDeviceGray(), bitmapInfo: 0))
        maskContext.setFillColor(UIColor.white.cgColor)
        maskContext.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
        let mask = try #require(maskContext.makeImage())
        let image = Self.renderer(2, 2).image { context in
            let cg = context.cgContext
            cg.saveGState()
            cg.clip(to: CGRect(x: 0, y: 0, width: 1, height: 2), mask: mask)
            cg.setFillColor(UIColor.red.cgColor)
            cg.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            cg.restoreGState()
            cg.setFillColor(UIColor.blue.cgColor)
            cg.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        #expect(Self.pixel(image, 0, 1) == [255, 0, 0, 255], "the mask's top row shows at the bottom in UIKit's space")
        #expect(Self.pixel(image, 0, 0)[3] == 0, "black hides")
        #expect(Self.pixel(image, 1, 1)[3] == 0, "nothing outside the mask's rectangle")
        #expect(Self.pixel(image, 1, 0) == [0, 0, 255, 255], "restoring the state ends the mask")
    }

    @Test("Core Text frames: sizes, lines and origins as the renderer lays the text out, drawn y up")
    func coreTextFrame() throws {
        let font = UIFont.systemFont(ofSize: 20)
        let text = NSAttributedString(string: "Hello", attributes: [.font: font, .foregroundColor: UIColor.black.cgColor])
        let setter = CTFramesetterCreateWithAttributedString(text as CFAttributedString)
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRangeMake(0, 0), nil, CGSize(width: 1000, height: 1000), &fit)
        #expect(size.width > 30 && size.height > 15 && fit.length == 5)
        let frame = CTFramesetterCreateFrame(
            setter, CFRangeMake(0, text.length), CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 40), transform: nil), nil)
        #expect(CFArrayGetCount(CTFrameGetLines(frame)) == 1)
        var origin = [CGPoint](repeating: .zero, count: 1)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 1), &origin)
        #expect(origin[0].y > 40 - 20 && origin[0].y < 40 - 10, "the first baseline an ascent below the top, y up")
        let narrow = CTFramesetterCreateFrame(
            CTFramesetterCreateWithAttributedString(NSAttributedString(string: "one two three four", attributes: [.font: font])),
            CFRangeMake(0, 0), CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 200), transform: nil), nil)
        #expect(CFArrayGetCount(CTFrameGetLines(narrow)) >= 3, "wrapped to the box")
        func inked(_ image: UIImage, rows: Range<Int>) -> Int {
            rows.reduce(0) { sum, y in sum + (0..<image.layerImage.width).filter { Self.pixel(image, $0, y)[3] > 100 }.count }
        }
        let upright = Self.renderer(100, 40).image { context in
            context.cgContext.translateBy(x: 0, y: 40)
            context.cgContext.scaleBy(x: 1, y: -1)
            CTFrameDraw(frame, context.cgContext)
        }
        #expect(inked(upright, rows: 0..<20) > 3 * inked(upright, rows: 20..<40), "flipped to y up first: the line at the top")
        let unflipped = Self.renderer(100, 40).image { context in CTFrameDraw(frame, context.cgContext) }
        #expect(inked(unflipped, rows: 20..<40) > 3 * inked(unflipped, rows: 0..<20), "in UIKit's space: at the bottom, upside down")
    }

    @Test("NSMutableParagraphStyle keeps its values and copies them")
    func paragraphStyle() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 4
        style.maximumLineHeight = 30
        let copy = try #require(style.copy() as? NSParagraphStyle)
        #expect(copy.alignment == .center && copy.lineSpacing == 4 && copy.maximumLineHeight == 30)
        #expect(!(copy is NSMutableParagraphStyle) && (copy.mutableCopy() is NSMutableParagraphStyle))
        #expect(NSParagraphStyle.default.alignment == .natural && NSParagraphStyle.default.lineBreakMode == .byWordWrapping)
    }

    @Test("render(in:) draws a layer tree in its own space with its model values, its position and transform left out")
    func renderInContext() {
        let stage = Stage(size: CGSize(width: 50, height: 50), scale: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 4, height: 4)
        layer.transform = CATransform3DMakeScale(3, 3, 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 2, y: 2, width: 2, height: 2)
        dot.backgroundColor = UIColor.red.cgColor
        layer.addSublayer(dot)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0.1)
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = UIColor.blue.cgColor
        fade.toValue = UIColor.blue.cgColor
        fade.duration = 10
        dot.add(fade, forKey: "fade")
        stage.advance(to: 0.2)
        let image = Self.renderer(4, 4).image { context in layer.render(in: context.cgContext) }
        #expect(Self.pixel(image, 3, 3) == [255, 0, 0, 255], "the model's red, at the sublayer's place")
        #expect(Self.pixel(image, 1, 1)[3] == 0)
        let presented = Self.renderer(4, 4).image { context in dot.presentation()?.render(in: context.cgContext) }
        #expect(Self.pixel(presented, 1, 1) == [0, 0, 255, 255], "a presentation copy draws its model as presented")
    }

    @Test("render(in:) draws a sublayer turned about x or y as if it had no transform; an affine one keeps it (timing-model.md 12.2)")
    func renderInContextDrawsThreeDFlat() {
        let stage = Stage(size: CGSize(width: 40, height: 40), scale: 1)
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        // A 20 × 6 card turned 60° about y: 10 pt wide on screen, its whole 20 pt here.
        let turned = CALayer()
        turned.frame = CGRect(x: 10, y: 2, width: 20, height: 6)
        turned.backgroundColor = UIColor.red.cgColor
        turned.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        // The same card turned 90° about z: upright, 6 pt wide and 20 tall about its centre.
        let upright = CALayer()
        upright.frame = CGRect(x: 10, y: 20, width: 20, height: 6)
        upright.backgroundColor = UIColor.blue.cgColor
        upright.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        container.addSublayer(turned)
        container.addSublayer(upright)
        stage.rootLayer.addSublayer(container)
        stage.advance(to: 0.1)
        let image = Self.renderer(40, 40).image { context in container.render(in: context.cgContext) }
        #expect(Self.pixel(image, 11, 5) == [255, 0, 0, 255] && Self.pixel(image, 28, 5) == [255, 0, 0, 255], "the turned card, flat")
        #expect(Self.pixel(image, 20, 14) == [0, 0, 255, 255] && Self.pixel(image, 12, 23)[3] == 0, "the upright card, turned")
    }

    @Test("CTFontManagerRegisterFontsForURL: false with an error for a file that holds no font")
    func fontRegistration() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf")
        try Data("no font here".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var error: Unmanaged<CFError>?
        #expect(!CTFontManagerRegisterFontsForURL(file as CFURL, .process, &error))
        #expect(error?.takeRetainedValue().localizedDescription.contains(file.path) == true)
    }
}
