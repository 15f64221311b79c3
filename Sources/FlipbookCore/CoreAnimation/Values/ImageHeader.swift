import Foundation

/// The format and pixel size an encoded image's header declares, read without decoding: layer
/// contents keep their bytes and the renderer decodes them when drawn.
public struct ImageHeader: Equatable, Sendable {
    /// The encodings layer contents take, as iOS's `UIImage(data:)` reads them.
    public enum Encoding: String, Sendable {
        case png, jpeg, webp
    }

    public let encoding: Encoding
    public let width: Int
    public let height: Int

    /// Reads the header of PNG, JPEG or WebP bytes; nil for anything else, a truncated header
    /// or a zero size.
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        guard let (encoding, width, height) = Self.png(bytes) ?? Self.webp(bytes) ?? Self.jpeg(bytes), width > 0, height > 0 else {
            return nil
        }
        self.encoding = encoding
        self.width = width
        self.height = height
    }

    private static func bigEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
        b[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
        b[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// PNG: the signature, then IHDR's width and height.
    private static func png(_ b: [UInt8]) -> (Encoding, Int, Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard b.count >= 24, Array(b.prefix(8)) == signature else { return nil }
        return (.png, bigEndian(b, 16, 4), bigEndian(b, 20, 4))
    }

    /// JPEG: the segments after SOI up to the first start-of-frame marker (SOF0…SOF15 but for
    /// DHT, JPG and DAC), which holds the height and width. The scan is bounded to 64 KB of
    /// header; a JPEG whose frame header comes later (huge EXIF blocks) is not recognised.
    private static func jpeg(_ b: [UInt8]) -> (Encoding, Int, Int)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var at = 2
        while at + 9 <= b.count {
            guard b[at] == 0xFF else { return nil }
            let marker = b[at + 1]
            if marker == 0xFF {
                at += 1
                continue
            }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (.jpeg, bigEndian(b, at + 7, 2), bigEndian(b, at + 5, 2))
            }
            let standalone = marker == 0x01 || (0xD0...0xD7).contains(marker)
            at += standalone ? 2 : 2 + bigEndian(b, at + 2, 2)
        }
        return nil
    }

    /// WebP: RIFF…WEBP, then a lossy (VP8), lossless (VP8L) or extended (VP8X) first chunk.
    private static func webp(_ b: [UInt8]) -> (Encoding, Int, Int)? {
        guard b.count >= 30, b[0..<4] == [0x52, 0x49, 0x46, 0x46], b[8..<12] == [0x57, 0x45, 0x42, 0x50] else { return nil }
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8 ":
            return (.webp, littleEndian(b, 26, 2) & 0x3FFF, littleEndian(b, 28, 2) & 0x3FFF)
        case "VP8L":
            let bits = littleEndian(b, 21, 4)
            return (.webp, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (.webp, littleEndian(b, 24, 3) + 1, littleEndian(b, 27, 3) + 1)
        default:
            return nil
        }
    }
}
