import Foundation

extension OutputFormat {
    /// H.264 in MP4, through ffmpeg; MP4, MOV and M4V recordings are read through ffmpeg too.
    public static let mp4 = OutputFormat(
        name: "mp4", extensions: ["mp4"], mediaType: "video/mp4", animates: true, recordingExtensions: ["mp4", "mov", "m4v"],
        reader: { url, environment in try VideoFrameStream(url: url, environment: environment) },
        sink: { request in try VideoSink(url: request.url, container: .mp4, inputs: request.inputs) })

    /// VP9 in WebM, through ffmpeg; WebM and Matroska recordings are read through ffmpeg too.
    public static let webm = OutputFormat(
        name: "webm", extensions: ["webm"], mediaType: "video/webm", animates: true, recordingExtensions: ["webm", "mkv"],
        reader: { url, environment in try VideoFrameStream(url: url, environment: environment) },
        sink: { request in try VideoSink(url: request.url, container: .webm, inputs: request.inputs) })
}
