import Flipbook
import Foundation
import Testing

@testable import FlipbookCompare

/// docs/compare.md "Finding the offset": the profiles' offset is refined by the pixels, to the
/// offset at which the frames shown together differ least.
@Suite("offset refined by pixels")
struct OffsetRefinementTests {
    /// A 20 × 4 picture with a black bar at column `column`, white elsewhere.
    static func bar(at column: Int) -> PixelBuffer {
        var words = [UInt32](repeating: 0xFFFF_FFFF, count: 20 * 4)
        for y in 0..<4 { words[y * 20 + column] = 0xFF00_0000 }
        return PixelBuffer(width: 20, height: 4, premultipliedARGB: words)
    }

    /// The bar steps one column every 0.1 s from 0.5 s: column min(19, max(0, ⌊(t − 0.5) / 0.1⌋ + 1)).
    static func column(at t: Double) -> Int { min(19, max(0, Int(((t - 0.5) / 0.1 + 1e-9).rounded(.down)) + 1)) }

    /// The scene at 30 fps through 2.5 s; a recording of it at 20 fps that starts `delay` late
    /// (its frame at r shows the scene at r − delay, the first frame before that).
    static func profiles(delay: Double) -> (scene: ChangeProfile, recording: ChangeProfile) {
        var scene = ChangeProfile(duration: 2.5)
        scene.thumbnails = (0...75).map { k in (Double(k) / 30, bar(at: column(at: Double(k) / 30))) }
        var recording = ChangeProfile(duration: 3)
        recording.thumbnails = (0..<60).map { k in (Double(k) / 20, bar(at: column(at: max(0, Double(k) / 20 - delay)))) }
        return (scene, recording)
    }

    @Test("an offset two recording frames off the true one comes back within a frame of it")
    func refinesToTheFewestDifferences() {
        // Recording frame at r shows scene(r − 0.2): lined up when the offset is −0.2.
        let (scene, recording) = Self.profiles(delay: 0.2)
        let rough = OffsetEstimate(offset: -0.3, correlation: 0.9, runnerUp: 0.5, runnerUpOffset: 0.1)
        let refined = rough.refined(scene: scene, recording: recording, reach: 0.15)
        #expect(abs(refined.offset - -0.2) <= 0.05, "\(refined)")
        #expect(refined.profileOffset == -0.3)
        #expect(refined.differingShare == 0, "lined up, the bars coincide: \(refined)")
        #expect(refined.note.contains("the profiles alone: -0.300 s"), "\(refined.note)")
    }

    @Test("an offset already among the best is kept, and the note does not mention the pixels")
    func keepsAnOffsetAmongTheBest() {
        let (scene, recording) = Self.profiles(delay: 0.2)
        let good = OffsetEstimate(offset: -0.2, correlation: 0.9, runnerUp: 0.5, runnerUpOffset: 0.1)
        let refined = good.refined(scene: scene, recording: recording, reach: 0.15)
        #expect(refined.offset == -0.2 && refined.differingShare == 0, "\(refined)")
        #expect(!refined.note.contains("the profiles alone"), "\(refined.note)")
    }

    @Test("only the recording frames refinementFrames names are compared: thumbnails of those alone refine alike")
    func refinementFramesSuffice() {
        for (delay, rough) in [(0.2, -0.3), (0.2, -0.2), (0.45, -0.5)] {
            let (scene, recording) = Self.profiles(delay: delay)
            let estimate = OffsetEstimate(offset: rough, correlation: 0.9, runnerUp: 0.5, runnerUpOffset: 0.1)
            let needed = estimate.refinementFrames(
                sceneTimes: scene.thumbnails.map(\.time), recordingStarts: recording.thumbnails.map(\.time), reach: 0.15)
            // Frames shown at scene times 0...2.5 s moved by rough ± 0.15 s: a window, not all 60.
            #expect(!needed.isEmpty && needed.count < recording.thumbnails.count, "\(needed)")
            #expect(needed == needed.sorted() && Set(needed).count == needed.count)
            var sparse = recording
            for j in sparse.thumbnails.indices where !needed.contains(j) { sparse.thumbnails[j].frame = nil }
            #expect(
                estimate.refined(scene: scene, recording: sparse, reach: 0.15)
                    == estimate.refined(scene: scene, recording: recording, reach: 0.15))
            // One of them missing: the offset is left as it was, not refined on a guess.
            sparse.thumbnails[needed[needed.count / 2]].frame = nil
            #expect(estimate.refined(scene: scene, recording: sparse, reach: 0.15) == estimate)
        }
    }

    @Test("thumbnails hold at most 6400 pixels and keep the frame's shape")
    func thumbnailSize() throws {
        let big = PixelBuffer(width: 800, height: 600, premultipliedARGB: [UInt32](repeating: 0xFF12_3456, count: 800 * 600))
        let small = Thumbnail.of(big, mask: nil)
        #expect(small.width * small.height <= 6400 && small.width == 92 && small.height == 69, "\(small.width)×\(small.height)")
        #expect(small.premultipliedARGB[0] == 0xFF12_3456)
        let tiny = Self.bar(at: 3)
        #expect(Thumbnail.of(tiny, mask: nil) == tiny)
    }
}
