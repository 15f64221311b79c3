import CJPEG
import FlipbookCore
import Foundation

/// A picture as a baseline JPEG through libjpeg (loaded on first use). JPEG holds no alpha:
/// translucent pixels are composited over white, as a GIF's are.
public enum JPEGEncoder {
    /// The quality when none is given: libjpeg's own default (75) blurs thin UI lines and text.
    public static let defaultQuality = 90

    /// JPEG file bytes for `pixels` at `quality` (1…100; values outside are clamped).
    public static func encode(_ pixels: PixelBuffer, quality: Int = defaultQuality) throws -> [UInt8] {
        guard pixels.width > 0, pixels.height > 0, pixels.width <= 65500, pixels.height <= 65500 else {
            throw RenderError.invalidArgument("a JPEG holds 1…65500 px a side; the picture is \(pixels.width)×\(pixels.height)")
        }
        let opaque = pixels.premultipliedARGB.map { 0xFF00_0000 | FrameDelta.overWhite($0) }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = opaque.withUnsafeBytes { bytes in
            flipbook_jpeg_encode(
                bytes.bindMemory(to: UInt8.self).baseAddress, pixels.width * 4, Int32(pixels.width), Int32(pixels.height),
                Int32(max(1, min(100, quality))), &output, &length, &error, error.count)
        }
        defer { free(output) }
        guard status == 0, let output else {
            throw RenderError.io(
                "JPEG encoding failed: \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
