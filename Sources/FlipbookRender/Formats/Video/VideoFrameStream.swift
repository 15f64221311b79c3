import FlipbookCore
import Foundation

/// A video's frames through the ffmpeg program: ffprobe lists each frame's own time from the
/// container's packets (variable rates kept, nothing decoded), then ffmpeg decodes to raw RGBA on
/// a pipe that is read one frame at a time, so a minute of 60 fps screen recording never sits
/// in memory whole. ffmpeg starts at the first frame read; a stream reopened starts another
/// without probing again.
public final class VideoFrameStream: RecordingStream {
    public let width: Int
    public let height: Int
    public let starts: [Double]
    public let duration: Double

    private let url: URL
    private let ffmpeg: URL
    private var decoder: (process: Process, pipe: FileHandle, errors: ErrorCollector)?
    private var delivered = 0
    private var stopped = false

    /// Opens the video at `url` (MP4, MOV, WebM or MKV) with the ffmpeg found on `environment`'s
    /// PATH: its size and frame times are read now, its pixels from the first frame asked for.
    public init(url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let ffmpeg = FFmpegVideoWriter.executable(environment: environment) else {
            throw RenderError.invalidArgument("\(url.path): videos are read by ffmpeg, which is not installed (apt-get install ffmpeg)")
        }
        // A regular file, not a device or a FIFO that would block ffmpeg for ever.
        var st = stat()
        guard stat(url.path, &st) == 0 else { throw RenderError.invalidArgument("no such file: \(url.path)") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw RenderError.invalidArgument("\(url.path) is not a regular file") }
        try Self.checkContainer(url.path)
        let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
        let listing = try Self.probe(url.path, ffprobe: ffprobe)
        let starts = listing.times.map { $0 - listing.times[0] }
        // The last frame lasts as long as the frames do on average (a video stores no end time,
        // and ffprobe's times are rounded to microseconds: the last interval alone would make a
        // 30 fps video of 69 frames last 2.300001 s).
        let duration = starts.count > 1 ? starts[starts.count - 1] * Double(starts.count) / Double(starts.count - 1) : 0.1
        self.url = url
        self.ffmpeg = ffmpeg
        width = listing.width
        height = listing.height
        self.starts = starts
        self.duration = duration
    }

    private init(url: URL, ffmpeg: URL, width: Int, height: Int, starts: [Double], duration: Double) {
        self.url = url
        self.ffmpeg = ffmpeg
        self.width = width
        self.height = height
        self.starts = starts
        self.duration = duration
    }

    /// The same video from its first frame, its frame times kept (no ffprobe run again).
    public func reopened() throws -> (any RecordingStream)? {
        VideoFrameStream(url: url, ffmpeg: ffmpeg, width: width, height: height, starts: starts, duration: duration)
    }

    /// The video stream's size and its frames' presentation times in order, from one ffprobe
    /// run that reads the container's packets and decodes none (listing decoded frames took a
    /// quarter of a second for 18 s of video). Packets the container marks discarded (an MP4
    /// edit list's pre-roll) show no frame. A file whose packets lack times (which MP4 and
    /// Matroska store) is listed by decoding its frames instead.
    static func probe(_ path: String, ffprobe: URL) throws -> (width: Int, height: Int, times: [Double]) {
        let input = inputArguments(path)
        let limit = 16 << 20
        let data = try output(
            of: ffprobe,
            ["-v", "error"] + input.dropLast(2) + [
                "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_frames,duration,avg_frame_rate:packet=pts_time,flags",
                "-of", "default=nw=1", input.last!
            ], limit: limit)
        var header: [String] = [], times: [Double] = [], untimed = false
        var packetTime: Double?? = nil  // the packet being read: nil before its time, .some(nil) without one
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "pts_time": packetTime = .some(Double(pair[1]).flatMap { $0.isFinite ? $0 : nil })
            case "flags":
                guard let time = packetTime else { continue }
                packetTime = nil
                guard !pair[1].contains("D") else { continue }
                if let time { times.append(time) } else { untimed = true }
            default: header.append(String(line))
            }
        }
        guard header.contains(where: { $0.hasPrefix("width=") }) else {
            if data.count >= limit {
                throw RenderError.invalidArgument(
                    "\(path) lists more than \(Limits.maximumRecordingFrames) frames; at most that many are read")
            }
            throw RenderError.invalidArgument("\(path): ffprobe found no video stream")
        }
        try checkHeader(header.joined(separator: "\n"), name: path)
        let fields = Dictionary(
            header.map { line -> (String, String) in
                let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
                return (pair[0], pair.count > 1 ? pair[1] : "")
            }, uniquingKeysWith: { first, _ in first })
        let width = Int(fields["width"] ?? "") ?? 0, height = Int(fields["height"] ?? "") ?? 0
        if untimed { times = try decodedFrameTimes(path, ffprobe: ffprobe) }
        times.sort()
        guard !times.isEmpty else { throw RenderError.invalidArgument("\(path): the video has no frames") }
        try RecordingLimits.check(path, width: width, height: height)
        try RecordingLimits.checkWhole(path, width: width, height: height, frames: times.count)
        return (width, height, times)
    }

    /// Each decoded frame's best-effort time (ffmpeg's guess where a packet has none).
    private static func decodedFrameTimes(_ path: String, ffprobe: URL) throws -> [Double] {
        let input = inputArguments(path)
        let listing = try output(
            of: ffprobe,
            ["-v", "error"] + input.dropLast(2) + [
                "-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp_time", "-of", "csv=p=0", input.last!
            ])
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").compactMap { line in
            Double(line.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "").flatMap {
                $0.isFinite ? $0 : nil
            }
        }
    }

    /// ffmpeg decoding from the first frame, started at the first read.
    private func startedDecoder() throws -> (process: Process, pipe: FileHandle, errors: ErrorCollector) {
        if let decoder { return decoder }
        let process = Process()
        process.executableURL = ffmpeg
        // A large picture decoded on one thread: each frame a thread holds in flight is hundreds
        // of megabytes (an 8192² video took 2.3 GB with the default threads, 1.1 GB with one).
        let threads = width * height > Self.largeFramePixels ? ["-threads", "1"] : []
        // Cropped after the conversion to RGBA, so every pixel is the one the whole frame has.
        let crop = region.map { ["-vf", "format=rgba,crop=\($0.width):\($0.height):\($0.x):\($0.y):exact=1"] } ?? []
        process.arguments =
            ["-v", "error", "-nostdin"] + threads + Self.inputArguments(url.path) + crop + [
                "-map", "0:v:0", "-fps_mode", "passthrough",
                "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"
            ]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw RenderError.io("cannot start ffmpeg: \(error.localizedDescription)") }
        let started = (process, out.fileHandleForReading, ErrorCollector(err.fileHandleForReading))
        decoder = started
        return started
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
        guard let decoder else { return }
        try? decoder.pipe.close()
        if decoder.process.isRunning { kill(decoder.process.processIdentifier, SIGKILL) }
        decoder.process.waitUntilExit()
    }

    /// The next frame: ffmpeg's bytes read into one buffer kept for every frame (an 8192² frame
    /// is 256 MB), then converted.
    public func nextFrame() throws -> PixelBuffer? {
        let piece = region ?? (0, 0, width, height)
        if scratch.count != piece.width * piece.height * 4 { scratch = [UInt8](repeating: 0, count: piece.width * piece.height * 4) }
        guard try read(into: &scratch) else { return nil }
        let decoded = PixelBuffer(width: piece.width, height: piece.height, rgba: scratch)
        guard region != nil else { return decoded }
        // The region in a whole frame (the rest left clear, as the protocol allows).
        var frame = [UInt32](repeating: 0, count: width * height)
        frame.withUnsafeMutableBufferPointer { frame in
            decoded.premultipliedARGB.withUnsafeBufferPointer { rows in
                for y in 0..<piece.height {
                    let from = rows.baseAddress! + y * piece.width
                    (frame.baseAddress! + (piece.y + y) * width + piece.x).update(from: from, count: piece.width)
                }
            }
        }
        return PixelBuffer(width: width, height: height, premultipliedARGB: frame)
    }

    public func skipFrame() throws -> Bool {
        let piece = region ?? (0, 0, width, height)
        if scratch.count != piece.width * piece.height * 4 { scratch = [UInt8](repeating: 0, count: piece.width * piece.height * 4) }
        return try read(into: &scratch)
    }
    private var scratch: [UInt8] = []

    /// The part of each frame ffmpeg hands over (`limitComposition`), nil: the whole frame.
    private var region: (x: Int, y: Int, width: Int, height: Int)?

    /// ffmpeg crops its frames to `region` (clipped to the frame) from the next one decoded: the
    /// pipe and the conversion carry only the part compared (half of a cropped screen
    /// recording's bytes). Only before the first frame is read; later the whole frame stays.
    public func limitComposition(to region: (x: Int, y: Int, width: Int, height: Int)) {
        guard decoder == nil else { return }
        let x = max(0, min(width, region.x)), y = max(0, min(height, region.y))
        let w = min(width, region.x + region.width) - x, h = min(height, region.y + region.height) - y
        guard w > 0, h > 0, (w, h) != (width, height) else { return }
        self.region = (x, y, w, h)
    }

    /// Fills `frame` with the next frame's bytes from ffmpeg's pipe; false at the end.
    private func read(into frame: inout [UInt8]) throws -> Bool {
        // No more frames than ffprobe counted: a file that decodes to more is cut off there.
        guard !stopped, delivered < starts.count else {
            stop()
            return false
        }
        let decoder = try startedDecoder()
        let fd = decoder.pipe.fileDescriptor
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
                    "ffmpeg could not read \(url.path): " + TextSafety.forTerminal(decoder.errors.text, keepingLines: false))
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
