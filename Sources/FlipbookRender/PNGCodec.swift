import CCairo
import FlipbookCore
import Foundation

/// PNG reading and writing through Cairo.
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
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
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

    /// Reads a PNG into straight RGBA pixels.
    public static func read(_ url: URL) throws -> PixelBuffer {
        guard FileManager.default.fileExists(atPath: url.path) else { throw RenderError.io("no such file: \(url.path)") }
        // Cairo reports a file that is not a PNG as "out of memory"; say what it is.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw RenderError.io("cannot read \(url.path)") }
        let head = handle.readData(ofLength: 8)
        try? handle.close()
        guard Array(head) == signature else { throw RenderError.io("\(url.path) is not a PNG file") }
        guard let surface = cairo_image_surface_create_from_png(url.path) else { throw RenderError.io("cannot read \(url.path)") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.io("cannot read \(url.path) as PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        // Convert whatever format Cairo chose to ARGB32 first.
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        guard let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else { throw RenderError.cairo("surface") }
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
