import FlipbookCore
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
