import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Enlarged layer contents as iOS's `render(in:)` draws them (lottie-ios's snapshots): between
/// two image pixels the colour follows a smoothstep of the distance, not a straight line, so
/// an enlarged line keeps iOS's sharper edge (docs/rendering.md, "Images").
@Suite("enlarged contents")
struct EnlargedContentsTests {
    /// A 2×1 image, black then white, drawn 8 times larger (16×2 pt at scale 1).
    static func blackToWhite(width: Double = 16) throws -> PixelBuffer {
        try render(CGSize(width: 20, height: 4)) { stage in
            let layer = CALayer()
            layer.contents = LayerImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 255, 255, 255, 255])
            layer.anchorPoint = .zero
            layer.frame = CGRect(x: 0, y: 0, width: width, height: 2)
            stage.rootLayer.addSublayer(layer)
        }
    }

    @Test(
        "between two pixels the colour follows a smoothstep of the distance: 3, 59, 151 and 231 where a straight line gives 16, 80, 143 and 207"
    )
    func smoothstep() throws {
        let px = try Self.blackToWhite()
        // Pixel i's centre lies (i + 0.5) / 8 − 0.5 image pixels from the first pixel's centre.
        for (x, want) in [(4, 3), (6, 59), (8, 151), (10, 231)] {
            let got = px.rgb(x, 1)[0]
            #expect(abs(got - want) <= 1, "x \(x): \(got), expected \(want)")
        }
        #expect((0..<4).allSatisfy { px.rgb($0, 1) == [0, 0, 0] }, "before the first pixel's centre: the edge extends")
        #expect((12..<16).allSatisfy { px.rgb($0, 1) == [255, 255, 255] })
        #expect(px.isBlank(x: 16, y: 0, width: 4, height: 4), "nothing beyond the layer")
    }

    @Test("a transparent part of the image stays transparent and its visible part keeps its edges")
    func transparentPart() throws {
        let px = try render(CGSize(width: 16, height: 4)) { stage in
            let layer = CALayer()
            // Transparent, transparent, red, red: enlarged 4 times.
            layer.contents = LayerImage(width: 4, height: 1, rgba: [0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255])
            layer.frame = CGRect(x: 0, y: 0, width: 16, height: 4)
            stage.rootLayer.addSublayer(layer)
        }
        #expect(px.isBlank(x: 0, y: 0, width: 6, height: 4), "the transparent half, up to the pixel centres' blend")
        #expect(px.rgb(15, 2) == [255, 0, 0], "the visible part reaches the layer's edge")
        // Pixel 7 lies 3/8 of the way to the red pixel: smoothstep 0.316 of red over white
        // (a straight line would give 0.375, green 159).
        let pink = px.rgb(7, 2)
        #expect(pink[0] == 255 && abs(pink[1] - 174) <= 1 && pink[1] == pink[2], "\(pink)")
    }

    /// Pixel (x, y) of `image` as [r, g, b, a].
    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.layerImage.width + x) * 4
        return image.layerImage.rgba[i..<i + 4].map(Int.init)
    }

    @Test(
        "an image drawn enlarged into a Core Graphics context, upright (UIImage.draw) or flipped (CGContext.draw), blends by the same smoothstep"
    )
    func drawnIntoContext() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let source = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 1), format: format).image { ctx in
            UIColor.black.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            UIColor.white.setFill()
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 16, height: 4), false, 1)
        source.draw(in: CGRect(x: 0, y: 0, width: 16, height: 2))
        UIGraphicsGetCurrentContext()?.draw(source.cgImage!, in: CGRect(x: 0, y: 2, width: 16, height: 2))
        let drawn = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        for (x, want) in [(4, 3), (6, 59), (8, 151), (10, 231)] {
            for y in [1, 3] {
                let got = Self.pixel(drawn, x, y)
                #expect(abs(got[0] - want) <= 1 && got[3] == 255, "x \(x), y \(y): \(got), expected \(want)")
            }
        }
    }

    @Test("mirrored contents (a transform scale of −1) are enlarged by the same smoothstep, mirrored")
    func mirrored() throws {
        let px = try render(CGSize(width: 20, height: 4)) { stage in
            let layer = CALayer()
            layer.contents = LayerImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 255, 255, 255, 255])
            layer.frame = CGRect(x: 0, y: 0, width: 16, height: 2)
            layer.transform = CATransform3DMakeScale(-1, 1, 1)
            stage.rootLayer.addSublayer(layer)
        }
        for (x, want) in [(4, 3), (6, 59), (8, 151), (10, 231)] {
            let got = px.rgb(15 - x, 1)[0]
            #expect(abs(got - want) <= 1, "x \(15 - x): \(got), expected \(want)")
        }
        #expect((12..<16).allSatisfy { px.rgb($0, 1) == [0, 0, 0] } && (0..<4).allSatisfy { px.rgb($0, 1) == [255, 255, 255] })
    }

    @Test("a shrunk image is left to the filter that averages")
    func shrunk() throws {
        // Eight columns, black and white by turns, two rows: shrunk to 2×1 pt they average to grey.
        let stripes = (0..<16).flatMap { i in i % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] as [UInt8] }
        let px = try render(CGSize(width: 4, height: 4)) { stage in
            let layer = CALayer()
            layer.contents = LayerImage(width: 8, height: 2, rgba: stripes)
            layer.frame = CGRect(x: 0, y: 0, width: 2, height: 1)
            stage.rootLayer.addSublayer(layer)
        }
        for x in 0..<2 {
            let grey = px.rgb(x, 0)[0]
            #expect(abs(grey - 128) <= 12, "averaged: \(grey)")
        }
    }
}
