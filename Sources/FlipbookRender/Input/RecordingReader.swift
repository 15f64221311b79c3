import CWebP
import FlipbookCore
import Foundation

/// A recording decoded for comparison: frames as a viewer sees them and when each starts.
public struct DecodedRecording: Sendable {
    public var width: Int
    public var height: Int
    public var frames: [PixelBuffer]
    /// When each frame starts, seconds from the recording's start (variable rates kept).
    public var starts: [Double]
    /// When the last frame ends.
    public var duration: Double
}

/// Reads the recordings people have: GIF (giflib, every disposal method), animated WebP
/// (libwebp's decoder), and MP4/MOV/M4V/WebM/MKV through ffmpeg with the recording's own frame
/// times. Sizes are checked before any frame is decoded.
public enum RecordingReader {
    public static let videoExtensions: Set<String> = ["mp4", "mov", "m4v", "webm", "mkv"]

    public static func read(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> DecodedRecording {
        switch url.pathExtension.lowercased() {
        case "gif":
            let gif = try GIFReader.read(url)
            var starts: [Double] = [], t = 0.0
            for d in gif.delays { starts.append(t); t += Double(d) / 100 }
            return DecodedRecording(width: gif.width, height: gif.height, frames: gif.frames, starts: starts, duration: t)
        case "webp":
            return try readWebP(url)
        case let ext where videoExtensions.contains(ext):
            return try readVideo(url, environment: environment)
        case let ext:
            throw RenderError.invalidArgument("\(url.path): .\(ext) recordings are not read; give a GIF, an animated WebP, or a video "
                                              + "(\(videoExtensions.sorted().joined(separator: ", ")))")
        }
    }

    private static func checkSize(_ url: URL, width w: Int, height h: Int, frames n: Int) throws {
        guard w > 0, h > 0, w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels, w * h <= Limits.maximumImagePixels else {
            throw RenderError.invalidArgument("\(url.path) is \(w)×\(h) px; at most \(Limits.maximumStagePixels) px a side are decoded")
        }
        guard n.multipliedReportingOverflow(by: w * h).partialValue <= Limits.maximumDecodedPixels, n < Int.max / max(1, w * h) else {
            throw RenderError.invalidArgument("\(url.path) has \(n) frames of \(w)×\(h) px; at most \(Limits.maximumDecodedPixels) pixels are decoded in all")
        }
    }

    private static func readWebP(_ url: URL) throws -> DecodedRecording {
        let bytes = try InputFile.read(url.path)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw RenderError.io("libwebp: version mismatch") }
        options.color_mode = MODE_RGBA
        return try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw RenderError.invalidArgument("\(url.path) is not an animated WebP libwebp can read")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw RenderError.invalidArgument("\(url.path): unreadable WebP header") }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            try checkSize(url, width: w, height: h, frames: Int(info.frame_count))
            var frames: [PixelBuffer] = [], starts: [Double] = []
            var previousEnd = 0.0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels else {
                    throw RenderError.invalidArgument("\(url.path): a frame could not be decoded")
                }
                frames.append(PixelBuffer(width: w, height: h, rgba: Array(UnsafeBufferPointer(start: pixels, count: w * h * 4))))
                starts.append(previousEnd)
                previousEnd = Double(end) / 1000   // libwebp gives each frame's end
            }
            return DecodedRecording(width: w, height: h, frames: frames, starts: starts, duration: previousEnd)
        }
    }

    /// ffprobe for the size and each frame's time, then ffmpeg for the frames as RGBA, passed
    /// through at the recorded times (no frames dropped or repeated to a constant rate).
    private static func readVideo(_ url: URL, environment: [String: String]) throws -> DecodedRecording {
        guard let ffmpeg = FFmpegVideoWriter.executable(environment: environment) else {
            throw RenderError.invalidArgument("\(url.path): videos are read by ffmpeg, which is not installed (apt-get install ffmpeg)")
        }
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        // A regular file, not a device or a FIFO that would block ffmpeg for ever.
        var st = stat()
        guard stat(url.path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            throw RenderError.invalidArgument("\(url.path) is not a regular file")
        }
        let probe = try run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                      "-show_entries", "frame=best_effort_timestamp_time", "-of", "csv=p=0", url.path])
        // Lines are either the stream's "width,height" or one frame's time (perhaps with a trailing comma).
        var size: [Int] = [], times: [Double] = []
        for line in String(decoding: probe, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.count == 2, let a = Int(fields[0]), let b = Int(fields[1]) { size = [a, b] } else if fields.count == 1, let t = Double(fields[0]) { times.append(t) }
        }
        guard size.count == 2 else { throw RenderError.invalidArgument("\(url.path): ffprobe found no video stream") }
        let w = size[0], h = size[1]
        try checkSize(url, width: w, height: h, frames: times.count)
        let frameBytes = w * h * 4
        // No more bytes than the frames ffprobe counted: a file that decodes to more is cut off.
        let raw = try run(ffmpeg, ["-v", "error", "-nostdin", "-i", url.path, "-map", "0:v:0", "-fps_mode", "passthrough",
                                   "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"], limit: times.count * frameBytes)
        let count = min(times.count, raw.count / frameBytes)
        guard count > 0 else { throw RenderError.invalidArgument("\(url.path): no frames could be decoded") }
        let first = times[0]
        var frames: [PixelBuffer] = [], starts: [Double] = []
        raw.withUnsafeBytes { bytes in
            for i in 0..<count {
                let start = i * frameBytes
                frames.append(PixelBuffer(width: w, height: h, rgba: Array(bytes[start..<(start + frameBytes)])))
                starts.append(times[i] - first)
            }
        }
        // The last frame lasts as long as the one before it (a video stores no end time).
        let last = starts.count > 1 ? starts[count - 1] + (starts[count - 1] - starts[count - 2]) : 0.1
        return DecodedRecording(width: w, height: h, frames: frames, starts: starts, duration: last)
    }

    /// The program's standard output, at most `limit` bytes (the program is stopped there).
    private static func run(_ program: URL, _ args: [String], limit: Int = 16 << 20) throws -> Data {
        let p = Process()
        p.executableURL = program
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { throw RenderError.io("cannot start \(program.lastPathComponent): \(error.localizedDescription)") }
        // Read stderr on another thread so a chatty program cannot block on a full pipe.
        let errors = ErrorCollector(err.fileHandleForReading)
        var data = Data()
        let reader = out.fileHandleForReading
        while data.count < limit {
            let chunk = reader.readData(ofLength: min(1 << 20, limit - data.count))
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        let cutOff = data.count >= limit
        if cutOff, p.isRunning { p.terminate() }
        p.waitUntilExit()
        guard cutOff || p.terminationStatus == 0 else {
            throw RenderError.invalidArgument("\(program.lastPathComponent) could not read the recording: "
                                              + TextSafety.forTerminal(errors.text, keepingLines: false))
        }
        return data
    }
}

/// Drains a pipe in the background; `text` waits for the end.
private final class ErrorCollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    var text: String {
        done.wait()
        return String(decoding: data.prefix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
