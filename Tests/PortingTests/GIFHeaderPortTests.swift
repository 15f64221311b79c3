import Flipbook
import Foundation
import ImageIO
import MobileCoreServices
import Testing
import UniformTypeIdentifiers

/// A refresh header that plays a GIF, as iOS code writes it (issue 43 item 4): ImageIO's image
/// source, Mobile Core Services' type check, `UIImage.animatedImage`, a `UIImageView`. The code
/// below the marker is iOS code unchanged.
@Suite("a GIF-playing refresh header through ImageIO")
struct GIFHeaderPortTests {
    // ---- iOS code, unchanged ----
    final class GIFLoader {
        /// The popular extension's shape (SwiftGif, many refresh headers): frames, delays from
        /// the GIF dictionary (unclamped first), one animated image.
        static func animatedImage(data: Data) -> UIImage? {
            guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return nil }
            guard let type = CGImageSourceGetType(source), UTTypeConformsTo(type, kUTTypeGIF) else { return nil }
            let count = CGImageSourceGetCount(source)
            var images: [UIImage] = []
            var duration: TimeInterval = 0
            for index in 0..<count {
                if let cgImage = CGImageSourceCreateImageAtIndex(source, index, nil) {
                    images.append(UIImage(cgImage: cgImage, scale: UIScreen.main.scale, orientation: .up))
                }
                let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [String: Any]
                let gif = properties?[kCGImagePropertyGIFDictionary as String] as? [String: Any]
                if let unclamped = gif?[kCGImagePropertyGIFUnclampedDelayTime as String] as? NSNumber, unclamped.doubleValue > 0 {
                    duration += unclamped.doubleValue
                } else {
                    duration += gif?[kCGImagePropertyGIFDelayTime as String] as? Double ?? 0.1
                }
            }
            return UIImage.animatedImage(with: images, duration: duration)
        }
    }

    final class GIFRefreshHeader: UIView {
        let imageView = UIImageView()

        init(frame: CGRect, gif: Data) {
            super.init(frame: frame)
            imageView.frame = bounds
            imageView.contentMode = .scaleAspectFit
            addSubview(imageView)
            imageView.image = GIFLoader.animatedImage(data: gif)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }
    // ---- end of iOS code ----

    /// A 3-frame GIF written by Flipbook itself: red, green, blue, 0.1 s each (10 fps), 20 × 20 px.
    static func threeColourGIF() throws -> Data {
        let stage = Stage(size: CGSize(width: 20, height: 20), scale: 1)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        stage.rootLayer.addSublayer(square)
        let colours = CAKeyframeAnimation(keyPath: "backgroundColor")
        colours.values = [UIColor.red.cgColor, UIColor.green.cgColor, UIColor.blue.cgColor]
        colours.calculationMode = .discrete
        colours.duration = 0.3
        square.add(colours, forKey: "colours")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-gif-header-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        try stage.render(duration: 0.3, fps: 10, to: url)
        return try Data(contentsOf: url)
    }

    /// The first pixel of a layer's presented contents (straight RGBA).
    static func firstPixel(_ layer: CALayer) -> [UInt8] {
        guard let image = layer.presentation()?.contents as? LayerImage, image.rgba.count >= 4 else { return [] }
        return Array(image.rgba[0..<4])
    }

    @Test("the GIF's frames, delays and type come through ImageIO as iOS reports them")
    func imageSource() throws {
        let data = try Self.threeColourGIF()
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetCount(source) == 3)
        #expect(CGImageSourceGetType(source).map { $0 as String } == "com.compuserve.gif")
        #expect(UTTypeConformsTo(CGImageSourceGetType(source)!, kUTTypeImage))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 1, nil) as? [String: Any])
        #expect(properties[kCGImagePropertyPixelWidth as String] as? Int == 20)
        let gif = try #require(properties[kCGImagePropertyGIFDictionary as String] as? [String: Any])
        #expect((gif[kCGImagePropertyGIFUnclampedDelayTime as String] as? NSNumber)?.doubleValue == 0.1)
        #expect(CGImageSourceCopyPropertiesAtIndex(source, 3, nil) == nil, "past the last frame")
        let whole = try #require(CGImageSourceCopyProperties(source, nil) as? [String: Any])
        let loop = (whole[kCGImagePropertyGIFDictionary as String] as? [String: Any])?[kCGImagePropertyGIFLoopCount as String]
        #expect(loop as? Int == 0, "Flipbook's GIFs loop for ever")
        let frame = try #require(CGImageSourceCreateImageAtIndex(source, 2, nil))
        #expect(frame.width == 20 && Array(frame.rgba[0..<4]) == [0, 0, 255, 255], "the third frame is blue")
        #expect(CGImageSourceCreateWithData(Data("not an image".utf8) as CFData, nil) == nil)
        #expect(UTType.gif.conforms(to: .image) && UTType(filenameExtension: "GIF") == .gif && !UTType.png.conforms(to: .gif))
        #expect(UTType.gif.preferredFilenameExtension == "gif" && UTType.jpeg.supertypes.contains(.data))
    }

    @Test("the header plays the GIF: red, green, blue, and again, on the Stage's clock")
    func headerPlays() throws {
        let stage = Stage(size: CGSize(width: 40, height: 40), scale: 1)
        let header = GIFRefreshHeader(frame: CGRect(x: 0, y: 0, width: 40, height: 40), gif: try Self.threeColourGIF())
        stage.rootView.addSubview(header)
        #expect(header.imageView.isAnimating, "an animated image plays as soon as it is shown")
        #expect(abs((header.imageView.image?.duration ?? 0) - 0.3) < 1e-9 && header.imageView.image?.images?.count == 3)
        var seen: [[UInt8]] = []
        for t in [0.05, 0.15, 0.25, 0.35] {
            stage.advance(to: t)
            seen.append(Self.firstPixel(header.imageView.layer))
        }
        #expect(seen == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 0, 0, 255]], "\(seen)")
        header.imageView.stopAnimating()
        #expect(!header.imageView.isAnimating)
    }
}
