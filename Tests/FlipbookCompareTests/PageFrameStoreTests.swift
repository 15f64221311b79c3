import Flipbook
import Foundation
import Testing

@testable import FlipbookCompare

/// The page's frames are pictures encoded off the render's thread (PageFrameStore): key frames
/// and the rectangles where later frames differ from them. Drawn as the page draws them, they
/// give back every frame exactly; the same bytes whoever asks first; waiting pictures bounded.
@Suite("page frames encoded in the background")
struct PageFrameStoreTests {
    /// A 96×24 grid of two cells on grey: a bar at `k` in the left cell, and in the right cell
    /// a noise of `noise` greys that changes every frame (a recording's dither), or none.
    static func frame(_ k: Int, noise: Bool = true, width: Int = 96, height: Int = 24) -> PixelBuffer {
        var words = [UInt32](repeating: 0xFFE0_E0E0, count: width * height)
        for y in 2..<(height - 2) {
            words[y * width + 4 + k % 36] = 0xFF00_0000
            guard noise else { continue }
            for x in 56..<92 {
                let grey = UInt32(((x * 37 + y * 11 + k * 101) * 2_654_435_761) >> 24 & 0x3F) + 0x80
                words[y * width + x] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
            }
        }
        return PixelBuffer(width: width, height: height, premultipliedARGB: words)
    }

    /// Frame `index` as the page draws it: its key frame's pictures, then its own, each
    /// replacing the pixels under it.
    static func drawn(_ index: Int, from store: PageFrameStore) throws -> PixelBuffer {
        let frames = store.frames, size = store.size
        var words = [UInt32](repeating: 0, count: size.width * size.height)
        let parts = (frames[index].base == index ? [] : frames[frames[index].base].parts) + frames[index].parts
        for part in parts {
            let picture = try PNGCodec.decode(try #require(try store.png(at: part.picture)), name: "picture \(part.picture)")
            for y in 0..<picture.height {
                for x in 0..<picture.width {
                    words[(part.y + y) * size.width + part.x + x] = picture.premultipliedARGB[y * picture.width + x]
                }
            }
        }
        return PixelBuffer(width: size.width, height: size.height, premultipliedARGB: words)
    }

    @Test("drawn as the page draws them, the pictures give back every frame exactly, asked for early, late or all at once")
    func reconstructs() throws {
        let store = PageFrameStore()
        let frames = (0..<24).map { Self.frame($0) }
        for (k, f) in frames.enumerated() {
            store.append(f, time: Double(k) / 30)
            if k == 5 { #expect(try Self.drawn(3, from: store) == frames[3]) }
        }
        for k in frames.indices { #expect(try Self.drawn(k, from: store) == frames[k], "frame \(k)") }
        #expect(try store.png(at: store.pictureCount) == nil)
        let all = try store.encodedPictures()
        #expect(try all == (0..<store.pictureCount).map { try #require(try store.png(at: $0)) })
        #expect(store.times == (0..<24).map { Double($0) / 30 })
    }

    @Test("one key frame, then per frame the bar's and the noise's rectangles apart: a fraction of the pixels")
    func patches() throws {
        let store = PageFrameStore()
        for k in 0..<12 { store.append(Self.frame(k), time: Double(k)) }
        let frames = store.frames
        #expect(frames.map(\.base) == [Int](repeating: 0, count: 12))
        #expect(frames[0].parts == [.init(picture: 0, x: 0, y: 0)])
        // Frame 5: the bar moved from column 4 to 9 (columns 4 and 9 differ, 5 apart: one run),
        // the noise changed.
        let rectangles = frames[5].parts.map { $0.x }
        #expect(rectangles == [4, 56], "\(frames[5].parts)")
        let pictures = try frames[5].parts.map { try PNGCodec.decode(try #require(try store.png(at: $0.picture)), name: "") }
        #expect(pictures.map(\.width) == [6, 36] && pictures.map(\.height) == [20, 20])
    }

    @Test("a frame that differs from its key frame over more than half its area is a key frame; an unchanged one has no pictures")
    func keyFrames() throws {
        let store = PageFrameStore()
        let plain = Self.frame(0, noise: false)
        var inverted = plain
        inverted.premultipliedARGB = plain.premultipliedARGB.map { 0xFF00_0000 | ~$0 & 0x00FF_FFFF }
        for f in [plain, plain, inverted, inverted, plain] { store.append(f, time: 0) }
        let frames = store.frames
        #expect(frames.map(\.base) == [0, 0, 2, 2, 4])
        #expect(frames[1].parts.isEmpty && frames[3].parts.isEmpty)
        #expect(store.pictureCount == 3)
        for k in 0..<5 { #expect(try Self.drawn(k, from: store) == [plain, plain, inverted, inverted, plain][k]) }
        // A frame of another size than its key frame is a key frame of its own.
        store.append(Self.frame(0, width: 40), time: 0)
        #expect(store.frames[5].base == 5 && store.frames[5].parts == [.init(picture: 3, x: 0, y: 0)])
    }

    @Test("a budget smaller than one frame still lets every frame through, one at a time")
    func tinyBudget() throws {
        let store = PageFrameStore(pendingBudget: 1)
        let frames = (0..<8).map { Self.frame($0) }
        for (k, f) in frames.enumerated() { store.append(f, time: Double(k)) }
        _ = try store.encodedPictures()
        for k in frames.indices { #expect(try Self.drawn(k, from: store) == frames[k]) }
    }

    @Test("cancelled: pictures not yet encoded are dropped and say so; encoded ones stay")
    func cancelled() throws {
        let store = PageFrameStore()
        store.append(Self.frame(0), time: 0)
        let first = try store.png(at: 0)
        store.cancel()
        #expect(try store.png(at: 0) == first)
        // Appended after the cancel: never encoded.
        store.append(Self.frame(1), time: 1)
        #expect(store.frames[1].parts.count == 2)
        #expect(throws: PageFrameError.self) { _ = try store.png(at: 1) }
    }
}
