import Flipbook
import Foundation
import Testing

@testable import FlipbookCompare

/// `Stage.compare(againstRecording:…)`: a render made with the Swift API measured against a
/// recording as `flipbook compare --against` measures a scene (docs/compare.md, "From Swift").
@Suite("a Stage render against a recording")
struct StageCompareTests {
    /// A 60 × 40 pt stage at 1x whose square slides right over 0.5 s, `delay` seconds in.
    static func stage(delay: Double) -> Stage {
        let stage = Stage(size: CGSize(width: 60, height: 40), scale: 1)
        stage.rootLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 5, y: 10, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        stage.rootLayer.addSublayer(square)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 15
        slide.toValue = 45
        slide.duration = 0.5
        slide.beginTime = delay
        slide.fillMode = .both
        slide.isRemovedOnCompletion = false
        square.add(slide, forKey: "slide")
        return stage
    }

    @Test("the recording's later start is found within a frame and the lined-up render matches it")
    func offsetFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-stage-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The "device": the same motion 0.4 s later than ours (0.2 s in, against 0.6 s in).
        let device = folder.appendingPathComponent("device.gif")
        try Self.stage(delay: 0.6).render(duration: 1.5, fps: 30, to: device)
        let side = folder.appendingPathComponent("side.gif")
        let result = try Self.stage(delay: 0.2).compare(againstRecording: device, duration: 1.5, fps: 30, writing: side)
        #expect(abs(result.offset - -0.4) <= 1.0 / 30, "offset \(result.offset); \(result.notes)")
        #expect(result.render.meanDifference < 0.01, "\(result.render)")
        #expect(result.notes.contains { $0.hasPrefix("offset -0.4") }, "\(result.notes)")
        #expect(try GIFReader.read(side).frames.count >= 30)
        // Given 0, the square is in another place for most of the move.
        let unaligned = try Self.stage(delay: 0.2).compare(againstRecording: device, duration: 1.5, fps: 30, offset: 0)
        #expect(unaligned.offset == 0 && unaligned.render.largestDifference > 0.05, "\(unaligned.render)")
    }

    @Test("a comparison's animation is asked for speed over size (a GIF's one LZW trial a table)")
    func outputFavoursSpeed() {
        let request = VariantComparison.outputRequest(url: URL(fileURLWithPath: "/tmp/side.gif"), inputs: [])
        #expect(request.favoursSpeed)
        #expect(request.url.lastPathComponent == "side.gif")
    }
}
