import Foundation

/// How a bitmap's pixels hold alpha (Core Graphics' names and values).
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

extension CGContext {
    /// A bitmap context of `width × height` pixels, y up from the bottom-left corner as in
    /// Core Graphics; 8 bits a component in `space` (grey or RGB) with the alpha `bitmapInfo`
    /// names. With `data`, `makeImage()` and `flush()` write the pixels drawn so far into it
    /// (rows of `bytesPerRow`); nil for sizes past the limits or layouts other than these.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        guard width > 0, height > 0, width <= Limits.maximumStagePixels, height <= Limits.maximumStagePixels,
            width * height <= Limits.maximumImagePixels, bitsPerComponent == 8,
            let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & 0x1F)
        else { return nil }
        let layout = BitmapLayout(gray: space.model == .monochrome, alpha: alpha)
        guard bytesPerRow == 0 || bytesPerRow >= width * layout.bytesPerPixel else { return nil }
        self.init(bitmapWidth: width, height: height)
        bitmap = BitmapTarget(
            data: data, layout: layout, bytesPerRow: bytesPerRow == 0 ? width * layout.bytesPerPixel : bytesPerRow)
    }

    /// Bits in each colour component (8 for a bitmap context; 0 for others).
    public var bitsPerComponent: Int { bitmap == nil ? 0 : 8 }
    /// Bytes in each row of a bitmap context (0 for others).
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }

    /// The bitmap drawn so far as an image (nil for a context that is no bitmap, or when no
    /// renderer is linked); written into the context's data too when it has some.
    public func makeImage() -> LayerImage? {
        guard let bitmap, let image = rasterizedBitmap(bitmap.layout) else { return nil }
        bitmap.write(image, width: width, height: height)
        return image
    }

    /// Writes the pixels drawn so far into the bitmap's data.
    public func flush() { _ = makeImage() }

    /// Later drawing shows only through `mask`'s grey values (white shows, black hides),
    /// the mask scaled into `rect`, until the state this was called in is restored.
    public func clip(to rect: CGRect, mask: LayerImage) {
        narrowClip(to: rect)
        appendCommand(.clipToMask(mask, rect))
    }

    /// The recording played into pixels, y up; grey for a grey bitmap, opaque black below the
    /// drawing for one without alpha, as Core Graphics starts them.
    private func rasterizedBitmap(_ layout: BitmapLayout) -> LayerImage? {
        let flip = DrawingCommand.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(height)))
        guard
            let drawn = ImageRasterization.rasterizer?.rasterize(
                [flip] + commands, pixelWidth: width, pixelHeight: height, scale: 1, opaque: !layout.hasAlpha)
        else { return nil }
        guard layout.gray else { return drawn }
        var pixels = drawn.rgba
        var i = 0
        while i + 3 < pixels.count {
            let luma = (0.2126 * Double(pixels[i]) + 0.7152 * Double(pixels[i + 1]) + 0.0722 * Double(pixels[i + 2])).rounded()
            let value = UInt8(min(255, luma))
            pixels[i] = value
            pixels[i + 1] = value
            pixels[i + 2] = value
            i += 4
        }
        return LayerImage(width: width, height: height, rgba: pixels)
    }
}

/// A bitmap context's pixel layout.
struct BitmapLayout {
    var gray: Bool
    var alpha: CGImageAlphaInfo

    var hasAlpha: Bool { ![.none, .noneSkipLast, .noneSkipFirst].contains(alpha) }
    var bytesPerPixel: Int {
        if alpha == .alphaOnly { return 1 }
        let colour = gray ? 1 : 3
        return colour + (alpha == .none ? 0 : 1)
    }
}

/// Where a bitmap context writes its pixels, when its caller gave memory for them.
final class BitmapTarget {
    let data: UnsafeMutableRawPointer?
    let layout: BitmapLayout
    let bytesPerRow: Int

    init(data: UnsafeMutableRawPointer?, layout: BitmapLayout, bytesPerRow: Int) {
        self.data = data
        self.layout = layout
        self.bytesPerRow = bytesPerRow
    }

    /// `image`'s straight RGBA pixels in the caller's layout (premultiplied where it says).
    func write(_ image: LayerImage, width: Int, height: Int) {
        guard let data, image.rgba.count == width * height * 4 else { return }
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        let premultiplied = [.premultipliedLast, .premultipliedFirst].contains(layout.alpha)
        let alphaFirst = [.premultipliedFirst, .first, .noneSkipFirst].contains(layout.alpha)
        for y in 0..<height {
            let row = bytes + y * bytesPerRow
            for x in 0..<width {
                let p = (y * width + x) * 4
                let a = image.rgba[p + 3]
                func channel(_ c: UInt8) -> UInt8 { premultiplied ? UInt8((Int(c) * Int(a) + 127) / 255) : c }
                let out = row + x * layout.bytesPerPixel
                if layout.alpha == .alphaOnly {
                    out[0] = a
                    continue
                }
                var colour =
                    layout.gray
                    ? [channel(image.rgba[p])] : [channel(image.rgba[p]), channel(image.rgba[p + 1]), channel(image.rgba[p + 2])]
                if layout.alpha != .none { colour.insert(layout.hasAlpha ? a : 255, at: alphaFirst ? 0 : colour.count) }
                for (i, value) in colour.enumerated() { out[i] = value }
            }
        }
    }
}
