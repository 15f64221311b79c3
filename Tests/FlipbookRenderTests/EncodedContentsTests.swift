import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Layer contents from JPEG and WebP bytes (as UIImage(data:) takes them on iOS), besides PNG:
/// the header gives the size, the renderer decodes when it draws.
@Suite("JPEG and WebP contents")
struct EncodedContentsTests {
    /// 16×8, left half red, right half blue (Pillow, quality 95).
    static let jpeg = Data(
        base64Encoded:
            "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD4vr5Door+qP2Zf/NV/wDcj/7uH9qftDP+aZ/7nf8A3UP/2Q=="
    )!
    /// The same picture as an Adobe CMYK JPEG (inverted inks, as Photoshop writes them).
    static let cmykJPEG = Data(
        base64Encoded:
            "/9j/7gAOQWRvYmUAZAAAAAAA/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcGBggLCAkKCgoKCgYICwwLCgwJCgoK/8AAFAgACAAQBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4EQwBNAFkASwAAPwD9/K/n/r+f+v38r+AOiv7/ACiv/9k="
    )!
    /// 16×8 lossless WebP: left half opaque green, right half transparent.
    static let webp = Data(base64Encoded: "UklGRiQAAABXRUJQVlA4TBcAAAAvD8ABEA8w/xHzHwyxYDJ/6c4UIvofOQA=")!
    /// 16×8 lossy WebP of the red and blue picture.
    static let lossyWebP = Data(
        base64Encoded: "UklGRkYAAABXRUJQVlA4IDoAAABQAgCdASoQAAgAAIAIJaACdLoB+AH6gf0AB5AA/v69f//4VY//1y7AHENb/7rP//3WbRBnx/8rgAAA")!

    private func draw(_ data: Data) throws -> PixelBuffer {
        let image = try #require(LayerImage(encodedData: data))
        return try render(CGSize(width: 16, height: 8)) { stage in
            let layer = CALayer()
            layer.contents = image
            layer.frame = CGRect(x: 0, y: 0, width: 16, height: 8)
            stage.rootLayer.addSublayer(layer)
        }
    }

    private func near(_ got: [Int], _ want: [Int], tolerance: Int = 24) -> Bool {
        zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("the header gives each format and its size without decoding")
    func headers() throws {
        for (data, encoding) in [
            (Self.jpeg, ImageHeader.Encoding.jpeg), (Self.cmykJPEG, .jpeg), (Self.webp, .webp), (Self.lossyWebP, .webp)
        ] {
            let header = try #require(ImageHeader(data))
            #expect(header.encoding == encoding && header.width == 16 && header.height == 8)
        }
        #expect(ImageHeader(Data("GIF89a".utf8)) == nil)
        #expect(ImageHeader(Self.jpeg.prefix(100)) == nil, "a JPEG cut before its frame header has no size")
    }

    @Test("a JPEG draws its colours where they are")
    func jpegContents() throws {
        let px = try draw(Self.jpeg)
        #expect(near(px.rgb(2, 4), [255, 0, 0]), "\(px.rgb(2, 4))")
        #expect(near(px.rgb(13, 4), [0, 0, 255]), "\(px.rgb(13, 4))")
    }

    @Test("a CMYK JPEG (inverted inks) draws the same colours")
    func cmykContents() throws {
        let px = try draw(Self.cmykJPEG)
        #expect(near(px.rgb(2, 4), [255, 0, 0]), "\(px.rgb(2, 4))")
        #expect(near(px.rgb(13, 4), [0, 0, 255]), "\(px.rgb(13, 4))")
    }

    @Test("a WebP draws its colours and its transparency")
    func webpContents() throws {
        let px = try draw(Self.webp)
        #expect(px.rgb(2, 4) == [0, 255, 0])
        #expect(px.isBlank(x: 9, y: 0, width: 7, height: 8), "the transparent half shows the background")
        let lossy = try draw(Self.lossyWebP)
        #expect(near(lossy.rgb(2, 4), [255, 0, 0]) && near(lossy.rgb(13, 4), [0, 0, 255]))
    }

    @Test("a JPEG whose data stops early, or is garbage after its header, draws without crashing")
    func damagedJPEG() throws {
        // libjpeg fills what it cannot read with grey (a warning), or fails (the layer shows
        // nothing); either way the frame is drawn.
        let cut = try draw(Self.jpeg.prefix(Self.jpeg.count / 2))
        #expect(cut.width == 16 && cut.height == 8)
        var garbage = Self.jpeg
        for i in 200..<garbage.count { garbage[i] = UInt8(truncatingIfNeeded: i * 37) }
        let damaged = try draw(garbage)
        #expect(damaged.width == 16 && damaged.height == 8)
    }

    @Test("UIImage(data:) takes JPEG and WebP bytes, with the scale")
    func uiImageData() throws {
        let image = try #require(UIImage(data: Self.jpeg, scale: 2))
        #expect(image.size == CGSize(width: 8, height: 4))
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
    }
}
