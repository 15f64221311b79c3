import Foundation

/// A rendered frame: straight (not premultiplied) RGBA bytes, rows top to bottom.
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width; self.height = height; self.rgba = rgba
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}

/// A Double as an Int when it is finite and within ±limit (bad input must not trap).
func boundedInt(_ v: Double, limit: Int = 1 << 30) -> Int? {
    guard v.isFinite, abs(v) <= Double(limit) else { return nil }
    return Int(v)
}
