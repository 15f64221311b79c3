import Flipbook
import Foundation
import Testing

@testable import FlipbookCompare

/// A recording decoded ahead of the comparison's clock (FramePrefetcher) hands out the frames
/// decoding them in turn would, and a clock that asks otherwise still gets the right frames.
@Suite("recording decoded ahead")
struct FramePrefetchTests {
    /// A 4×4 GIF of `count` frames 0.1 s each: frame k adds a white pixel at (k % 4, k / 4).
    static func growingGIF(count: Int) throws -> URL {
        var b = Array("GIF89a".utf8) + [4, 0, 4, 0, 0, 0, 0]
        for k in 0..<count {
            b += [0x21, 0xF9, 0x04, 0x04, 0x0A, 0x00, 0x00, 0x00]  // keep, 0.1 s
            b += [0x2C, UInt8(k % 4), 0, UInt8(k / 4), 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255, 0x02, 0x02, 0x4C, 0x01, 0x00]
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("growing-\(UUID().uuidString).gif")
        try Data(b + [0x3B]).write(to: url)
        return url
    }

    static func whitePixels(_ f: PixelBuffer) -> Int { f.premultipliedARGB.filter { $0 == 0xFFFF_FFFF }.count }

    @Test("decoded ahead: each frame asked for is the one the clock shows, frames between skipped")
    func ahead() throws {
        let url = try Self.growingGIF(count: 12)
        let times = [0.0, 0.05, 0.25, 0.3, 0.71, 1.15]
        let ahead = try RecordedFrames(recording: .init(url: url, offset: 0))
        try ahead.prefetch(times: times)
        let plain = try RecordedFrames(recording: .init(url: url, offset: 0))
        for t in times {
            let frame = try ahead.frame(at: t)
            #expect(frame == (try plain.frame(at: t)), "t = \(t)")
            #expect(Self.whitePixels(frame) == min(12, Int((t * 10 + 0.0001).rounded(.down)) + 1), "t = \(t)")
        }
    }

    @Test("a clock that goes back, or asks for a frame it did not say, is answered from its own decoding")
    func missed() throws {
        let url = try Self.growingGIF(count: 12)
        let frames = try RecordedFrames(recording: .init(url: url, offset: 0))
        try frames.prefetch(times: [0.5, 0.7, 0.9])
        #expect(Self.whitePixels(try frames.frame(at: 0.5)) == 6)
        #expect(Self.whitePixels(try frames.frame(at: 0.1)) == 2, "back before the list")
        #expect(Self.whitePixels(try frames.frame(at: 0.9)) == 10)
        #expect(Self.whitePixels(try frames.frame(at: 0.95)) == 10)
        // A frame between two it decodes ahead: the one before is passed over, not shown.
        let between = try RecordedFrames(recording: .init(url: url, offset: 0))
        try between.prefetch(times: [0.5, 0.7, 0.9])
        #expect(Self.whitePixels(try between.frame(at: 0.6)) == 7)
        #expect(Self.whitePixels(try between.frame(at: 0.9)) == 10)
    }

    @Test("a cropped recording decoded ahead is cropped as when decoded in turn")
    func cropped() throws {
        let url = try Self.growingGIF(count: 12)
        var recording = VariantComparison.Recording(url: url, offset: 0)
        recording.crop = (1, 1, 2, 2)
        let ahead = try RecordedFrames(recording: recording), plain = try RecordedFrames(recording: recording)
        let times = stride(from: 0.0, to: 1.2, by: 0.05).map { $0 }
        try ahead.prefetch(times: times)
        for t in times { #expect(try ahead.frame(at: t) == plain.frame(at: t), "t = \(t)") }
        #expect(try ahead.frame(at: 1.15).width == 2)
    }
}
