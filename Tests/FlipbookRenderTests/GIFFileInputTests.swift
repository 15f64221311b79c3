import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// GIFFileInput reads a GIF in 64 KB chunks for giflib and gathers (or reads past) image data
/// itself: images whose data spans several chunks decode as giflib decodes them, frame times are
/// found without decoding, and a file cut anywhere is refused by name or read to its last
/// complete frame, never a crash.
@Suite("GIF file input")
struct GIFFileInputTests {
    /// Four 256-colour noise frames of 300×300: about 90 KB of image data each, so images
    /// start and end in the middle of chunks.
    static func noiseGIF() throws -> (path: String, frames: [[UInt8]]) {
        var rng = SeededRandom(seed: 45)
        let frames = (0..<4).map { _ in GIFLZWDecoderTests.picture(width: 300, height: 300, colours: 256, style: 0, rng: &rng) }
        let path = try GIFLZWDecoderTests.giflibGIF(frames, width: 300, height: 300, colours: 256, interlaced: false)
        return (path, frames)
    }

    @Test("images spanning several chunks decode as giflib decodes them; skipping finds every frame")
    func acrossChunks() throws {
        let (path, frames) = try Self.noiseGIF()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 > 4 * 65536)
        #expect(try GIFLZWDecoderTests.ourImages(path) == frames)
        #expect(try GIFLZWDecoderTests.giflibImages(path) == frames)
        let stream = try GIFFrameStream(url: URL(fileURLWithPath: path))
        #expect(stream.starts.count == 4)
        // Skipping the first three (their data read past) leaves the stream at the fourth.
        let records = try GIFRecords(path: path)
        var skipped = 0
        while case .image(let d) = try records.next() {
            if skipped < 3 {
                try records.skipImage()
                skipped += 1
            } else {
                #expect(try records.readImage(d) == frames[3])
                break
            }
        }
        #expect(skipped == 3)
    }

    @Test("a file cut anywhere: refused naming the file and the frame, or its complete frames read")
    func cutAnywhere() throws {
        let (path, frames) = try Self.noiseGIF()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let cutPath = path + ".cut.gif"
        defer { try? FileManager.default.removeItem(atPath: cutPath) }
        var refused = 0, complete = 0
        for length in Swift.stride(from: 790, to: bytes.count, by: 7919) + [bytes.count - 1] {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: cutPath))
            do {
                let images = try GIFLZWDecoderTests.ourImages(cutPath)
                // Only a cut after a frame's last block reads (as browsers show a file without its trailer).
                #expect(images == Array(frames.prefix(images.count)), "cut at \(length)")
                complete += 1
            } catch let error as RenderError {
                #expect("\(error)".contains(cutPath), "cut at \(length): \(error)")
                #expect(["truncated", "unreadable"].contains { "\(error)".contains($0) }, "cut at \(length): \(error)")
                refused += 1
            }
        }
        #expect(refused > 40)
        #expect(complete >= 1)
    }

    @Test("a GIF stream reopened keeps its frame times (the file is not scanned again) and decodes the file as it is now")
    func reopenedKeepsTimes() throws {
        let (path, frames) = try Self.noiseGIF()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let url = URL(fileURLWithPath: path)
        let first = try GIFFrameStream(url: url)
        let again = try #require(try first.reopened())
        #expect(again.starts == first.starts && again.duration == first.duration)
        var decoded: [PixelBuffer] = []
        while let f = try again.nextFrame() { decoded.append(f) }
        let fresh = try GIFFrameStream(url: url)
        var expected: [PixelBuffer] = []
        while let f = try fresh.nextFrame() { expected.append(f) }
        #expect(decoded == expected && decoded.count == frames.count)
        // The file replaced by one frame: the times read before stay; the one frame decodes,
        // and the stream ends after it.
        let single = try GIFLZWDecoderTests.giflibGIF([frames[2]], width: 300, height: 300, colours: 256, interlaced: false)
        defer { try? FileManager.default.removeItem(atPath: single) }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: single, toPath: path)
        let stale = try #require(try first.reopened())
        #expect(stale.starts.count == 4)
        #expect(try stale.nextFrame() == expected[2])
        #expect(try stale.nextFrame() == nil)
    }

    @Test("a FIFO is refused on the descriptor itself, at once, not read (no writer would ever come)")
    func fifoRefused() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("gif-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect {
            _ = try GIFFileInput(path: fifo)
        } throws: { error in
            "\(error)".contains("is not a regular file")
        }
    }
}
