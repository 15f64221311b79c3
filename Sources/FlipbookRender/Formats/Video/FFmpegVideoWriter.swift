import Foundation

/// Video through the ffmpeg program: raw RGBA frames piped into `ffmpeg`, which encodes H.264
/// (MP4) or VP9 (WebM) in yuv420p. A real encoder, found at run time: the library does not link
/// libavcodec, and a machine without ffmpeg only loses video output.
final class FFmpegVideoWriter {
    enum Codec: String, Sendable {
        case mp4, webm
    }

    /// Where ffmpeg writes. A temporary file is handed over as ffmpeg's standard output and
    /// opened again through `/dev/stdout` (seekable, for the MP4 index): ffmpeg never creates a
    /// file by name, so one removed by an interrupted render stays removed even while ffmpeg
    /// finishes. A stream (FIFO, device) is written by path, unseekable.
    enum Target {
        case descriptor(Int32, checkedAt: String)
        case path(String)
    }

    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private var errorLog: ErrorCollector?
    private let target: Target
    private var framesSent = 0
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
        var args = [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", rate(fps), "-i", "pipe:0",
            "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-r", rate(fps)
        ]
        switch codec {
        case .mp4:
            args += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-f", "mp4"]
            if seekable { args += ["-movflags", "+faststart"] }
        case .webm:
            args += ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "1", "-f", "webm"]
        }
        return args + [path]
    }

    init(executable: URL, width: Int, height: Int, fps: Double, codec: Codec, target: Target) throws {
        self.width = width
        self.height = height
        self.target = target
        // A write to a pipe whose reader died must fail, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = executable
        switch target {
        case .descriptor(let fd, _):
            process.arguments = Self.arguments(width: width, height: height, fps: fps, codec: codec, path: "/dev/stdout", seekable: true)
            process.standardOutput = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        case .path(let path):
            process.arguments = Self.arguments(width: width, height: height, fps: fps, codec: codec, path: path, seekable: false)
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardInput = input
        process.standardError = errors
        do { try process.run() } catch { throw RenderError.io("cannot start ffmpeg: \(error.localizedDescription)") }
        // Read to the end on another thread: `text` waits for ffmpeg to close it, so nothing it
        // said just before exiting is missed.
        errorLog = ErrorCollector(errors.fileHandleForReading)
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
        framesSent += 1
    }

    /// Closes the input, waits for ffmpeg to finish the file and checks it: ffmpeg can exit 0
    /// after a write failed (a full disk, a file-size limit) with the file cut short, so its
    /// exit status, what it said (at `-loglevel error`, anything is an error) and the frames the
    /// file holds are all checked before the file may replace an output.
    func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RenderError.io("ffmpeg failed (exit \(process.terminationStatus))" + detail())
        }
        guard (errorLog?.text ?? "").isEmpty else {
            throw RenderError.io("ffmpeg reported an error writing the video" + detail())
        }
        if case .descriptor(_, let path) = target, let ffprobe = Self.ffprobe(beside: process.executableURL) {
            let found = try Self.packetCount(of: path, ffprobe: ffprobe)
            guard found == framesSent else {
                throw RenderError.io(
                    "the video ffmpeg wrote holds \(found) of the \(framesSent) frames sent (a full disk or a file-size limit?)")
            }
        }
    }

    static func ffprobe(beside ffmpeg: URL?) -> URL? {
        guard let candidate = ffmpeg?.deletingLastPathComponent().appendingPathComponent("ffprobe"),
            FileManager.default.isExecutableFile(atPath: candidate.path)
        else { return nil }
        return candidate
    }

    /// The video packets (frames) in the file at `path`, as ffprobe counts them; 0 when it
    /// cannot read the file.
    static func packetCount(of path: String, ffprobe: URL) throws -> Int {
        let args = [
            "-v", "error", "-protocol_whitelist", "file", "-select_streams", "v:0", "-count_packets",
            "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", "file:" + path
        ]
        guard let data = try? VideoFrameStream.output(of: ffprobe, args, limit: 100) else { return 0 }
        return Int(String(decoding: data, as: UTF8.self).filter(\.isNumber)) ?? 0
    }

    /// Stops ffmpeg without a file.
    func cancel() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private func detail() -> String {
        if process.isRunning { return "" }  // its messages end when it does
        let text = errorLog?.text ?? ""
        return text.isEmpty ? "" : ": " + TextSafety.forTerminal(String(text.suffix(400)), keepingLines: false)
    }
}
