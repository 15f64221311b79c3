import Flipbook
import Foundation
import Testing

/// UIKit's string drawing (NSStringDrawing): measuring a string for a badge or a row
/// (`size(withAttributes:)`, `boundingRect(with:options:attributes:context:)`) and drawing it in
/// a view's `draw(_:)` or an image renderer (`draw(at:withAttributes:)`, `draw(in:withAttributes:)`),
/// on `NSString`, `String` and `NSAttributedString`, as ported code calls them.
@Suite("string drawing")
struct StringDrawingTests {
    let font = UIFont(name: "DejaVu Sans", size: 20)!

    /// The box of pixels whose red channel is at least half (red ink on a clear image).
    static func redInk(_ image: UIImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        let pixels = image.layerImage
        let rgba = pixels.rgba
        var box: (Int, Int, Int, Int)?
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where rgba[(y * pixels.width + x) * 4] >= 128 && rgba[(y * pixels.width + x) * 4 + 1] < 64 {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    @Test("size(withAttributes:): the widest line's width, unrounded, by lines lineHeight apart")
    func sizeWithAttributes() {
        let one = "Hello".size(withAttributes: [.font: font])
        let two = "HelloHello".size(withAttributes: [.font: font])
        #expect(one.height == font.lineHeight)
        #expect(one.width > 40 && abs(two.width - 2 * one.width) < 0.01, "\(one.width) and \(two.width)")
        #expect(("Hello" as NSString).size(withAttributes: [.font: font]) == one)
        #expect("Hello\nHello".size(withAttributes: [.font: font]).height == 2 * font.lineHeight)
        #expect("".size(withAttributes: [.font: font]) == .zero)
        // No font: Helvetica at 12 pt, as on iOS.
        #expect("Hello".size(withAttributes: nil).height == UIFont(name: "Helvetica", size: 12)!.lineHeight)
        // Sizes no layout can take: none (0, negative, NaN), or in proportion (a billion points).
        for size in [0, -5, CGFloat.nan] {
            #expect("Hello".size(withAttributes: [.font: UIFont(name: "DejaVu Sans", size: size)!]) == .zero)
        }
        let huge = "Hello".size(withAttributes: [.font: UIFont(name: "DejaVu Sans", size: 1e9)!])
        #expect(abs(huge.width / 1e9 - one.width / 20) < 1e-3 && abs(huge.height / 1e9 - font.lineHeight / 20) < 1e-6, "\(huge)")
        let kerned = "Hello".size(withAttributes: [.font: font, .kern: 3.0])
        #expect(abs(kerned.width - one.width - 15) < 0.5, "five letters 3 pt apart more: \(kerned.width) against \(one.width)")
    }

    @Test("boundingRect: wrapped to the width from the top-left with usesLineFragmentOrigin; else one line above its baseline")
    func boundingRect() {
        let text = "a string long enough to wrap onto several lines"
        let wrapped = text.boundingRect(
            with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin, attributes: [.font: font],
            context: nil)
        #expect(wrapped.origin == .zero && wrapped.width <= 120)
        let lines = (wrapped.height / font.lineHeight).rounded()
        #expect(lines >= 3 && abs(wrapped.height - lines * font.lineHeight) < 1e-9, "\(wrapped)")
        let single = (text as NSString).boundingRect(
            with: CGSize(width: 120, height: 100), options: [], attributes: [.font: font], context: nil)
        #expect(single.minY == -font.ascender && single.height == font.lineHeight && single.width > 120)
        let attributed = NSAttributedString(string: text, attributes: [.font: font])
        let context = NSStringDrawingContext()
        #expect(attributed.boundingRect(with: CGSize(width: 120, height: 0), options: .usesLineFragmentOrigin, context: context) == wrapped)
        #expect(context.totalBounds == wrapped && context.actualScaleFactor == 1)
        #expect(attributed.size() == text.size(withAttributes: [.font: font]))
    }

    @Test("draw(at:withAttributes:) in an image renderer: the text's colour, its first line's top at the point")
    func drawAtPoint() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 80), format: format).image { _ in
            "Hi".draw(at: CGPoint(x: 30, y: 20), withAttributes: [.font: font, .foregroundColor: UIColor.red])
        }
        let ink = try #require(Self.redInk(image))
        // An H's top is the ascender less the cap height below the line's top.
        let top = 20 + font.ascender - font.capHeight
        #expect(abs(Double(ink.minY) - top) <= 1, "ink from \(ink.minY), the H's top at \(top)")
        #expect(abs(Double(ink.maxY + 1) - (20 + font.ascender)) <= 1, "ink to \(ink.maxY), the baseline at \(20 + font.ascender)")
        #expect(ink.minX >= 30 && ink.minX <= 33)
    }

    @Test("draw(in:withAttributes:) wraps within the rect and draws nothing past it; no context, nothing drawn")
    func drawInRect() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let rect = CGRect(x: 10, y: 10, width: 90, height: 50)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 200, height: 100), format: format).image { _ in
            ("wrapped words in a narrow box of text" as NSString).draw(
                in: rect, withAttributes: [.font: font, .foregroundColor: UIColor.red])
        }
        let ink = try #require(Self.redInk(image))
        #expect(ink.minX >= 10 && ink.maxX < 100 && ink.minY >= 10 && ink.maxY < 60, "\(ink)")
        #expect(ink.maxY - ink.minY > Int(font.lineHeight), "more than one line: \(ink)")
        "no context".draw(at: .zero, withAttributes: [.font: font])
    }
}
