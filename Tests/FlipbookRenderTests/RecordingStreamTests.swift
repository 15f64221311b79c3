import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Recordings made by other encoders (Pillow and ffmpeg; Fixtures/recordings/make_fixtures.sh)
/// read frame by frame as viewers show them: GIF89a interlacing and a missing trailer, and the
/// APNG specification's blend ops (source, over) and dispose ops (none, background, previous).
@Suite("Recording streams")
struct RecordingStreamTests {
    func url(_ name: String) throws -> URL {
        let parts = name.split(separator: ".")
        return try #require(
            Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Fixtures/recordings"))
    }

    func frames(_ name: String) throws -> (stream: any RecordingStream, frames: [PixelBuffer]) {
        let stream = try RecordingReader.open(try url(name))
        var frames: [PixelBuffer] = []
        while let f = try stream.nextFrame() { frames.append(f) }
        return (stream, frames)
    }

    func rgba(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let p = b.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test("an interlaced GIF's rows come back in display order (the four passes put back)")
    func interlacedGIF() throws {
        let (_, frames) = try frames("interlaced.gif")
        #expect(frames.count == 1)
        // Row y was drawn grey y × 10.
        for y in 0..<24 { #expect(rgba(frames[0], 5, y) == [y * 10, y * 10, y * 10, 255], "row \(y)") }
    }

    @Test("a GIF without its trailer still reads its complete frames")
    func missingTrailer() throws {
        let (_, frames) = try frames("no-trailer.gif")
        #expect(frames.count == 1)
        #expect(rgba(frames[0], 0, 23) == [230, 230, 230, 255])
    }

    @Test("APNG blend over composes a half-transparent frame over the last; frame times from fcTL")
    func blendOver() throws {
        let (stream, frames) = try frames("blend-over.png")
        #expect(frames.count == 2)
        #expect(stream.starts == [0, 0.1] && abs(stream.duration - 0.35) < 1e-9)
        #expect(rgba(frames[0], 3, 3) == [255, 0, 0, 255])
        // 128/255 of blue over red: red × 127/255, blue 128, opaque.
        let p = rgba(frames[1], 3, 3)
        #expect(abs(p[0] - 127) <= 1 && p[1] == 0 && abs(p[2] - 128) <= 1 && p[3] == 255, "\(p)")
    }

    @Test("APNG dispose to background clears the frame's region to transparent before the next")
    func disposeBackground() throws {
        let (stream, frames) = try frames("dispose-background.png")
        #expect(frames.count == 2)
        #expect((stream as? APNGFrameStream)?.plays == 2)
        #expect(rgba(frames[0], 6, 6) == [255, 0, 0, 255])
        #expect(rgba(frames[1], 1, 1) == [0, 0, 255, 255])
        #expect(rgba(frames[1], 6, 6)[3] == 0)
    }

    @Test("APNG dispose to previous puts back what was there before the frame")
    func disposePrevious() throws {
        let (_, frames) = try frames("dispose-previous.png")
        #expect(frames.count == 3)
        #expect(rgba(frames[1], 1, 1) == [0, 0, 255, 255])
        #expect(rgba(frames[2], 1, 1) == [255, 0, 0, 255])
        #expect(rgba(frames[2], 5, 5) == [0, 255, 0, 255])
    }

    @Test("a palette APNG reads through PLTE and tRNS; its default image is not a frame")
    func paletteWithDefaultImage() throws {
        let (stream, frames) = try frames("palette.png")
        #expect(frames.count == 2 && stream.starts.count == 2)
        #expect(rgba(frames[0], 2, 2) == [255, 0, 0, 255])
        #expect(rgba(frames[1], 2, 2) == [0, 255, 0, 255])
        // Index 3 is transparent (tRNS) and the frame is blended "source": the red goes.
        #expect(rgba(frames[1], 5, 5)[3] == 0)
    }

    @Test("ffmpeg's own APNG encoder: every frame equals the PNG it was made from")
    func ffmpegAPNG() throws {
        let (stream, frames) = try frames("ffmpeg.apng")
        #expect(frames.count == 4)
        #expect(stream.starts.count == 4 && abs(stream.duration - 0.4) < 1e-9)
        for (k, frame) in frames.enumerated() {
            let source = try PNGCodec.read(try url("ffmpeg-src-\(k + 1).png"))
            #expect(frame.rgba == source.rgba, "frame \(k + 1)")
        }
    }

    @Test("a frame region outside the image, or a file cut inside a chunk, is refused by name")
    func badAPNG() throws {
        var bytes = Array(try Data(contentsOf: try url("dispose-previous.png")))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-apng-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cut = dir.appendingPathComponent("cut.png")
        try Data(bytes[0..<(bytes.count / 2)]).write(to: cut)
        #expect(throws: RenderError.self) { _ = try RecordingReader.read(cut) }
        // The first fcTL's x offset (4 bytes after its width and height) moved far to the right.
        let fcTL = try #require((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("fcTL".utf8) })
        bytes[fcTL + 4 + 12 + 3] = 200
        let outside = dir.appendingPathComponent("outside.png")
        try Data(bytes).write(to: outside)
        let error = try #require(throws: RenderError.self) { _ = try RecordingReader.open(outside) }
        #expect("\(error)".contains("outside.png") && "\(error)".contains("not inside"))
    }

    @Test("frames are decoded on demand: frame times are known before any pixel, and a stream stops where it is left")
    func onDemand() throws {
        let stream = try RecordingReader.open(try url("dispose-previous.png"))
        #expect(stream.starts == [0, 0.1, 0.2])
        let first = try #require(try stream.nextFrame())
        #expect(rgba(first, 1, 1) == [255, 0, 0, 255])
    }
}
