import Testing

@testable import FlipbookRender

/// PixelBuffer.cropped: the rectangle's pixels, clipped to the image; nil when nothing is left.
@Suite("cropping a pixel buffer")
struct PixelBufferCropTests {
    static let image = PixelBuffer(width: 7, height: 5, premultipliedARGB: (0..<35).map { UInt32($0) | 0xFF00_0000 })

    /// The pixel at (x, y) of `image`: its index, as the words were made.
    static func word(_ x: Int, _ y: Int) -> UInt32 { UInt32(y * 7 + x) | 0xFF00_0000 }

    @Test(
        "inside, across each edge and over the whole: the pixels the rectangle covers, clipped",
        arguments: [
            (1, 1, 3, 2), (-2, -1, 4, 3), (5, 3, 6, 6), (-3, -3, 20, 20), (0, 4, 7, 1), (6, 0, 1, 5)
        ])
    func clipped(x: Int, y: Int, width: Int, height: Int) throws {
        let got = try #require(Self.image.cropped(x: x, y: y, width: width, height: height))
        let x0 = max(0, x), y0 = max(0, y), x1 = min(7, x + width), y1 = min(5, y + height)
        #expect(got.width == x1 - x0 && got.height == y1 - y0)
        #expect(got.premultipliedARGB == (y0..<y1).flatMap { row in (x0..<x1).map { Self.word($0, row) } })
    }

    @Test("beside the image, empty, or from a buffer short of its size: nil")
    func empty() {
        #expect(Self.image.cropped(x: 7, y: 0, width: 3, height: 3) == nil)
        #expect(Self.image.cropped(x: -4, y: 0, width: 4, height: 3) == nil)
        #expect(Self.image.cropped(x: 1, y: 1, width: 0, height: 3) == nil)
        #expect(Self.image.cropped(x: 1, y: 5, width: 2, height: 1) == nil)
        // A buffer holding fewer words than its size says: nothing, not a read past its end.
        let short = PixelBuffer(width: 7, height: 5, premultipliedARGB: [UInt32](repeating: 0, count: 20))
        #expect(short.cropped(x: 0, y: 0, width: 7, height: 5) == nil)
    }
}
