import CCairo
import FlipbookCore
import Foundation

/// Cairo ARGB32 surfaces made from and copied into pixel buffers and images.
enum CairoSurface {
    /// A `width`×`height` canvas painted `grey` (1: white), handed to `draw`, read back as
    /// pixels: the set-up every composed picture (filmstrips, grids, plots) shares. Cairo draws
    /// straight into the pixels' own array (no copy of a large strip or grid afterwards), filled
    /// first with the word Cairo paints for `grey`.
    static func drawing(width: Int, height: Int, grey: Double, _ draw: (OpaquePointer) throws -> Void) throws -> PixelBuffer {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw RenderError.cairo("cannot create a \(width)×\(height) surface")
        }
        let background = try paintedWord(grey: grey)
        let words = try [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            buffer.baseAddress!.initialize(repeating: background, count: width * height)
            initialized = width * height
            guard
                let surface = cairo_image_surface_create_for_data(
                    UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(width), Int32(height), Int32(width * 4)),
                cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
            else { throw RenderError.cairo("cannot create a \(width)×\(height) surface") }
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            try draw(cr)
            cairo_surface_flush(surface)
        }
        return PixelBuffer(width: width, height: height, premultipliedARGB: words)
    }

    /// The ARGB32 word Cairo paints for an opaque `grey`.
    private static func paintedWord(grey: Double) throws -> UInt32 {
        var word: UInt32 = 0
        try withUnsafeMutableBytes(of: &word) { bytes in
            guard
                let surface = cairo_image_surface_create_for_data(
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, 1, 1, 4)
            else { throw RenderError.cairo("cannot create a 1×1 surface") }
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)!
            cairo_set_source_rgb(cr, grey, grey, grey)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
        }
        return word
    }

    /// An ARGB32 surface holding `image` (premultiplied on the way in; PNG, JPEG and WebP data
    /// decoded). Nil when the data cannot be decoded: the layer then draws no contents.
    static func make(from image: LayerImage) -> OpaquePointer? {
        if let data = image.encodedData {
            switch image.encoding {
            case .png?: return decodePNG(data)
            case .jpeg?: return decodeJPEG(data, width: image.width, height: image.height)
            case .webp?: return decodeWebP(data, width: image.width, height: image.height)
            case nil: return nil
            }
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        image.rgba.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = data + y * stride
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(src[i + 3])
                    let r = (UInt32(src[i]) * a + 127) / 255, g = (UInt32(src[i + 1]) * a + 127) / 255
                    let b = (UInt32(src[i + 2]) * a + 127) / 255
                    row.advanced(by: x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                        $0.pointee = (a << 24) | (r << 16) | (g << 8) | b
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Decodes PNG bytes with Cairo's stream reader.
    static func decodePNG(_ data: Data) -> OpaquePointer? {
        final class Reader {
            let data: Data
            var offset = 0
            init(_ d: Data) { data = d }
        }
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) { () -> OpaquePointer? in
            let context = Unmanaged.passUnretained(reader).toOpaque()
            return cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    let r = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                    let n = Int(length)
                    guard r.offset + n <= r.data.count, let buffer else { return CAIRO_STATUS_READ_ERROR }
                    r.data.copyBytes(to: buffer, from: r.data.startIndex + r.offset..<r.data.startIndex + r.offset + n)
                    r.offset += n
                    return CAIRO_STATUS_SUCCESS
                }, context)
        }
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }

    /// The pixels of an ARGB32 surface, copied row by row (no conversion: both premultiplied);
    /// with `opaque`, of an RGB24 surface, whose unused top byte becomes an opaque alpha.
    static func pixels(of surface: OpaquePointer, opaque: Bool = false) -> PixelBuffer {
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let words = [UInt32](unsafeUninitializedCapacity: w * h) { dst, initialized in
            let out = UnsafeMutableRawPointer(dst.baseAddress!)
            for y in 0..<h { out.advanced(by: y * w * 4).copyMemory(from: data + y * stride, byteCount: w * 4) }
            // RGB24's top byte is unused: an opaque surface's words get their alpha here.
            if opaque { for i in 0..<w * h { dst[i] |= 0xFF00_0000 } }
            initialized = w * h
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }

    /// A surface holding a copy of `pixels`.
    static func make(from pixels: PixelBuffer) -> OpaquePointer? {
        guard pixels.width > 0, pixels.height > 0, pixels.premultipliedARGB.count == pixels.width * pixels.height else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        pixels.premultipliedARGB.withUnsafeBytes { src in
            for y in 0..<pixels.height {
                (data + y * stride).copyMemory(from: src.baseAddress! + y * pixels.width * 4, byteCount: pixels.width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Runs `body` with a Cairo surface drawing straight into `words` (width × height
    /// premultiplied ARGB words); the surface is finished before this returns.
    static func withSurface<T>(
        over words: inout [UInt32], width: Int, height: Int,
        _ body: (OpaquePointer) throws -> T
    ) throws -> T {
        try words.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            guard
                let surface = cairo_image_surface_create_for_data(base, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4)),
                cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
            else {
                throw RenderError.cairo("cannot create a \(width)×\(height) surface")
            }
            defer {
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
            }
            return try body(surface)
        }
    }
}
