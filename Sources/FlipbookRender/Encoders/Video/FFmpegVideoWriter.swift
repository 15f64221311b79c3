import Foundation

/// Video through the ffmpeg program: raw RGBA frames piped into `ffmpeg`, which encodes H.264
/// (MP4) or VP9 (WebM) in yuv420p. A real encoder, found at run time: the library does not link
/// libavcodec, and a machine without ffmpeg only loses video output.
final class FFmpegVideoWriter {
    enum Codec: String, Sendable {
        case mp4, webm
    }

    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let errorLog = ErrorLog()
    let width: Int, height: Int

    /// The ffmpeg executable on PATH, if any.
    static func executable(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The frame rate as ffmpeg reads it: a fraction with two decimals of precision.
    static func rate(_ fps: Double) -> String { "\(Int((fps * 100).rounded()))/100" }

    /// ffmpeg's arguments: raw frames in, `codec` out to `path`. Odd sizes get one pixel of
    /// padding (yuv420p needs even ones); MP4s put their index first (`+faststart`) when the
    /// target is a file.
    static func arguments(width: Int, height: Int, fps: Double, codec: Codec, path: String, seekable: Bool) -> [String] {
        var args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                    "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", rate(fps), "-i", "pipe:0",
                    "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-r", rate(fps)]
        switch codec {
        case .mp4:
            args += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-f", "mp4"]
            if seekable { args += ["-movflags", "+faststart"] }
        case .webm:
            args += ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "1", "-f", "webm"]
        }
        return args + [path]
    }

    init(executable: URL, width: Int, height: Int, fps: Double, codec: Codec, path: String, seekable: Bool) throws {
        self.width = width; self.height = height
        // A write to a pipe whose reader died must fail, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = executable
        process.arguments = Self.arguments(width: width, height: height, fps: fps, codec: codec, path: path, seekable: seekable)
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let log = errorLog
        errors.fileHandleForReading.readabilityHandler = { handle in log.append(handle.availableData) }
        do { try process.run() } catch { throw RenderError.io("cannot start ffmpeg: \(error.localizedDescription)") }
    }

    /// Sends one frame (straight RGBA, the writer's size).
    func add(_ frame: PixelBuffer) throws {
        let bytes = frame.rgba
        let fd = input.fileHandleForWriting.fileDescriptor
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw RenderError.io("ffmpeg stopped taking frames" + detail())
                }
                offset += n
            }
        }
    }

    /// Closes the input and waits for ffmpeg to finish the file.
    func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
        guard process.terminationStatus == 0 else {
            throw RenderError.io("ffmpeg failed (exit \(process.terminationStatus))" + detail())
        }
    }

    /// Stops ffmpeg without a file.
    func cancel() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        errors.fileHandleForReading.readabilityHandler = nil
    }

    private func detail() -> String {
        let text = errorLog.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "" : ": " + TextSafety.forTerminal(String(text.suffix(400)), keepingLines: false)
    }
}

/// ffmpeg's messages, gathered on the pipe's reading thread (the first 64 kB).
private final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.withLock { if data.count < 64_000 { data.append(chunk) } } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
