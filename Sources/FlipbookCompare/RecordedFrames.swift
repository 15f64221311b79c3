import Flipbook
import FlipbookComparison
import Foundation

/// A recording on the comparison's clock, streamed: frames are decoded as the clock reaches
/// them (the clock only moves forward), cropped and scaled one at a time, so a long screen
/// recording costs one frame of memory.
final class RecordedFrames {
    let label: String
    /// Seconds into the comparison at which the recording starts (found, when not given,
    /// before the comparison runs).
    var offset: Double
    let width: Int, height: Int
    /// When each frame starts, seconds from the recording's start.
    let starts: [Double]
    let duration: Double
    let recording: VariantComparison.Recording
    private var stream: any RecordingStream
    private var shown: (index: Int, frame: PixelBuffer)?
    /// Decoding ahead of the clock (`prefetch(times:)`), until it misses.
    private var prefetcher: FramePrefetcher?
    /// Frames are cropped, not scaled (`frame(at:)` then gives them at `unscaledSize`): the
    /// offset search makes them thumbnails directly.
    var leavesUnscaled = false
    /// The frames' size before `--scale` (cropped).
    let unscaledSize: (width: Int, height: Int)

    deinit { prefetcher?.stop() }

    /// Decodes the frames for `times` (in the order the clock will ask) ahead, on another
    /// thread, from a stream of its own.
    func prefetch(times: [Double]) throws {
        var wanted: [Int] = []
        for t in times {
            let i = index(at: t)
            guard i >= (wanted.last ?? 0) else { return }  // not a forward clock: decode as asked
            if i != wanted.last { wanted.append(i) }
        }
        guard !wanted.isEmpty else { return }
        let recording = recording, size = (width, height)
        prefetcher?.stop()
        prefetcher = FramePrefetcher(stream: try Self.open(recording, like: stream), wanted: wanted) { raw in
            try Self.fitted(raw, recording: recording, width: size.0, height: size.1)
        }
    }

    convenience init(recording: VariantComparison.Recording) throws {
        try self.init(recording: recording, stream: Self.open(recording))
    }

    /// The same recording file as this one's, from its first frame, as `recording` says (its
    /// offset, crop and scale): what opening it read is not read again (a GIF's frame times).
    func restarted(as recording: VariantComparison.Recording) throws -> RecordedFrames {
        try RecordedFrames(recording: recording, stream: Self.open(recording, like: stream))
    }

    private init(recording: VariantComparison.Recording, stream: any RecordingStream) throws {
        self.recording = recording
        self.stream = stream
        label = recording.label
        offset = recording.offset ?? 0
        var w = stream.width, h = stream.height
        if let c = recording.crop {
            guard c.x >= 0, c.y >= 0, c.width > 0, c.height > 0, c.x + c.width <= w, c.y + c.height <= h else {
                throw CompareError.usage("--crop \(c.x),\(c.y),\(c.width),\(c.height) is not inside the \(w)×\(h) px recording")
            }
            w = c.width
            h = c.height
        }
        unscaledSize = (w, h)
        if let s = recording.scale, s != 1 {
            w = Int((Double(w) * s).rounded())
            h = Int((Double(h) * s).rounded())
            guard w > 0, h > 0 else {
                throw CompareError.usage("--scale \(s) leaves no pixels of the \(stream.width)×\(stream.height) px recording")
            }
        }
        width = w
        height = h
        starts = stream.starts
        duration = stream.duration
    }

    /// The recording's stream, composing only the part cropped (a GIF's other pixels are never
    /// looked at).
    /// With `like`, a stream of the same file reopened (`RecordingStream.reopened`) where it can be.
    private static func open(_ recording: VariantComparison.Recording, like: (any RecordingStream)? = nil) throws -> any RecordingStream {
        let stream: any RecordingStream
        do { stream = try like?.reopened() ?? RecordingReader.open(recording.url) } catch { throw CompareError.usage("\(error)") }
        if let c = recording.crop { stream.limitComposition(to: (c.x, c.y, c.width, c.height)) }
        return stream
    }

    /// The index of the frame a viewer sees at comparison time `t`.
    func index(at t: Double) -> Int {
        let local = t - offset
        // Half a millisecond of slack: recordings store times rounded to milliseconds (WebP) or
        // centiseconds, so a frame due at 2/30 s may be stamped 0.067 s.
        return (starts.lastIndex { $0 <= local + 0.0005 }) ?? 0
    }

    /// The frame a viewer sees at comparison time `t`.
    func frame(at t: Double) throws -> PixelBuffer {
        let wanted = index(at: t)
        if let shown, shown.index == wanted { return shown.frame }
        if let prefetcher {
            if let frame = prefetcher.take(wanted) {
                shown = (wanted, frame)
                return frame
            }
            // Missed (a recording shorter than it says, an error): decode here from now on.
            prefetcher.stop()
            self.prefetcher = nil
        }
        if let shown, wanted < shown.index {
            // Going back (not done by compare's forward clock): start the stream again.
            stream = try Self.open(recording, like: stream)
            self.shown = nil
        }
        var index = shown?.index ?? -1
        var raw: PixelBuffer?
        do {
            // Frames the clock passes over are skipped (cheap for a video); the one shown is decoded.
            while index < wanted - 1, try stream.skipFrame() { index += 1 }
            if let next = try stream.nextFrame() {
                raw = next
                index += 1
            }
        } catch { throw CompareError.usage("\(recording.url.path): \(error)") }
        // A recording that decodes to fewer frames than it lists holds its last one.
        guard let raw else {
            if let shown { return shown.frame }
            throw CompareError.usage("\(recording.url.path): the recording has no frames that decode")
        }
        let frame =
            leavesUnscaled
            ? Self.cropped(raw, recording: recording) : try Self.fitted(raw, recording: recording, width: width, height: height)
        shown = (index, frame)
        return frame
    }

    private static func cropped(_ raw: PixelBuffer, recording: VariantComparison.Recording) -> PixelBuffer {
        guard let c = recording.crop else { return raw }
        return raw.cropped(x: c.x, y: c.y, width: c.width, height: c.height) ?? raw
    }

    private static func fitted(_ raw: PixelBuffer, recording: VariantComparison.Recording, width: Int, height: Int) throws -> PixelBuffer {
        var frame = cropped(raw, recording: recording)
        if frame.width != width || frame.height != height {
            // Shrinking (a 3× recording against a 2× scene) averages the pixels each covers:
            // what Cairo's filter does at a third of the cost, for every frame of a long recording.
            let shrinks = width <= frame.width && height <= frame.height
            frame = shrinks ? frame.areaAveraged(width: width, height: height) : try frame.resized(width: width, height: height)
        }
        return frame
    }
}
