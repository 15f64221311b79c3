import Flipbook
import Foundation
import Testing

/// Resizable images (`resizableImage(withCapInsets:)`): an image view or a button's background
/// keeps the caps at their size and stretches the middle, through its layer's `contentsCenter`
/// as UIKit does (timing-model.md 12.12).
@Suite("resizable images")
struct ResizableImageTests {
    /// A 30 × 30 image: a 10-point red frame around a blue middle.
    static let framed: UIImage = {
        QuartzDrawingTests.renderer(30, 30).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        }
    }()

    /// The red channel along the middle row of `view` drawn alone, 90 × 60 pt at 1x.
    static func middleRow(_ view: UIView) throws -> [UInt8] {
        let stage = Stage(size: CGSize(width: 90, height: 60), scale: 1)
        view.frame = CGRect(x: 0, y: 0, width: 90, height: 60)
        stage.rootView.addSubview(view)
        stage.advance(to: 0.01)
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let rgba = picture.rgba
        return (0..<picture.width).map { rgba[(30 * picture.width + $0) * 4] }
    }

    @Test("an image view keeps a resizable image's caps at their size")
    func imageView() throws {
        let caps = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let resizable = Self.framed.resizableImage(withCapInsets: caps, resizingMode: .stretch)
        #expect(resizable.capInsets == caps && resizable.resizingMode == .stretch)
        #expect(Self.framed.resizableImage(withCapInsets: caps).resizingMode == .tile, "UIKit's default")
        let row = try Self.middleRow(UIImageView(image: resizable))
        #expect(row[5] == 255 && row[84] == 255 && row[15] == 0 && row[74] == 0, "10 pt caps on both sides")
        // Not resizable: the whole image stretches three times across.
        let plain = try Self.middleRow(UIImageView(image: Self.framed))
        #expect(plain[25] == 255 && plain[35] == 0)
    }

    @Test("a button's resizable background image keeps its caps")
    func buttonBackground() throws {
        let button = UIButton(type: .custom)
        button.setBackgroundImage(
            Self.framed.resizableImage(withCapInsets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)), for: .normal)
        let row = try Self.middleRow(button)
        #expect(row[5] == 255 && row[15] == 0 && row[84] == 255)
    }

    @Test("iOS 2's stretchable caps: the column after the left cap stretches")
    @available(*, deprecated, message: "uses UIKit's deprecated stretchableImage on purpose")
    func stretchable() {
        let legacy = Self.framed.stretchableImage(withLeftCapWidth: 10, topCapHeight: 0)
        #expect(legacy.capInsets == UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 19) && legacy.resizingMode == .stretch)
    }

    @Test("caps as a contentsCenter; caps that leave no middle stretch the whole")
    func contentsCenter() {
        let c = Self.framed.resizableImage(withCapInsets: UIEdgeInsets(top: 3, left: 6, bottom: 9, right: 12)).contentsCenter
        #expect(abs(c.minX - 0.2) < 1e-9 && abs(c.minY - 0.1) < 1e-9 && abs(c.width - 0.4) < 1e-9 && abs(c.height - 0.6) < 1e-9)
        let full = Self.framed.resizableImage(withCapInsets: UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 15)).contentsCenter
        #expect(full == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(Self.framed.resizableImage(withCapInsets: .zero) == Self.framed)
        #expect(Self.framed.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)) != Self.framed)
    }

    @Test("draw(in:) keeps a resizable image's caps, in an image renderer as in a view's draw(_:)")
    func drawIn() {
        let resizable = Self.framed.resizableImage(withCapInsets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        let drawn = QuartzDrawingTests.renderer(100, 60).image { _ in
            resizable.draw(in: CGRect(x: 5, y: 0, width: 90, height: 60))
        }
        func red(_ x: Int) -> UInt8 { QuartzDrawingTests.pixel(drawn, x, 30)[0] }
        #expect(red(10) == 255 && red(20) == 0 && red(79) == 0 && red(89) == 255, "10 pt caps at 5 and 95")
        #expect(QuartzDrawingTests.pixel(drawn, 2, 30)[3] == 0, "nothing left of the rectangle")
    }
}
