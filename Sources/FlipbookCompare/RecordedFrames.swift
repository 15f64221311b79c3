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
        width = decoded.width; height = decoded.height
        frames = decoded.frames
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
