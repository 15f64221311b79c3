import Foundation

extension OutputFormat {
    /// A JPEG picture (libjpeg): a filmstrip, a still or each frame of `--frames`, at a quality.
    public static let jpg: OutputFormat = OutputFormat(
        name: "jpg", extensions: ["jpg", "jpeg"], mediaType: "image/jpeg", animates: false,
        qualityMeaning: "its quality (default \(JPEGEncoder.defaultQuality))",
        picture: { pixels, quality in
            try JPEGEncoder.encode(pixels, quality: quality.map { Int($0.rounded()) } ?? JPEGEncoder.defaultQuality)
        },
        sink: { request in try FilmstripSink(url: request.url, format: .jpg, quality: request.quality, inputs: request.inputs) })
}
