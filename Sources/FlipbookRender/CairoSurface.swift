import CCairo
import FlipbookCore
import Foundation

/// Cairo ARGB32 surfaces made from and copied into pixel buffers and images.
enum CairoSurface {
    /// An ARGB32 surface holding `image` (premultiplied on the way in; PNG data decoded).
    static func make(from image: LayerImage) -> OpaquePointer? {
        if let png = image.pngData { return decodePNG(png) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(surface); return nil }
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
        final class Reader { let data: Data; var offset = 0; init(_ d: Data) { data = d } }
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) { () -> OpaquePointer? in
            let context = Unmanaged.passUnretained(reader).toOpaque()
            return cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let r = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let n = Int(length)
                guard r.offset + n <= r.data.count, let buffer else { return CAIRO_STATUS_READ_ERROR }
                r.data.copyBytes(to: buffer, from: r.data.startIndex + r.offset..<r.data.startIndex + r.offset + n)
                r.offset += n
                return CAIRO_STATUS_SUCCESS
            }, context)
        }
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(surface); return nil }
        return surface
    }

    /// The pixels of an ARGB32 surface, copied row by row (no conversion: both premultiplied).
    static func pixels(of surface: OpaquePointer) -> PixelBuffer {
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let words = [UInt32](unsafeUninitializedCapacity: w * h) { dst, initialized in
            let out = UnsafeMutableRawPointer(dst.baseAddress!)
            for y in 0..<h { out.advanced(by: y * w * 4).copyMemory(from: data + y * stride, byteCount: w * 4) }
            initialized = w * h
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }

    /// A surface holding a copy of `pixels`.
    static func make(from pixels: PixelBuffer) -> OpaquePointer? {
        guard pixels.width > 0, pixels.height > 0, pixels.premultipliedARGB.count == pixels.width * pixels.height else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
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
    static func withSurface<T>(over words: inout [UInt32], width: Int, height: Int,
                               _ body: (OpaquePointer) throws -> T) throws -> T {
        try words.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            guard let surface = cairo_image_surface_create_for_data(base, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4)),
                  cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                throw RenderError.cairo("cannot create a \(width)×\(height) surface")
            }
            defer { cairo_surface_finish(surface); cairo_surface_destroy(surface) }
            return try body(surface)
        }
    }
}

/// Draws snapshots into pixels.
public enum FrameRasterizer {
    /// Rasterizes `snapshot` at its scale over `background` (nil: transparent).
    public static func rasterize(_ snapshot: FrameSnapshot, background: RGBA? = nil) throws -> PixelBuffer {
        try rasterize(snapshot, background: background, reusing: nil)
    }

    /// Rasterizes into a buffer from `pool` when it has one (see `FrameBufferPool`).
    static func rasterize(_ snapshot: FrameSnapshot, background: RGBA?, reusing pool: FrameBufferPool?) throws -> PixelBuffer {
        guard let w = boundedInt((snapshot.size.width * snapshot.scale).rounded()),
              let h = boundedInt((snapshot.size.height * snapshot.scale).rounded()),
              w > 0, h > 0, w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels else {
            throw RenderError.invalidArgument("canvas of \(snapshot.size.width)×\(snapshot.size.height) pt at \(snapshot.scale)x is outside 1…\(Limits.maximumStagePixels) px")
        }
        // The background is written as words directly; Cairo then draws into the same memory.
        let fill = background.map(premultipliedWord) ?? 0
        var words = pool?.take(count: w * h, filledWith: fill) ?? [UInt32](repeating: fill, count: w * h)
        try CairoSurface.withSurface(over: &words, width: w, height: h) { surface in
            guard let cr = cairo_create(surface) else { throw RenderError.cairo("cannot create a context") }
            defer { cairo_destroy(cr) }
            cairo_scale(cr, snapshot.scale, snapshot.scale)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
            // The root layer sits at its position in canvas space.
            LayerPainter(cr: cr).draw(snapshot.root, parent: nil)
            let status = cairo_status(cr)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
            }
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }

    /// A colour as the premultiplied ARGB32 word `cairo_paint` would write: Cairo turns each
    /// premultiplied component into 16 bits (× 65535, rounded) and pixman keeps the top byte.
    static func premultipliedWord(_ c: RGBA) -> UInt32 {
        let a = max(0, min(1, c.alpha.isFinite ? c.alpha : 0))
        func byte(_ v: Double) -> UInt32 {
            let v = v.isFinite ? max(0, min(1, v)) : 0
            return UInt32(UInt16(v * 65535 + 0.5) >> 8)
        }
        return byte(a) << 24 | byte(c.red * a) << 16 | byte(c.green * a) << 8 | byte(c.blue * a)
    }


    /// Rasterizes several snapshots on up to `threads` threads; results are in input order.
    public static func rasterize(_ snapshots: [FrameSnapshot], background: RGBA?, threads: Int) throws -> [PixelBuffer] {
        try rasterize(snapshots, background: background, threads: threads, reusing: nil)
    }

    static func rasterize(_ snapshots: [FrameSnapshot], background: RGBA?, threads: Int,
                          reusing pool: FrameBufferPool?) throws -> [PixelBuffer] {
        if threads <= 1 || snapshots.count <= 1 {
            return try snapshots.map { try rasterize($0, background: background, reusing: pool) }
        }
        let results = ParallelResults<PixelBuffer>(count: snapshots.count)
        DispatchQueue.concurrentPerform(iterations: snapshots.count) { i in
            results.set(i, Result { try rasterize(snapshots[i], background: background, reusing: pool) })
        }
        return try results.values()
    }
}

/// Slots filled from several threads, read once all are done.
final class ParallelResults<Value: Sendable>: @unchecked Sendable {
    private var slots: [Result<Value, any Error>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ r: Result<Value, any Error>) {
        lock.lock(); slots[i] = r; lock.unlock()
    }

    /// The values in order; the first error (by index) is thrown.
    func values() throws -> [Value] {
        lock.lock(); defer { lock.unlock() }
        return try slots.map { try $0!.get() }
    }
}

/// Frame buffers handed back once a frame is written, so the next frame draws into memory
/// that is already mapped: allocating 4 MB per frame afresh cost a page fault every 4 KB
/// (80,000 faults for the 120-frame wave benchmark) because freed frames went back to the
/// kernel. A buffer still referenced elsewhere is copied on take (arrays are copy-on-write).
final class FrameBufferPool: @unchecked Sendable {
    private var free: [[UInt32]] = []
    private let lock = NSLock()
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func take(count: Int, filledWith value: UInt32) -> [UInt32]? {
        lock.lock()
        var buffer = free.popLast()
        lock.unlock()
        guard buffer?.count == count else { return nil }
        buffer!.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        return buffer
    }

    func give(_ buffer: [UInt32]) {
        lock.lock()
        if free.count < capacity { free.append(buffer) }
        lock.unlock()
    }
}
