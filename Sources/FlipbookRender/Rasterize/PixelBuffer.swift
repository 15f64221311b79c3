import Foundation

/// A rendered frame, kept in Cairo's own format so no pass converts it on the way out:
/// premultiplied ARGB words (`CAIRO_FORMAT_ARGB32`, alpha in the top byte), rows top to
/// bottom with no padding. Straight RGBA is available through `rgba` and `pixel(x:y:)`.
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Premultiplied 0xAARRGGBB words, `width × height` of them.
    public var premultipliedARGB: [UInt32]

    public init(width: Int, height: Int, premultipliedARGB: [UInt32]) {
        self.width = width
        self.height = height
        self.premultipliedARGB = premultipliedARGB
    }

    /// From straight (not premultiplied) RGBA bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        premultipliedARGB = Self.premultiply(rgba)
    }

    /// Straight RGBA bytes, four per pixel (converted on each access; setting converts back).
    public var rgba: [UInt8] {
        get { Self.unpremultiply(premultipliedARGB) }
        set { premultipliedARGB = Self.premultiply(newValue) }
    }

    /// The pixel at (x, y) as straight (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        Self.straight(premultipliedARGB[y * width + x])
    }

    /// One premultiplied word as straight components.
    @inline(__always)
    @inlinable public static func straight(_ v: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = v >> 24
        if a == 255 { return (UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF), 255) }
        if a == 0 { return (0, 0, 0, 0) }
        func un(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        return (un(v >> 16 & 0xFF), un(v >> 8 & 0xFF), un(v & 0xFF), UInt8(a))
    }

    /// One straight colour as a premultiplied word.
    @inline(__always)
    static func premultiplied(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        let a32 = UInt32(a)
        func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a32 + 127) / 255 }
        return a32 << 24 | pre(r) << 16 | pre(g) << 8 | pre(b)
    }

    static func premultiply(_ rgba: [UInt8]) -> [UInt32] {
        let n = rgba.count / 4
        return [UInt32](unsafeUninitializedCapacity: n) { dst, initialized in
            rgba.withUnsafeBufferPointer { src in
                for i in 0..<n {
                    dst[i] = premultiplied(r: src[i * 4], g: src[i * 4 + 1], b: src[i * 4 + 2], a: src[i * 4 + 3])
                }
            }
            initialized = n
        }
    }

    static func unpremultiply(_ words: [UInt32]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: words.count * 4) { dst, initialized in
            for (i, v) in words.enumerated() {
                let p = straight(v)
                dst[i * 4] = p.r
                dst[i * 4 + 1] = p.g
                dst[i * 4 + 2] = p.b
                dst[i * 4 + 3] = p.a
            }
            initialized = words.count * 4
        }
    }
}

/// A Double as an Int when it is finite and within ±limit (bad input must not trap).
func boundedInt(_ v: Double, limit: Int = 1 << 30) -> Int? {
    guard v.isFinite, abs(v) <= Double(limit) else { return nil }
    return Int(v)
}

extension PixelBuffer {
    /// The part of the image in the rectangle, clipped to the image (nil when nothing is left).
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> PixelBuffer? {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        // The rows are copied through pointers: a buffer short of its size has nothing to give.
        guard x1 > x0, y1 > y0, premultipliedARGB.count >= width * height else { return nil }
        let w = x1 - x0, h = y1 - y0
        // Row by row through pointers: slicing the array per row retained it every row.
        let words = premultipliedARGB.withUnsafeBufferPointer { source in
            [UInt32](unsafeUninitializedCapacity: w * h) { target, count in
                for row in 0..<h {
                    (target.baseAddress! + row * w).initialize(from: source.baseAddress! + (y0 + row) * width + x0, count: w)
                }
                count = w * h
            }
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }
}
