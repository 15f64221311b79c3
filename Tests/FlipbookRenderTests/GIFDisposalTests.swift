import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// GIFs from another encoder (Pillow; Fixtures/disposal/make_gifs.py) read as browsers show
/// them: each disposal method applied before the next frame (GIF89a §23).
@Suite("GIF disposal methods")
struct GIFDisposalTests {
    func fixture(_ name: String) throws -> DecodedGIF {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "gif", subdirectory: "Fixtures/disposal"))
        return try GIFReader.read(url)
    }

    func rgba(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let p = b.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    @Test(
        "a frame skipped is still composed: the frames after it are as when every frame is read",
        arguments: ["background", "previous", "keep"])
    func skipping(name: String) throws {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "gif", subdirectory: "Fixtures/disposal"))
        let all = try GIFFrameStream(url: url)
        var every: [PixelBuffer] = []
        while let f = try all.nextFrame() { every.append(f) }
        try #require(every.count >= 2)
        for skipped in 0..<(every.count - 1) {
            let stream = try GIFFrameStream(url: url)
            for k in 0..<every.count {
                if k == skipped {
                    #expect(try stream.skipFrame())
                } else {
                    #expect(try stream.nextFrame() == every[k], "\(name): frame \(k) after skipping \(skipped)")
                }
            }
            #expect(try stream.skipFrame() == false)
        }
    }

    /// A GIF on a 4×4 screen whose 1×1 images sit at `places`, each disposed with `disposal`
    /// (GIF89a §23: 2 restores to background); index 1 is white.
    static func placedGIF(_ places: [(x: Int, y: Int)], disposal: UInt8) -> [UInt8] {
        var b = Array("GIF89a".utf8) + [4, 0, 4, 0, 0, 0, 0]
        for p in places {
            b += [0x21, 0xF9, 0x04, disposal << 2, 0x0A, 0x00, 0x00, 0x00]
            b += [0x2C, UInt8(p.x & 255), UInt8(p.x >> 8), UInt8(p.y & 255), UInt8(p.y >> 8), 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255]
            b += [0x02, 0x02, 0x4C, 0x01, 0x00]  // LZW: clear, index 1, end
        }
        return b + [0x3B]
    }

    @Test("an image placed off the screen draws nothing and its disposal clears nothing; the next frame still draws")
    func offScreen() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("offscreen-\(UUID().uuidString).gif")
        try Data(Self.placedGIF([(1, 1), (300, 2), (2, 300), (0, 0)], disposal: 2)).write(to: url)
        let stream = try GIFFrameStream(url: url)
        var frames: [PixelBuffer] = []
        while let f = try stream.nextFrame() { frames.append(f) }
        #expect(frames.count == 4)
        #expect(rgba(frames[0], 1, 1) == [255, 255, 255, 255])
        #expect(frames[1].premultipliedARGB.allSatisfy { $0 == 0 }, "the first image cleared, the second off the screen")
        #expect(frames[2].premultipliedARGB.allSatisfy { $0 == 0 })
        #expect(rgba(frames[3], 0, 0) == [255, 255, 255, 255])
    }

    @Test(
        "composing only a region gives that region's pixels exactly as composing everything", arguments: ["background", "previous", "keep"])
    func limitedRegion(name: String) throws {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "gif", subdirectory: "Fixtures/disposal"))
        let whole = try GIFFrameStream(url: url), limited = try GIFFrameStream(url: url)
        let region = (x: 2, y: 1, width: whole.width - 3, height: whole.height - 2)
        limited.limitComposition(to: region)
        while let a = try whole.nextFrame() {
            let b = try #require(try limited.nextFrame())
            #expect(
                a.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
                    == b.cropped(x: region.x, y: region.y, width: region.width, height: region.height))
        }
        #expect(try limited.nextFrame() == nil)
    }

    @Test("composing only a region decodes only the rows it needs: every region's pixels as composing everything")
    func limitedRowsDecoded() throws {
        // Our writer codes each frame as the rectangle that changed: a square moving down and
        // right over a gradient gives images above, inside, below and beside each region.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("regions-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try GIFWriter(url: url, width: 64, height: 48)
        for k in 0..<12 {
            var words = (0..<64 * 48).map { (i: Int) -> UInt32 in
                let red = UInt32(i % 64 * 4), blue = UInt32(i / 64 * 5)
                return 0xFF00_0000 | red << 16 | blue
            }
            for y in (k * 3)..<(k * 3 + 10) { for x in (k * 5)..<min(64, k * 5 + 10) { words[y * 64 + x] = 0xFFFF_FFFF } }
            try writer.add(PixelBuffer(width: 64, height: 48, premultipliedARGB: words), delay: 10)
        }
        try writer.finish()
        let whole = try GIFFrameStream(url: url)
        var every: [PixelBuffer] = []
        while let f = try whole.nextFrame() { every.append(f) }
        #expect(every.count == 12)
        let regions: [(x: Int, y: Int, width: Int, height: Int)] = [
            (0, 0, 64, 8), (0, 20, 64, 6), (40, 0, 24, 48), (0, 47, 64, 1), (10, 10, 20, 20), (0, 0, 1, 1)
        ]
        for region in regions {
            let limited = try GIFFrameStream(url: url)
            limited.limitComposition(to: region)
            for (k, frame) in every.enumerated() {
                let b = try #require(try limited.nextFrame())
                let expected = frame.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
                let got = b.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
                #expect(expected == got, "\(region), frame \(k)")
            }
        }
    }

    @Test("restore to background clears the frame's area to transparent before the next")
    func background() throws {
        let gif = try fixture("background")
        #expect(gif.frames.count == 2)
        #expect(rgba(gif.frames[0], 6, 6) == [255, 0, 0, 255])
        // Frame 1 draws a blue square at 0…3 over a cleared screen: the red is gone.
        #expect(rgba(gif.frames[1], 1, 1) == [0, 0, 255, 255])
        #expect(rgba(gif.frames[1], 6, 6)[3] == 0)
    }

    @Test("restore to previous puts back what the frame covered")
    func previous() throws {
        let gif = try fixture("previous")
        #expect(gif.frames.count == 3)
        #expect(rgba(gif.frames[1], 1, 1) == [0, 0, 255, 255])
        // Frame 2: the blue square of frame 1 is taken away (red again), the green one is drawn.
        #expect(rgba(gif.frames[2], 1, 1) == [255, 0, 0, 255])
        #expect(rgba(gif.frames[2], 5, 5) == [0, 255, 0, 255])
    }

    @Test("do not dispose keeps the frame; transparent pixels show what is under them")
    func keep() throws {
        let gif = try fixture("keep")
        #expect(rgba(gif.frames[1], 5, 1) == [0, 0, 255, 255])
        #expect(rgba(gif.frames[1], 1, 6) == [255, 0, 0, 255])
    }
}
