import FlipbookCore
import Foundation

/// A video's frames through the ffmpeg program: ffprobe lists each frame's own time (variable
/// rates kept), then ffmpeg decodes to raw RGBA on a pipe that is read one frame at a time, so
/// a minute of 60 fps screen recording never sits in memory whole.
public final class VideoFrameStream: RecordingStream {
    public let width: Int
    public let height: Int
    public let starts: [Double]
    public let duration: Double

    private let name: String
    private let decoder: Process
    private let pipe: FileHandle
    private let errors: ErrorCollector
    private var delivered = 0
    private var stopped = false

    public init(url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        name = url.path
        guard let ffmpeg = FFmpegVideoWriter.executable(environment: environment) else {
            throw RenderError.invalidArgument("\(url.path): videos are read by ffmpeg, which is not installed (apt-get install ffmpeg)")
        }
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        // A regular file, not a device or a FIFO that would block ffmpeg for ever.
        var st = stat()
        guard stat(url.path, &st) == 0 else { throw RenderError.invalidArgument("no such file: \(url.path)") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw RenderError.invalidArgument("\(url.path) is not a regular file") }
        try Self.checkContainer(url.path)
        let input = Self.inputArguments(url.path)
        // The stream's header first (no frame decoded): a bomb's size and length are refused
        // before ffprobe lists every frame.
        let header = try Self.output(
            of: ffprobe,
            ["-v", "error"] + input.dropLast(2) + [
                "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_frames,duration,avg_frame_rate",
                "-of", "default=nw=1", input.last!
            ])
        try Self.checkHeader(String(decoding: header, as: UTF8.self), name: url.path)
        let probe = try Self.output(
            of: ffprobe,
            ["-v", "error"] + input.dropLast(2) + [
                "-select_streams", "v:0", "-show_entries", "stream=width,height",
                "-show_entries", "frame=best_effort_timestamp_time", "-of", "csv=p=0", input.last!
            ])
        // Lines are either the stream's "width,height" or one frame's time (perhaps with a trailing comma).
        var size: [Int] = [], times: [Double] = []
        for line in String(decoding: probe, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.count == 2, let a = Int(fields[0]), let b = Int(fields[1]) {
                size = [a, b]
            } else if fields.count == 1, let t = Double(fields[0]), t.isFinite {
                times.append(t)
            }
        }
        guard size.count == 2 else { throw RenderError.invalidArgument("\(url.path): ffprobe found no video stream") }
        guard let first = times.first else { throw RenderError.invalidArgument("\(url.path): the video has no frames") }
        try RecordingLimits.check(url.path, width: size[0], height: size[1])
        try RecordingLimits.checkWhole(url.path, width: size[0], height: size[1], frames: times.count)
        width = size[0]
        height = size[1]
        starts = times.map { $0 - first }
        // The last frame lasts as long as the frames do on average (a video stores no end time,
        // and ffprobe's times are rounded to microseconds: the last interval alone would make a
        // 30 fps video of 69 frames last 2.300001 s).
        duration = starts.count > 1 ? starts[starts.count - 1] * Double(starts.count) / Double(starts.count - 1) : 0.1
        decoder = Process()
        decoder.executableURL = ffmpeg
        // A large picture decoded on one thread: each frame a thread holds in flight is hundreds
        // of megabytes (an 8192² video took 2.3 GB with the default threads, 1.1 GB with one).
        let threads = width * height > Self.largeFramePixels ? ["-threads", "1"] : []
        decoder.arguments =
            ["-v", "error", "-nostdin"] + threads + input + [
                "-map", "0:v:0", "-fps_mode", "passthrough",
                "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"
            ]
        let out = Pipe(), err = Pipe()
        decoder.standardOutput = out
        decoder.standardError = err
        decoder.standardInput = FileHandle.nullDevice
        do { try decoder.run() } catch { throw RenderError.io("cannot start ffmpeg: \(error.localizedDescription)") }
        pipe = out.fileHandleForReading
        errors = ErrorCollector(err.fileHandleForReading)
    }

    deinit { stop() }

    /// Frames of more pixels than this are decoded on one thread (16 Mi: a 4K frame is 8 Mi).
    static let largeFramePixels = 16 << 20

    /// The demuxers a recording may be read with: MP4/MOV and Matroska/WebM. Anything else a
    /// file may claim to be by its bytes (an HLS or DASH playlist, a concat list, an image
    /// sequence pattern) would let ffmpeg open other files or addresses.
    static let demuxers = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm"

    /// ffmpeg's and ffprobe's input options and the input: local files only, those demuxers only,
    /// and the path as a file (a name like `http:x.mp4` is not an address).
    static func inputArguments(_ path: String) -> [String] {
        ["-protocol_whitelist", "file", "-format_whitelist", demuxers, "-i", "file:" + path]
    }

    /// Refuses a file that is not an ISO media (MP4/MOV) or Matroska/WebM file by its first
    /// bytes, before any program reads it.
    static func checkContainer(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw RenderError.invalidArgument("cannot read \(path)") }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        let box = head.count >= 8 ? String(decoding: head[4..<8], as: UTF8.self) : ""
        let isoMedia = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].contains(box)
        let matroska = head.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
        guard isoMedia || matroska else {
            let what = head.starts(with: Array("#EXTM3U".utf8)) ? "an HLS playlist" : "neither an MP4/MOV nor a WebM/Matroska file"
            throw RenderError.invalidArgument("\(path) is \(what); videos are read from MP4, MOV, WebM or MKV files only")
        }
    }

    /// Refuses a stream whose header says it is too large to decode (`RecordingLimits`).
    static func checkHeader(_ text: String, name: String) throws {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        guard let w = fields["width"].flatMap({ Int($0) }), let h = fields["height"].flatMap({ Int($0) }) else {
            throw RenderError.invalidArgument("\(name): ffprobe found no video stream")
        }
        try RecordingLimits.check(name, width: w, height: h)
        var frames = fields["nb_frames"].flatMap { Int($0) } ?? 0
        if frames == 0, let duration = fields["duration"].flatMap({ Double($0) }), let rate = fields["avg_frame_rate"] {
            let parts = rate.split(separator: "/").compactMap { Double($0) }
            if parts.count == 2, parts[1] > 0, duration.isFinite { frames = Int(min(1e12, max(0, duration * parts[0] / parts[1]))) }
        }
        try RecordingLimits.checkWhole(name, width: w, height: h, frames: frames)
    }

    /// Ends ffmpeg even when it is blocked writing frames nobody will read: closing the pipe
    /// makes its next write fail, and SIGKILL does not wait for that write to return.
    private func stop() {
        guard !stopped else { return }
        stopped = true
        try? pipe.close()
        if decoder.isRunning { kill(decoder.processIdentifier, SIGKILL) }
        decoder.waitUntilExit()
    }

    /// The next frame: ffmpeg's bytes read into one buffer kept for every frame (an 8192² frame
    /// is 256 MB), then converted.
    public func nextFrame() throws -> PixelBuffer? {
        if scratch.count != width * height * 4 { scratch = [UInt8](repeating: 0, count: width * height * 4) }
        guard try read(into: &scratch) else { return nil }
        return PixelBuffer(width: width, height: height, rgba: scratch)
    }

    public func skipFrame() throws -> Bool {
        if scratch.count != width * height * 4 { scratch = [UInt8](repeating: 0, count: width * height * 4) }
        return try read(into: &scratch)
    }
    private var scratch: [UInt8] = []

    /// Fills `frame` with the next frame's bytes from ffmpeg's pipe; false at the end.
    private func read(into frame: inout [UInt8]) throws -> Bool {
        // No more frames than ffprobe counted: a file that decodes to more is cut off there.
        guard !stopped, delivered < starts.count else {
            stop()
            return false
        }
        let fd = pipe.fileDescriptor
        var filled = 0
        while filled < frame.count {
            let n = frame.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        guard filled == frame.count else {
            stop()
            if delivered == 0 {
                throw RenderError.invalidArgument(
                    "ffmpeg could not read \(name): " + TextSafety.forTerminal(errors.text, keepingLines: false))
            }
            return false  // fewer frames decoded than listed: the recording ends at the last whole one
        }
        delivered += 1
        return true
    }

    /// A program's standard output, at most `limit` bytes.
    static func output(of program: URL, _ args: [String], limit: Int = 16 << 20) throws -> Data {
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
            throw RenderError.invalidArgument(
                "\(program.lastPathComponent) could not read the recording: "
                    + TextSafety.forTerminal(errors.text, keepingLines: false))
        }
        return data
    }
}

/// Drains a pipe in the background; `text` waits for the end.
final class ErrorCollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe carried (the first 2,000 bytes), once it has ended; any number of calls.
    var text: String {
        done.wait()
        done.signal()  // the next call finds it ended too
        return String(decoding: data.prefix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
