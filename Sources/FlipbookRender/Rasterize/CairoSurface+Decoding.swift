import CCairo
import CJPEG
import CWebP
import Foundation

/// JPEG and WebP contents decoded straight into Cairo surfaces (PNG goes through Cairo's own
/// reader). The sizes come from the header LayerImage read, already within the limits.
extension CairoSurface {
    /// A `width`×`height` ARGB32 surface that `fill` writes (data, stride); nil when either fails.
    private static func filled(width: Int, height: Int, _ fill: (UnsafeMutablePointer<UInt8>, Int) -> Bool) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        guard fill(data, Int(cairo_image_surface_get_stride(surface))) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Decodes JPEG bytes with libjpeg (opaque pixels).
    static func decodeJPEG(_ data: Data, width: Int, height: Int) -> OpaquePointer? {
        filled(width: width, height: height) { pixels, stride in
            var error = [CChar](repeating: 0, count: 256)
            return data.withUnsafeBytes { bytes in
                flipbook_jpeg_decode(
                    bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, pixels, stride, Int32(width), Int32(height), &error,
                    error.count) == 0
            }
        }
    }

    /// Decodes WebP bytes with libwebp, premultiplied BGRA (Cairo's ARGB32 in memory order on
    /// little-endian machines).
    static func decodeWebP(_ data: Data, width: Int, height: Int) -> OpaquePointer? {
        filled(width: width, height: height) { pixels, stride in
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { return false }
            config.output.colorspace = MODE_bgrA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = pixels
            config.output.u.RGBA.stride = Int32(stride)
            config.output.u.RGBA.size = stride * height
            let status = data.withUnsafeBytes { bytes in
                WebPDecode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &config)
            }
            return status == VP8_STATUS_OK && Int(config.output.width) == width && Int(config.output.height) == height
        }
    }
}
