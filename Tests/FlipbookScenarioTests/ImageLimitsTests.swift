import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookScenario

/// A scene's images together, and where a Lottie file may read its images from (issue 63, items
/// 2 and 10; docs/limits.md). Images are made here as PNG headers: only headers are read.
@Suite("image limits")
struct ImageLimitsTests {
    /// A PNG signature and IHDR declaring `width` × `height` (what the reader reads first).
    static func pngHeader(_ width: Int, _ height: Int) -> Data {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(v >> $0 & 255) } }
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0])
    }

    let head = "canvas: { width: 20, height: 20, scale: 1 }\nduration: 0.2\nfps: 10\nlayers:\n"

    func diagnostics(_ yaml: String, in folder: URL) -> [Diagnostic] {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "images.yaml", baseDirectory: folder)
            return []
        } catch let e as ScenarioError { return e.diagnostics } catch { return [] }
    }

    @Test("images past 64 Mi pixels together are refused at the one that passes the bound; a file shown twice counts once")
    func sceneImages() throws {
        let folder = freshFolder("flipbook-images")
        for name in ["a.png", "b.png"] { try Self.pngHeader(6000, 6000).write(to: folder.appendingPathComponent(name)) }
        let twice = "  - { id: x, frame: [0, 0, 10, 10], contents: a.png }\n  - { id: y, frame: [0, 0, 10, 10], contents: a.png }\n"
        #expect(diagnostics(head + twice, in: folder).isEmpty)
        let both = "  - { id: x, frame: [0, 0, 10, 10], contents: a.png }\n  - { id: y, frame: [0, 0, 10, 10], contents: b.png }\n"
        let d = diagnostics(head + both, in: folder)
        #expect(d.count == 1 && d[0].line == 6 && d[0].message.contains("more than \(Limits.maximumSceneImagePixels) pixels of images"))
    }

    /// A Lottie file of one image layer per name in `images` (asset paths as given, `u` empty).
    static func lottie(images: [String]) -> String {
        let assets = images.enumerated().map { #"{"id":"i\#($0.offset)","w":10,"h":10,"u":"","p":"\#($0.element)"}"# }
        let layers = images.indices.map { #"{"ty":2,"ind":\#($0 + 1),"refId":"i\#($0)","ip":0,"op":10,"st":0,"ks":{}}"# }
        return #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":20,"h":20,"assets":["# + assets.joined(separator: ",") + #"],"layers":["#
            + layers.joined(separator: ",") + "]}"
    }

    @Test("a Lottie file's images are read from its folder and the image folders only: '..', absolute names and links out are not")
    func lottieImagesStayInside() throws {
        let outside = freshFolder("flipbook-outside")
        try Self.pngHeader(4, 4).write(to: outside.appendingPathComponent("secret.png"))
        let folder = outside.appendingPathComponent("animation")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.pngHeader(4, 4).write(to: folder.appendingPathComponent("own.png"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "../secret.png")
        let file = folder.appendingPathComponent("a.json")
        try Self.lottie(images: ["own.png", "../secret.png", outside.appendingPathComponent("secret.png").path, "link.png"])
            .write(to: file, atomically: true, encoding: .utf8)
        let layer = try LottieAnimationLayer(animation: try LottieAnimation.load(file: file.path))
        let refused = layer.warnings.filter { $0.contains("lies outside the folder of the animation") }
        #expect(refused.count == 2 && refused.contains { $0.hasPrefix("layers[1]") } && refused.contains { $0.hasPrefix("layers[3]") })
        // An absolute name is a name inside the folder: there is no such file there.
        #expect(layer.warnings.count == 3 && layer.warnings.contains { $0.hasPrefix("layers[2]") && $0.contains("could not be read") })
        #expect((layer.sublayers ?? []).isEmpty == false)
        // A plain name the folder lacks is read from an --images folder.
        try Self.lottie(images: ["secret.png"]).write(to: file, atomically: true, encoding: .utf8)
        #expect(try LottieAnimationLayer(animation: try LottieAnimation.load(file: file.path)).warnings.count == 1)
        var animation = try LottieAnimation.load(file: file.path)
        animation.imageDirectories = [outside]
        #expect(try LottieAnimationLayer(animation: animation).warnings.isEmpty)
    }

    @Test("a Lottie file's images past 64 Mi pixels together are refused at the layer that passes the bound")
    func lottieImagePixels() throws {
        let folder = freshFolder("flipbook-lottie-images")
        for name in ["a.png", "b.png"] { try Self.pngHeader(6000, 6000).write(to: folder.appendingPathComponent(name)) }
        let file = folder.appendingPathComponent("big.json")
        try Self.lottie(images: ["a.png", "b.png"]).write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try LottieAnimationLayer(animation: try LottieAnimation.load(file: file.path))
        } throws: { error in
            let error = error as? LottieError
            return error?.path == "layers[1]" && error?.line == 1
                && error?.message.contains("more than \(Limits.maximumSceneImagePixels) pixels") == true
        }
        // One of them beside a scenario image of the same size passes the scene's bound.
        try Self.lottie(images: ["a.png"]).write(to: file, atomically: true, encoding: .utf8)
        let scene = "  - { id: x, frame: [0, 0, 10, 10], contents: b.png }\n  - { id: l, type: lottie, file: big.json }\n"
        let d = diagnostics(head + scene, in: folder)
        #expect(d.count == 1 && d[0].line == 6 && d[0].message.contains("images of this Lottie animation"), "\(d.map(\.message))")
    }
}
