import FlipbookCore
import Foundation

/// A recording's frames decoded one at a time, in order, so a long recording never sits in
/// memory whole: at most the frame being composed and what the format's disposal keeps.
/// The frame times are known on opening (read from the container without decoding pixels).
public protocol RecordingStream: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// When each frame starts, seconds from the recording's start (variable rates kept).
    var starts: [Double] { get }
    /// When the last frame ends.
    var duration: Double { get }
    /// The next frame as a viewer sees it (disposal and blending applied), nil after the last.
    func nextFrame() throws -> PixelBuffer?
    /// Moves past the next frame, as cheaply as the format allows (a video's bytes are read and
    /// dropped; GIF and APNG frames are still composed, later frames depend on them). False
    /// after the last frame.
    func skipFrame() throws -> Bool
    /// Only `region` of the frames from now on will be read (a compare's --crop): a stream may
    /// compose only that part, leaving the rest of each frame unspecified. A GIF's pixels are
    /// each composed from their own history alone, so the region's pixels are exact.
    func limitComposition(to region: (x: Int, y: Int, width: Int, height: Int))
    /// A new stream over the same file from its first frame, with what opening this one read
    /// (a GIF's frame times, found by reading the whole file); nil when the format has nothing
    /// worth keeping (open the file again instead). Composition is not limited in the new one.
    func reopened() throws -> (any RecordingStream)?
}

extension RecordingStream {
    public func skipFrame() throws -> Bool { try nextFrame() != nil }
    public func limitComposition(to region: (x: Int, y: Int, width: Int, height: Int)) {}
    public func reopened() throws -> (any RecordingStream)? { nil }
}

extension RecordingStream {
    /// Every remaining frame, refused when they would come to more than
    /// `Limits.maximumDecodedPixels` (a stream never holds them all; this is for short clips).
    public func allFrames(name: String) throws -> [PixelBuffer] {
        try RecordingLimits.check(name, width: width, height: height, frames: starts.count)
        var frames: [PixelBuffer] = []
        while let frame = try nextFrame() { frames.append(frame) }
        return frames
    }
}

/// The size checks every recording passes before a pixel is allocated.
enum RecordingLimits {
    /// One frame: at most `Limits.maximumStagePixels` a side and `Limits.maximumImagePixels` in all.
    static func check(_ name: String, width w: Int, height h: Int) throws {
        guard w > 0, h > 0, w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels, w * h <= Limits.maximumImagePixels else {
            throw RenderError.invalidArgument(
                "\(name) is \(w)×\(h) px; at most \(Limits.maximumStagePixels) px a side and "
                    + "\(Limits.maximumImagePixels) pixels a frame are decoded")
        }
    }

    /// Every frame decoded once, as any command reading the recording may: at most
    /// `Limits.maximumRecordingPixels` pixels and `Limits.maximumRecordingFrames` frames, so a
    /// small file declaring hundreds of huge frames (a "decompression bomb") is refused on open.
    static func checkWhole(_ name: String, width w: Int, height h: Int, frames n: Int) throws {
        guard n <= Limits.maximumRecordingFrames else {
            throw RenderError.invalidArgument("\(name) has \(n) frames; at most \(Limits.maximumRecordingFrames) are read")
        }
        let (total, overflow) = n.multipliedReportingOverflow(by: w * h)
        guard !overflow, total <= Limits.maximumRecordingPixels else {
            throw RenderError.invalidArgument(
                "\(name) has \(n) frames of \(w)×\(h) px; at most \(Limits.maximumRecordingPixels) "
                    + "pixels are decoded from a recording (shorten or scale it, e.g. ffmpeg -i IN -t 10 -vf scale=iw/2:-2 OUT.mp4)")
        }
    }

    /// All frames held at once (`allFrames`).
    static func check(_ name: String, width w: Int, height h: Int, frames n: Int) throws {
        try check(name, width: w, height: h)
        let (total, overflow) = n.multipliedReportingOverflow(by: w * h)
        guard !overflow, total <= Limits.maximumDecodedPixels else {
            throw RenderError.invalidArgument(
                "\(name) has \(n) frames of \(w)×\(h) px; at most \(Limits.maximumDecodedPixels) "
                    + "pixels are held at once (compare streams a recording of any length)")
        }
    }

    /// Start times from durations in order; the total is the recording's duration.
    static func starts(fromDurations durations: [Double]) -> (starts: [Double], duration: Double) {
        var starts: [Double] = [], t = 0.0
        starts.reserveCapacity(durations.count)
        for d in durations {
            starts.append(t)
            t += d
        }
        return (starts, t)
    }
}
