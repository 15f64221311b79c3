import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// lottie-ios's image, text and font providers (Providers/): what the app gives an animation's
/// layers in place of the file's pictures, texts and fonts.
@Suite("Lottie content providers")
struct LottieContentProviderTests {
    /// An image layer of a 100 × 50 asset whose file does not exist.
    static let imageAnimation =
        #"{"v":"5.7","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":[{"id":"pic","w":100,"h":50,"u":"images/","p":"missing.png"}],"#
        + #""layers":[{"ty":2,"refId":"pic","ind":1,"ip":0,"op":20,"st":0,"ks":{}}]}"#

    /// Gives every asset one opaque red square picture, recording the assets it was asked for.
    final class RedSquares: AnimationImageProvider {
        let gravity: CALayerContentsGravity
        nonisolated(unsafe) var asked: [ImageAsset] = []
        init(gravity: CALayerContentsGravity) { self.gravity = gravity }
        func imageForAsset(asset: ImageAsset) -> CGImage? {
            asked.append(asset)
            return LayerImage(
                width: 10, height: 10,
                rgba: [UInt8](repeating: 0, count: 400).enumerated().map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 })
        }
        func contentsGravity(for _: ImageAsset) -> CALayerContentsGravity { gravity }
    }

    static func alpha(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Int { Int(p.rgba[(y * p.width + x) * 4 + 3]) }

    @Test("an image provider gives the picture, told the asset's id, name, folder and size, and how it fills the layer")
    func imageProvider() throws {
        let animation = try LottieAnimation.load(data: Data(Self.imageAnimation.utf8))
        let stretched = RedSquares(gravity: .resize)
        let layer = try LottieAnimationLayer(animation: animation)
        layer.imageProvider = stretched
        let asked = try #require(stretched.asked.first)
        #expect((asked.id, asked.name, asked.directory, asked.width, asked.height) == ("pic", "missing.png", "images/", 100, 50))
        let p = try LottieMappingTests.draw(layer)
        #expect(Self.alpha(p, 5, 25) == 255 && Self.alpha(p, 95, 25) == 255, "stretched over the whole 100 × 50 layer")
        #expect(Self.alpha(p, 50, 75) == 0, "nothing below the layer")

        let fitted = try LottieAnimationLayer(animation: animation)
        fitted.imageProvider = RedSquares(gravity: .resizeAspect)
        let q = try LottieMappingTests.draw(fitted)
        // A square fitted into 100 × 50 is 50 × 50 in the middle.
        #expect(Self.alpha(q, 5, 25) == 0 && Self.alpha(q, 50, 25) == 255, "\(Self.alpha(q, 5, 25)), \(Self.alpha(q, 50, 25))")
    }

    @Test("without a provider the file's missing picture is reported; a provider's nil shows nothing and is not")
    func imageProviderNil() throws {
        let animation = try LottieAnimation.load(data: Data(Self.imageAnimation.utf8))
        let own = try LottieAnimationLayer(animation: animation)
        #expect(own.warnings.contains { $0.contains("missing.png") }, "\(own.warnings)")
        final class Nothing: AnimationImageProvider { func imageForAsset(asset _: ImageAsset) -> CGImage? { nil } }
        let view = LottieAnimationView(animation: animation, imageProvider: Nothing())
        #expect(view.animationLayer.warnings.allSatisfy { !$0.contains("missing.png") }, "\(view.animationLayer.warnings)")
        #expect(view.imageProvider is Nothing)
    }

    @Test("a text provider replaces a layer's text by its keypath; a legacy provider by the keypath's name")
    func textProvider() throws {
        let text = LottieTextLayoutTests.text("HH").replacingOccurrences(of: #""ty":5,"#, with: #""ty":5,"nm":"title","#)
        let animation = try LottieMappingTests.animation("[\(text)]")
        let own = try #require(LottieTextLayoutTests.ink(try LottieMappingTests.draw(try LottieAnimationLayer(animation: animation))))

        let replaced = try LottieAnimationLayer(animation: animation)
        replaced.textProvider = DictionaryTextProvider(["title": "HHHHHH"])
        let wider = try #require(LottieTextLayoutTests.ink(try LottieMappingTests.draw(replaced)))
        #expect(wider.2 - wider.0 > 2 * (own.2 - own.0), "six letters are wider than two: \(wider), \(own)")

        final class Blank: LegacyAnimationTextProvider {
            nonisolated(unsafe) var names: [String] = []
            func textFor(keypathName: String, sourceText _: String) -> String {
                names.append(keypathName)
                return ""
            }
        }
        let blank = Blank()
        let emptied = try LottieAnimationLayer(animation: animation)
        emptied.textProvider = blank
        #expect(LottieTextLayoutTests.ink(try LottieMappingTests.draw(emptied)) == nil, "no text, no ink")
        #expect(blank.names == ["title"])
    }

    @Test("a font provider's font is drawn at its own size")
    func fontProvider() throws {
        final class Doubled: AnimationFontProvider {
            func fontFor(family: String, size: CGFloat) -> CTFont? { CTFontCreateWithName(CFString(string: family), size * 2, nil) }
        }
        let animation = try LottieMappingTests.animation("[\(LottieTextLayoutTests.text("HH", size: 10))]")
        let own = try #require(LottieTextLayoutTests.ink(try LottieMappingTests.draw(try LottieAnimationLayer(animation: animation))))
        let view = LottieAnimationView(animation: animation, fontProvider: Doubled())
        let layer = view.animationLayer
        layer.removeFromSuperlayer()
        let doubled = try #require(LottieTextLayoutTests.ink(try LottieMappingTests.draw(layer)))
        let (ownHeight, doubledHeight) = (own.3 - own.1, doubled.3 - doubled.1)
        #expect(abs(doubledHeight - 2 * ownHeight) <= 2, "capitals twice as tall: \(ownHeight) -> \(doubledHeight)")
    }

    @Test("FilepathImageProvider reads the folder's file, then the asset's folder inside it; a FIFO is not read and nothing blocks")
    func filepathProvider() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-filepath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        let red = PixelBuffer(width: 2, height: 3, rgba: (0..<6).flatMap { _ in [UInt8(255), 0, 0, 255] })
        try PNGCodec.write(red, to: folder.appendingPathComponent("images/pic.png"))
        let provider = FilepathImageProvider(filepath: folder, contentsGravity: .resizeAspect)
        let asset = ImageAsset(id: "pic", name: "pic.png", directory: "images", width: 10, height: 10)
        let image = try #require(provider.imageForAsset(asset: asset))
        #expect((image.width, image.height) == (2, 3))
        #expect(provider.contentsGravity(for: asset) == .resizeAspect)
        #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
        #expect(provider.imageForAsset(asset: ImageAsset(id: "p", name: "pipe.png", directory: "", width: 1, height: 1)) == nil)
        #expect(provider.imageForAsset(asset: ImageAsset(id: "m", name: "missing.png", directory: "", width: 1, height: 1)) == nil)
    }

    @Test("BundleImageProvider finds an asset under its search path, else by the asset's folder")
    func bundleProvider() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("anim/images"), withIntermediateDirectories: true)
        let blue = PixelBuffer(width: 4, height: 1, rgba: (0..<4).flatMap { _ in [UInt8(0), 0, 255, 255] })
        try PNGCodec.write(blue, to: folder.appendingPathComponent("anim/images/pic.png"))
        let bundle = try #require(Bundle(path: folder.path))
        let asset = ImageAsset(id: "pic", name: "pic.png", directory: "images", width: 4, height: 1)
        #expect(BundleImageProvider(bundle: bundle, searchPath: "anim").imageForAsset(asset: asset)?.width == 4)
        #expect(BundleImageProvider(bundle: bundle, searchPath: "elsewhere").imageForAsset(asset: asset) == nil)
    }

    @Test("a KeypathTextProvider finds a whole keypath, a layer's own name or a search; the last matching wins")
    func keypathTexts() throws {
        let sender = AnimationKeypath(keys: ["ENVELOPE", "sender"])
        func text(_ spelled: [String]) throws -> String? {
            try KeypathTextProvider(spelled.map { try KeypathTextProvider.parse($0) }).text(for: sender, sourceText: "Source")
        }
        #expect(try text(["ENVELOPE.sender=A"]) == "A")
        #expect(try text(["sender=B"]) == "B", "a layer's own name, anywhere")
        #expect(try text(["*.sender=C"]) == "C" && text(["*=D"]) == "Source", "one wildcard is one name")
        #expect(try text(["**=E"]) == "E")
        #expect(try text(["**=E", "sender=F"]) == "F" && text(["sender=F", "**=E"]) == "E", "the last matching wins")
        #expect(try text(["ENVELOPE.other=G"]) == "Source")
        #expect(try KeypathTextProvider.parse("title=a=b").text == "a=b", "split at the first =")
        #expect(throws: KeypathTextProvider.Failure.self) { try KeypathTextProvider.parse("=Hello") }
        #expect(throws: KeypathTextProvider.Failure.self) { try KeypathTextProvider.parse("no equals") }
    }
}
