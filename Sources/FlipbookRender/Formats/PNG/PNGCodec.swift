import CCairo
import FlipbookCore
import Foundation

/// PNG reading (Cairo's decoder, from memory) and writing (`PNGEncoder`).
public enum PNGCodec {
    /// Writes `pixels` as a PNG, atomically (zlib at `PNGEncoder.defaultLevel`).
    public static func write(_ pixels: PixelBuffer, to url: URL, inputs: [URL] = []) throws {
        try OutputFile.write(try PNGEncoder.encode(pixels), to: url, inputs: inputs)
    }

    /// PNG file bytes for `pixels` at a zlib `level` (0…9).
    public static func encode(_ pixels: PixelBuffer, level: Int32 = PNGEncoder.defaultLevel) throws -> [UInt8] {
        try PNGEncoder.encode(pixels, level: max(0, min(9, level)))
    }

    /// Writes through Cairo's own PNG writer (libpng, adaptive filters, zlib level 6): the
    /// reference the benchmark compares `write` against.
    public static func writeThroughCairo(_ pixels: PixelBuffer, to url: URL) throws {
        guard let surface = CairoSurface.make(from: pixels) else { throw RenderError.cairo("cannot create a surface") }
        defer { cairo_surface_destroy(surface) }
        try write(surface: surface, to: url)
    }

    static func write(surface: OpaquePointer, to url: URL) throws {
        // Cairo encodes into memory; the bytes then go out through the one output path.
        final class Collected { var bytes: [UInt8] = [] }
        let collected = Collected()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Collected>.fromOpaque(closure).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(collected).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.io("cannot encode \(url.path): \(String(cString: cairo_status_to_string(status)))")
        }
        try OutputFile.write(collected.bytes, to: url)
    }

    /// Reads a PNG into straight RGBA pixels. Only a regular file is read (a golden store
    /// passes `followingLinks: false`), and its header's size is checked against
    /// `Limits.maximumStagePixels` a side and `Limits.maximumImagePixels` before a pixel is
    /// decoded, so a small file declaring a huge image costs nothing.
    public static func read(_ url: URL, followingLinks: Bool = true) throws -> PixelBuffer {
        let bytes = try InputFile.read(url.path, followingLinks: followingLinks)
        return try decode(bytes, name: url.path)
    }

    /// The width and height a PNG's header declares (the IHDR chunk, which must come first).
    public static func declaredSize(_ bytes: [UInt8], name: String) throws -> (width: Int, height: Int) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw RenderError.io("\(name) is not a PNG file") }
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw RenderError.io("\(name) is not a valid PNG: its header (IHDR) is missing or truncated")
        }
        func word(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Decodes PNG file bytes (see `read`).
    public static func decode(_ bytes: [UInt8], name: String) throws -> PixelBuffer {
        let (w, h) = try declaredSize(bytes, name: name)
        guard w > 0, h > 0 else { throw RenderError.io("\(name) is not a valid PNG: it declares a \(w)×\(h) image") }
        guard w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels, w * h <= Limits.maximumImagePixels else {
            throw RenderError.io(
                "\(name) declares a \(w)×\(h) image; at most \(Limits.maximumStagePixels) px a side and "
                    + "\(Limits.maximumImagePixels) pixels are decoded")
        }
        // The kind this tool writes reads fastest here; every other kind, and every error, is Cairo's.
        if let pixels = PNGDecoder.decode(bytes) { return pixels }
        return try decodeThroughCairo(bytes, name: name)
    }

    /// `decode` through Cairo's reader (libpng), whatever the PNG.
    static func decodeThroughCairo(_ bytes: [UInt8], name: String) throws -> PixelBuffer {
        // Cairo reads through a callback from memory: the file was read (and checked) once.
        final class Source {
            let bytes: [UInt8]
            var offset = 0
            init(_ b: [UInt8]) { bytes = b }
        }
        let source = Source(bytes)
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let s = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                let n = Int(length)
                guard s.offset + n <= s.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                s.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + s.offset, count: n) }
                s.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        guard let surface else { throw RenderError.io("cannot read \(name)") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo says "out of memory" for a bad checksum or corrupt compressed data.
            if status == CAIRO_STATUS_NO_MEMORY || status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_PNG_ERROR {
                throw RenderError.io("\(name) is not a valid PNG: its data is corrupt or truncated (a checksum or the compressed pixels)")
            }
            throw RenderError.io("cannot read \(name) as PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        // Cairo reads 8-bit PNGs as ARGB32 (premultiplied, ours) or RGB24 (opaque): copied as
        // they are. Any other format it chose is converted by painting it onto ARGB32.
        switch cairo_image_surface_get_format(surface) {
        case CAIRO_FORMAT_ARGB32: return CairoSurface.pixels(of: surface)
        case CAIRO_FORMAT_RGB24: return CairoSurface.pixels(of: surface, opaque: true)
        default: break
        }
        let sw = cairo_image_surface_get_width(surface), sh = cairo_image_surface_get_height(surface)
        guard let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, sw, sh) else { throw RenderError.cairo("surface") }
        defer { cairo_surface_destroy(argb) }
        let cr = cairo_create(argb)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        return CairoSurface.pixels(of: argb)
    }

    /// Reads a PNG as a layer image (for `contents`).
    public static func readImage(_ url: URL, scale: Double = 1) throws -> LayerImage {
        let p = try read(url)
        return LayerImage(width: p.width, height: p.height, rgba: p.rgba, scale: scale)
    }
}
