import ArgumentParser
import Flipbook
import Foundation

/// The animated formats `render -o` writes, chosen by `--format` or else by the name.
enum AnimationFormat: String, CaseIterable {
    case gif, apng, webp, mp4, webm

    /// What the name and options ask for. A name without an extension (`/dev/null`, a pipe) is
    /// a GIF; an extension that names no supported format is refused (exit 2) rather than
    /// written as a GIF under a misleading name.
    /// `formatOptions`: whether the command has `--format` and `--animated` to suggest.
    static func of(output: String?, format: String?, animated: Bool, formatOptions: Bool = true) throws -> AnimationFormat {
        if let format {
            guard let f = AnimationFormat(rawValue: format.lowercased()) else {
                throw ValidationError(
                    "--format \(format) is not supported; choose one of: \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return f
        }
        guard let output, output != "-" else { return animated ? .apng : .gif }
        switch URL(fileURLWithPath: output).pathExtension.lowercased() {
        case "gif": return .gif
        case "apng": return .apng
        case "webp": return .webp
        case "mp4": return .mp4
        case "webm": return .webm
        case "png":
            guard animated else {
                throw ValidationError("-o \(output): a .png output is one picture; add --animated for an animated PNG (APNG), "
                                      + "or use --filmstrip or --frames")
            }
            return .apng
        case "":
            return animated ? .apng : .gif
        case let ext:
            throw ValidationError("-o \(output): .\(ext) is not a supported format; "
                                  + (formatOptions ? "write .gif, .apng, .webp, .mp4, .webm, or .png with --animated "
                                                   + "(or name the format with --format gif|apng|webp|mp4|webm)"
                                                   : "write .gif, .apng (or .png), .webp, .mp4 or .webm"))
        }
    }

    /// The format's media type, for a data URL.
    var mediaType: String {
        switch self {
        case .gif: return "image/gif"
        case .apng: return "image/apng"
        case .webp: return "image/webp"
        case .mp4: return "video/mp4"
        case .webm: return "video/webm"
        }
    }

    /// The sink that writes this format to `url`.
    func sink(url: URL, inputs: [URL], loopCount: Int = 0, quality: Double? = nil) throws -> any RenderSink {
        switch self {
        case .gif: return try GIFSink(url: url, loopCount: loopCount, inputs: inputs)
        case .apng: return try APNGSink(url: url, loopCount: loopCount, inputs: inputs)
        case .webp: return try WebPSink(url: url, loopCount: loopCount, quality: quality, inputs: inputs)
        case .mp4: return try VideoSink(url: url, container: .mp4, inputs: inputs)
        case .webm: return try VideoSink(url: url, container: .webm, inputs: inputs)
        }
    }
}
