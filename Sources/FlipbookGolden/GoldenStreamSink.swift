import Flipbook
import Foundation

/// Compares (or records) each golden instant while the render produces it, so a suite's memory
/// does not grow with its instants: the comparison (decoding the golden frame, pixelmatch) and
/// the PNG coding of a recording run in `prepare`, where frames are drawn, and only the
/// outcomes stay, with the pictures of the first `keptFailures` failing frames for the report.
final class GoldenStreamSink: RenderSink, @unchecked Sendable {
    enum Mode {
        case compare(GoldenStore.Recorded, tolerance: GoldenSpec.Tolerance?)
        case record(GoldenStore.Recording)
    }

    /// Failing frames whose expected and actual pictures are kept for the artifacts; the rest are
    /// reported in numbers.
    static let keptFailures = 24

    let times: [Double]
    let mode: Mode
    let name: String
    let scale: Double
    // Frame index → instant index for instants on the frame grid; the others are instants.
    private var frameInstants: [Int: Int] = [:]
    private var offGrid: [(time: Double, index: Int)] = []
    // Touched only by begin/consume, on the calling thread.
    private(set) var outcomes: [FrameOutcome?]
    private(set) var messages: [String?]
    private(set) var pixelChecksums: [String?]
    private(set) var size: (width: Int, height: Int) = (0, 0)
    private var failuresKept = 0
    /// Called once, on the calling thread, when the first frame (in frame order) fails.
    var whenAFrameFails: (() -> Void)?
    private var heardOfFailure = false

    init(times: [Double], fps: Double, mode: Mode, name: String, scale: Double) {
        self.times = times
        self.mode = mode
        self.name = name
        self.scale = scale
        outcomes = Array(repeating: nil, count: times.count)
        messages = Array(repeating: nil, count: times.count)
        pixelChecksums = Array(repeating: nil, count: times.count)
        for (i, t) in times.enumerated() {
            let k = (t * fps).rounded()
            if abs(k / fps - t) < 1e-9 { frameInstants[Int(k)] = i } else { offGrid.append((t, i)) }
        }
    }

    var instants: [Double] { offGrid.map(\.time) }

    func begin(_ plan: RenderPlan) throws {
        size = (plan.width, plan.height)
        // Grid times past the last frame (the end, when duration × fps is whole) are instants too.
        for (k, i) in frameInstants where k >= plan.frameCount {
            frameInstants[k] = nil
            offGrid.append((times[i], i))
        }
    }

    /// What one instant's frame gives: a comparison, or the bytes of a recording.
    enum Work: Sendable {
        case compared(FrameOutcome?, String?, checksum: String)
        case encoded([UInt8], checksum: String)
    }

    private func work(_ i: Int, _ frame: PixelBuffer) throws -> Work {
        let checksum = GoldenManifest.pixelChecksum(frame)
        switch mode {
        case .compare(let golden, let tolerance):
            let (outcome, message) = GoldenSuite.compareFrame(
                i, time: times[i], actual: frame, golden: golden, tolerance: tolerance,
                name: name, scale: scale, pixelChecksum: checksum)
            return .compared(outcome, message, checksum: checksum)
        case .record:
            return .encoded(try PNGCodec.encode(frame, level: 9), checksum: checksum)
        }
    }

    private func keep(_ i: Int, _ work: Work) throws {
        switch work {
        case .compared(var outcome, let message, let checksum):
            if outcome?.passed == false {
                if !heardOfFailure {
                    heardOfFailure = true
                    whenAFrameFails?()
                }
                if failuresKept < Self.keptFailures {
                    failuresKept += 1
                } else {
                    outcome?.expected = nil
                    outcome?.actual = nil
                    outcome?.expectedPNG = nil
                }
            }
            outcomes[i] = outcome
            messages[i] = message
            pixelChecksums[i] = checksum
        case .encoded(let png, let checksum):
            guard case .record(let recording) = mode else { return }
            try recording.write(frame: i, png: png)
            pixelChecksums[i] = checksum
        }
    }

    func prepare(_ frame: PixelBuffer, index: Int, previous: PixelBuffer?) throws -> (any Sendable)? {
        guard let i = frameInstants[index] else { return nil }
        return try work(i, frame)
    }

    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        guard let i = frameInstants[index], let done = prepared as? Work else { return }
        try keep(i, done)
    }

    func consume(instant time: Double, frame: PixelBuffer) throws {
        guard let i = offGrid.first(where: { $0.time == time })?.index else { return }
        try keep(i, try work(i, frame))
    }

    func finish() throws {}
    func cancel() {}
}
