import CWebP
import FlipbookCore
import Foundation

/// An animated WebP through libwebp's `WebPAnimEncoder`: lossless by default (every frame
/// exact), or lossy at a quality 0…100. The encoder keeps the compressed frames until
/// `finish()` assembles the file.
final class WebPAnimationWriter {
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    let width: Int, height: Int

    init(width: Int, height: Int, loopCount: Int, quality: Double?) throws {
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw RenderError.io("libwebp: version mismatch") }
        options.anim_params.loop_count = Int32(loopCount)
        options.anim_params.bgcolor = 0
        // Lossless: libwebp's own key-frame spacing (only the first frame is one), as img2webp
        // and ffmpeg use; forcing one every 9–17 frames cost 7–44 % more bytes and up to 5× the
        // time on the gallery. Lossy: a key frame every 9–17 frames stops the error of frames
        // coded on frames from building up (000-unread-refresh at quality 90: 50.9 dB and SSIM
        // 0.992 with them, 46.6 dB and 0.974 without, for 5 % more bytes; docs/benchmarks.md).
        if quality != nil {
            options.kmin = 9
            options.kmax = 17
        }
        guard WebPConfigInit(&config) != 0 else { throw RenderError.io("libwebp: version mismatch") }
        if let quality {
            config.lossless = 0
            config.quality = Float(min(100, max(0, quality)))
        } else {
            config.lossless = 1
            config.quality = 75  // lossless: the effort, not the fidelity
            config.exact = 1  // keep the colour under transparent pixels as drawn
        }
        config.method = 4
        guard WebPValidateConfig(&config) != 0 else { throw RenderError.io("libwebp refused the encoder settings") }
        guard let e = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw RenderError.io("libwebp could not start an animation of \(width)×\(height) px")
        }
        encoder = e
    }

    deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

    /// Adds a frame shown from `milliseconds` after the start.
    func add(_ frame: PixelBuffer, at milliseconds: Int) throws {
        guard let encoder else { throw RenderError.io("the WebP writer has finished") }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RenderError.io("libwebp: version mismatch") }
        picture.use_argb = 1
        picture.width = Int32(frame.width)
        picture.height = Int32(frame.height)
        defer { WebPPictureFree(&picture) }
        let rgba = frame.rgba
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(frame.width * 4)) }
        guard imported != 0 else { throw RenderError.io("libwebp could not take a \(frame.width)×\(frame.height) frame") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw RenderError.io("libwebp could not encode a frame: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
    }

    /// The file's bytes, the last frame ending at `endMilliseconds`.
    func finish(endMilliseconds: Int) throws -> [UInt8] {
        guard let encoder else { throw RenderError.io("the WebP writer has finished") }
        defer {
            WebPAnimEncoderDelete(encoder)
            self.encoder = nil
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(endMilliseconds), nil) != 0 else {
            throw RenderError.io("libwebp could not end the animation: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw RenderError.io("libwebp could not assemble the animation: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }
}
