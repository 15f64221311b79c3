import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// The JPEG format (Formats/JPEG/): pictures only — stills, filmstrips and `--frames` — through
/// libjpeg, translucent pixels over white as in a GIF, at a quality.
@Suite("JPEG pictures")
struct JPEGFormatTests {
    /// Left half opaque red, right half black at half alpha (premultiplied), 32×16.
    static func picture() -> PixelBuffer {
        let words = (0..<(32 * 16)).map { i -> UInt32 in i % 32 < 16 ? 0xFFFF_0000 : 0x8000_0000 }
        return PixelBuffer(width: 32, height: 16, premultipliedARGB: words)
    }

    /// The picture libjpeg's decoder reads back from `bytes`.
    static func decoded(_ bytes: [UInt8]) throws -> PixelBuffer {
        let image = try #require(LayerImage(encodedData: Data(bytes), scale: 1))
        let surface = try #require(CairoSurface.make(from: image))
        return CairoSurface.pixels(of: surface)
    }

    static func channels(_ word: UInt32) -> (Int, Int, Int) { (Int(word >> 16 & 0xFF), Int(word >> 8 & 0xFF), Int(word & 0xFF)) }

    @Test("a JPEG holds the picture over white: red stays red, half-transparent black is mid grey")
    func encodesOverWhite() throws {
        let bytes = try OutputFormat.jpg.picture(Self.picture(), quality: 95)
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
        let back = try Self.decoded(bytes)
        #expect(back.width == 32 && back.height == 16)
        // Away from the edge, where JPEG's 8×8 blocks hold one colour.
        let red = Self.channels(back.premultipliedARGB[8 * 32 + 4])
        #expect(red.0 > 240 && red.1 < 16 && red.2 < 16, "\(red)")
        let grey = Self.channels(back.premultipliedARGB[8 * 32 + 27])
        #expect(abs(grey.0 - 127) <= 4 && abs(grey.1 - 127) <= 4 && abs(grey.2 - 127) <= 4, "\(grey)")
    }

    @Test("the quality is the format's own: lower quality, fewer bytes; none given is 90")
    func qualityChangesSize() throws {
        let stage = movingSquareStage()
        let frame = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 0.9, green: 0.95, blue: 1, alpha: 1))
        let low = try OutputFormat.jpg.picture(frame, quality: 20).count
        let high = try OutputFormat.jpg.picture(frame, quality: 100).count
        #expect(low < high)
        #expect(try OutputFormat.jpg.picture(frame) == OutputFormat.jpg.picture(frame, quality: 90))
        #expect(throws: RenderError.self) { try OutputFormat.gif.picture(frame) }
    }

    @Test("--frames as JPEG: frame-0000.jpg, … each a JPEG of its frame; a filmstrip named .jpg is a JPEG")
    func framesAndFilmstrip() throws {
        let dir = temporaryDirectory()
        var outputs = RenderOutputs(
            filmstrip: dir.appendingPathComponent("strip.jpeg"), framesDirectory: dir.appendingPathComponent("frames"))
        outputs.framesFormat = .jpg
        outputs.quality = 70
        _ = try movingSquareStage().render(duration: 0.5, fps: 10, outputs: outputs)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path).sorted()
        #expect(names == (0..<5).map { String(format: "frame-%04d.jpg", $0) })
        let first = Array(try Data(contentsOf: dir.appendingPathComponent("frames/frame-0000.jpg")))
        #expect(try Self.decoded(first).width == 40)
        let strip = Array(try Data(contentsOf: dir.appendingPathComponent("strip.jpeg")))
        #expect(strip.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(throws: RenderError.self) { _ = try FrameFilesSink(directory: dir.appendingPathComponent("gifs"), format: .webp) }
    }

    @Test("the format asked for decides, not the name: .jpg to strip.img is a JPEG, .png to strip.jpg a PNG")
    func formatOverName() throws {
        let dir = temporaryDirectory()
        let jpeg = dir.appendingPathComponent("strip.img"), png = dir.appendingPathComponent("strip.jpg")
        _ = try movingSquareStage().render(duration: 0.3, fps: 10, outputs: RenderOutputs(animation: jpeg, format: .jpg))
        _ = try movingSquareStage().render(duration: 0.3, fps: 10, outputs: RenderOutputs(animation: png, format: .png))
        #expect(Array(try Data(contentsOf: jpeg)).starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(Array(try Data(contentsOf: png)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("a picture wider than JPEG's 65,500 px is refused with its size named")
    func refusesOversizedPicture() {
        let wide = PixelBuffer(width: 65_501, height: 1, premultipliedARGB: [UInt32](repeating: 0xFF00_0000, count: 65_501))
        #expect {
            _ = try JPEGEncoder.encode(wide, quality: 90)
        } throws: { error in
            "\(error)".contains("65501×1")
        }
    }
}
