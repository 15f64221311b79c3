import Flipbook
import Foundation
import Testing

@testable import FlipbookCompare

/// The page's frames are encoded off the render's thread (PageFrameStore): the same bytes as
/// encoding each in turn, whoever asks first, with frames waiting to be encoded bounded.
@Suite("page frames encoded in the background")
struct PageFrameStoreTests {
    /// A frame with a bar at `column` over a gradient of `shades` greys.
    static func frame(_ k: Int, width: Int = 48, height: Int = 20) -> PixelBuffer {
        var words = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let grey = UInt32((x * 5 + y * 3 + k * 7) % 256)
                words[y * width + x] = x == k % width ? 0xFF00_0000 : 0xFF00_0000 | grey << 16 | grey << 8 | grey
            }
        }
        return PixelBuffer(width: width, height: height, premultipliedARGB: words)
    }

    @Test("every frame's bytes are encodeCompact's, asked for early, late or all at once")
    func sameBytes() throws {
        let store = PageFrameStore()
        let frames = (0..<24).map { Self.frame($0) }
        for (k, f) in frames.enumerated() {
            store.append(f, time: Double(k) / 30)
            if k == 5 { #expect(try store.png(at: 3) == PNGEncoder.encodeCompact(frames[3])) }
        }
        #expect(try store.png(at: 24) == nil)
        #expect(try store.png(at: 23) == PNGEncoder.encodeCompact(frames[23]))
        #expect(try store.encodedFrames() == frames.map { try PNGEncoder.encodeCompact($0) })
        #expect(store.times == (0..<24).map { Double($0) / 30 })
    }

    @Test("a budget smaller than one frame still lets every frame through, one at a time")
    func tinyBudget() throws {
        let store = PageFrameStore(pendingBudget: 1)
        let frames = (0..<8).map { Self.frame($0) }
        for (k, f) in frames.enumerated() { store.append(f, time: Double(k)) }
        #expect(try store.encodedFrames() == frames.map { try PNGEncoder.encodeCompact($0) })
    }

    @Test("cancelled: frames not yet encoded are dropped and say so; encoded ones stay")
    func cancelled() throws {
        let store = PageFrameStore()
        store.append(Self.frame(0), time: 0)
        let first = try store.png(at: 0)
        store.cancel()
        #expect(try store.png(at: 0) == first)
        // Appended after the cancel: never encoded.
        store.append(Self.frame(1), time: 1)
        #expect(throws: PageFrameError.self) { _ = try store.png(at: 1) }
    }
}
