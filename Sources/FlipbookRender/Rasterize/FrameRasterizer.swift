import CCairo
import FlipbookCore
import Foundation

/// Draws snapshots into pixels.
public enum FrameRasterizer {
    /// Rasterizes `snapshot` at its scale over `background` (nil: transparent); the per-frame
    /// bounds it runs into (`FrameWork`) are recorded in `limits`.
    public static func rasterize(_ snapshot: FrameSnapshot, background: RGBA? = nil, limits: DrawLimitLog? = nil) throws -> PixelBuffer {
        let (w, h) = try pixelSize(of: snapshot)
        var words = [UInt32](repeating: 0, count: w * h)
        try redraw(snapshot, rows: 0..<h, in: &words, width: w, background: background, limits: limits)
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }

    /// The canvas size in pixels, checked.
    static func pixelSize(of snapshot: FrameSnapshot) throws -> (width: Int, height: Int) {
        guard let w = boundedInt((snapshot.size.width * snapshot.scale).rounded()),
            let h = boundedInt((snapshot.size.height * snapshot.scale).rounded()),
            w > 0, h > 0, w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels
        else {
            throw RenderError.invalidArgument(
                "canvas of \(snapshot.size.width)×\(snapshot.size.height) pt at \(snapshot.scale)x is outside 1…\(Limits.maximumStagePixels) px"
            )
        }
        return (w, h)
    }

    /// Draws `rows` of `snapshot` into `words` (a whole `width`-wide frame): those rows are
    /// filled with the background, then drawn through a surface that spans only them (the
    /// device offset puts them in place); every other row is left as it was. For a snapshot
    /// `BandSafety` allows, the rows come out as a whole-frame draw gives them.
    static func redraw(
        _ snapshot: FrameSnapshot, rows: Range<Int>, in words: inout [UInt32], width: Int, background: RGBA?,
        limits: DrawLimitLog? = nil
    ) throws {
        guard !rows.isEmpty else { return }
        precondition(rows.lowerBound >= 0 && rows.upperBound * width <= words.count, "rows outside the frame")
        // The background is written as words directly; Cairo then draws into the same memory.
        let fill = background.map(premultipliedWord) ?? 0
        try words.withUnsafeMutableBufferPointer { buffer in
            let band = buffer.baseAddress! + rows.lowerBound * width
            band.update(repeating: fill, count: rows.count * width)
            let bytes = UnsafeMutableRawPointer(band).assumingMemoryBound(to: UInt8.self)
            guard
                let surface = cairo_image_surface_create_for_data(
                    bytes, CAIRO_FORMAT_ARGB32, Int32(width), Int32(rows.count),
                    Int32(width * 4)),
                cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
            else {
                throw RenderError.cairo("cannot create a \(width)×\(rows.count) surface")
            }
            defer {
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
            }
            cairo_surface_set_device_offset(surface, 0, -Double(rows.lowerBound))
            guard let cr = cairo_create(surface) else { throw RenderError.cairo("cannot create a context") }
            defer { cairo_destroy(cr) }
            cairo_scale(cr, snapshot.scale, snapshot.scale)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
            // The root layer sits at its position in canvas space.
            let painter = LayerPainter(cr: cr, work: FrameWork(bounds: limits?.bounds ?? [:]))
            NestedWalk.run(levels: snapshot.root.nestingDepth) { painter.draw(snapshot.root, parent: nil) }
            limits?.record(painter.work)
            let status = cairo_status(cr)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
            }
        }
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
        if threads <= 1 || snapshots.count <= 1 {
            return try snapshots.map { try rasterize($0, background: background) }
        }
        let results = ParallelResults<PixelBuffer>(count: snapshots.count)
        DispatchQueue.concurrentPerform(iterations: snapshots.count) { i in
            results.set(i, Result { try rasterize(snapshots[i], background: background) })
        }
        return try results.values()
    }
}
