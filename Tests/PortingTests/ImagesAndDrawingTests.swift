import Flipbook
import Foundation
import Testing

/// Drawing and images as app code writes them (issue 43 item 3): image renderers and image
/// contexts, colours and paths that paint into the current context, images drawn upright or (by
/// Core Graphics) flipped, turned images, image views that play frames or tint templates, and
/// SF Symbols from a folder or as a placeholder.
@Suite("drawing and images")
struct ImagesAndDrawingTests {
    /// Straight RGBA of pixel (x, y).
    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.layerImage.width + x) * 4
        return Array(image.layerImage.rgba[i..<i + 4])
    }

    @Test("UIGraphicsImageRenderer: a filled circle and a stroked square at the screen's scale, drawn with UIKit's calls")
    func imageRenderer() {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 3)
        _ = stage
        // ---- iOS code ----
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10))
        let image = renderer.image { context in
            UIColor.red.setFill()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10)).fill()
            UIColor.blue.setStroke()
            let square = UIBezierPath(rect: CGRect(x: 11, y: 1, width: 8, height: 8))
            square.lineWidth = 2
            square.stroke()
            context.cgContext.setFillColor(UIColor.green.cgColor)
            context.fill(CGRect(x: 14, y: 4, width: 2, height: 2))
        }
        // ---- end ----
        #expect(image.size == CGSize(width: 20, height: 10) && image.scale == 3)
        #expect(image.layerImage.width == 60 && image.layerImage.height == 30)
        #expect(Self.pixel(image, 15, 15) == [255, 0, 0, 255], "the circle's centre is red")
        #expect(Self.pixel(image, 1, 1)[3] == 0, "outside the circle is transparent")
        #expect(Self.pixel(image, 33, 15) == [0, 0, 255, 255], "the square's left edge is blue")
        #expect(Self.pixel(image, 45, 15) == [0, 255, 0, 255], "the green dot is at 15, 5 pt")
        #expect(Self.pixel(image, 40, 9)[3] == 0, "inside the square is not filled")
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        let opaque = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { _ in }
        #expect(Self.pixel(opaque, 0, 0) == [0, 0, 0, 255], "an opaque bitmap starts black")
        #expect(renderer.pngData { _ in UIColor.red.set() }.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("UIGraphicsBeginImageContextWithOptions: drawing an image upright with UIImage, flipped with CGContext, as on iOS")
    func imageContextAndFlip() throws {
        // A 2 × 2 pt image: red top half, blue bottom half.
        let source = UIGraphicsImageRenderer(
            size: CGSize(width: 2, height: 2),
            format: {
                let f = UIGraphicsImageRendererFormat()
                f.scale = 1
                return f
            }()
        ).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 0, y: 1, width: 2, height: 1))
        }
        // ---- iOS code ----
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 2), false, 1)
        source.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2))
        UIGraphicsGetCurrentContext()?.draw(source.cgImage!, in: CGRect(x: 2, y: 0, width: 2, height: 2))
        let drawn = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        // ---- end ----
        let image = try #require(drawn)
        #expect(Self.pixel(image, 0, 0) == [255, 0, 0, 255] && Self.pixel(image, 0, 1) == [0, 0, 255, 255], "UIImage.draw: upright")
        #expect(Self.pixel(image, 3, 0) == [0, 0, 255, 255] && Self.pixel(image, 3, 1) == [255, 0, 0, 255], "CGContext.draw: flipped")
        #expect(UIGraphicsGetCurrentContext() == nil && UIGraphicsGetImageFromCurrentImageContext() == nil, "closed")
        // Turned: .right shows the red top on the right, the image as wide as it was tall.
        let turned = UIImage(cgImage: source.cgImage!, scale: 1, orientation: .right)
        #expect(turned.size == CGSize(width: 2, height: 2) && turned.imageOrientation == .right)
        #expect(Self.pixel(turned, 1, 0) == [255, 0, 0, 255] && Self.pixel(turned, 0, 0) == [0, 0, 255, 255])
        #expect(UIImage().size == .zero && UIImage().pngData() == nil)
    }

    @Test("a view's draw(_:) paints with UIColor.set() and UIBezierPath.fill(), and the frame shows it")
    func drawRect() throws {
        // ---- iOS code ----
        final class Badge: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.orange.set()
                let path = UIBezierPath(roundedRect: bounds.insetBy(dx: 2, dy: 2), cornerRadius: 4)
                path.fill()
            }
        }
        // ---- end ----
        let stage = Stage(size: CGSize(width: 20, height: 20), scale: 1)
        let badge = Badge(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        stage.rootView.addSubview(badge)
        badge.setNeedsDisplay()
        stage.advance(to: 0.1)
        let frame = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let centre = frame.pixel(x: 10, y: 10)
        #expect(centre.r == 255 && centre.g == 128 && centre.b == 0, "\(centre)")
        let corner = frame.pixel(x: 0, y: 0)
        #expect(corner.r == 255 && corner.g == 255 && corner.b == 255, "outside the inset: the background")
    }

    @Test("UIImageView.animationImages play for the repeat count at the duration, then the image shows; isAnimating says so")
    func imageViewAnimation() {
        let stage = Stage(size: CGSize(width: 10, height: 10), scale: 1)
        func solid(_ colour: UIColor) -> UIImage {
            let f = UIGraphicsImageRendererFormat()
            f.scale = 1
            return UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: f).image { ctx in
                colour.setFill()
                ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            }
        }
        // ---- iOS code ----
        let spinner = UIImageView(image: solid(.black))
        spinner.animationImages = [solid(.red), solid(.green)]
        spinner.animationDuration = 0.4
        spinner.animationRepeatCount = 2
        stage.rootView.addSubview(spinner)
        spinner.startAnimating()
        // ---- end ----
        func shown() -> [UInt8] {
            guard let image = spinner.layer.presentation()?.contents as? LayerImage else { return [] }
            return Array(image.rgba[0..<4])
        }
        var seen: [[UInt8]] = []
        for t in [0.1, 0.3, 0.5, 0.7] {
            stage.advance(to: t)
            seen.append(shown())
        }
        #expect(seen == [[255, 0, 0, 255], [0, 255, 0, 255], [255, 0, 0, 255], [0, 255, 0, 255]], "\(seen)")
        #expect(spinner.isAnimating)
        stage.advance(to: 0.9)
        #expect(!spinner.isAnimating && shown() == [0, 0, 0, 255], "after two passes the image shows again")
    }

    @Test("a template image is drawn in the view's tint colour; UIImage(systemName:) without symbols is a placeholder, warned once")
    func templatesAndSymbols() throws {
        let stage = Stage(size: CGSize(width: 30, height: 30), scale: 1)
        // ---- iOS code ----
        let icon = UIImageView(image: UIImage(systemName: "heart.fill"))
        icon.tintColor = .systemRed
        let again = UIImage(systemName: "heart.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 24))
        // ---- end ----
        stage.rootView.addSubview(icon)
        #expect(icon.image?.isSymbolImage == true && icon.frame.size == CGSize(width: 20, height: 20), "17 pt × 1.2, whole points")
        #expect(again?.size == CGSize(width: 29, height: 29))
        #expect(stage.warnings.filter { $0.contains("heart.fill") }.count == 1, "\(stage.warnings)")
        stage.advance(to: 0.1)
        let frame = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        // The placeholder's frame is stroked 1.5 pt at 1 pt in: system red there.
        let edge = frame.pixel(x: 1, y: 10)
        #expect(edge.r > 200 && edge.g < 120 && edge.b < 120, "\(edge)")
        // Loaded from the folder the Stage names: the exported PNG at the point size, a template.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let black = UIGraphicsImageRenderer(size: CGSize(width: 34, height: 34)).image { ctx in
            UIColor.black.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 34, height: 34))
        }
        try #require(black.pngData()).write(to: folder.appendingPathComponent("star@2x.png"))
        stage.symbolsFolder = folder
        let star = try #require(UIImage(systemName: "star"))
        #expect(star.size.height == 17 && star.isSymbolImage && !stage.warnings.contains { $0.contains("\"star\"") })
        let original = UIImageView(image: star.withRenderingMode(.alwaysOriginal))
        #expect(original.layer.contents != nil, "an original-mode image is the layer's contents")
        #expect(icon.layer.contents == nil && icon.layer.sublayers?.first?.mask?.contents != nil, "a template masks a tint layer")
    }
}
