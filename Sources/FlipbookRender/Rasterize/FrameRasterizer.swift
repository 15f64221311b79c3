import CCairo
import FlipbookCore
import Foundation

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
            throw RenderError.invalidArgument(
                "canvas of \(snapshot.size.width)×\(snapshot.size.height) pt at \(snapshot.scale)x is outside 1…\(Limits.maximumStagePixels) px"
            )
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
