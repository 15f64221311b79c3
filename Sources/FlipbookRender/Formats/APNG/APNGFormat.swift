import Foundation

extension OutputFormat {
    /// An animated PNG: full colour and alpha. Its reader opens still PNGs too (one frame).
    public static let apng = OutputFormat(
        name: "apng", extensions: ["apng"], mediaType: "image/apng", animates: true, recordingExtensions: ["png", "apng"],
        reader: { url, _ in try APNGFrameStream(url: url) },
        sink: { request in
            try APNGSink(
                url: request.url, loopCount: request.loopCount,
                level: request.favoursSpeed ? PNGEncoder.defaultLevel : APNGSink.defaultLevel, inputs: request.inputs)
        })
}
