import FlipbookEngine
import Testing

/// `import FlipbookEngine` alone (the product without scenario files and Lottie) is enough to
/// build a scene in Swift and render it, as the README's lighter dependency promises.
@Suite struct EngineProductTests {
    @Test func aSceneRendersThroughTheEngineProductAlone() throws {
        let stage = Stage(size: CGSize(width: 40, height: 40), scale: 1)
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.backgroundColor = .red
        stage.rootView.addSubview(view)
        UIView.animate(withDuration: 0.5) { view.alpha = 0.2 }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        try stage.render(duration: 0.5, fps: 10, to: url)
        let gif = try Data(contentsOf: url)
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        stage.advance(to: 0.5)
        let frame = try FrameRasterizer.rasterize(stage.snapshot())
        #expect(frame.pixel(x: 20, y: 20).r == 255 && frame.pixel(x: 20, y: 20).a > 0)
    }
}
