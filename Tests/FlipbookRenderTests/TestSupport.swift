import FlipbookCore
import FlipbookUIKit
import Foundation

@testable import FlipbookRender

/// A fresh temporary directory for one test.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A stage with a white background layer tree, rendered at `scale`.
func render(_ size: CGSize, scale: CGFloat = 1, at time: Double = 0, build: (Stage) -> Void) throws -> PixelBuffer {
    let stage = Stage(size: size, scale: scale)
    build(stage)
    stage.advance(to: time)
    return try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
}

extension PixelBuffer {
    /// Dark ink on a white picture (each pixel weighed by 1 − red): its centroid, and its
    /// rightmost column at least half dark.
    var darkInk: (x: Double, y: Double, right: Int) {
        let rgba = self.rgba
        var (sum, sx, sy, right) = (0.0, 0.0, 0.0, -1)
        for y in 0..<height {
            for x in 0..<width {
                let a = 1 - Double(rgba[(y * width + x) * 4]) / 255
                (sum, sx, sy) = (sum + a, sx + a * Double(x), sy + a * Double(y))
                if a > 0.5 { right = max(right, x) }
            }
        }
        return (sx / sum, sy / sum, right)
    }

    /// The pixel as (r, g, b).
    func rgb(_ x: Int, _ y: Int) -> [Int] {
        let p = pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    /// Whether every pixel in the rectangle is white.
    func isBlank(x: Int, y: Int, width: Int, height: Int) -> Bool {
        for yy in y..<(y + height) { for xx in x..<(x + width) where rgb(xx, yy) != [255, 255, 255] { return false } }
        return true
    }

    /// The bounding box of non-white pixels.
    var inkBounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where rgb(x, y) != [255, 255, 255] {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }
}

/// A half-transparent square moving across a 40 × 30 px stage over 0.5 s: frames that change in
/// part, with alpha, for the animated-output tests.
func movingSquareStage() -> Stage {
    let stage = Stage(size: CGSize(width: 40, height: 30), scale: 1)
    let dot = CALayer()
    dot.frame = CGRect(x: 0, y: 10, width: 10, height: 10)
    dot.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 0.5)
    stage.rootLayer.addSublayer(dot)
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 5.0
    move.toValue = 35.0
    move.duration = 0.5
    dot.add(move, forKey: "move")
    return stage
}

/// `movingSquareStage()` drawn at 10 fps, frame by frame, without any output writer.
func movingSquareFrames() throws -> [PixelBuffer] {
    let stage = movingSquareStage()
    return try (0..<5).map { k in
        stage.advance(to: Double(k) / 10)
        return try FrameRasterizer.rasterize(stage.snapshot())
    }
}
