import Foundation

extension OutputFormat {
    /// An animated WebP (libwebp): lossless, or lossy at `quality`.
    public static let webp = OutputFormat(
        name: "webp", extensions: ["webp"], mediaType: "image/webp", animates: true,
        qualityMeaning: "lossy at Q; without it lossless", recordingExtensions: ["webp"],
        reader: { url, _ in try WebPFrameStream(url: url) },
        sink: { request in
            try WebPSink(url: request.url, loopCount: request.loopCount, quality: request.quality, inputs: request.inputs)
        })
}
