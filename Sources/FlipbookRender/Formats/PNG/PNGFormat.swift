import Foundation

extension OutputFormat {
    /// One PNG: a filmstrip of twelve frames sampled evenly (a PNG recording is read as an APNG).
    public static let png: OutputFormat = OutputFormat(
        name: "png", extensions: ["png"], mediaType: "image/png", animates: false,
        picture: { pixels, _ in try PNGEncoder.encode(pixels) },
        sink: { request in try FilmstripSink(url: request.url, format: .png, inputs: request.inputs) })
}
