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
        let gif: DecodedGIF
        do { gif = try GIFReader.read(recording.url) } catch { throw GoldenError.usage("\(recording.url.path): \(error)") }
        guard !gif.frames.isEmpty else { throw GoldenError.usage("\(recording.url.path): the GIF has no frames") }
        label = recording.label
        offset = recording.offset
        width = gif.width; height = gif.height
        frames = gif.frames
        var t = 0.0
        var starts: [Double] = []
        for d in gif.delays { starts.append(t); t += Double(d) / 100 }
        self.starts = starts
        duration = t
    }

    /// The frame a viewer sees at comparison time `t`.
    func frame(at t: Double) -> PixelBuffer {
        let local = t - offset
        let i = (starts.lastIndex { $0 <= local + 1e-9 }) ?? 0
        return frames[min(i, frames.count - 1)]
    }
}
