import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Deep layer trees through the render loop (docs/limits.md, "layer nesting"): the painter, the
/// damage tracker, band safety and the not-drawn report each walk the tree level by level.
@Suite("deep trees rendered")
struct DeepTreeRenderTests {
    /// `depth` nested 20 pt layers under the root, the deepest red, moving 1 pt a frame.
    static func stage(depth: Int) -> (Stage, CALayer) {
        let stage = Stage(size: CGSize(width: 40, height: 20), scale: 1)
        var parent = stage.rootLayer
        for _ in 0..<depth {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            parent.addSublayer(layer)
            parent = layer
        }
        parent.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 30
        move.duration = 1
        parent.add(move, forKey: "move")
        return (stage, parent)
    }

    @Test("a layer 287 levels down is drawn, moved frame to frame, into a GIF, a filmstrip and PNG frames, from a 512 KB thread")
    func rendersDeepTrees() throws {
        let folder = temporaryDirectory()
        let failure = Box<(any Error)?>(nil)
        let pixels = Box<[PixelBuffer]>([])
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let (stage, _) = Self.stage(depth: Limits.maximumDrawnLayerDepth - 1)
                stage.advance(to: 0)
                let outputs = RenderOutputs(
                    animation: folder.appendingPathComponent("deep.gif"), filmstrip: folder.appendingPathComponent("deep.png"),
                    framesDirectory: folder.appendingPathComponent("frames"))
                _ = try stage.render(duration: 0.5, fps: 10, outputs: outputs, threads: 2)
                pixels.value = [try FrameRasterizer.rasterize(stage.snapshot(), background: nil)]
            } catch {
                failure.value = error
            }
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        #expect(failure.value == nil, "\(String(describing: failure.value))")
        for name in ["deep.gif", "deep.png", "frames/frame-0004.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
        }
        // At 0.5 s the red square's centre is at x = 20: it covers x 10…30.
        let frame = try #require(pixels.value.first)
        #expect(frame.rgba[(10 * 40 + 20) * 4] == 255 && frame.rgba[(10 * 40 + 20) * 4 + 3] == 255)
        #expect(frame.rgba[(10 * 40 + 35) * 4 + 3] == 0)
    }
}

/// A value a test's thread hands back.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
