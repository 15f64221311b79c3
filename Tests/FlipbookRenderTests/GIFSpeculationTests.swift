import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Frames held back for the global table are coded ahead on another thread once their colours
/// stop changing (GIFWriter+Speculation.swift): the same bytes as coding them at the end.
@Suite("GIF frames coded ahead")
struct GIFSpeculationTests {
    /// A 48 × 24 canvas with a 6 × 6 square at x (0…42) on white, in `colour`.
    static func frame(x: Int, colour: [UInt8]) -> PixelBuffer {
        var rgba = [UInt8](repeating: 255, count: 48 * 24 * 4)
        for y in 9..<15 {
            for xx in x..<(x + 6) {
                let i = (y * 48 + xx) * 4
                rgba[i] = colour[0]
                rgba[i + 1] = colour[1]
                rgba[i + 2] = colour[2]
            }
        }
        return PixelBuffer(width: 48, height: 24, rgba: rgba)
    }

    /// Writes `frames` with `threads`; the file's bytes and how many frames were coded ahead.
    static func write(_ frames: [PixelBuffer], threads: Int) throws -> (bytes: Data, codedAhead: Int, url: URL) {
        let url = temporaryDirectory().appendingPathComponent("square.gif")
        let writer = try GIFWriter(url: url, width: 48, height: 24)
        writer.threads = threads
        for f in frames { try writer.add(f, delay: 3) }
        try writer.finish()
        return (try Data(contentsOf: url), writer.framesCodedAhead, url)
    }

    @Test("a square that moves in the same colours: every frame coded ahead, the same bytes as one thread")
    func stableColours() throws {
        let frames = (0..<30).map { Self.frame(x: $0, colour: [200, 40, 40]) }
        let ahead = try Self.write(frames, threads: 2)
        let serial = try Self.write(frames, threads: 1)
        #expect(ahead.codedAhead == frames.count)
        #expect(serial.codedAhead == 0)
        #expect(ahead.bytes == serial.bytes)
        let gif = try GIFReader.read(ahead.url)
        #expect(gif.frames.count == 30)
        #expect(gif.frames[29].pixel(x: 31, y: 12) == (200, 40, 40, 255) && gif.frames[29].pixel(x: 28, y: 12) == (255, 255, 255, 255))
    }

    @Test("a colour that comes late: the coding made ahead is dropped, and the bytes are still those of one thread")
    func lateColour() throws {
        var frames = (0..<20).map { Self.frame(x: $0, colour: [200, 40, 40]) }
        frames += (20..<30).map { Self.frame(x: $0, colour: [40, 40, 200]) }
        let ahead = try Self.write(frames, threads: 2)
        let serial = try Self.write(frames, threads: 1)
        #expect(ahead.bytes == serial.bytes)
        // Coding ahead starts again once the new colour has held, with the table that wins.
        #expect(ahead.codedAhead == frames.count)

        // A new colour in the last frame: nothing coded ahead fits the final table.
        let last = (0..<29).map { Self.frame(x: $0, colour: [200, 40, 40]) } + [Self.frame(x: 29, colour: [40, 200, 40])]
        let dropped = try Self.write(last, threads: 2)
        #expect(dropped.codedAhead == 0)
        #expect(dropped.bytes == (try Self.write(last, threads: 1)).bytes)
    }

    @Test("a new colour in the frame that ends the look-ahead: the table has it, the bytes are those of one thread")
    func newColourEndsLookahead() throws {
        // Every pixel of a 512 × 256 frame changes each frame (two colours in turn): the held-back
        // frames pass GIFWriter.lookaheadBytes at the 26th, which also brings a third colour.
        let w = 512, h = 256
        let perFrame = w * h * 5
        let crossing = GIFWriter.lookaheadBytes / perFrame  // index of the frame that passes it
        func frame(_ k: Int) -> PixelBuffer {
            let colour: [UInt8] = k == crossing ? [30, 160, 90] : (k % 2 == 0 ? [200, 40, 40] : [40, 40, 200])
            return PixelBuffer(width: w, height: h, rgba: [UInt8]((0..<(w * h)).flatMap { _ in colour + [255] }))
        }
        let frames = (0...(crossing + 2)).map(frame)
        func write(threads: Int) throws -> (bytes: Data, url: URL) {
            let url = temporaryDirectory().appendingPathComponent("flip.gif")
            let writer = try GIFWriter(url: url, width: w, height: h)
            writer.threads = threads
            for f in frames { try writer.add(f, delay: 3) }
            try writer.finish()
            return (try Data(contentsOf: url), url)
        }
        let ahead = try write(threads: 2)
        #expect(ahead.bytes == (try write(threads: 1)).bytes)
        let gif = try GIFReader.read(ahead.url)
        #expect(gif.frames[crossing].pixel(x: 10, y: 10) == (30, 160, 90, 255))
    }
}
