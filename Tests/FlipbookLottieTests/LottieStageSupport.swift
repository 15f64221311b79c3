import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation

@testable import FlipbookLottie

/// A Lottie animation of `layers` (LottieMappingTests.animation: 10 fps, frames 0…20,
/// 100 × 100) on a 100 × 100 Stage at 1x, drawn at chosen frames.
struct LottieStageSupport {
    let stage: Stage
    let layer: LottieAnimationLayer

    init(_ layers: String, assets: String = "[]") throws {
        layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(layers)]", assets: assets))
        stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        stage.rootLayer.addSublayer(layer)
    }

    /// The picture paused at `frame`.
    func drawn(at frame: Double) throws -> PixelBuffer {
        layer.currentFrame = frame
        stage.advance(to: stage.currentTime + 0.01)
        return try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
    }
}
