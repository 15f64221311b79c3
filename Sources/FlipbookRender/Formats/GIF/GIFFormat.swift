import Foundation

extension OutputFormat {
    /// A GIF (giflib): 256 colours a frame, at most 50 fps; read with every disposal method.
    public static let gif = OutputFormat(
        name: "gif", extensions: ["gif"], mediaType: "image/gif", animates: true,
        maximumFramesPerSecond: GIFSink.maximumFramesPerSecond, recordingExtensions: ["gif"],
        reader: { url, _ in try GIFFrameStream(url: url) },
        sink: { request in
            let sink = try GIFSink(
                url: request.url, loopCount: request.loopCount, dithering: request.dithering, minimumPSNR: request.minimumPSNR,
                inputs: request.inputs)
            sink.favoursSpeed = request.favoursSpeed
            return sink
        })
}
