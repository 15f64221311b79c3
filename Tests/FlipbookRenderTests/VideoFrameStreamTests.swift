import Foundation
import Testing

@testable import FlipbookRender

/// A video read through ffmpeg as compare reads a screen recording: frame times from the
/// container's packets in presentation order, a reopened stream that keeps them, and frames
/// cropped by ffmpeg to the part compared.
@Suite("Video frame streams")
struct VideoFrameStreamTests {
    /// A 24-frame 25 fps H.264 video with B-frames (packets stored out of presentation order),
    /// 4:2:0 chroma, 64 × 48 px of ffmpeg's moving test pattern.
    static func makeVideo(in folder: URL) throws -> URL {
        let video = folder.appendingPathComponent("pattern.mp4")
        guard let program = FFmpegVideoWriter.executable() else { throw RenderError.io("ffmpeg is installed by make test-deps") }
        let ffmpeg = Process()
        ffmpeg.executableURL = program
        ffmpeg.arguments = [
            "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25", "-frames:v", "24",
            "-c:v", "libx264", "-bf", "2", "-pix_fmt", "yuv420p", video.path
        ]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        try #require(ffmpeg.terminationStatus == 0)
        return video
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-video-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("frame times come in presentation order from the packets (B-frames are stored out of order)")
    func presentationOrder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = try VideoFrameStream(url: try Self.makeVideo(in: folder))
        #expect(stream.starts.count == 24)
        for (k, start) in stream.starts.enumerated() { #expect(abs(start - Double(k) / 25) < 1e-6, "frame \(k)") }
        #expect(abs(stream.duration - 24.0 / 25) < 1e-6)
        var decoded = 0
        while try stream.nextFrame() != nil { decoded += 1 }
        #expect(decoded == 24)
    }

    @Test("a reopened stream keeps the frame times and starts again from the first frame")
    func reopened() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = try VideoFrameStream(url: try Self.makeVideo(in: folder))
        let first = try #require(try stream.nextFrame())
        _ = try stream.nextFrame()
        let again = try #require(try stream.reopened())
        #expect(again.starts == stream.starts && again.duration == stream.duration)
        #expect(try again.nextFrame() == first)
    }

    @Test("frames limited to a region at odd offsets: ffmpeg's crop gives the whole frame's pixels there")
    func croppedByFFmpeg() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try VideoFrameStream(url: try Self.makeVideo(in: folder))
        let limited = try #require(try whole.reopened())
        let region = (x: 7, y: 5, width: 33, height: 21)
        limited.limitComposition(to: region)
        for k in 0..<24 {
            let a = try #require(try whole.nextFrame()), b = try #require(try limited.nextFrame())
            #expect(b.width == 64 && b.height == 48)
            #expect(
                a.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
                    == b.cropped(x: region.x, y: region.y, width: region.width, height: region.height), "frame \(k)")
        }
        #expect(try limited.nextFrame() == nil)
    }
}
