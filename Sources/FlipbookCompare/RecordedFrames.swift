import Flipbook
import FlipbookGolden
import Foundation

/// A decoded recording on the comparison's clock.
struct RecordedFrames {
    let label: String
    let offset: Double
    let width: Int, height: Int
    private let frames: [PixelBuffer]
    /// When each frame starts, seconds from the recording's start.
    private let starts: [Double]
    let duration: Double

    init(recording: VariantComparison.Recording) throws {
        let decoded: DecodedRecording
        do { decoded = try RecordingReader.read(recording.url) } catch { throw GoldenError.usage("\(recording.url.path): \(error)") }
        guard !decoded.frames.isEmpty else { throw GoldenError.usage("\(recording.url.path): the recording has no frames") }
        label = recording.label
        offset = recording.offset
        var frames = decoded.frames
        var w = decoded.width, h = decoded.height
        if let c = recording.crop {
            guard c.x >= 0, c.y >= 0, c.width > 0, c.height > 0, c.x + c.width <= w, c.y + c.height <= h else {
                throw GoldenError.usage("--crop \(c.x),\(c.y),\(c.width),\(c.height) is not inside the \(w)×\(h) px recording")
            }
            frames = frames.compactMap { $0.cropped(x: c.x, y: c.y, width: c.width, height: c.height) }
            w = c.width; h = c.height
        }
        if let s = recording.scale, s != 1 {
            let sw = Int((Double(w) * s).rounded()), sh = Int((Double(h) * s).rounded())
            frames = try frames.map { try $0.resized(width: sw, height: sh) }
            w = sw; h = sh
        }
        width = w; height = h
        self.frames = frames
        starts = decoded.starts
        duration = decoded.duration
    }

    /// The frame a viewer sees at comparison time `t`.
    func frame(at t: Double) -> PixelBuffer {
        let local = t - offset
        // Half a millisecond of slack: recordings store times rounded to milliseconds (WebP) or
        // centiseconds, so a frame due at 2/30 s may be stamped 0.067 s.
        let i = (starts.lastIndex { $0 <= local + 0.0005 }) ?? 0
        return frames[min(i, frames.count - 1)]
    }
}
