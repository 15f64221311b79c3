import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// The picture of a view whose size is not whole pixels (LottieAnimationLayer.stage).
@Suite("Lottie picture size")
struct LottiePictureSizeTests {
    @Test("a 500 × 223.05 pt view at 2x is 1000 × 447 px, the view from the top row, the last row the 0.1 px left over")
    func roundsUp() throws {
        let json =
            ##"{"v":"5.7","fr":30,"ip":0,"op":10,"w":807,"h":360,"layers":[{"ty":1,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"sc":"#0000ff","sw":807,"sh":360}]}"##
        let animation = try LottieAnimation.load(data: Data(json.utf8))
        let size = CGSize(width: 500, height: 500 * 360 / 807.0)
        let (stage, _) = try LottieAnimationLayer.stage(showing: animation, at: 0, size: size, scale: 2)
        let pixels = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        #expect(pixels.width == 1000 && pixels.height == 447)
        let rgba = pixels.rgba
        func alpha(_ y: Int) -> Int { Int(rgba[(y * pixels.width + 500) * 4 + 3]) }
        #expect(alpha(0) == 255 && alpha(445) == 255, "full rows from the top")
        #expect(alpha(446) < 40, "the last row: \(alpha(446))")
    }
}
