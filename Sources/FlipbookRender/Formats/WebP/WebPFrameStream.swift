import CWebP
import FlipbookCore
import Foundation

/// An animated (or still) WebP's frames through libwebp: the demuxer gives the frame times
/// without decoding, `WebPAnimDecoder` composes each frame (blending and disposal) when asked.
public final class WebPFrameStream: RecordingStream {
    public let width: Int
    public let height: Int
    public let starts: [Double]
    public let duration: Double

    private let name: String
    /// libwebp keeps pointing into the file's bytes while decoding: they live as long as the stream.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private var decoder: OpaquePointer?

    public init(url: URL) throws {
        name = url.path
        let file = try InputFile.read(url.path)
        bytes = .allocate(capacity: max(1, file.count))
        _ = bytes.initialize(from: file)
        var data = WebPData(bytes: bytes.baseAddress, size: file.count)
        guard let demux = WebPDemux(&data) else {
            bytes.deallocate()
            throw RenderError.invalidArgument("\(url.path) is not a WebP file libwebp can read")
        }
        let w = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)), h = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
        var durations: [Double] = []
        var iterator = WebPIterator()
        if WebPDemuxGetFrame(demux, 1, &iterator) != 0 {
            repeat { durations.append(Double(iterator.duration) / 1000) } while WebPDemuxNextFrame(&iterator) != 0
            WebPDemuxReleaseIterator(&iterator)
        }
        WebPDemuxDelete(demux)
        do {
            try RecordingLimits.check(url.path, width: w, height: h)
            guard !durations.isEmpty else { throw RenderError.invalidArgument("\(url.path) has no frames") }
            try RecordingLimits.checkWhole(url.path, width: w, height: h, frames: durations.count)
        } catch {
            bytes.deallocate()
            throw error
        }
        width = w
        height = h
        (starts, duration) = RecordingLimits.starts(fromDurations: durations)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            throw RenderError.io("libwebp: version mismatch")
        }
        options.color_mode = MODE_RGBA
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            bytes.deallocate()
            throw RenderError.invalidArgument("\(url.path) is not a WebP file libwebp can decode")
        }
        self.decoder = decoder
    }

    deinit {
        if let decoder { WebPAnimDecoderDelete(decoder) }
        bytes.deallocate()
    }

    public func nextFrame() throws -> PixelBuffer? {
        guard let decoder, WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var pixels: UnsafeMutablePointer<UInt8>?
        var end: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels else {
            throw RenderError.invalidArgument("\(name): a frame could not be decoded")
        }
        return PixelBuffer(width: width, height: height, rgba: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
    }
}
